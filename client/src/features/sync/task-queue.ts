/**
 * The sync task queue (spec 2 §4/§7, plan §1.3, decision 042): every call the specs mark "queued" (profile update,
 * newsletter preferences, reviews, stats, the shop's forms) is stored as a task in the device-only `syncTasks`
 * collection first, so it survives a lost connection, a reload or a closed tab; the tab that leads the local database
 * sends the tasks one at a time (task-queue.machine.ts), each with `X-Task-Id` so the shop makes it once however often
 * it arrives; every tab sees the outcome. Pages use the contract below (`enqueueTask`, `watchTask`, `acknowledgeTask`,
 * `taskPhotos`); what no open page claims is told by the announcer (task-announcer.ts).
 */
import {
  acknowledgedExpired,
  acknowledgement,
  blockedBy,
  markReady,
  newTaskDoc,
  nextTask,
  nextWakeAt,
  recordLockedOut,
  recordOutcome,
  recordWaitingForCart,
  resolvePlaceholders,
  shouldNotify,
  succeeded,
  taskMeta,
  taskState,
  type QueueContext,
  type TaskOutcome,
} from '@shop/shared/sync/sync-task';
import { FIELD_MESSAGES } from '@shop/shared/account/account-fields';
import type { SyncTaskDoc, TaskKind } from '@shop/shared/sync/sync-task.schema';
import type { RxCollection, RxDocument } from 'rxdb/plugins/core';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { inspectActor } from '../devtools/inspection.ts';
import type { ShopDatabase } from '../../app/database.ts';
import { sendTask, uploadPhoto, type TaskTransport } from './task-http.ts';
import { taskQueueMachine, type PrepareResult, type TaskStep } from './task-queue.machine.ts';
import { newId } from './replica.ts';
import { forgetDraftOfTask } from '../forms/form-drafts.ts';

export type { TaskKind } from '@shop/shared/sync/sync-task.schema';

export interface TaskPhoto {
  id: string;
  name: string;
  type: string;
  blob: Blob;
}

/** What a page asks to send (brief 17 point 5: the contract other features code against). */
export interface TaskSpec {
  /** Default a new UUID; a form mints one when it opens, so two submits are one task. */
  taskId?: string;
  kind: TaskKind;
  /** May hold `{{token}}` and `{{cartId}}`, e.g. '/api/forms/contacts?storeCode=nl&language=nl'. */
  url: string;
  method?: 'POST' | 'PUT' | 'DELETE';
  /** JSON. */
  body?: unknown;
  auth: 'public' | 'customer';
  /** The runner makes an `X-Captcha-Token` at send time (`makeCaptchaToken({action: kind})`). */
  captcha?: boolean;
  silent?: boolean;
  /** The i18n key of the success message, e.g. 'forms:inquirySubmitted'. */
  callbackEvent?: string;
  /** `is_result_cacheable`: the answer stays on the device once acknowledged. */
  cacheable?: boolean;
  /**
   * Extra headers sent with the task (stored in `payload.headers`), for a proof that is not the customer's session,
   * e.g. the newsletter link's `x-newsletter-token`. The session's token is never one: a customer's task gets it at send
   * time. The visualizer's report never shows the payload's headers.
   */
  headers?: Record<string, string>;
  /** Stored as RxDB attachments; each uploaded with `PUT /api/uploads/:id` before the task; the body refers to the ids. */
  photos?: TaskPhoto[];
}

export interface TaskView {
  id: string;
  status: 'preparing' | 'pending' | 'sending' | 'sent' | 'failed';
  reason?: string;
  resultCode?: number;
  result?: unknown;
  /** The `meta` of a successful answer's envelope (e.g. the newsletter's first-time coupon). */
  meta?: Record<string, unknown>;
  error?: { code?: string; message: string; details?: unknown };
}

/** The cart as the queue needs it (T5): its id, making it again, and hearing a new id. */
export interface TaskQueueCart {
  token(): string | null;
  recreate(): void;
  onToken(listener: (token: string | null) => void): () => void;
}

