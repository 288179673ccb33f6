/**
 * The sync task lifecycle of spec 2 §4 as pure rules (plan §1.3, decision 042). The client's runner
 * (client/src/features/sync/task-queue*.ts) holds the I/O; every decision it takes is one of these functions:
 * - T1 `newTaskDoc`: a task is made with `transmited: false`, `acknowledged: false` (not `ready` while photos are stored);
 * - T2 `nextTask`: the oldest task that may go now (ready, its time come, its owner the shopper on the device);
 * - T3–T5 `blockedBy`: the token lock (wait at > 0, a customer's task answered 401 at < 0), the missing cart id;
 * - T8–T13 `classifyResponse`: an answer becomes sent, failed, or a retry after a backoff;
 * - T14 `acknowledgement`: a cacheable result stays, otherwise the task goes;
 * - T16/T17 `parkTask`: a customer's unsent task waits for that same customer's next login.
 */
import type { SyncTaskDoc, SyncTaskMethod, TaskAuth, TaskKind } from './sync-task.schema.ts';

export { TASK_AUTHS, TASK_KINDS, type TaskAuth, type TaskKind } from './sync-task.schema.ts';

/** Spec 2 §8 error texts, word for word. */
export const TASK_MESSAGES = {
  badContentType: 'Error with response - bad content-type!',
  wrongFormat: 'Unhandled error, wrong response format!',
  tokenLocked: 'Error refreshing user token. User is not authorized to access the resource',
} as const;

/** Spec 2 §8: the message of a task whose url needs a cart id while the device has none. */
export function cartIdMissingMessage(url: string): string {
  return `Error executing sync task ${url} the required cartId argument is null. Re-creating shopping cart synchro.`;
}

/** Spec 2 §7: the payload's `x-client` header (configuration value or 1.0). */
export const DEFAULT_X_CLIENT = '1.0';
/** T12/T13: the waits before the 1st, 2nd, ... retry; the last one repeats. */
export const TASK_BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000, 60_000] as const;
export const TOKEN_PLACEHOLDER = '{{token}}';
export const CART_ID_PLACEHOLDER = '{{cartId}}';

export interface TaskAttachmentMeta {
  id: string;
  name: string;
  type: string;
  bytes: number;
  uploaded?: boolean;
}

/** What the queue keeps about a task besides the spec's fields (stored in `meta`). */
export interface SyncTaskMeta {
  kind: TaskKind;
  auth: TaskAuth;
  /** The customer who queued it (customer tasks): only that customer's session sends it. */
  customerId?: number;
  captcha?: boolean;
  /** False while the photos are being stored (T1): the task is not picked. */
  ready: boolean;
  attachments?: TaskAttachmentMeta[];
  attempts: number;
  lastError?: string;
  /** 401 when the token lock answered it locally (T4); the HTTP status of the last retried answer otherwise. */
  lastCode?: number;
  nextAttemptAt?: number;
  /** Set while the task waits for a cart id (T5): picked again once the cart has one. */
  waitingFor?: 'cart';
  /** When a logout or the token lock put it aside for its customer's next login (T16/T17). */
  parkedAt?: number;
  /** The `meta` of a successful answer's envelope (e.g. the newsletter's first-time coupon), kept beside `result`. */
  resultMeta?: Record<string, unknown>;
  storeCode?: string;
  language?: string;
}

/** `meta` as stored, read with defaults (a task of an older tab, or a v0 task, may lack fields). */
export function taskMeta(doc: Pick<SyncTaskDoc, 'meta'>): SyncTaskMeta {
  const meta = (doc.meta ?? {}) as Partial<SyncTaskMeta>;
  return {
    ...meta,
    kind: meta.kind ?? 'profile',
    auth: meta.auth === 'public' ? 'public' : 'customer',
    ready: meta.ready !== false,
    attempts: typeof meta.attempts === 'number' ? meta.attempts : 0,
  };
}

