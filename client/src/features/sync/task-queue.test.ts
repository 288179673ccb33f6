// @vitest-environment node
/**
 * The queue on real RxDB over fake-indexeddb: one database opened twice is two tabs of one browser (RxDB's
 * multi-instance events and leader election between them); the fake server answers like the shop's routes and keeps
 * a receipt per `X-Task-Id`, as the shop does (decision 042).
 */
import { newTaskDoc } from '@shop/shared/sync/sync-task';
import { SAMPLE_DOCS } from '@shop/shared/sync/test-documents';
import { addRxPlugin } from 'rxdb/plugins/core';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import type { RxStorage } from 'rxdb/plugins/core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createShopDatabase, type ShopDatabase } from '../../app/database.ts';
import { eventually, quietRxdbNotice, testStorage, uniqueDatabaseName } from '../../test/rxdb-test-utils.ts';
import { parkCustomerTasks } from '../account/session.ts';
import { startTaskAnnouncer } from './task-announcer.ts';
import { createTaskQueue, type TaskQueue, type TaskQueueDeps, type TaskView } from './task-queue.ts';

beforeAll(() => {
  // One database twice in one process is allowed in dev-mode only (RxDB's `ignoreDuplicate`).
  disableWarnings();
  addRxPlugin(RxDBDevModePlugin);
});
beforeEach(quietRxdbNotice);

interface Call {
  url: string;
  method: string;
  taskId: string | null;
  headers: Record<string, string>;
  body: unknown;
}

/** Answers each route once per task id (a repeat gets the first answer), and records every call. */
class FakeShop {
  calls: Call[] = [];
  effects = 0;
  online = true;
  /** When set, requests wait until it resolves (a reload mid-send). */
  hold: Promise<void> | null = null;
  private receipts = new Map<string, { status: number; body: unknown }>();
  answer: (call: Call) => { status: number; body: unknown; raw?: string } = () => ({ status: 200, body: { code: 200, result: { submission_id: 1, message: 'inquiry submitted' } } });