export interface TaskQueueDeps {
  database: ShopDatabase;
  transport: TaskTransport;
  /** The token lock: 0, 1 or -1. */
  lock(): number;
  customerId(): number | null;
  onSessionChange(listener: () => void): () => void;
  online(): boolean;
  onOnline(listener: (online: boolean) => void): () => void;
  captcha(kind: TaskKind, signal: AbortSignal): Promise<string | null>;
  /** A retried answer the shopper should hear of (spec 2 §8; failed ones are told by the page or the announcer). */
  notifyError(message: string): void;
  now(): number;
  xClient: string;
  locale(): { storeCode?: string; language?: string };
  /** Web Locks (one task in flight across a leadership handover); absent in tests. */
  locks?: LockManager | null;
  /** Whether this tab leads; the browser asks RxDB (`isLeader`/`waitForLeadership`). */
  leadership?: { isLeader(): boolean; waitForLeadership(): Promise<unknown> };
}

export type TaskQueueActor = ActorRefFrom<typeof taskQueueMachine>;

export interface TaskQueue {
  enqueue(spec: TaskSpec): Promise<string>;
  watch(id: string, onChange: (view: TaskView | null) => void): () => void;
  /** `by`: who told the shopper the outcome (the announcer keeps a refused task's photos for its form). */
  acknowledge(id: string, by?: 'page' | 'announcer'): Promise<void>;
  photos(id: string): Promise<TaskPhoto[]>;
  /** Runs the queue in this tab once it leads. */
  start(): void;
  stop(): void;
  setCart(cart: TaskQueueCart | null): void;
  /** Every task with its state, for the visualizer. */
  rows(): Promise<Array<{ doc: SyncTaskDoc; status: TaskView['status']; reason?: string; step?: TaskStep }>>;
  /** Resolves once no task this session could send waits (or after `timeoutMs`); answers how many still wait. */
  drain(timeoutMs: number): Promise<number>;
  actor: TaskQueueActor;
  collection: RxCollection<SyncTaskDoc>;
  /** The context the states are derived in (now, online, lock, customer, cart id, the task in hand). */
  context(): QueueContext;
  /** Ids claimed by an open page of this tab (watched). */
  claimed: ReadonlySet<string>;
}

type TaskCollection = RxCollection<SyncTaskDoc>;

/** Web Lock names: a page that shows a task's outcome holds the claim; the announcer takes the ack lock. */
export const claimLockName = (id: string) => `shop-task-claim-${id}`;
export const IN_FLIGHT_LOCK = 'shop-task-queue';

function plain(doc: RxDocument<SyncTaskDoc>): SyncTaskDoc {
  const { _attachments: _a, _deleted: _d, _meta: _m, _rev: _r, ...data } = doc.toMutableJSON(true) as SyncTaskDoc & Record<string, unknown>;
  return data as SyncTaskDoc;
}

export function toView(doc: SyncTaskDoc, context: QueueContext): TaskView {
  const state = taskState(doc, context);
  const view: TaskView = { id: doc.id, status: state.status, ...(state.reason !== undefined ? { reason: state.reason } : {}) };
  if (doc.transmited) {
    if (doc.resultCode !== undefined) view.resultCode = doc.resultCode;
    if (state.status === 'sent') {
      view.result = doc.result;
      const answerMeta = taskMeta(doc).resultMeta;
      if (answerMeta) view.meta = answerMeta;
    } else {
      const result = (doc.result ?? {}) as { error?: string; message?: string; details?: unknown };
      view.error = { ...(result.error ? { code: result.error } : {}), message: result.message ?? state.reason ?? '', ...(result.details !== undefined ? { details: result.details } : {}) };
    }
  } else if (state.status === 'failed') {
    view.resultCode = 401;
    view.error = { code: 'unauthorized', message: state.reason ?? '' };
  }
  return view;
}

const resultHandlers = new Map<TaskKind, Set<(result: unknown) => void>>();

/**
 * What a kind of task does with its answer in the tab that acknowledges it (e.g. the profile update puts the new
 * profile into the session), whether the page or the announcer acknowledges.
 */
export function onTaskResult(kind: TaskKind, handler: (result: unknown) => void): () => void {
  const handlers = resultHandlers.get(kind) ?? new Set();
  resultHandlers.set(kind, handlers);
  handlers.add(handler);
  return () => handlers.delete(handler);
}

