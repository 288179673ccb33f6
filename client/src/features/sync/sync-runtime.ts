/**
 * The replication of this browser's documents, whoever the cart connection is with (ARCHITECTURE §4; decisions 010,
 * 013, 018). It follows two things and nothing else:
 * - the session: a logged-in customer's documents replicate for their login (the customer's token on every call,
 *   checkpoints of that login only), with or without a cart token;
 * - the cart connection: a guest's documents replicate for the guest cart the connection holds; without one (and
 *   without a login) nothing replicates.
 * Whenever that owner changes, the running replication stops (and sends nothing more) and the next one starts. The
 * shop refuses a write id another owner used (decision 010), so before the documents go to a new owner each gets a
 * new write id: the guest's lists reach the customer at login, and a new guest cart after an order gets them too. As
 * before, only the leading tab replicates; the other tabs ask it, over a BroadcastChannel, to pull again or to push
 * what waits before a logout.
 */
import { COLLECTION_NAMES, type CollectionName } from '@shop/shared/sync/collections';
import { distinctUntilChanged, type Observable } from 'rxjs';
import type { ShopDatabase } from '../../app/database.ts';
import { newId } from './replica.ts';
import { startReplication, type EventSourceLike, type ReplicationOptions, type ShopReplication } from './replication.ts';

/** Whose documents replicate: the customer of a login (its session id), or a guest cart (its token). */
export type SyncScope = { kind: 'customer'; login: string } | { kind: 'guest'; cartToken: string };

/** The documents that have not reached the shop, by collection (ids); empty when everything arrived. */
export type UnsentDocuments = Partial<Record<CollectionName, string[]>>;

/** The rule: a login replicates the customer's own documents whatever the cart; a guest needs a cart token. */
export function syncScope(login: string | null, guestCartToken: string | null): SyncScope | null {
  if (login) return { kind: 'customer', login };
  if (guestCartToken) return { kind: 'guest', cartToken: guestCartToken };
  return null;
}

export function scopeKey(scope: SyncScope | null): string | null {
  if (!scope) return null;
  return scope.kind === 'customer' ? `login:${scope.login}` : `cart:${scope.cartToken}`;
}

export interface SyncRuntimeOptions {
  database: ShopDatabase;
  /** The session id of the current login (null for a guest), and a way to hear that it changed. */
  login: { current(): string | null; subscribe(listener: () => void): () => void };
  /** The guest cart token the cart connection is connected with; null while it has none. */
  cartToken$: Observable<string | null>;
  /** The fetch the replication of a login uses (the customer's token goes along), or of a guest (null). */
  fetchFor(login: string | null): typeof fetch;
  openStream?: (url: string) => EventSourceLike;
  /** The server no longer knows the guest cart token (401). */
  onCartRejected?: () => void;
  /** The other tabs are reached on this BroadcastChannel; null for none (tests). */
  channelName?: string | null;
  /** Where the owner the documents last went to is kept (localStorage in the browser). */
  lastOwner?: { get(): string | null; set(key: string): void };
  /** Passed on to every replication (tests use fewer collections, no leader election, their own server). */
  replication?: Partial<Pick<ReplicationOptions, 'collections' | 'streamed' | 'retryTime' | 'waitForLeadership' | 'baseUrl' | 'listenForOnline'>>;
}

export interface SyncRuntime {
  /** Whose documents replicate now. */
  scope(): SyncScope | null;
  /** The running replication (this tab's; it works only while the tab leads). */
  replication(): ShopReplication | null;
  /** Pulls again and pushes what waits, in the leading tab. */
  reSync(): void;
  /** True once everything is on the server, false if that did not happen within `timeoutMs` (or this tab does not lead). */
  awaitInSync(timeoutMs: number): Promise<boolean>;
  /**
   * True once nothing replicates any more (the owner went: a replication still winding down can send nothing), false
   * if something still does after `timeoutMs`.
   */
  whenStopped(timeoutMs: number): Promise<boolean>;
  /**
   * Before a logout: pushes what waits for at most `timeoutMs` (asking the leading tab when this one does not lead)
   * and answers what has still not reached the shop; null when no tab could tell.
   */
  pushPending(timeoutMs: number): Promise<UnsentDocuments | null>;
  stop(): Promise<void>;
}

export const SYNC_CHANNEL = 'shop-sync';
export const LAST_OWNER_KEY = 'shop.sync.owner';

const storedOwner = {
  get: () => {
    try {
      return localStorage.getItem(LAST_OWNER_KEY);
    } catch {
      return null;
    }
  },
  set: (key: string) => {
    try {
      localStorage.setItem(LAST_OWNER_KEY, key);
    } catch {
      // The documents get new write ids again next time: harmless.
    }
  },
};

/** A new write id on every document (nothing else changes), so that a new owner takes them as its own writes. */
export async function restampDocuments(database: ShopDatabase): Promise<void> {
  for (const name of COLLECTION_NAMES) {
    const docs = await database.collections[name].find().exec();
    for (const doc of docs) await doc.incrementalModify((data) => ({ ...data, writeId: newId() }) as never);
  }
}

async function withLock(name: string, work: () => Promise<void>): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.locks) return work();
  await navigator.locks.request(name, work);
}

type ChannelMessage =
  | { type: 'resync' }
  | { type: 'push'; id: string; scope: string; timeoutMs: number }
  | { type: 'pushed'; id: string; unsent: UnsentDocuments | null };