  fetch = async (url: string, init: RequestInit): Promise<Response> => {
    if (!this.online) throw new TypeError('Failed to fetch');
    // As a browser reads them: names in any case are one header (two spellings of one name are joined, never dropped).
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const raw = init.body instanceof Blob ? await init.body.text() : typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: Call = { url, method: init.method ?? 'GET', taskId: headers['x-task-id'] ?? null, headers, body: raw };
    this.calls.push(call);
    if (this.hold) await this.hold;
    const key = call.taskId ? `${call.taskId} ${call.url.startsWith('/api/uploads/') ? call.url : ''}` : null;
    const kept = key ? this.receipts.get(key) : undefined;
    if (kept) return new Response(JSON.stringify(kept.body), { status: kept.status, headers: { 'content-type': 'application/json', 'x-task-replayed': '1' } });
    const answer = this.answer(call);
    if (answer.raw !== undefined) return new Response(answer.raw, { status: answer.status, headers: { 'content-type': 'text/html' } });
    if (answer.status >= 200 && answer.status < 300) {
      this.effects += 1;
      if (key) this.receipts.set(key, { status: answer.status, body: answer.body });
    }
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
}

const opened: ShopDatabase[] = [];
const queues: TaskQueue[] = [];
afterEach(async () => {
  for (const queue of queues.splice(0)) queue.stop();
  await Promise.all(opened.splice(0).map((db) => (db.closed ? undefined : db.close())));
});

async function tab(name: string, second = false): Promise<ShopDatabase> {
  // Dev-mode wants a validating storage: every write is checked against the derived schema too.
  const storage = wrappedValidateAjvStorage({ storage: testStorage() }) as RxStorage<unknown, unknown>;
  const db = await createShopDatabase({ name, storage, multiInstance: true, secondInstance: second });
  opened.push(db);
  return db;
}

function queueOn(db: ShopDatabase, shop: FakeShop, over: Partial<TaskQueueDeps> = {}): TaskQueue {
  const queue = createTaskQueue({
    database: db,
    transport: { publicFetch: shop.fetch, customerFetch: shop.fetch },
    lock: () => 0,
    customerId: () => 7,
    onSessionChange: () => () => {},
    online: () => shop.online,
    onOnline: () => () => {},
    captcha: async () => 'pow-token',
    notifyError: () => {},
    now: () => Date.now(),
    xClient: '1.0',
    locale: () => ({ storeCode: 'nl', language: 'nl' }),
    leadership: { isLeader: () => db.isLeader(), waitForLeadership: () => db.waitForLeadership() },
    ...over,
  });
  queues.push(queue);
  return queue;
}

const contact = { kind: 'contact' as const, url: '/api/forms/contacts?storeCode=nl&language=nl', auth: 'public' as const, body: { name: 'Anna', email: 'anna@example.com' }, captcha: true, callbackEvent: 'forms:inquirySubmitted' };

function views(queue: TaskQueue, id: string): TaskView[] {
  const seen: TaskView[] = [];
  queue.watch(id, (view) => view && seen.push(view));
  return seen;
}

describe('the task queue on the local database', () => {
  it('sends a queued task once with X-Task-Id, the captcha made at send time, and records the answer', async () => {
    const shop = new FakeShop();
    const db = await tab(uniqueDatabaseName());
    const queue = queueOn(db, shop);
    queue.start();
    const id = await queue.enqueue(contact);
    const seen = views(queue, id);
    await eventually(() => expect(seen.at(-1)?.status).toBe('sent'));
    expect(shop.calls).toHaveLength(1);
    expect(shop.calls[0]).toMatchObject({ url: '/api/forms/contacts?storeCode=nl&language=nl', method: 'POST', taskId: id, body: contact.body });
    expect(shop.calls[0]!.headers).toMatchObject({ 'x-captcha-token': 'pow-token', 'x-client': '1.0', 'content-type': 'application/json' });
    const stored = (await db.collections.syncTasks.findOne(id).exec())!.toJSON();
    expect(stored).toMatchObject({ transmited: true, resultCode: 200, code: 200, acknowledged: false, result: { submission_id: 1 } });
    // The captcha token is not stored (a single-use credential).
    expect(JSON.stringify(stored)).not.toContain('pow-token');
    await queue.acknowledge(id);
    expect(await db.collections.syncTasks.findOne(id).exec()).toBeNull();
  });

  it('a queue made before this tab led (a page queued a task first) sends once it starts leading', async () => {
    const shop = new FakeShop();
    const db = await tab(uniqueDatabaseName());
    let leads = false;
    let lead: () => void = () => {};
    const led = new Promise<void>((resolve) => (lead = resolve));
    const queue = queueOn(db, shop, { leadership: { isLeader: () => leads, waitForLeadership: () => led } });
    const id = await queue.enqueue(contact);
    // Leadership comes before the queue is started (the cart runtime starts it once the page is idle).
    leads = true;
    lead();
    await led;
    queue.start();
    const seen = views(queue, id);
    await eventually(() => expect(seen.at(-1)?.status).toBe('sent'));
    expect(shop.calls).toHaveLength(1);
  });

  it('a second submit with the same task id is the same task', async () => {
    const shop = new FakeShop();
    shop.online = false;
    const db = await tab(uniqueDatabaseName());
    const queue = queueOn(db, shop);
    const [a, b] = await Promise.all([queue.enqueue({ ...contact, taskId: 'form-1' }), queue.enqueue({ ...contact, taskId: 'form-1' })]);
    expect([a, b]).toEqual(['form-1', 'form-1']);
    expect(await db.collections.syncTasks.count().exec()).toBe(1);
  });

  it('two tabs: only the leader sends, the other tab queued the task and sees it sent', async () => {
    const shop = new FakeShop();
    const name = uniqueDatabaseName();
    const leaderDb = await tab(name);
    const otherDb = await tab(name, true);
    await leaderDb.waitForLeadership();
    expect(otherDb.isLeader()).toBe(false);
    const leader = queueOn(leaderDb, shop);
    const other = queueOn(otherDb, shop);
    leader.start();
    other.start();
    expect(other.actor.getSnapshot().value).toBe('stopped');
    const id = await other.enqueue(contact);
    const seen = views(other, id);
    await eventually(() => expect(seen.at(-1)?.status).toBe('sent'));
    expect(shop.calls.map((call) => call.taskId)).toEqual([id]);
    expect(other.actor.getSnapshot().value).toBe('stopped');
  });

  it('a reload mid-send sends the same task again with the same X-Task-Id; the shop makes it once', async () => {
    const shop = new FakeShop();
    const name = uniqueDatabaseName();
    let release!: () => void;
    shop.hold = new Promise((resolve) => (release = resolve));
    const first = await tab(name);
    const before = queueOn(first, shop);
    before.start();
    const id = await before.enqueue(contact);
    await eventually(() => expect(shop.calls).toHaveLength(1));
    // The tab closes before the answer arrives: nothing was recorded.
    before.stop();
    await first.close();
    shop.hold = null;
    release();

    const reopened = await tab(name);
    expect((await reopened.collections.syncTasks.findOne(id).exec())?.transmited).toBe(false);
    const after = queueOn(reopened, shop);
    after.start();
    await eventually(async () => expect((await reopened.collections.syncTasks.findOne(id).exec())?.transmited).toBe(true));
    expect(shop.calls.map((call) => call.taskId)).toEqual([id, id]);
    expect(shop.effects).toBe(1);
  });

  it('keeps photos as attachments across close and reopen, uploads each with the task id before the task', async () => {
    const shop = new FakeShop();
    shop.online = false;
    const name = uniqueDatabaseName();
    const db = await tab(name);
    const queue = queueOn(db, shop);
    const photos = [
      { id: 'photo-1', name: 'dial.jpg', type: 'image/jpeg', blob: new Blob(['jpeg-bytes-1'], { type: 'image/jpeg' }) },
      { id: 'photo-2', name: 'case.png', type: 'image/png', blob: new Blob(['png-bytes-22'], { type: 'image/png' }) },
    ];
    const id = await queue.enqueue({ ...contact, kind: 'tradeIn', url: '/api/forms/trade-in', body: { photos: ['photo-1', 'photo-2'] }, photos });
    queue.stop();
    queues.splice(0);
    await db.close();

    const again = await tab(name);
    const reopened = queueOn(again, shop);
    const kept = await reopened.photos(id);
    expect(kept.map((photo) => [photo.id, photo.name, photo.type])).toEqual([
      ['photo-1', 'dial.jpg', 'image/jpeg'],
      ['photo-2', 'case.png', 'image/png'],
    ]);
    expect(await Promise.all(kept.map((photo) => photo.blob.text()))).toEqual(['jpeg-bytes-1', 'png-bytes-22']);

    shop.online = true;
    reopened.start();
    reopened.actor.send({ type: 'network.online' });
    await eventually(async () => expect((await again.collections.syncTasks.findOne(id).exec())?.transmited).toBe(true));
    expect(shop.calls.map((call) => [call.method, call.url, call.taskId])).toEqual([
      ['PUT', '/api/uploads/photo-1', id],
      ['PUT', '/api/uploads/photo-2', id],
      ['POST', '/api/forms/trade-in', id],
    ]);
    expect(shop.calls[0]!.headers['content-type']).toBe('image/jpeg');
    expect(shop.calls[0]!.body).toBe('jpeg-bytes-1');
  });

  it('an upload the shop refuses fails the task with its message; the photos stay', async () => {
    const shop = new FakeShop();
    shop.answer = (call) =>
      call.url.startsWith('/api/uploads/') ? { status: 422, body: { code: 422, result: { error: 'upload_not_picture', message: 'This file is not a picture' } } } : { status: 200, body: { code: 200, result: {} } };
    const db = await tab(uniqueDatabaseName());
    const queue = queueOn(db, shop);
    queue.start();
    const id = await queue.enqueue({ ...contact, kind: 'tradeIn', photos: [{ id: 'p', name: 'x.jpg', type: 'image/jpeg', blob: new Blob(['x']) }] });
    const seen = views(queue, id);
    await eventually(() => expect(seen.at(-1)).toMatchObject({ status: 'failed', resultCode: 422, error: { code: 'upload_not_picture', message: 'This file is not a picture' } }));
    expect(await queue.photos(id)).toHaveLength(1);
  });

  it('answers that are not JSON, or of the wrong shape, fail with the spec texts', async () => {
    const shop = new FakeShop();
    shop.answer = (call) => ((call.body as { n: number }).n === 1 ? { status: 200, body: null, raw: '<html>' } : { status: 200, body: { ok: true } });
    const db = await tab(uniqueDatabaseName());
    const queue = queueOn(db, shop);
    queue.start();
    const a = await queue.enqueue({ ...contact, body: { n: 1 } });
    const b = await queue.enqueue({ ...contact, body: { n: 2 } });
    const seenA = views(queue, a);
    const seenB = views(queue, b);
    await eventually(() => expect(seenA.at(-1)).toMatchObject({ status: 'failed', error: { message: 'Error with response - bad content-type!' } }));
    await eventually(() => expect(seenB.at(-1)).toMatchObject({ status: 'failed', error: { message: 'Unhandled error, wrong response format!' } }));
  });

  it('sends a task’s extra header; the runner’s own task id, captcha and cart id win over same-named ones', async () => {
    const shop = new FakeShop();
    const db = await tab(uniqueDatabaseName());
    const queue = queueOn(db, shop);
    queue.setCart({ token: () => 'cart-42', recreate: () => {}, onToken: () => () => {} });
    const id = await queue.enqueue({
      ...contact,
      kind: 'newsletter',
      url: '/api/ext/mailchimp-subscribe/subscribe?cartId={{cartId}}&storeCode=nl',
      headers: { 'X-Newsletter-Token': 'link-proof-1', 'x-captcha-token': 'stale-captcha', 'X-Cart-Id': 'stale-cart' },
    });
    // A task stored by an older tab may carry the task id header itself; the runner's is the one sent.
    const forged = newTaskDoc({ taskId: 'forged-1', kind: 'contact', url: '/api/forms/contacts', auth: 'public', body: { n: 2 } }, Date.now());
    await db.collections.syncTasks.insert({ ...forged, payload: { ...forged.payload, headers: { ...forged.payload.headers, 'X-Task-Id': 'someone-else' } } });
    queue.start();
    await eventually(() => expect(shop.calls).toHaveLength(2));
    expect(shop.calls[0]!.headers).toMatchObject({ 'x-newsletter-token': 'link-proof-1', 'x-captcha-token': 'pow-token', 'x-cart-id': 'cart-42', 'x-task-id': id });
    expect(shop.calls[1]!.headers['x-task-id']).toBe('forged-1');
    expect(shop.calls[1]!.taskId).toBe('forged-1');
  });

  it('a sent task keeps its answer’s meta (the newsletter coupon); an answer without meta is sent all the same', async () => {
    const shop = new FakeShop();
    shop.answer = (call) =>
      (call.body as { n: number }).n === 1 ? { status: 200, body: { code: 200, result: { status: 'subscribed' }, meta: { coupon: 'X' } } } : { status: 200, body: { code: 200, result: { status: 'subscribed' } } };
    const db = await tab(uniqueDatabaseName());
    const queue = queueOn(db, shop);
    queue.start();
    const withMeta = await queue.enqueue({ ...contact, body: { n: 1 } });
    const without = await queue.enqueue({ ...contact, body: { n: 2 } });
    const seenWith = views(queue, withMeta);
    const seenWithout = views(queue, without);
    await eventually(() => expect(seenWith.at(-1)).toEqual({ id: withMeta, status: 'sent', resultCode: 200, result: { status: 'subscribed' }, meta: { coupon: 'X' } }));
    await eventually(() => expect(seenWithout.at(-1)).toEqual({ id: without, status: 'sent', resultCode: 200, result: { status: 'subscribed' } }));
    // Kept on the device with the task, so a page opened later (or the announcer) reads it too.
    const later = views(queue, withMeta);
    await eventually(() => expect(later.at(-1)?.meta).toEqual({ coupon: 'X' }));
  });

  it('a url needing a cart id with none known logs the spec text, re-creates the cart, and goes once the cart has an id', async () => {
    const shop = new FakeShop();
    const db = await tab(uniqueDatabaseName());
    const queue = queueOn(db, shop);
    let token: string | null = null;
    let listener: ((token: string | null) => void) | null = null;
    let recreated = 0;
    queue.setCart({ token: () => token, recreate: () => (recreated += 1), onToken: (next) => ((listener = next), () => {}) });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args[0]);
    try {
      queue.start();
      const id = await queue.enqueue({ kind: 'stats', url: '/api/cart/totals?cartId={{cartId}}', auth: 'public', silent: true, cacheable: true });
      await eventually(() => expect(recreated).toBe(1));
      expect(errors).toContain('Error executing sync task /api/cart/totals?cartId={{cartId}} the required cartId argument is null. Re-creating shopping cart synchro.');
      expect(shop.calls).toHaveLength(0);
      token = 'cart-42';
      listener!(token);
      await eventually(() => expect(shop.calls).toHaveLength(1));
      expect(shop.calls[0]).toMatchObject({ url: '/api/cart/totals', headers: { 'x-cart-id': 'cart-42' } });
      await eventually(async () => expect((await db.collections.syncTasks.findOne(id).exec())?.transmited).toBe(true));
    } finally {
      console.error = original;
    }
  });

  it('logout and the token lock park a customer’s unsent tasks for that customer; public tasks stay in the queue', async () => {
    const shop = new FakeShop();
    shop.online = false;
    const db = await tab(uniqueDatabaseName());
    let customer: number | null = 7;
    const queue = queueOn(db, shop, { customerId: () => customer });
    const mine = await queue.enqueue({ kind: 'profile', url: '/api/user/me?token={{token}}', auth: 'customer', body: { customer: { firstname: 'Anna' } } });
    const form = await queue.enqueue(contact);
    expect(await parkCustomerTasks(db, 7, Date.now())).toBe(1);
    customer = null;
    shop.online = true;
    queue.start();
    await eventually(() => expect(shop.calls.map((call) => call.taskId)).toEqual([form]));
    // A guest, or another customer, never sends it.
    customer = 8;
    queue.actor.send({ type: 'session.changed' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shop.calls.map((call) => call.taskId)).toEqual([form]);
    expect((await db.collections.syncTasks.findOne(mine).exec())?.transmited).toBe(false);
    // The same customer logs in again: it goes.
    customer = 7;
    queue.actor.send({ type: 'session.changed' });
    await eventually(() => expect(shop.calls.map((call) => call.taskId)).toEqual([form, mine]));
  });

  it('the announcer tells an outcome no page claimed, then acknowledges it; a watched task is left to its page', async () => {
    const shop = new FakeShop();
    const db = await tab(uniqueDatabaseName());
    const queue = queueOn(db, shop);
    const shown: string[] = [];
    startTaskAnnouncer(queue, { graceMs: 0, show: (type, message) => shown.push(`${type}: ${message}`) });
    queue.start();
    const unclaimed = await queue.enqueue({ ...contact, callbackEvent: 'no.such.key' });
    await eventually(async () => expect(await db.collections.syncTasks.findOne(unclaimed).exec()).toBeNull());
    expect(shown).toEqual(['success: no.such.key']);
    const claimed = await queue.enqueue(contact);
    const seen = views(queue, claimed);
    await eventually(() => expect(seen.at(-1)?.status).toBe('sent'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shown).toHaveLength(1);
    expect((await db.collections.syncTasks.findOne(claimed).exec())?.acknowledged).toBe(false);
  });

  it('a refused trade-in told by the announcer keeps its photos for the form; an accepted one clears its form draft', async () => {
    const shop = new FakeShop();
    shop.answer = (call) =>
      call.url.startsWith('/api/uploads/') ? { status: 200, body: { code: 200, result: {} } } : { status: 400, body: { code: 400, result: { error: 'validation_failed', message: 'No' } } };
    const db = await tab(uniqueDatabaseName());
    const queue = queueOn(db, shop);
    const shown: string[] = [];
    startTaskAnnouncer(queue, { graceMs: 0, show: (type, message) => shown.push(`${type}: ${message}`) });
    queue.start();
    const refused = await queue.enqueue({ ...contact, kind: 'tradeIn', photos: [{ id: 'p1', name: 'dial.jpg', type: 'image/jpeg', blob: new Blob(['jpeg']) }] });
    await eventually(async () => expect((await db.collections.syncTasks.findOne(refused).exec())?.acknowledged).toBe(true));
    expect(shown).toEqual(['error: No']);
    expect((await queue.photos(refused)).map((photo) => photo.id)).toEqual(['p1']);
    // The form takes them back and acknowledges as the page: then it goes.
    await queue.acknowledge(refused);
    expect(await db.collections.syncTasks.findOne(refused).exec()).toBeNull();

    shop.answer = () => ({ status: 200, body: { code: 200, result: { submission_id: 2, message: 'inquiry submitted' } } });
    const taskId = crypto.randomUUID();
    const memory = new Map<string, string>();
    // This file runs in node: a storage like the browser's for the form drafts.
    globalThis.localStorage = {
      get length() {
        return memory.size;
      },
      key: (index: number) => [...memory.keys()][index] ?? null,
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
      removeItem: (key: string) => void memory.delete(key),
      clear: () => memory.clear(),
    };
    localStorage.setItem('shop.forms.contact:nl', JSON.stringify({ taskId, values: { name: 'Anna' } }));
    localStorage.setItem('shop.forms.contact:en', JSON.stringify({ taskId: 'another-task', values: { name: 'Bo' } }));
    await queue.enqueue({ ...contact, taskId });
    await eventually(async () => expect(await db.collections.syncTasks.findOne(taskId).exec()).toBeNull());
    expect(localStorage.getItem('shop.forms.contact:nl')).toBeNull();
    expect(localStorage.getItem('shop.forms.contact:en')).not.toBeNull();
  });

  it('a task whose photos could not be stored is not left half made; the next submit stores it whole', async () => {
    const shop = new FakeShop();
    shop.online = false;
    const db = await tab(uniqueDatabaseName());
    const queue = queueOn(db, shop);
    const original = (id: string) => db.collections.syncTasks.findOne(id);
    // Storage cannot take the picture (a full disk, a file gone): the task was inserted, its photos were not.
    class UnreadableBlob extends Blob {
      override arrayBuffer(): Promise<ArrayBuffer> {
        return Promise.reject(new Error('QuotaExceededError'));
      }
      override text(): Promise<string> {
        return Promise.reject(new Error('QuotaExceededError'));
      }
    }
    const spec = { ...contact, kind: 'tradeIn' as const, taskId: 'trade-1', photos: [{ id: 'p1', name: 'dial.jpg', type: 'image/jpeg', blob: new UnreadableBlob(['jpeg']) }] };
    await expect(queue.enqueue(spec)).rejects.toThrow('QuotaExceededError');
    expect(await original('trade-1').exec()).toBeNull();
    spec.photos = [{ id: 'p1', name: 'dial.jpg', type: 'image/jpeg', blob: new Blob(['jpeg']) }];
    await queue.enqueue(spec);
    const stored = await original('trade-1').exec();
    expect(stored?.toJSON().meta).toMatchObject({ ready: true });
    expect((await queue.photos('trade-1')).map((photo) => photo.id)).toEqual(['p1']);
  });

  it('refuses a public task that would carry the customer token (it could never be sent)', async () => {
    const db = await tab(uniqueDatabaseName());
    const queue = queueOn(db, new FakeShop());
    await expect(queue.enqueue({ ...contact, url: '/api/forms/contacts?token={{token}}' })).rejects.toThrow('cannot carry the customer token');
  });

  it('lets kept results go 30 days after they were acknowledged, at start', async () => {
    const db = await tab(uniqueDatabaseName());
    let now = Date.now();
    const queue = queueOn(db, new FakeShop(), { now: () => now });
    queue.start();
    const id = await queue.enqueue({ ...contact, cacheable: true });
    await eventually(async () => expect((await db.collections.syncTasks.findOne(id).exec())?.transmited).toBe(true));
    await queue.acknowledge(id);
    queue.stop();
    queues.splice(0);
    now += 31 * 24 * 60 * 60 * 1000;
    const later = queueOn(db, new FakeShop(), { now: () => now });
    later.start();
    await eventually(async () => expect(await db.collections.syncTasks.findOne(id).exec()).toBeNull());
  });

  it('a page that stops watching before its claim was granted gives the claim back, so the announcer tells the outcome', async () => {
    // Web Locks granted a moment later, as browsers do.
    const held = new Set<string>();
    const locks = {
      request: (name: string, ...rest: unknown[]) => {
        const callback = rest.at(-1) as (lock: { name: string } | null) => Promise<unknown>;
        return new Promise((resolve) =>
          setTimeout(() => {
            held.add(name);
            void callback({ name }).then((value) => {
              held.delete(name);
              resolve(value);
            });
          }, 5),
        );
      },
      query: async () => ({ held: [...held].map((name) => ({ name })), pending: [] }),
    } as unknown as LockManager;
    const shop = new FakeShop();
    shop.online = false;
    const db = await tab(uniqueDatabaseName());
    const queue = queueOn(db, shop, { locks });
    const shown: string[] = [];
    startTaskAnnouncer(queue, { graceMs: 0, locks, show: (type, message) => shown.push(`${type}: ${message}`) });
    queue.start();
    const id = await queue.enqueue({ ...contact, callbackEvent: 'forms:inquirySubmitted' });
    const stop = queue.watch(id, () => {});
    stop();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect([...held]).toEqual([]);
    shop.online = true;
    queue.actor.send({ type: 'network.online' });
    await eventually(() => expect(shown).toEqual(['success: forms:inquirySubmitted']));
  });

  it('opens six collections, the sync tasks with attachments (no seventh collection)', async () => {
    const db = await tab(uniqueDatabaseName());
    expect(Object.keys(db.collections)).toHaveLength(6);
    await db.collections.syncTasks.insert({ ...SAMPLE_DOCS.syncTasks });
    expect(db.collections.syncTasks.schema.jsonSchema.attachments).toEqual({});
  });
});