export function createTaskQueue(deps: TaskQueueDeps): TaskQueue {
  const collection = deps.database.collections.syncTasks as unknown as TaskCollection;
  let cart: TaskQueueCart | null = null;
  let stopCart: (() => void) | null = null;
  const claimed = new Set<string>();
  const stops: Array<() => void> = [];

  const context = (): QueueContext => ({
    now: deps.now(),
    online: deps.online(),
    leader: deps.leadership?.isLeader() ?? true,
    lock: deps.lock(),
    customerId: deps.customerId(),
    cartId: cart?.token() ?? null,
    sendingId: actor.getSnapshot().context.current?.id ?? null,
  });

  const step = (id: string, next: TaskStep) => actor.send({ type: 'task.step', id, step: next });

  async function modify(id: string, change: (doc: SyncTaskDoc) => SyncTaskDoc | null): Promise<void> {
    const doc = await collection.findOne(id).exec();
    if (!doc) return;
    let removed = false;
    await doc.incrementalModify((data) => {
      const next = change(data as SyncTaskDoc);
      if (next === null) {
        removed = true;
        return data;
      }
      return next;
    });
    if (removed) await (await collection.findOne(id).exec())?.remove();
  }

  async function withInFlightLock<T>(work: () => Promise<T>): Promise<T> {
    return deps.locks ? (deps.locks.request(IN_FLIGHT_LOCK, work) as Promise<T>) : work();
  }

  const machine = taskQueueMachine.provide({
    actors: {
      pick: fromPromise(async () => {
        const docs = (await collection.find({ selector: { transmited: false } }).exec()).map(plain);
        const now = context();
        const task = nextTask(docs, now);
        if (!task) {
          const wake = nextWakeAt(docs, now);
          return { kind: 'none' as const, wakeInMs: wake === null ? null : wake - now.now };
        }
        return { kind: 'task' as const, task, blocker: blockedBy(task, now) };
      }),
      block: fromPromise(async ({ input }) => {
        if (input.blocker.kind === 'locked-out') await modify(input.task.id, (doc) => recordLockedOut(doc, deps.now()));
        else if (input.blocker.kind === 'no-cart') {
          console.error(input.blocker.message);
          await modify(input.task.id, (doc) => recordWaitingForCart(doc, deps.now()));
          cart?.recreate();
        }
      }),
      prepare: fromPromise(async ({ input }): Promise<PrepareResult> => {
        const task = input.task;
        const meta = taskMeta(task);
        const resolved = resolvePlaceholders(task.url, { cartId: cart?.token() ?? null });
        for (const attachment of meta.attachments ?? []) {
          if (attachment.uploaded) continue;
          step(task.id, 'uploading');
          const doc = await collection.findOne(task.id).exec();
          const blob = await doc?.getAttachment(attachment.id)?.getData();
          // A refusal made on this device, in the shop's words for it (the pages and the announcer translate the code).
          if (!blob) return { kind: 'outcome', outcome: { kind: 'failed', resultCode: 400, result: { error: 'upload_missing', message: FIELD_MESSAGES.uploadMissing, details: { fields: [{ path: 'photos', key: 'uploadMissing' }] } }, message: FIELD_MESSAGES.uploadMissing } };
          const outcome = await uploadPhoto(task, { id: attachment.id, type: attachment.type, blob }, deps.transport);
          if (outcome.kind !== 'sent') return { kind: 'outcome', outcome };
          await modify(task.id, (current) => {
            const currentMeta = taskMeta(current);
            const attachments = (currentMeta.attachments ?? []).map((item) => (item.id === attachment.id ? { ...item, uploaded: true } : item));
            return { ...current, meta: { ...current.meta, attachments }, updated_at: deps.now() };
          });
        }
        const headers = { ...resolved.headers };
        if (meta.captcha) {
          step(task.id, 'captcha');
          const token = await deps.captcha(meta.kind, new AbortController().signal);
          if (token) headers['x-captcha-token'] = token;
        }
        return { kind: 'ready', request: { url: resolved.url, headers } };
      }),
      send: fromPromise(async ({ input }) => withInFlightLock(() => sendTask(input.task, input.request.url, input.request.headers, deps.transport))),
      record: fromPromise(async ({ input }: { input: { task: SyncTaskDoc; outcome: TaskOutcome } }) => {
        const { task, outcome } = input;
        await modify(task.id, (doc) => recordOutcome(doc, outcome, deps.now()));
        if (outcome.kind === 'retry' && shouldNotify(outcome, task, deps.lock())) deps.notifyError(outcome.message);
      }),
    },
  });

  const actor: TaskQueueActor = createActor(machine, { input: { online: deps.online(), leader: deps.leadership?.isLeader() ?? true }, inspect: inspectActor });

  // Tasks whose photos this tab is storing now: a second submit of the same one waits for the first.
  const storing = new Set<string>();

  async function enqueue(spec: TaskSpec): Promise<string> {
    const id = spec.taskId ?? newId();
    if (storing.has(id)) return id;
    const existing = await collection.findOne(id).exec();
    if (existing) {
      // Stored before, but its photos never were (the tab closed, or storage refused them): it is made again from
      // this submit, which has the photos; otherwise the first submit stands.
      if (taskMeta(plain(existing)).ready || existing.transmited) return id;
      await existing.remove();
    }
    const customerId = deps.customerId();
    if (spec.auth === 'customer' && customerId === null) throw new Error('A customer task needs a logged-in customer');
    // A public task has no customer to send the token of: it would wait for one for ever.
    if (spec.auth === 'public' && spec.url.includes('{{token}}')) throw new Error('A public task cannot carry the customer token');
    const photos = spec.photos ?? [];
    const locale = deps.locale();
    const doc = newTaskDoc(
      {
        taskId: id,
        kind: spec.kind,
        url: spec.url,
        ...(spec.method ? { method: spec.method } : {}),
        ...(spec.body !== undefined ? { body: spec.body } : {}),
        ...(spec.headers ? { headers: spec.headers } : {}),
        auth: spec.auth,
        ...(spec.auth === 'customer' && customerId !== null ? { customerId } : {}),
        ...(spec.captcha ? { captcha: true } : {}),
        ...(spec.silent ? { silent: true } : {}),
        ...(spec.callbackEvent ? { callbackEvent: spec.callbackEvent } : {}),
        ...(spec.cacheable ? { cacheable: true } : {}),
        attachments: photos.map((photo) => ({ id: photo.id, name: photo.name, type: photo.type, bytes: photo.blob.size })),
        xClient: deps.xClient,
        ...locale,
      },
      deps.now(),
    );
    try {
      await collection.insert(doc);
    } catch (error) {
      // Two submits at once: the first one stored it.
      if (await collection.findOne(id).exec()) return id;
      throw error;
    }
    if (photos.length > 0) {
      storing.add(id);
      try {
        const stored = await collection.findOne(id).exec();
        await stored!.putAttachments(photos.map((photo) => ({ id: photo.id, data: photo.blob, type: photo.type })));
        await modify(id, (current) => markReady(current, deps.now()));
      } catch (error) {
        // Not half stored: the submit fails as a whole (the form keeps everything and says so) and may be tried again.
        await (await collection.findOne(id).exec())?.remove().catch(() => {});
        throw error;
      } finally {
        storing.delete(id);
      }
    }
    actor.send({ type: 'task.queued' });
    return id;
  }

  function watch(id: string, onChange: (view: TaskView | null) => void): () => void {
    claimed.add(id);
    let releaseClaim: (() => void) | null = null;
    let released = false;
    if (deps.locks) {
      // The claim is held until the page stops watching, even when it stops before the lock was granted.
      void deps.locks.request(
        claimLockName(id),
        () =>
          new Promise<void>((resolve) => {
            if (released) resolve();
            else releaseClaim = resolve;
          }),
      );
    }
    let latest: SyncTaskDoc | null | undefined;
    let last = '';
    const emit = () => {
      if (latest === undefined) return;
      const view = latest === null ? null : toView(latest, { ...context(), leader: true });
      const key = JSON.stringify(view);
      if (key === last) return;
      last = key;
      onChange(view);
    };
    const documents = collection.findOne(id).$.subscribe((doc) => {
      latest = doc ? plain(doc) : null;
      emit();
    });
    const states = actor.subscribe(() => emit());
    return () => {
      documents.unsubscribe();
      states.unsubscribe();
      claimed.delete(id);
      released = true;
      releaseClaim?.();
    };
  }

  async function acknowledge(id: string, by: 'page' | 'announcer' = 'page'): Promise<void> {
    const doc = await collection.findOne(id).exec();
    if (!doc) return;
    const data = plain(doc);
    const decision = acknowledgement(data, by);
    if (succeeded(data)) {
      // The inquiry arrived: the form it was typed in opens empty next time, whoever told the shopper.
      forgetDraftOfTask(id);
      const kind = taskMeta(data).kind;
      for (const handler of resultHandlers.get(kind) ?? []) {
        try {
          handler(data.result);
        } catch (error) {
          console.error('A task result could not be applied', error);
        }
      }
    }
    if (decision === 'remove') await doc.remove();
    else if (decision === 'keep') await doc.incrementalModify((data) => ({ ...data, acknowledged: true, updated_at: deps.now() }));
  }

  async function photos(id: string): Promise<TaskPhoto[]> {
    const doc = await collection.findOne(id).exec();
    if (!doc) return [];
    const names = new Map((taskMeta(plain(doc)).attachments ?? []).map((item) => [item.id, item.name]));
    return Promise.all(doc.allAttachments().map(async (attachment) => ({ id: attachment.id, name: names.get(attachment.id) ?? attachment.id, type: attachment.type, blob: await attachment.getData() })));
  }

  function setCart(next: TaskQueueCart | null): void {
    stopCart?.();
    cart = next;
    stopCart = next ? next.onToken((token) => token && actor.send({ type: 'cart.tokenChanged' })) : null;
    if (next?.token()) actor.send({ type: 'cart.tokenChanged' });
  }

  let started = false;
  function start(): void {
    if (started) return;
    started = true;
    actor.start();
    // The connection may have changed since the queue was made.
    actor.send({ type: deps.online() ? 'network.online' : 'network.offline' });
    stops.push(deps.onOnline((online) => actor.send({ type: online ? 'network.online' : 'network.offline' })));
    stops.push(deps.onSessionChange(() => actor.send({ type: 'session.changed' })));
    // Any tab may queue a task: the leader hears it through the database's events across tabs.
    const queued = collection.find({ selector: { transmited: false } }).$.subscribe(() => actor.send({ type: 'task.queued' }));
    stops.push(() => queued.unsubscribe());
    void sweepAcknowledged().catch((error: unknown) => console.error('Old task results could not be removed', error));
    // The queue may have been made (a page queued a task) before this tab led, and lead by now: the machine was given
    // leadership as it was then, so it hears it now, or when it comes.
    if (!deps.leadership || deps.leadership.isLeader()) actor.send({ type: 'leader.elected' });
    else void deps.leadership.waitForLeadership().then(() => actor.send({ type: 'leader.elected' }));
  }

  /** Kept results (an appointment, a refused form's photos) go after ACKNOWLEDGED_KEEP_MS: they hold personal data. */
  async function sweepAcknowledged(): Promise<void> {
    const now = deps.now();
    for (const doc of await collection.find({ selector: { acknowledged: true } }).exec()) {
      if (acknowledgedExpired(plain(doc), now)) await doc.remove();
    }
  }

  function stop(): void {
    for (const undo of stops.splice(0)) undo();
    stopCart?.();
    actor.stop();
  }

  async function rows() {
    const now = context();
    const current = actor.getSnapshot().context.current;
    return (await collection.find().exec()).map((doc) => {
      const data = plain(doc);
      const state = taskState(data, now);
      return { doc: data, status: state.status, ...(state.reason !== undefined ? { reason: state.reason } : {}), ...(current?.id === data.id ? { step: current.step } : {}) };
    });
  }

  async function drain(timeoutMs: number): Promise<number> {
    const deadline = deps.now() + timeoutMs;
    for (;;) {
      const now = context();
      const waiting = (await collection.find({ selector: { transmited: false } }).exec()).map(plain).filter((doc) => nextTask([doc], { ...now, now: Number.MAX_SAFE_INTEGER }) !== null);
      if (waiting.length === 0 || deps.now() >= deadline || !now.online) return waiting.length;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return { enqueue, watch, acknowledge, photos, start, stop, setCart, rows, drain, actor, claimed, collection, context };
}

// ---------------------------------------------------------------------------------------------------------------
// The browser's queue: one per tab, made on first use.

let queue: Promise<TaskQueue> | undefined;

async function browserQueue(): Promise<TaskQueue> {
  const [{ getShopDatabase }, network, gate, store, captcha, notices, { TASK_CONFIG }] = await Promise.all([
    import('../../app/database.ts'),
    import('../../app/network.ts'),
    import('../account/auth-gate.ts'),
    import('../account/session-store.ts'),
    import('../captcha/use-captcha.ts'),
    import('./task-announcer.ts'),
    import('./task-config.ts'),
  ]);
  const database = await getShopDatabase();
  const queue = createTaskQueue({
    database,
    transport: {
      publicFetch: (url, init) => network.shopFetch(url, init),
      customerFetch: (url, init) => gate.gatedSend(url, init, (extra) => network.shopFetch(url, extra)),
    },
    lock: () => gate.tokenLock()?.getSnapshot().context.lock ?? 0,
    customerId: () => store.readUser()?.current?.id ?? null,
    onSessionChange: store.subscribeUser,
    online: network.isShopOnline,
    onOnline: network.onShopOnline,
    captcha: (kind, signal) => captcha.makeCaptchaToken({ action: kind, signal }),
    notifyError: (message) => void notices.showTaskError(message),
    now: () => Date.now(),
    xClient: TASK_CONFIG.xClient,
    locale: () => {
      const [storeCode] = window.location.pathname.split('/').filter(Boolean);
      return { ...(storeCode ? { storeCode } : {}), language: document.documentElement.lang || 'en' };
    },
    locks: typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null,
    leadership: { isLeader: () => database.isLeader(), waitForLeadership: () => database.waitForLeadership() },
  });
  return queue;
}

function browser(): Promise<TaskQueue> {
  queue ??= browserQueue().catch((error: unknown) => {
    queue = undefined;
    throw error;
  });
  return queue;
}

/** Stores a task (photos included) and answers its id; the leader tab sends it when it can. */
export async function enqueueTask(spec: TaskSpec): Promise<string> {
  return (await browser()).enqueue(spec);
}

/** Hears the task's state (null once it is gone); the page claims its outcome while it watches. */
export function watchTask(id: string, onChange: (view: TaskView | null) => void): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  void browser().then((running) => {
    if (!stopped) stop = running.watch(id, onChange);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

/** The page showed the outcome: a cacheable task stays, any other goes (T14). */
export async function acknowledgeTask(id: string): Promise<void> {
  return (await browser()).acknowledge(id);
}

/**
 * Waits for what a page can tell the shopper now: `sent` or `failed`, or `pending` once the task waits for the
 * connection, the customer or a backoff (the page then says it is saved on this device). Claims the task meanwhile.
 */
export function settleTask(id: string, watch: typeof watchTask = watchTask): Promise<TaskView> {
  return new Promise((resolve, reject) => {
    let stop: (() => void) | null = null;
    let done = false;
    const finish = (view: TaskView | null) => {
      if (done) return;
      if (view === null) {
        done = true;
        reject(new Error(`The task ${id} is gone`));
      } else if (view.status === 'sent' || view.status === 'failed' || (view.status === 'pending' && view.reason !== 'queued' && view.reason !== 'not-leader' && view.reason !== 'waiting-lock')) {
        done = true;
        resolve(view);
      } else return;
      queueMicrotask(() => stop?.());
    };
    stop = watch(id, finish);
    if (done) stop();
  });
}

/** The photos stored with a task (a reloaded form shows them again). */
export async function taskPhotos(id: string): Promise<TaskPhoto[]> {
  return (await browser()).photos(id);
}

/** Starts the queue beside the cart (layout-extras.tsx): this tab sends once it leads; every tab announces outcomes. */
export async function startTaskQueue(cart: { token(): string | null; connection: { send(event: { type: 'cart.connect' }): void; subscribe(listener: () => void): { unsubscribe(): void } } }): Promise<TaskQueue> {
  const running = await browser();
  running.setCart({
    token: () => cart.token(),
    recreate: () => cart.connection.send({ type: 'cart.connect' }),
    onToken: (listener) => {
      let last = cart.token();
      const subscription = cart.connection.subscribe(() => {
        const now = cart.token();
        if (now !== last) listener((last = now));
      });
      return () => subscription.unsubscribe();
    },
  });
  running.start();
  const [{ startTaskAnnouncer }, { exposeToDevtools }] = await Promise.all([import('./task-announcer.ts'), import('../devtools/devtools-registry.ts')]);
  startTaskAnnouncer(running, { locks: typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null });
  exposeToDevtools('taskQueue', running);
  return running;
}