function withMeta(doc: SyncTaskDoc, patch: { [Key in keyof SyncTaskMeta]?: SyncTaskMeta[Key] | undefined }, now: number): SyncTaskDoc {
  const meta: Record<string, unknown> = { ...taskMeta(doc), ...patch };
  for (const key of Object.keys(meta)) if (meta[key] === undefined) delete meta[key];
  return { ...doc, meta, updated_at: now };
}

export interface NewTaskInput {
  taskId: string;
  kind: TaskKind;
  url: string;
  method?: SyncTaskMethod;
  body?: unknown;
  auth: TaskAuth;
  customerId?: number;
  captcha?: boolean;
  silent?: boolean;
  callbackEvent?: string;
  cacheable?: boolean;
  attachments?: TaskAttachmentMeta[];
  xClient?: string;
  /**
   * Extra request headers kept in `payload.headers` and sent with every attempt (e.g. the newsletter link's
   * `x-newsletter-token`). Never the customer's session: `authorization` and `cookie` are refused, and the runner's own
   * headers (`x-task-id`, captcha, cart id) are set after these.
   */
  headers?: Record<string, string>;
  storeCode?: string;
  language?: string;
}

/** Headers a task may not carry itself: the session's credentials are added at send time, never stored. */
const FORBIDDEN_TASK_HEADERS = new Set(['authorization', 'cookie', 'x-task-id', 'content-type', 'accept', 'x-client']);

function extraHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const extra: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const key = name.toLowerCase();
    if (FORBIDDEN_TASK_HEADERS.has(key)) throw new Error(`A task may not carry the header ${name}`);
    extra[key] = value;
  }
  return extra;
}

/** T1: a new task, not transmitted, not acknowledged; with photos it is not `ready` until they are stored. */
export function newTaskDoc(input: NewTaskInput, now: number): SyncTaskDoc {
  if (input.auth === 'customer' && input.customerId === undefined) throw new Error('A customer task needs the customer who queues it');
  const meta: SyncTaskMeta = {
    kind: input.kind,
    auth: input.auth,
    ready: !(input.attachments && input.attachments.length > 0),
    attempts: 0,
    ...(input.customerId !== undefined ? { customerId: input.customerId } : {}),
    ...(input.captcha ? { captcha: true } : {}),
    ...(input.attachments && input.attachments.length > 0 ? { attachments: input.attachments.map((item) => ({ ...item, uploaded: false })) } : {}),
    ...(input.storeCode ? { storeCode: input.storeCode } : {}),
    ...(input.language ? { language: input.language } : {}),
  };
  return {
    id: input.taskId,
    task_id: input.taskId,
    url: input.url,
    payload: {
      method: input.method ?? 'POST',
      headers: { ...extraHeaders(input.headers), 'content-type': 'application/json', accept: 'application/json', 'x-client': input.xClient ?? DEFAULT_X_CLIENT },
      ...(input.body !== undefined ? { body: input.body } : {}),
    },
    silent: input.silent ?? false,
    ...(input.callbackEvent ? { callback_event: input.callbackEvent } : {}),
    meta: meta as unknown as Record<string, unknown>,
    is_result_cacheable: input.cacheable ?? false,
    acknowledged: false,
    created_at: now,
    updated_at: now,
    transmited: false,
  };
}

/** T1, second half: the photos are stored, the task may go. */
export function markReady(doc: SyncTaskDoc, now: number): SyncTaskDoc {
  return withMeta(doc, { ready: true }, now);
}

/** What the runner knows of the device when it looks at the queue. */
export interface QueueContext {
  now: number;
  online: boolean;
  leader: boolean;
  /** The token lock: 0, 1 (a refresh is under way) or -1 (the refresh failed). */
  lock: number;
  /** The logged-in customer, or null for a guest. */
  customerId: number | null;
  cartId: string | null;
  /** The task the runner holds right now, if any. */
  sendingId?: string | null;
}

/** T17: public tasks go for anyone; a customer's task only while that same customer is logged in. */
export function ownerMatches(doc: SyncTaskDoc, customerId: number | null): boolean {
  const meta = taskMeta(doc);
  if (meta.auth === 'public') return true;
  return customerId !== null && meta.customerId === customerId;
}

