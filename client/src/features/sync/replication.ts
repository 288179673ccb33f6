/**
 * Replication of the local collections through the server (ARCHITECTURE §4, decision 010): RxDB's protocol against
 * `/api/replication/:collection/{pull,push,stream}`, for one owner: a guest cart (the `X-Cart-Id` header), or the
 * logged-in customer (the customer's token goes along with every call; sync-runtime.ts chooses which). No credential
 * travels in an address: the stream (EventSource cannot send headers) is opened with a single-use ticket, asked for
 * with the same headers before every (re)connect. The server ends a stream whose session or token ended; it is
 * opened again with a new ticket, which a refreshed token (or a new cart) gets.
 * - It runs in one tab: RxDB waits for this tab to lead the others (leader election) and hands over when the leading
 *   tab closes. The other tabs see every change through the shared local database.
 * - Failed calls are retried every `retryTime` and at once on the window's `online` event (a RESYNC), so queued writes
 *   never wait for the next write.
 * - Only the streamed collections hold a server-sent-event stream open: a browser gives one host six HTTP/1.1
 *   connections, and six streams would starve every other request. The others pull on start, on `online` and
 *   whenever a stream (re)connects.
 * - What it does is told on the replication's event feed (replication-events.ts, for the developers' visualizer):
 *   start and cancel, the stream's state, RESYNCs, pulls with their checkpoint, pushes, errors with the next retry,
 *   and every conflict the merge resolved (RxDB's `conflict$`: this device's state, the server's and the merge).
 *   With no listener (every shopper's tab) an event costs one check.
 */
import type { CollectionName, ReplicatedDocs } from '@shop/shared/sync/collections';
import { COLLECTION_NAMES } from '@shop/shared/sync/collections';
import { getAssumedMasterState, writeDocToDocState, type RxReplicationPullStreamItem, type WithDeleted } from 'rxdb/plugins/core';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { concatMap, filter, Observable, Subject, take, tap } from 'rxjs';
import { ApiError } from '../../app/api.ts';
import type { ShopDatabase } from '../../app/database.ts';
import { onShopOnline, shopFetch } from '../../app/network.ts';
import { openShopStream } from '../../app/shop-stream.ts';
import { reportReplication, type ReplicationEvent } from './replication-events.ts';

export interface ReplicationCheckpoint {
  id: string;
  updatedAt: number;
}

type AnyDoc = ReplicatedDocs[CollectionName];
type StreamItem = RxReplicationPullStreamItem<AnyDoc, ReplicationCheckpoint>;

