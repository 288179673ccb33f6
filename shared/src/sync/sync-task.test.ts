import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrateDocument, missingMigrations } from './migrations.ts';
import { RX_SCHEMAS } from './rx-schema.ts';
import {
  NOT_JSON,
  TASK_BACKOFF_MS,
  TASK_MESSAGES,
  acknowledgement,
  backoffDelay,
  blockedBy,
  cartIdMissingMessage,
  classifyResponse,
  displayPath,
  isPickable,
  markReady,
  newTaskDoc,
  nextTask,
  nextWakeAt,
  ownerMatches,
  parkTask,
  recordLockedOut,
  recordOutcome,
  recordWaitingForCart,
  resolvePlaceholders,
  shouldNotify,
  succeeded,
  taskMeta,
  taskState,
  unpark,
  acknowledgedExpired,
  ACKNOWLEDGED_KEEP_MS,
  type QueueContext,
  type TaskOutcome,
} from './sync-task.ts';
import { SyncTaskDocSchema, type SyncTaskDoc } from './sync-task.schema.ts';
import { FROZEN_SYNC_TASK_V0, SAMPLE_DOCS } from './test-documents.ts';

const NOW = 1_000_000;
const ctx = (over: Partial<QueueContext> = {}): QueueContext => ({ now: NOW, online: true, leader: true, lock: 0, customerId: 7, cartId: 'cart-1', sendingId: null, ...over });

const task = (over: Partial<Parameters<typeof newTaskDoc>[0]> = {}, at = NOW - 100): SyncTaskDoc =>
  newTaskDoc({ taskId: `t-${at}`, kind: 'contact', url: '/api/forms/contacts?storeCode=nl&language=nl', auth: 'public', body: { name: 'Anna' }, ...over }, at);