export function needsCartId(url: string): boolean {
  return url.includes(CART_ID_PLACEHOLDER);
}

export function needsToken(url: string): boolean {
  return url.includes(TOKEN_PLACEHOLDER);
}

/**
 * T2: whether the task may be picked now, without the device-wide conditions (online, leader, lock) the machine
 * checks itself: stored in full, not sent, its owner logged in, its backoff over, not waiting for a cart id the device
 * still lacks, and not one the token lock already answered with 401 while the lock is still down.
 */
export function isPickable(doc: SyncTaskDoc, context: Pick<QueueContext, 'now' | 'customerId' | 'cartId' | 'lock'>): boolean {
  if (doc.transmited) return false;
  const meta = taskMeta(doc);
  if (!meta.ready) return false;
  if (!ownerMatches(doc, context.customerId)) return false;
  if (meta.nextAttemptAt !== undefined && meta.nextAttemptAt > context.now) return false;
  if (meta.waitingFor === 'cart' && context.cartId === null) return false;
  if (meta.auth === 'customer' && context.lock < 0 && meta.lastCode === 401) return false;
  return true;
}

/** T2: the oldest pickable task (FIFO by `created_at`, then id), or null. */
export function nextTask(docs: readonly SyncTaskDoc[], context: Pick<QueueContext, 'now' | 'customerId' | 'cartId' | 'lock'>): SyncTaskDoc | null {
  let best: SyncTaskDoc | null = null;
  for (const doc of docs) {
    if (!isPickable(doc, context)) continue;
    if (!best || doc.created_at < best.created_at || (doc.created_at === best.created_at && doc.id < best.id)) best = doc;
  }
  return best;
}

/** The earliest time a waiting task's backoff ends (for the runner's timer), or null. */
export function nextWakeAt(docs: readonly SyncTaskDoc[], context: Pick<QueueContext, 'now' | 'customerId'>): number | null {
  let earliest: number | null = null;
  for (const doc of docs) {
    if (doc.transmited || !ownerMatches(doc, context.customerId)) continue;
    const at = taskMeta(doc).nextAttemptAt;
    if (at !== undefined && at > context.now && (earliest === null || at < earliest)) earliest = at;
  }
  return earliest;
}

export type Blocker = { kind: 'lock-wait' } | { kind: 'locked-out' } | { kind: 'no-cart'; message: string } | { kind: 'no-customer' };

/**
 * T3–T5, for a picked task: the lock above 0 → wait a second (T3); below 0 → a customer's task is answered 401 (T4);
 * a url with `{{cartId}}` and no cart id → the cart is made again and the task waits (T5); `{{token}}` without a
 * customer → it waits for one. Null: it may be sent.
 */
export function blockedBy(doc: SyncTaskDoc, context: Pick<QueueContext, 'lock' | 'cartId' | 'customerId'>): Blocker | null {
  const meta = taskMeta(doc);
  if (context.lock > 0) return { kind: 'lock-wait' };
  if (context.lock < 0 && meta.auth === 'customer') return { kind: 'locked-out' };
  if (needsCartId(doc.url) && context.cartId === null) return { kind: 'no-cart', message: cartIdMissingMessage(doc.url) };
  if (needsToken(doc.url) && context.customerId === null) return { kind: 'no-customer' };
  return null;
}

/** T4: the lock answered a customer's task with 401; it stays untransmitted (decision 042) for its customer's next login. */
export function recordLockedOut(doc: SyncTaskDoc, now: number): SyncTaskDoc {
  return withMeta(doc, { lastError: TASK_MESSAGES.tokenLocked, lastCode: 401 }, now);
}

/** T5: waits for a cart id; the message is the spec's. */
export function recordWaitingForCart(doc: SyncTaskDoc, now: number): SyncTaskDoc {
  return withMeta(doc, { lastError: cartIdMissingMessage(doc.url), waitingFor: 'cart' }, now);
}

export interface ResolvedRequest {
  /** The url without placeholders. */
  url: string;
  /** `x-cart-id` for `cartId={{cartId}}` in the query (a cart id never goes in an address). */
  headers: Record<string, string>;
}