/** The part of `EventSource` the stream uses, so tests (and Node, which has none) can bring their own. */
export interface EventSourceLike {
  readonly readyState: number;
  onmessage: ((event: { data: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(): void;
}

export const EVENT_SOURCE_CLOSED = 2;

/**
 * Whose documents: a guest cart's, named by its token, or the customer of one login (a session id), named by the
 * token the fetch and the stream carry. A login's checkpoints are that login's only: what a device did after a logout
 * (wiping the customer's documents) is never pushed by a later login.
 */
export type ReplicationOwner = { cartToken: string } | { login: string };

export interface ReplicationOptions {
  database: ShopDatabase;
  owner: ReplicationOwner;
  collections?: readonly CollectionName[];
  /** Collections that hold a live stream; the rest pull when asked (see the header). */
  streamed?: readonly CollectionName[];
  retryTime?: number;
  /** True in the browser; tests that run one database set it false. */
  waitForLeadership?: boolean;
  /** The server's address; empty in the browser (same origin). */
  baseUrl?: string;
  fetch?: typeof fetch;
  openStream?: (url: string) => EventSourceLike;
  /** The server refused the owner (401): for a guest cart, the cart connection gets a new token. */
  onUnauthorized?: () => void;
  /** Whether the window reports `online` events (false in Node). */
  listenForOnline?: boolean;
}

export interface ShopReplication {
  readonly states: ReadonlyMap<CollectionName, RxReplicationState<AnyDoc, ReplicationCheckpoint>>;
  /** Pulls what changed on the server and pushes what waits, in every collection. */
  reSync(): void;
  /** Resolves when everything written here has reached the server and the server's changes are here. */
  awaitInSync(): Promise<void>;
  /**
   * The ids of the documents whose state here has not reached the server (as the replication last knew the server's
   * copy), per collection; null where the replication has not started (a tab that does not lead).
   */
  unsent(): Promise<Partial<Record<CollectionName, string[]>> | null>;
  /**
   * The last pull checkpoint each collection reached (RxDB's stored downstream checkpoint: `{ id, updatedAt }` of the
   * last document it took from the server), null for a collection that has pulled nothing yet; null where the
   * replication has not started (a tab that does not lead). For the developers' visualizer.
   */
  checkpoints(): Promise<Partial<Record<CollectionName, ReplicationCheckpoint | null>> | null>;
  /**
   * Holds back what the server sends to one collection (pull answers and stream messages wait, in order) until the
   * returned release is called; what this device writes is still pushed. The visualizer's forced conflict uses it
   * so that this device writes a document before it has pulled another writer's change (force-conflict.ts).
   */
  holdIncoming(collection: CollectionName): () => void;
  /**
   * Pushes rows to the server for this replication's owner, through the same fetch (and credential) as the
   * replication, but outside it: as another device of the same owner would. Answers the server's copy of every
   * conflicting row. Only for the visualizer's forced conflict.
   */
  pushAsAnotherDevice(collection: CollectionName, rows: ReadonlyArray<{ assumedMasterState: WithDeleted<AnyDoc> | null; newDocumentState: WithDeleted<AnyDoc> }>): Promise<Array<WithDeleted<AnyDoc>>>;
  cancel(): Promise<void>;
}

export const DEFAULT_STREAMED: readonly CollectionName[] = ['cart'];
export const DEFAULT_RETRY_MS = 5_000;

/** A replication event without its collection and time, which the reporter adds. */
type EventBody = ReplicationEvent extends infer Event ? (Event extends ReplicationEvent ? Omit<Event, 'collection' | 'at'> : never) : never;

/** The stream's state as `changeStream` tells it: when it retries, when (and after which error, if any). */
export type StreamStateReport = { state: 'connecting' | 'open' | 'stopped' } | { state: 'retrying'; nextRetryAt: number; error: string | null };

/** A document as the replication protocol carries it, without RxDB's own fields (`_meta`, `_rev`, `_attachments`). */
export function plainDocument(doc: unknown): unknown {
  if (!doc || typeof doc !== 'object') return doc ?? null;
  const { _meta: _m, _rev: _r, _attachments: _a, ...data } = doc as Record<string, unknown>;
  return data;
}

/**
 * What a replication error says, and whether RxDB tries again: a pull or push handler that failed is retried after
 * `retryTime` (RC_PULL or RC_PUSH with the handler's `errors`, or a push answer that is not an array); a failed start
 * or a local write error is not.
 */
export function describeReplicationError(error: unknown): { message: string; retried: boolean } {
  const parameters = (error as { parameters?: { direction?: unknown; errors?: Array<{ message?: unknown }> } } | null)?.parameters;
  const inner = parameters?.errors?.[0]?.message;
  const message = typeof inner === 'string' ? inner : error instanceof Error ? error.message : String(error);
  const retried = parameters?.direction === 'push' || (parameters?.direction === 'pull' && Array.isArray(parameters.errors));
  return { message, retried };
}

/** Lets the server's changes to a collection through, or holds them (in order) while someone holds the gate. */
class IncomingGate {
  private holds = 0;
  private waiting: Array<() => void> = [];

  hold(): () => void {
    this.holds += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds > 0) return;
      for (const resume of this.waiting.splice(0)) resume();
    };
  }

  passed(): Promise<void> {
    return this.holds === 0 ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }
}

interface Envelope<T> {
  result: T;
}

async function call<T>(fetcher: typeof fetch, url: string, init: RequestInit, onUnauthorized: (() => void) | undefined): Promise<T> {
  let response: Response;
  try {
    const headers = { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.headers as Record<string, string> | undefined) };
    response = await fetcher(url, { ...init, headers });
  } catch (error) {
    throw new ApiError(0, 'network', error instanceof Error ? error.message : 'Network error');
  }
  const body = (await response.json().catch(() => null)) as (Envelope<T> & { result: { message?: string; error?: string } }) | null;
  if (!response.ok || !body) {
    if (response.status === 401) onUnauthorized?.();
    throw new ApiError(response.status, body?.result?.error ?? 'internal', body?.result?.message ?? response.statusText);
  }
  return body.result as T;
}

/**
 * The server's change stream as RxDB's `stream$`: every message is `"RESYNC"` (sent on each (re)connect) or a batch
 * of changed documents. `address` answers the stream's address with a fresh ticket for every connection; a stream
 * that ended or was refused (its ticket is single-use, so the browser's own retry is refused too) is opened again
 * with a new one after `retryTime`, and so is one whose ticket could not be had.
 */
