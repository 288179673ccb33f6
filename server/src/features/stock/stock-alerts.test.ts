import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { importCatalogue } from '../catalogue/catalogue.import.ts';
import { TEST_NOW } from '../../test/build-test-app.ts';
import { appsOnOneDatabase, OrderClient, orderCatalogue, orderDoc } from '../orders/orders.test-support.ts';

/**
 * Issue 19: back-in-stock and price-drop alerts. On SQLite one instance; on PostgreSQL two instances on one database,
 * requests spread over them, so "exactly one mail" is held across instances.
 */
const { apps } = await appsOnOneDatabase();
const app = apps[0]!;
const other = apps[apps.length - 1]!;
const client = new OrderClient(app);

type Mail = { to: string; subject: string; text: string; html: string | null; kind: string; ref: string | null };

async function alertMails(to?: string): Promise<Mail[]> {
  let query = app.db.withTables<{ outbox: Mail & { id: number } }>().selectFrom('outbox').select(['to', 'subject', 'text', 'html', 'kind', 'ref']).where('kind', 'like', 'stock-alert-%');
  if (to) query = query.where('to', '=', to);
  return query.orderBy('id').execute();
}

async function customer(firstname = 'Ada', target: FastifyInstance = app): Promise<{ email: string; token: string }> {
  const email = `${firstname.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const created = await target.inject({ method: 'POST', url: '/api/user/create', payload: { customer: { email, firstname, lastname: 'Klant' }, password: 'correct horse 1' } });
  expect(created.statusCode, created.body).toBe(200);
  const login = await target.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password: 'correct horse 1' } });
  expect(login.statusCode).toBe(200);
  return { email, token: login.json().result };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function subscribe(token: string | null, payload: unknown, options: { query?: string; target?: FastifyInstance; taskId?: string } = {}) {
  const reply = await (options.target ?? app).inject({
    method: 'POST',
    url: `/api/stock/alerts${options.query ? `?${options.query}` : ''}`,
    payload: payload as object,
    headers: { ...(token ? auth(token) : {}), ...(options.taskId ? { 'x-task-id': options.taskId } : {}) },
  });
  return { status: reply.statusCode, body: reply.json() };
}

async function mine(token: string, target: FastifyInstance = app) {
  const reply = await target.inject({ method: 'GET', url: '/api/stock/alerts', headers: auth(token) });
  expect(reply.statusCode).toBe(200);
  return reply.json().result as Array<{ id: number; sku: string; kind: string; name: string | null; url_path: string | null; subscribed_price: number | null; notified_at: string | null }>;
}

/** Places a bank-transfer order for `qty` pieces of `sku` (its stock is reserved) and answers the order id. */
async function order(sku: string, qty: number): Promise<string> {
  const cart = await client.newCart();
  const doc = orderDoc({ items: [{ sku, type_id: 'simple', checksum: '0123456789abcdef', qty, name: sku, price_incl_tax: 1 }] });
  await client.push(cart, [{ doc }]);
  return doc.id;
}

describe('stock alerts', () => {
  it('asks for a login, refuses bad input with a clear 400, and answers the same pending alert twice', async () => {
    expect((await subscribe(null, { sku: 'W-4', kind: 'back_in_stock' })).status).toBe(401);
    const { token } = await customer();
    for (const bad of [{}, { sku: '', kind: 'back_in_stock' }, { sku: 'W-4', kind: 'someday' }, { sku: 'W-4' }, { sku: 'x'.repeat(300), kind: 'back_in_stock' }, [], { sku: 42, kind: 'price_drop' }]) {
      const answer = await subscribe(token, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.result).toMatchObject({ error: 'bad_request', message: expect.any(String) });
    }
    const unknown = await subscribe(token, { sku: 'NO-SUCH', kind: 'back_in_stock' });
    expect(unknown).toMatchObject({ status: 400, body: { result: { message: 'There is no such piece in the shop' } } });
    // A disabled product is no piece of the shop either.
    expect((await subscribe(token, { sku: 'W-5', kind: 'back_in_stock' })).status).toBe(400);
    expect((await subscribe(token, { sku: 'W-4', kind: 'back_in_stock' }, { query: 'storeCode=xx' })).status).toBe(400);

    const first = await subscribe(token, { sku: 'W-4', kind: 'back_in_stock' });
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ sku: 'W-4', kind: 'back_in_stock', name: 'Rolex Day-Date goud', url_path: expect.stringContaining('rolex-day-date'), store: 'nl', subscribed_price: null, notified_at: null });
    const again = await subscribe(token, { sku: 'W-4', kind: 'back_in_stock' }, { target: other });
    expect(again.body.result.id).toBe(first.body.result.id);
    expect((await mine(token)).map((alert) => alert.id)).toEqual([first.body.result.id]);
  });

  it('a customer sees and removes only their own alerts; another customer’s is not found like a missing one', async () => {
    const alice = await customer('Alice');
    const bob = await customer('Bob');
    const own = (await subscribe(alice.token, { sku: 'W-4', kind: 'back_in_stock' })).body.result.id as number;
    expect(await mine(bob.token)).toEqual([]);
    const stolen = await app.inject({ method: 'DELETE', url: `/api/stock/alerts/${own}`, headers: auth(bob.token) });
    const missing = await app.inject({ method: 'DELETE', url: '/api/stock/alerts/999999', headers: auth(bob.token) });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual(missing.json());
    expect((await app.inject({ method: 'DELETE', url: `/api/stock/alerts/${own}` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/api/stock/alerts/abc', headers: auth(alice.token) })).statusCode).toBe(400);
    expect((await mine(alice.token)).map((alert) => alert.id)).toEqual([own]);
    // As the storefront's task queue sends it: JSON, an empty object.
    const removed = await other.inject({ method: 'DELETE', url: `/api/stock/alerts/${own}`, payload: {}, headers: { ...auth(alice.token), 'x-task-id': `delete-${own}-task` } });
    expect(removed.statusCode).toBe(200);
    // The same queued delete sent again is answered from its receipt.
    const replayed = await app.inject({ method: 'DELETE', url: `/api/stock/alerts/${own}`, payload: {}, headers: { ...auth(alice.token), 'x-task-id': `delete-${own}-task` } });
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers['x-task-replayed']).toBe('1');
    expect(await mine(alice.token)).toEqual([]);
  });

  it('when a canceled order gives the last pieces back, each waiting customer gets exactly one mail in their language with the link', async () => {
    const id = await order('LAST-1', 3);
    expect(await client.stock('LAST-1')).toBe(0);
    const anna = await customer('Anna');
    const jan = await customer('Jan', other);
    const annaAlert = await subscribe(anna.token, { sku: 'LAST-1', kind: 'back_in_stock' }, { query: 'storeCode=en&language=de' });
    await subscribe(jan.token, { sku: 'LAST-1', kind: 'back_in_stock' }, { target: other });
    expect(annaAlert.body.result).toMatchObject({ store: 'en', name: 'Last watch' });
    // Nothing comes back yet: nobody is mailed, however often the shop looks.
    await Promise.all(apps.map((instance) => instance.stockAlerts.notifyDue()));
    expect(await alertMails(anna.email)).toEqual([]);

    await app.orders.setStatus(id, 'canceled', 'Payment expired');
    expect(await client.stock('LAST-1')).toBe(3);
    const [mail] = await alertMails(anna.email);
    expect(mail).toMatchObject({ subject: 'Wieder verfügbar: Last watch', kind: 'stock-alert-back-in-stock' });
    expect(mail!.text).toContain('Guten Tag Anna,');
    expect(mail!.text).toContain('http://127.0.0.1:3000/en/');
    expect(mail!.text).toContain('last-watch');
    const [toJan] = await alertMails(jan.email);
    expect(toJan).toMatchObject({ subject: 'Weer op voorraad: Laatste horloge' });
    expect(toJan!.text).toContain('/nl/');

    // Every instance looks again, several times at once: no second mail.
    await Promise.all([...apps, ...apps].map((instance) => instance.stockAlerts.notifyDue()));
    expect(await alertMails(anna.email)).toHaveLength(1);
    expect(await alertMails(jan.email)).toHaveLength(1);
    const [listed] = await mine(anna.token, other);
    expect(listed).toMatchObject({ id: annaAlert.body.result.id, notified_at: TEST_NOW.toISOString() });
    // A new alert on the piece now in stock is mailed at once (an offline request that arrived late).
    const late = await subscribe(anna.token, { sku: 'LAST-1', kind: 'back_in_stock' });
    expect(late.status).toBe(200);
    await vi.waitFor(async () => expect(await alertMails(anna.email)).toHaveLength(2), { timeout: 5000 });
  });

  it('many alerts swept by every instance at once: one mail each', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, (_, i) => customer(`Many${String.fromCharCode(97 + i)}`, apps[i % apps.length])));
    await client.setStock('W-3', 0);
    for (const [i, { token }] of customers.entries()) expect((await subscribe(token, { sku: 'W-3', kind: 'back_in_stock' }, { target: apps[i % apps.length]! })).status).toBe(200);
    await client.setStock('W-3', 2);
    await Promise.all(Array.from({ length: 6 }, (_, i) => apps[i % apps.length]!.stockAlerts.notifyDue(i % 2 ? ['W-3'] : undefined)));
    for (const { email } of customers) expect(await alertMails(email), email).toHaveLength(1);
  });

  it('a price drop by a catalogue import mails once; a price that rises or stays mails nothing', async () => {
    const { email, token } = await customer('Pia');
    const alert = await subscribe(token, { sku: 'W-1', kind: 'price_drop' });
    // 5000 excl. 21% VAT, as the shop shows it.
    expect(alert.body.result).toMatchObject({ kind: 'price_drop', subscribed_price: 6050 });

    const catalogue = orderCatalogue();
    const w1 = catalogue.products.find((p) => p.sku === 'W-1')!;
    const load = async (price: number) => {
      await importCatalogue(app.db, { ...catalogue, products: [{ ...w1, price }] }, { mode: 'upsert', useUrlKeys: true, now: TEST_NOW, origin: 'test' });
      await app.catalogue.refresh();
    };
    await load(5200);
    await app.stockAlerts.notifyDue();
    expect(await alertMails(email)).toEqual([]);

    await load(4500);
    // The catalogue's load starts the sweep by itself.
    await vi.waitFor(async () => expect(await alertMails(email)).toHaveLength(1), { timeout: 5000 });
    const [mail] = await alertMails(email);
    expect(mail).toMatchObject({ subject: 'Prijsverlaging: Omega Seamaster Aqua Terra', kind: 'stock-alert-price-drop' });
    expect(mail!.text).toContain('€6.050');
    expect(mail!.text).toContain('€5.445');
    await load(4000);
    await Promise.all(apps.map((instance) => instance.stockAlerts.notifyDue()));
    expect(await alertMails(email)).toHaveLength(1);
    expect((await mine(token))[0]!.notified_at).not.toBeNull();
  });

  it('stock brought back by a catalogue import mails the waiting customer', async () => {
    const { email, token } = await customer('Ivo');
    await subscribe(token, { sku: 'W-4', kind: 'back_in_stock' });
    const catalogue = orderCatalogue();
    const w4 = catalogue.products.find((p) => p.sku === 'W-4')!;
    await importCatalogue(app.db, { ...catalogue, products: [{ ...w4, stock: { qty: 1, is_in_stock: true, manage_stock: true, backorders: false } }] }, { mode: 'upsert', useUrlKeys: true, now: TEST_NOW, origin: 'test' });
    await app.catalogue.refresh();
    await vi.waitFor(async () => expect(await alertMails(email)).toHaveLength(1), { timeout: 5000 });
  });
});