/**
 * Placeholders (plan §1.3): `token={{token}}` in the query is dropped (the bearer header carries the token, added at
 * send time so a token refreshed while queued is used); `cartId={{cartId}}` in the query becomes `x-cart-id`; a
 * placeholder in the path is replaced there.
 */
export function resolvePlaceholders(url: string, values: { cartId: string | null }): ResolvedRequest {
  const headers: Record<string, string> = {};
  const [path = '', query] = url.split('?', 2) as [string, string | undefined];
  const kept: string[] = [];
  for (const part of query ? query.split('&') : []) {
    if (part === '') continue;
    const [key, value] = part.split('=', 2);
    if (value === TOKEN_PLACEHOLDER) continue;
    if (value === CART_ID_PLACEHOLDER) {
      if (values.cartId !== null) headers['x-cart-id'] = values.cartId;
      continue;
    }
    kept.push(value === undefined ? (key ?? '') : `${key}=${value}`);
  }
  const resolvedPath = values.cartId === null ? path : path.split(CART_ID_PLACEHOLDER).join(encodeURIComponent(values.cartId));
  return { url: kept.length > 0 ? `${resolvedPath}?${kept.join('&')}` : resolvedPath, headers };
}

/** The path shown in the visualizer: placeholders kept, the query (personal data may sit there) dropped. */
export function displayPath(url: string): string {
  return url.split('?', 1)[0] ?? url;
}

/** An answer as the runner read it: `json` is NOT_JSON when the body was no JSON; status 0 is a network failure. */
export const NOT_JSON: unique symbol = Symbol('not-json');
export interface TaskResponse {
  status: number;
  json: unknown;
  /** Seconds of a 429's Retry-After, if any. */
  retryAfter?: number;
  /** The network error's text (status 0). */
  networkError?: string;
}

export interface TaskError {
  error: string;
  message: string;
  details?: unknown;
}

export type TaskOutcome =
  | { kind: 'sent'; resultCode: number; code: number; result: unknown; meta?: Record<string, unknown> }
  | { kind: 'failed'; resultCode: number; code?: number; result: TaskError; message: string }
  | { kind: 'retry'; resultCode: number; message: string; retryAfterMs?: number; notify: boolean };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * T8–T13: what an answer makes of the task. A 2xx JSON envelope with a numeric `code` and a `result` → sent (T8); a
 * body that is no JSON → 'Error with response - bad content-type!', failed below 500 and retried from 500 (T9); JSON
 * of the wrong shape → 'Unhandled error, wrong response format!' (T10); a 4xx envelope → failed with the server's
 * error (T11); no answer at all (the browser's ENOTFOUND) → retried quietly (T12); a 5xx or 429 → retried (T13).
 */
export function classifyResponse(response: TaskResponse): TaskOutcome {
  const { status, json } = response;
  if (status === 0) return { kind: 'retry', resultCode: 0, message: response.networkError ?? 'Network error', notify: false };
  if (json === NOT_JSON) {
    return status >= 500
      ? { kind: 'retry', resultCode: status, message: TASK_MESSAGES.badContentType, notify: true }
      : { kind: 'failed', resultCode: status, result: { error: 'bad_content_type', message: TASK_MESSAGES.badContentType }, message: TASK_MESSAGES.badContentType };
  }
  const envelope = isRecord(json) ? json : null;
  const code = envelope && typeof envelope.code === 'number' && Number.isInteger(envelope.code) ? envelope.code : undefined;
  if (status >= 200 && status < 300) {
    if (code === undefined || !envelope || !('result' in envelope)) {
      return { kind: 'failed', resultCode: status, result: { error: 'bad_format', message: TASK_MESSAGES.wrongFormat }, message: TASK_MESSAGES.wrongFormat };
    }
    return { kind: 'sent', resultCode: status, code, result: envelope.result, ...(isRecord(envelope.meta) ? { meta: envelope.meta } : {}) };
  }
  const result = envelope && isRecord(envelope.result) ? envelope.result : null;
  const message = result && typeof result.message === 'string' ? result.message : null;
  if (status >= 500 || status === 429 || status === 408) {
    const retryAfterMs = response.retryAfter && response.retryAfter > 0 ? response.retryAfter * 1000 : undefined;
    return { kind: 'retry', resultCode: status, message: message ?? TASK_MESSAGES.wrongFormat, notify: true, ...(retryAfterMs ? { retryAfterMs } : {}) };
  }
  if (!result || message === null) {
    return { kind: 'failed', resultCode: status, ...(code !== undefined ? { code } : {}), result: { error: 'bad_format', message: TASK_MESSAGES.wrongFormat }, message: TASK_MESSAGES.wrongFormat };
  }
  const error: TaskError = { error: typeof result.error === 'string' ? result.error : 'error', message, ...(result.details !== undefined ? { details: result.details } : {}) };
  return { kind: 'failed', resultCode: status, ...(code !== undefined ? { code } : {}), result: error, message };
}

/**
 * Spec 2 §8: a non-200 answer shows the server's message as an error notification with OK, unless the task is silent,
 * the error is ENOTFOUND (no answer: status 0), or a token refresh is under way (the lock is not 0).
 */
export function shouldNotify(outcome: TaskOutcome, task: Pick<SyncTaskDoc, 'silent'>, lock: number): boolean {
  if (outcome.kind === 'sent' || task.silent || lock !== 0) return false;
  if (outcome.kind === 'retry') return outcome.notify && outcome.resultCode !== 0;
  return true;
}

/** T12/T13: the wait before attempt `attempts + 1` (attempts made so far, at least 1). */
export function backoffDelay(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), TASK_BACKOFF_MS.length) - 1;
  return TASK_BACKOFF_MS[index] ?? TASK_BACKOFF_MS[TASK_BACKOFF_MS.length - 1]!;
}