export function changeStream(
  address: () => Promise<string>,
  openStream: (url: string) => EventSourceLike,
  retryTime: number,
  onResync: () => void,
  onState: (report: StreamStateReport) => void = () => {},
): Observable<StreamItem> {
  return new Observable<StreamItem>((subscriber) => {
    let source: EventSourceLike | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const retry = (error: string | null) => {
      clearTimeout(timer);
      if (closed) return;
      timer = setTimeout(() => void connect(), retryTime);
      onState({ state: 'retrying', nextRetryAt: Date.now() + retryTime, error });
    };
    const connect = async () => {
      onState({ state: 'connecting' });
      let url: string;
      try {
        url = await address();
      } catch (error) {
        retry(error instanceof Error ? error.message : String(error));
        return;
      }
      if (closed) return;
      // The shop sends RESYNC first on every connection: the first message tells that the stream is open.
      let opened = false;
      source = openStream(url);
      source.onmessage = (message) => {
        if (!opened) {
          opened = true;
          onState({ state: 'open' });
        }
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        if (data === 'RESYNC') {
          subscriber.next('RESYNC');
          onResync();
        } else if (data && typeof data === 'object' && Array.isArray((data as { documents?: unknown }).documents)) {
          const { documents, checkpoint } = data as { documents: Array<WithDeleted<AnyDoc>>; checkpoint: ReplicationCheckpoint };
          subscriber.next({ documents, checkpoint });
        }
      };
      source.onerror = () => {
        // The browser retries a dropped connection with the same address, whose ticket is spent: open a new one.
        source?.close();
        retry(null);
      };
    };
    void connect();
    return () => {
      closed = true;
      clearTimeout(timer);
      source?.close();
      onState({ state: 'stopped' });
    };
  });
}