/** `value` after `ms`: the bound on a wait. */
function after<T>(ms: number, value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}

function newRequestId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

export function createSyncRuntime(options: SyncRuntimeOptions): SyncRuntime {
  const { database } = options;
  let current: SyncScope | null = null;
  let replication: ShopReplication | null = null;
  let stopping: Promise<void> = Promise.resolve();
  let guestCart: string | null = null;
  let stopped = false;
  let generation = 0;
  const stateListeners = new Set<() => void>();
  const lastOwner = options.lastOwner ?? storedOwner;

  /** The documents get new write ids the first time they go to this owner (once across tabs). */
  const prepare = (key: string) =>
    withLock('shop-sync-owner', async () => {
      if (lastOwner.get() === key) return;
      await restampDocuments(database);
      lastOwner.set(key);
    });

  const start = (scope: SyncScope) => {
    const key = scopeKey(scope);
    const fetcher = options.fetchFor(scope.kind === 'customer' ? scope.login : null);
    replication = startReplication({
      database,
      owner: scope.kind === 'customer' ? { login: scope.login } : { cartToken: scope.cartToken },
      // Once the owner changed, this replication sends nothing more (a cleared or wiped device stays unsent).
      fetch: (input, init) => (scopeKey(current) === key ? fetcher(input, init) : Promise.reject(new TypeError('The replication owner changed'))),
      ...(options.openStream ? { openStream: options.openStream } : {}),
      ...(scope.kind === 'guest' && options.onCartRejected ? { onUnauthorized: options.onCartRejected } : {}),
      ...options.replication,
    });
  };

  const follow = () => {
    if (stopped) return;
    const next = syncScope(options.login.current(), guestCart);
    if (scopeKey(next) === scopeKey(current)) return;
    current = next;
    generation += 1;
    const previous = replication;
    replication = null;
    if (previous) stopping = Promise.all([stopping, previous.cancel()]).then(() => undefined);
    if (next) {
      const mine = generation;
      void prepare(scopeKey(next)!)
        .catch((error: unknown) => console.error('The documents could not be prepared for their new owner', error))
        .then(() => {
          if (mine === generation && !stopped) start(next);
        });
    }
    for (const listener of stateListeners) listener();
  };

  const unsubscribeLogin = options.login.subscribe(follow);
  const cartSubscription = options.cartToken$.pipe(distinctUntilChanged()).subscribe((token) => {
    guestCart = token;
    follow();
  });

  const leads = () => !database.closed && database.isLeader();

  const pushHere = async (timeoutMs: number): Promise<UnsentDocuments | null> => {
    const running = replication;
    if (!running || !leads()) return null;
    running.reSync();
    const arrived = await Promise.race([running.awaitInSync().then(() => true), after(timeoutMs, false)]);
    return arrived ? {} : running.unsent();
  };

  // The other tabs of this browser: the leading one answers their requests.
  const channel = options.channelName !== null && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(options.channelName ?? SYNC_CHANNEL) : null;
  const answers = new Map<string, (unsent: UnsentDocuments | null) => void>();
  if (channel) {
    channel.onmessage = (event: MessageEvent<ChannelMessage>) => {
      const message = event.data;
      if (message.type === 'resync') {
        if (leads()) replication?.reSync();
      } else if (message.type === 'push') {
        if (!leads() || message.scope !== scopeKey(current)) return;
        void pushHere(message.timeoutMs).then((unsent) => channel.postMessage({ type: 'pushed', id: message.id, unsent } satisfies ChannelMessage));
      } else if (message.type === 'pushed') {
        answers.get(message.id)?.(message.unsent);
      }
    };
  }

  const pushPending: SyncRuntime['pushPending'] = async (timeoutMs) => {
    if (!current) return null;
    if (leads()) return pushHere(timeoutMs);
    if (!channel) return null;
    const id = newRequestId();
    const answer = new Promise<UnsentDocuments | null>((resolve) => answers.set(id, resolve));
    channel.postMessage({ type: 'push', id, scope: scopeKey(current)!, timeoutMs } satisfies ChannelMessage);
    // The leading tab needs the time it was given, and a moment to answer.
    const unsent = await Promise.race([answer, after(timeoutMs + 1_000, null)]);
    answers.delete(id);
    return unsent;
  };

  return {
    scope: () => current,
    replication: () => replication,
    reSync: () => {
      replication?.reSync();
      channel?.postMessage({ type: 'resync' } satisfies ChannelMessage);
    },
    awaitInSync: async (timeoutMs) => {
      const running = replication;
      if (!running || !leads()) return false;
      return Promise.race([running.awaitInSync().then(() => true), after(timeoutMs, false)]);
    },
    whenStopped: (timeoutMs) =>
      new Promise<boolean>((resolve) => {
        const check = () => {
          if (current !== null) return;
          stateListeners.delete(check);
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          stateListeners.delete(check);
          resolve(false);
        }, timeoutMs);
        stateListeners.add(check);
        check();
      }),
    pushPending,
    stop: async () => {
      stopped = true;
      unsubscribeLogin();
      cartSubscription.unsubscribe();
      channel?.close();
      const previous = replication;
      replication = null;
      current = null;
      await Promise.all([stopping, previous?.cancel()]);
    },
  };
}