/**
 * T8–T13: the task after its answer. Sent or failed: transmitted, with result, status and code, not acknowledged yet
 * (`null` for a silent, not cacheable task that was sent: it goes at once, one write instead of two). Retried: still
 * pending, one more attempt counted, the next one after the backoff (or the server's Retry-After, if longer).
 */
export function recordOutcome(doc: SyncTaskDoc, outcome: TaskOutcome, now: number): SyncTaskDoc | null {
  const meta = taskMeta(doc);
  if (outcome.kind === 'retry') {
    const attempts = meta.attempts + 1;
    const wait = Math.max(backoffDelay(attempts), outcome.retryAfterMs ?? 0);
    return withMeta(doc, { attempts, lastError: outcome.message, lastCode: outcome.resultCode, nextAttemptAt: now + wait }, now);
  }
  if (outcome.kind === 'sent' && doc.silent && !doc.is_result_cacheable) return null;
  const base = withMeta(
    doc,
    { attempts: meta.attempts + 1, lastError: outcome.kind === 'failed' ? outcome.message : undefined, lastCode: undefined, nextAttemptAt: undefined, waitingFor: undefined, resultMeta: outcome.kind === 'sent' ? outcome.meta : undefined },
    now,
  );
  const { code: _code, ...rest } = base;
  const code = outcome.kind === 'sent' ? outcome.code : outcome.code;
  return {
    ...rest,
    transmited: true,
    transmited_at: now,
    result: outcome.result,
    resultCode: outcome.resultCode,
    ...(code !== undefined ? { code } : {}),
    acknowledged: false,
  };
}

/**
 * Whether an answered task succeeded: a 2xx status with the envelope's numeric code. A 2xx answer that was no JSON, or
 * of the wrong shape, is recorded with its status but without a code, and counts as failed.
 */
export function succeeded(doc: Pick<SyncTaskDoc, 'transmited' | 'resultCode' | 'code'>): boolean {
  return doc.transmited && doc.resultCode !== undefined && doc.resultCode >= 200 && doc.resultCode < 300 && typeof doc.code === 'number' && doc.code < 400;
}

/**
 * T14: after the outcome was shown, a cacheable task stays (acknowledged), any other goes; an unsent one is left alone.
 * A refused task with photos that the announcer (not its page) told stays too: its form takes the photos back when the
 * shopper opens it again, so they are not lost with the task.
 */