export function startReplication(options: ReplicationOptions): ShopReplication {
  const {
    database,
    owner,
    collections = COLLECTION_NAMES,
    streamed = DEFAULT_STREAMED,
    retryTime = DEFAULT_RETRY_MS,
    waitForLeadership = true,
    baseUrl = '',
    onUnauthorized,
  } = options;
  const fetcher = options.fetch ?? shopFetch;
  const openStream = options.openStream ?? openShopStream;
  // A guest cart is named in a header; a customer by the token the fetch adds.
  const ownerHeaders: Record<string, string> = 'cartToken' in owner ? { 'x-cart-id': owner.cartToken } : {};
  const address = (path: string, query = '') => (query ? `${path}?${query}` : path);
  const ownerKey = 'cartToken' in owner ? owner.cartToken : `login-${owner.login}`;
  const states = new Map<CollectionName, RxReplicationState<AnyDoc, ReplicationCheckpoint>>();
  const gates = new Map<CollectionName, IncomingGate>();
  // A stream that (re)connects may have missed changes of every collection, not only its own.
  const others = new Subject<'RESYNC'>();
  const report = (collection: CollectionName, event: EventBody, at = Date.now()) => reportReplication({ ...event, collection, at } as ReplicationEvent);

  for (const name of collections) {
    const path = `${baseUrl}/api/replication/${name}`;
    const isStreamed = streamed.includes(name);
    const gate = new IncomingGate();
    gates.set(name, gate);
    const incoming: Observable<StreamItem> = isStreamed
      ? changeStream(
          async () => {
            const { ticket } = await call<{ ticket: string }>(fetcher, `${path}/stream-ticket`, { method: 'POST', headers: ownerHeaders }, onUnauthorized);
            return address(`${path}/stream`, `ticket=${encodeURIComponent(ticket)}`);
          },
          openStream,
          retryTime,
          () => {
            report(name, { type: 'resync', cause: 'stream' });
            others.next('RESYNC');
          },
          (stream) => {
            if (stream.state !== 'retrying') return report(name, { type: 'stream', state: stream.state });
            report(name, { type: 'stream', state: 'retrying', nextRetryAt: stream.nextRetryAt });
            if (stream.error !== null) report(name, { type: 'error', message: stream.error, nextRetryAt: stream.nextRetryAt });
          },
        )
      : others.pipe(tap(() => report(name, { type: 'resync', cause: 'other-stream' })));
    const state = replicateRxCollection<AnyDoc, ReplicationCheckpoint>({
      // The owner is part of the identifier: another cart, or another login, starts from its own checkpoints.
      replicationIdentifier: `shop-${name}-${ownerKey}`,
      collection: database.collections[name] as never,
      retryTime,
      waitForLeadership,
      // Never replicate in a tab that merely became visible: only the leader does.
      toggleOnDocumentVisible: false,
      pull: {
        batchSize: 100,
        handler: async (checkpoint, batchSize) => {
          const query = new URLSearchParams({ limit: String(batchSize) });
          if (checkpoint) {
            query.set('updatedAt', String(checkpoint.updatedAt));
            query.set('id', checkpoint.id);
          }
          const answer = await call<{ documents: Array<WithDeleted<AnyDoc>>; checkpoint: ReplicationCheckpoint | null }>(
            fetcher,
            address(`${path}/pull`, query.toString()),
            { headers: ownerHeaders },
            onUnauthorized,
          );
          await gate.passed();
          const reached = answer.checkpoint ?? checkpoint;
          report(name, { type: 'pull', documents: answer.documents.length, checkpoint: reached ?? null, via: 'request' });
          return { documents: answer.documents, checkpoint: reached };
        },
        stream$: incoming.pipe(
          concatMap(async (item) => {
            await gate.passed();
            if (item !== 'RESYNC') report(name, { type: 'pull', documents: item.documents.length, checkpoint: item.checkpoint, via: 'stream' });
            return item;
          }),
        ),
      },
      push: {
        batchSize: 100,
        handler: async (rows) => {
          const conflicts = await call<Array<WithDeleted<AnyDoc>>>(fetcher, `${path}/push`, { method: 'POST', body: JSON.stringify(rows), headers: ownerHeaders }, onUnauthorized);
          report(name, { type: 'push', documents: rows.length, conflicts: Array.isArray(conflicts) ? conflicts.length : 0 });
          return conflicts;
        },
      },
    });
    // Errors are retried by RxDB; they are kept off the console so an offline shop stays quiet, and told on the feed.
    state.error$.subscribe((error) => {
      const { message, retried } = describeReplicationError(error);
      // One clock reading: the retry time is the error's own time plus RxDB's wait.
      const at = Date.now();
      report(name, { type: 'error', message, nextRetryAt: retried ? at + retryTime : null }, at);
    });
    state.conflict$.subscribe(({ input, output }) => {
      const id = String((output as { id?: unknown }).id ?? (input.newDocumentState as { id?: unknown }).id);
      report(name, { type: 'conflict', id, local: plainDocument(input.newDocumentState), server: plainDocument(input.realMasterState), result: plainDocument(output) });
    });
    void state.startPromise.then(() => {
      if (!state.isStopped()) report(name, { type: 'started' });
    });
    state.canceled$.pipe(filter(Boolean), take(1)).subscribe(() => report(name, { type: 'cancelled' }));
    states.set(name, state);
  }

  const reSync = () => {
    for (const [name, state] of states) {
      report(name, { type: 'resync', cause: 'asked' });
      state.reSync();
    }
  };
  const listen = options.listenForOnline ?? typeof window !== 'undefined';
  // The shop's network layer: the browser's `online`, or the visualizer's offline switch turned off.
  const stopListening = listen
    ? onShopOnline((online) => {
        if (online) reSync();
      })
    : () => {};

  return {
    states,
    reSync,
    awaitInSync: async () => {
      await Promise.all([...states.values()].map((state) => state.awaitInSync()));
    },
    unsent: async () => {
      const unsent: Partial<Record<CollectionName, string[]>> = {};
      for (const [name, state] of states) {
        const internal = state.internalReplicationState;
        if (!internal) return null;
        const docs = await database.collections[name].find().exec();
        if (docs.length === 0) continue;
        const known = await getAssumedMasterState(internal, docs.map((doc) => doc.primary));
        const waiting = docs.filter((doc) => {
          const server = known[doc.primary];
          const here = writeDocToDocState(doc._data as never, internal.hasAttachments, !!internal.input.keepMeta);
          return !server || !internal.input.conflictHandler.isEqual(server.docData, here as never, 'shop-unsent');
        });
        if (waiting.length > 0) unsent[name] = waiting.map((doc) => doc.primary);
      }
      return unsent;
    },
    checkpoints: async () => {
      const reached: Partial<Record<CollectionName, ReplicationCheckpoint | null>> = {};
      for (const [name, state] of states) {
        const internal = state.internalReplicationState;
        if (!internal) return null;
        // Checkpoint writes are queued: the last one asked for is the one to tell.
        await internal.checkpointQueue.catch(() => undefined);
        reached[name] = (internal.lastCheckpointDoc.down?.checkpointData as ReplicationCheckpoint | undefined) ?? null;
      }
      return reached;
    },
    holdIncoming: (collection) => gates.get(collection)?.hold() ?? (() => {}),
    pushAsAnotherDevice: (collection, rows) =>
      call<Array<WithDeleted<AnyDoc>>>(fetcher, `${baseUrl}/api/replication/${collection}/push`, { method: 'POST', body: JSON.stringify(rows), headers: ownerHeaders }, onUnauthorized),
    cancel: async () => {
      stopListening();
      others.complete();
      await Promise.all([...states.values()].map((state) => state.cancel()));
    },
  };
}