describe('T1 enqueue', () => {
  it('makes a valid task: not transmitted, not acknowledged, created and updated now, x-client 1.0 by default', () => {
    const doc = task();
    expect(SyncTaskDocSchema.safeParse(doc).success).toBe(true);
    expect(doc).toMatchObject({ id: doc.task_id, transmited: false, acknowledged: false, created_at: NOW - 100, updated_at: NOW - 100, silent: false, is_result_cacheable: false });
    expect(doc.payload).toEqual({ method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', 'x-client': '1.0' }, body: { name: 'Anna' } });
    expect(newTaskDoc({ taskId: 'x', kind: 'stats', url: '/api/stats/log', auth: 'public', xClient: '2.5' }, NOW).payload.headers['x-client']).toBe('2.5');
  });

  it('is not ready while its photos are stored, and ready after', () => {
    const doc = task({ attachments: [{ id: 'p1', name: 'dial.jpg', type: 'image/jpeg', bytes: 10 }] });
    expect(taskMeta(doc)).toMatchObject({ ready: false, attachments: [{ id: 'p1', uploaded: false }] });
    expect(isPickable(doc, ctx())).toBe(false);
    expect(taskState(doc, ctx())).toEqual({ status: 'preparing', reason: 'storing photos' });
    const ready = markReady(doc, NOW);
    expect(isPickable(ready, ctx())).toBe(true);
  });

  it('refuses a customer task without its customer', () => {
    expect(() => task({ auth: 'customer' })).toThrow(/customer/);
  });

  it('keeps an extra header in payload.headers, and refuses the session’s credentials and the runner’s own headers', () => {
    const doc = task({ headers: { 'X-Newsletter-Token': 'proof-1' } });
    expect(doc.payload.headers).toEqual({ 'x-newsletter-token': 'proof-1', 'content-type': 'application/json', accept: 'application/json', 'x-client': '1.0' });
    for (const name of ['authorization', 'Authorization', 'cookie', 'Cookie', 'x-task-id', 'X-Task-Id', 'content-type', 'Content-Type', 'accept', 'ACCEPT', 'x-client', 'X-Client']) {
      expect(() => task({ headers: { [name]: 'forged' } }), name).toThrow(`A task may not carry the header ${name}`);
    }
  });
});

describe('T2 pick', () => {
  it('takes the oldest pickable task first (FIFO), skipping sent, backed-off and other customers’ tasks', () => {
    const oldest = task({}, NOW - 500);
    const sent = { ...task({}, NOW - 900), transmited: true };
    const backedOff = recordOutcome(task({}, NOW - 800), { kind: 'retry', resultCode: 503, message: 'busy', notify: true }, NOW)!;
    const otherCustomer = task({ auth: 'customer', customerId: 8 }, NOW - 700);
    const mine = task({ auth: 'customer', customerId: 7 }, NOW - 400);
    const docs = [mine, sent, backedOff, otherCustomer, oldest];
    expect(nextTask(docs, ctx())?.id).toBe(oldest.id);
    expect(nextTask([mine, otherCustomer], ctx())?.id).toBe(mine.id);
    expect(nextTask([otherCustomer], ctx())).toBeNull();
    expect(nextWakeAt(docs, ctx())).toBe(NOW + TASK_BACKOFF_MS[0]);
  });

  it('T17: a public task goes for anyone, a customer task only for its own customer (never a guest)', () => {
    const customerTask = task({ auth: 'customer', customerId: 7 });
    expect(ownerMatches(task(), null)).toBe(true);
    expect(ownerMatches(customerTask, 7)).toBe(true);
    expect(ownerMatches(customerTask, 8)).toBe(false);
    expect(ownerMatches(customerTask, null)).toBe(false);
    expect(taskState(customerTask, ctx({ customerId: null }))).toEqual({ status: 'pending', reason: 'waiting-customer' });
  });

  it('a task needing {{token}} waits for a logged-in customer', () => {
    const doc = task({ url: '/api/user/me?token={{token}}', auth: 'customer', customerId: 7 });
    expect(isPickable(doc, ctx())).toBe(true);
    expect(isPickable(doc, ctx({ customerId: null }))).toBe(false);
  });
});

describe('T3–T5 token lock and cart id', () => {
  it('T3: any task waits while the lock is above 0', () => {
    expect(blockedBy(task(), ctx({ lock: 1 }))).toEqual({ kind: 'lock-wait' });
    expect(taskState(task(), ctx({ lock: 1 }))).toEqual({ status: 'pending', reason: 'waiting-lock' });
  });

  it('T4: below 0 a customer task is answered 401 locally, stays untransmitted, shows failed and is not picked again', () => {
    const doc = task({ auth: 'customer', customerId: 7 });
    expect(blockedBy(doc, ctx({ lock: -1 }))).toEqual({ kind: 'locked-out' });
    expect(blockedBy(task(), ctx({ lock: -1 }))).toBeNull();
    const locked = recordLockedOut(doc, NOW);
    expect(locked.transmited).toBe(false);
    expect(taskMeta(locked)).toMatchObject({ lastCode: 401, lastError: TASK_MESSAGES.tokenLocked });
    expect(taskState(locked, ctx({ lock: -1 }))).toEqual({ status: 'failed', reason: TASK_MESSAGES.tokenLocked });
    expect(isPickable(locked, ctx({ lock: -1 }))).toBe(false);
    // The same customer logs in again (lock 0): it goes.
    expect(isPickable(locked, ctx({ lock: 0 }))).toBe(true);
  });

  it('T5: a url with {{cartId}} and no cart id gives the spec’s message and waits for a cart', () => {
    const doc = task({ url: '/api/cart/update?cartId={{cartId}}' });
    expect(cartIdMissingMessage(doc.url)).toBe(
      'Error executing sync task /api/cart/update?cartId={{cartId}} the required cartId argument is null. Re-creating shopping cart synchro.',
    );
    expect(blockedBy(doc, ctx({ cartId: null }))).toEqual({ kind: 'no-cart', message: cartIdMissingMessage(doc.url) });
    const waiting = recordWaitingForCart(doc, NOW);
    expect(taskMeta(waiting).lastError).toMatch(/^Error executing sync task .* the required cartId argument is null\. Re-creating shopping cart synchro\.$/);
    expect(isPickable(waiting, ctx({ cartId: null }))).toBe(false);
    expect(taskState(waiting, ctx({ cartId: null }))).toEqual({ status: 'pending', reason: 'waiting-cart' });
    expect(isPickable(waiting, ctx({ cartId: 'cart-2' }))).toBe(true);
  });
});

describe('placeholders', () => {
  it('drops token={{token}}, moves cartId={{cartId}} to x-cart-id, replaces a path placeholder', () => {
    expect(resolvePlaceholders('/api/user/me?token={{token}}', { cartId: null })).toEqual({ url: '/api/user/me', headers: {} });
    expect(resolvePlaceholders('/api/cart/pull?token={{token}}&cartId={{cartId}}&storeCode=nl', { cartId: 'c 1' })).toEqual({
      url: '/api/cart/pull?storeCode=nl',
      headers: { 'x-cart-id': 'c 1' },
    });
    expect(resolvePlaceholders('/api/cart/updateall/{{cartId}}', { cartId: 'a/b' })).toEqual({ url: '/api/cart/updateall/a%2Fb', headers: {} });
    expect(displayPath('/api/forms/contacts?email=anna@example.com')).toBe('/api/forms/contacts');
  });
});

describe('T8–T13 answers', () => {
  it('T8: a 2xx envelope with a numeric code and a result is sent', () => {
    expect(classifyResponse({ status: 200, json: { code: 200, result: { submission_id: 4 } } })).toEqual({ kind: 'sent', resultCode: 200, code: 200, result: { submission_id: 4 } });
  });

  it('T9: a body that is no JSON gives the spec text, failed below 500 and retried from 500', () => {
    expect(classifyResponse({ status: 200, json: NOT_JSON })).toMatchObject({ kind: 'failed', message: 'Error with response - bad content-type!' });
    expect(classifyResponse({ status: 502, json: NOT_JSON })).toMatchObject({ kind: 'retry', message: 'Error with response - bad content-type!' });
    // Recorded with its 200 status, it still shows failed.
    const recorded = recordOutcome(task(), classifyResponse({ status: 200, json: NOT_JSON }), NOW)!;
    expect(recorded.resultCode).toBe(200);
    expect(succeeded(recorded)).toBe(false);
    expect(taskState(recorded, ctx())).toEqual({ status: 'failed', reason: 'Error with response - bad content-type!' });
  });

  it('T10: JSON of the wrong shape gives the spec text', () => {
    for (const json of [{ result: 1 }, { code: '200', result: 1 }, { code: 200 }, [1], null]) {
      expect(classifyResponse({ status: 200, json })).toMatchObject({ kind: 'failed', message: 'Unhandled error, wrong response format!' });
    }
    expect(classifyResponse({ status: 400, json: { nothing: true } })).toMatchObject({ kind: 'failed', message: 'Unhandled error, wrong response format!' });
  });

  it('T11: a 4xx envelope fails with the server’s error, message and fields', () => {
    const details = { fields: [{ path: 'email', key: 'email' }] };
    expect(classifyResponse({ status: 400, json: { code: 400, result: { error: 'validation_failed', message: 'Please provide valid e-mail address', details } } })).toEqual({
      kind: 'failed',
      resultCode: 400,
      code: 400,
      result: { error: 'validation_failed', message: 'Please provide valid e-mail address', details },
      message: 'Please provide valid e-mail address',
    });
  });

  it('T12: no answer (ENOTFOUND) is retried quietly; T13: a 5xx or 429 is retried and told', () => {
    const network = classifyResponse({ status: 0, json: NOT_JSON, networkError: 'getaddrinfo ENOTFOUND' });
    expect(network).toMatchObject({ kind: 'retry', notify: false });
    expect(shouldNotify(network, { silent: false }, 0)).toBe(false);
    const busy = classifyResponse({ status: 503, json: { code: 503, result: { error: 'internal', message: 'Try again' } } });
    expect(busy).toMatchObject({ kind: 'retry', message: 'Try again' });
    expect(shouldNotify(busy, { silent: false }, 0)).toBe(true);
    expect(classifyResponse({ status: 429, json: { code: 429, result: { error: 'too_many', message: 'Wait' } }, retryAfter: 90 })).toMatchObject({ kind: 'retry', retryAfterMs: 90_000 });
  });

  it('spec 2 §8: no notification for a silent task or while a token refresh is under way', () => {
    const failed: TaskOutcome = classifyResponse({ status: 404, json: { code: 404, result: { error: 'not_found', message: 'Not here' } } });
    expect(shouldNotify(failed, { silent: false }, 0)).toBe(true);
    expect(shouldNotify(failed, { silent: true }, 0)).toBe(false);
    expect(shouldNotify(failed, { silent: false }, 1)).toBe(false);
    expect(shouldNotify(failed, { silent: false }, -1)).toBe(false);
  });

  it('backs off 1, 2, 5, 10, 30, 60 s, then stays at 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffDelay)).toEqual([1000, 2000, 5000, 10_000, 30_000, 60_000, 60_000, 60_000]);
  });

  it('records a sent answer: transmitted, result, codes, not acknowledged, updated now', () => {
    const doc = task();
    const sent = recordOutcome(doc, { kind: 'sent', resultCode: 200, code: 200, result: { ok: 1 } }, NOW);
    expect(sent).toMatchObject({ transmited: true, transmited_at: NOW, result: { ok: 1 }, resultCode: 200, code: 200, acknowledged: false, updated_at: NOW });
    expect(taskState(sent!, ctx())).toEqual({ status: 'sent' });
  });

  it('removes a silent, not cacheable task at once when sent', () => {
    expect(recordOutcome(task({ silent: true }), { kind: 'sent', resultCode: 200, code: 200, result: null }, NOW)).toBeNull();
    expect(recordOutcome(task({ silent: true, cacheable: true }), { kind: 'sent', resultCode: 200, code: 200, result: null }, NOW)).not.toBeNull();
  });

  it('records a failure with the server’s message; a retry counts the attempt and waits', () => {
    const failed = recordOutcome(task(), classifyResponse({ status: 409, json: { code: 409, result: { error: 'slot_taken', message: 'Taken' } } }), NOW)!;
    expect(taskState(failed, ctx())).toEqual({ status: 'failed', reason: 'Taken' });
    const retried = recordOutcome(task(), { kind: 'retry', resultCode: 500, message: 'Boom', notify: true }, NOW)!;
    expect(retried.transmited).toBe(false);
    expect(taskMeta(retried)).toMatchObject({ attempts: 1, lastError: 'Boom', nextAttemptAt: NOW + 1000 });
    expect(taskState(retried, ctx())).toEqual({ status: 'pending', reason: 'backoff' });
    const again = recordOutcome(retried, { kind: 'retry', resultCode: 500, message: 'Boom', notify: true }, NOW + 1000)!;
    expect(taskMeta(again)).toMatchObject({ attempts: 2, nextAttemptAt: NOW + 3000 });
  });
});

describe('T14 acknowledge, T16/T17 park', () => {
  it('keeps a cacheable result, removes any other, leaves an unsent task alone', () => {
    const sent = (cacheable: boolean) => recordOutcome(task({ cacheable }), { kind: 'sent', resultCode: 200, code: 200, result: 1 }, NOW)!;
    expect(acknowledgement(sent(true))).toBe('keep');
    expect(acknowledgement(sent(false))).toBe('remove');
    expect(acknowledgement(task())).toBe('not-transmitted');
    expect(taskState({ ...sent(true), acknowledged: true }, ctx())).toEqual({ status: 'sent', reason: 'cached' });
  });

  it('keeps a refused task with photos that the announcer told, so its form can take the photos back', () => {
    const withPhotos = task({ attachments: [{ id: 'p1', name: 'dial.jpg', type: 'image/jpeg', bytes: 10 }] });
    const refused = recordOutcome(withPhotos, classifyResponse({ status: 400, json: { code: 400, result: { error: 'validation_failed', message: 'No' } } }), NOW)!;
    expect(acknowledgement(refused, 'announcer')).toBe('keep');
    expect(acknowledgement(refused, 'page')).toBe('remove');
    const accepted = recordOutcome(withPhotos, { kind: 'sent', resultCode: 200, code: 200, result: 1 }, NOW)!;
    expect(acknowledgement(accepted, 'announcer')).toBe('remove');
    expect(acknowledgement(recordOutcome(task(), classifyResponse({ status: 400, json: { code: 400, result: { error: 'x', message: 'No' } } }), NOW)!, 'announcer')).toBe('remove');
  });

  it('lets a kept, acknowledged task go after 30 days, never an unacknowledged one', () => {
    expect(acknowledgedExpired({ acknowledged: true, updated_at: NOW }, NOW + ACKNOWLEDGED_KEEP_MS)).toBe(false);
    expect(acknowledgedExpired({ acknowledged: true, updated_at: NOW }, NOW + ACKNOWLEDGED_KEEP_MS + 1)).toBe(true);
    expect(acknowledgedExpired({ acknowledged: false, updated_at: NOW }, NOW + 10 * ACKNOWLEDGED_KEEP_MS)).toBe(false);
  });

  it('parks a customer’s unsent task for that customer; public and sent tasks are untouched', () => {
    const mine = task({ auth: 'customer', customerId: 7 });
    const parked = parkTask(mine, 7, NOW)!;
    expect(taskMeta(parked)).toMatchObject({ customerId: 7, parkedAt: NOW });
    expect(parkTask(task(), 7, NOW)).toBeNull();
    expect(parkTask({ ...mine, transmited: true }, 7, NOW)).toBeNull();
    // Another customer on the device never picks it; the same one does.
    expect(isPickable(parked, ctx({ customerId: 8 }))).toBe(false);
    expect(isPickable(parked, ctx({ customerId: 7 }))).toBe(true);
    expect(taskMeta(unpark(recordLockedOut(parked, NOW), NOW))).not.toHaveProperty('lastCode');
  });

  it('shows the states of plan §1.3', () => {
    expect(taskState(task(), ctx({ online: false }))).toEqual({ status: 'pending', reason: 'offline' });
    expect(taskState(task(), ctx({ leader: false }))).toEqual({ status: 'pending', reason: 'not-leader' });
    const doc = task();
    expect(taskState(doc, ctx({ sendingId: doc.id }))).toEqual({ status: 'sending' });
    expect(taskState(doc, ctx())).toEqual({ status: 'pending', reason: 'queued' });
  });
});

describe('the task document v1', () => {
  it('migrates the frozen v0 task: task_id is the id, updated_at the replicated updatedAt, writeId gone', () => {
    const migrated = migrateDocument('syncTasks', { ...FROZEN_SYNC_TASK_V0, _deleted: false, _meta: { lwt: 1 } }, 0);
    expect(migrated).toMatchObject({ id: FROZEN_SYNC_TASK_V0.id, task_id: FROZEN_SYNC_TASK_V0.id, updated_at: FROZEN_SYNC_TASK_V0.updatedAt, _deleted: false, _meta: { lwt: 1 } });
    expect(migrated).not.toHaveProperty('writeId');
    expect(migrated).not.toHaveProperty('updatedAt');
    const { _deleted, _meta, ...data } = migrated;
    expect(SyncTaskDocSchema.safeParse(data).success).toBe(true);
    expect(MIGRATIONS.syncTasks[1]).toBeTypeOf('function');
    expect(missingMigrations()).toEqual([]);
  });

  it('has RxDB attachments and version 1; the sample is valid', () => {
    expect(RX_SCHEMAS.syncTasks).toMatchObject({ version: 1, attachments: {} });
    expect(RX_SCHEMAS.cart).not.toHaveProperty('attachments');
    expect(RX_SCHEMAS.syncTasks.required).toEqual(expect.arrayContaining(['task_id', 'url', 'payload', 'transmited', 'acknowledged', 'created_at', 'updated_at']));
    expect(SyncTaskDocSchema.safeParse(SAMPLE_DOCS.syncTasks).success).toBe(true);
  });
});