export function acknowledgement(doc: SyncTaskDoc, by: 'page' | 'announcer' = 'page'): 'keep' | 'remove' | 'not-transmitted' {
  if (!doc.transmited) return 'not-transmitted';
  if (doc.is_result_cacheable) return 'keep';
  const photos = taskMeta(doc).attachments ?? [];
  return by === 'announcer' && photos.length > 0 && !succeeded(doc) ? 'keep' : 'remove';
}

/** How long an acknowledged task that stays (a cached result, a refused form's photos) is kept on the device. */
export const ACKNOWLEDGED_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** Whether a kept, acknowledged task has been kept long enough to go (its personal data does not stay for ever). */
export function acknowledgedExpired(doc: Pick<SyncTaskDoc, 'acknowledged' | 'updated_at'>, now: number): boolean {
  return doc.acknowledged && now - doc.updated_at > ACKNOWLEDGED_KEEP_MS;
}

/**
 * T16/T17 (decision 042, lead's decision 2): the token lock's "clear untransmitted tasks" and a logout put a customer's
 * unsent task aside for that customer (never dropped, never sent by anyone else); public tasks are untouched (null).
 */
export function parkTask(doc: SyncTaskDoc, customerId: number | null, now: number): SyncTaskDoc | null {
  if (doc.transmited) return null;
  const meta = taskMeta(doc);
  if (meta.auth !== 'customer') return null;
  return withMeta(doc, { parkedAt: now, ...(meta.customerId === undefined && customerId !== null ? { customerId } : {}) }, now);
}

/** When the customer is back (T17): the mark of the lockout and the parking go, so the task is picked again. */
export function unpark(doc: SyncTaskDoc, now: number): SyncTaskDoc {
  return withMeta(doc, { parkedAt: undefined, lastCode: undefined, lastError: undefined, nextAttemptAt: undefined }, now);
}

export type TaskStatus = 'preparing' | 'pending' | 'sending' | 'sent' | 'failed';
export type PendingReason = 'queued' | 'offline' | 'not-leader' | 'waiting-lock' | 'waiting-cart' | 'waiting-customer' | 'backoff';

export interface TaskState {
  status: TaskStatus;
  /** Why a pending task waits, why a failed task failed (the server's message), or 'cached' for a kept result. */
  reason?: string;
}

/** Plan §1.3 status table: what the visualizer and the pages show of a task. */
export function taskState(doc: SyncTaskDoc, context: QueueContext): TaskState {
  const meta = taskMeta(doc);
  if (doc.transmited) {
    if (succeeded(doc)) return doc.acknowledged ? { status: 'sent', reason: 'cached' } : { status: 'sent' };
    const message = isRecord(doc.result) && typeof doc.result.message === 'string' ? doc.result.message : (meta.lastError ?? TASK_MESSAGES.wrongFormat);
    return { status: 'failed', reason: message };
  }
  if (!meta.ready) return { status: 'preparing', reason: 'storing photos' };
  if (context.sendingId === doc.id) return { status: 'sending' };
  if (!ownerMatches(doc, context.customerId)) {
    return meta.lastCode === 401 ? { status: 'failed', reason: meta.lastError ?? TASK_MESSAGES.tokenLocked } : { status: 'pending', reason: 'waiting-customer' };
  }
  if (meta.auth === 'customer' && context.lock < 0 && meta.lastCode === 401) return { status: 'failed', reason: meta.lastError ?? TASK_MESSAGES.tokenLocked };
  if (!context.online) return { status: 'pending', reason: 'offline' };
  if (meta.waitingFor === 'cart' && context.cartId === null) return { status: 'pending', reason: 'waiting-cart' };
  if (meta.nextAttemptAt !== undefined && meta.nextAttemptAt > context.now) return { status: 'pending', reason: 'backoff' };
  if (context.lock > 0) return { status: 'pending', reason: 'waiting-lock' };
  if (!context.leader) return { status: 'pending', reason: 'not-leader' };
  return { status: 'pending', reason: 'queued' };
}
