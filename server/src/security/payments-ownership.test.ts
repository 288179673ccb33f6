/**
 * Issue 13, items 5 and 6: orders and payments belong to someone, and the payer is sent back only to the shop's
 * configured origins. Each test replays an attack that worked when payment calls checked only the order id (or took
 * the return origin from the Host header) and asserts the refusal, with the owner's order left as it was.
 */
import { PAYMENT_MESSAGES } from '@shop/shared/payments/index';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { customerBody, PASSWORD } from '../features/accounts/accounts.test-support.ts';
import { ORDER_NOT_FOUND, REDIRECT_NOT_ALLOWED } from '../features/payments/payments.service.ts';
import { buildPaymentsApp, comments, gatewayPath, orderStatus, paymentBody, placeOrder, SHOP, stockQty } from '../features/payments/payments.test-support.ts';

const app = await buildPaymentsApp({ payments: { redirectOrigins: ['http://localhost:5173'] } });

type Headers = Record<string, string>;
type Order = Awaited<ReturnType<typeof placeOrder>>;

let seq = 0;
/** A registered customer and their access token. */
async function customer(target: FastifyInstance = app): Promise<{ owner: string; token: string }> {
  const email = `owner-${++seq}@example.com`;
  const created = await target.inject({ method: 'POST', url: '/api/user/create', payload: customerBody(email) });
  expect(created.statusCode, created.body).toBe(200);
  const login = await target.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password: PASSWORD } });
  expect(login.statusCode, login.body).toBe(200);
  return { owner: `customer:${created.json().result.id}`, token: login.json().result as string };
}

const byToken = (order: Order): Headers => ({ 'x-order-token': order.token });
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

function post(url: string, payload: unknown, headers: Headers = {}) {
  return app.inject({ method: 'POST', url, headers, payload: payload as object });
}

async function paymentRows(orderId: string): Promise<number> {
  return (await app.db.withTables<{ payments: { order_id: string } }>().selectFrom('payments').select('order_id').where('order_id', '=', orderId).execute()).length;
}

/** Everything a stranger could try instead of a proof: nothing, another order's token, a made-up token, a wrong hash. */
async function strangers(): Promise<Array<[string, Headers]>> {
  const other = await placeOrder(app);
  return [
    ['no proof', {}],
    ["another order's token", byToken(other)],
    ['a made-up order token', { 'x-order-token': 'tok-guessed' }],
    ["another order's status hash", { 'x-order-hash': other.hash }],
    ["another customer's token", bearer((await customer()).token)],
  ];
}

describe('item 5: payment calls need proof of ownership', () => {
  it('item 5: post-payment without proof of ownership is refused, like an order that does not exist, and creates nothing', async () => {
    const order = await placeOrder(app);
    const unknown = await post('/api/payment/post-payment', paymentBody('no-such-order'), byToken(order));
    expect(unknown.statusCode).toBe(404);
    for (const [who, headers] of await strangers()) {
      const answer = await post('/api/payment/post-payment', paymentBody(order.id), headers);
      expect(answer.statusCode, who).toBe(404);
      expect(answer.json(), who).toEqual(unknown.json());
      expect(answer.body, who).not.toContain(order.incrementId);
    }
    expect(await paymentRows(order.id)).toBe(0);
    expect(await orderStatus(app, order.id)).toBe('pending');
    // The owner: by the order's token (the placing device) or by the status link's hash (the provider's return page).
    expect((await post('/api/payment/post-payment', paymentBody(order.id), byToken(order))).statusCode).toBe(200);
    const byHash = await post('/api/payment/post-payment', paymentBody(order.id), { 'x-order-hash': order.hash });
    expect(byHash.statusCode).toBe(200);
    expect(byHash.json().result.order_incremental_id).toBe(order.incrementId);
  });

  it("item 5: a customer's order is proven by that customer's bearer token, never by another customer's", async () => {
    const anna = await customer();
    const bob = await customer();
    const order = await placeOrder(app, { owner: anna.owner });
    const refused = await post('/api/payment/post-payment', paymentBody(order.id), bearer(bob.token));
    expect(refused.statusCode).toBe(404);
    expect(refused.json().result.message).toBe(ORDER_NOT_FOUND);
    expect(await paymentRows(order.id)).toBe(0);
    // An expired or forged token is a 401 (the client renews it), whether the order exists or not.
    const forged = await post('/api/payment/post-payment', paymentBody(order.id), bearer('not-a-token'));
    const forgedUnknown = await post('/api/payment/post-payment', paymentBody('no-such-order'), bearer('not-a-token'));
    expect(forged.statusCode).toBe(401);
    expect(forgedUnknown.json()).toEqual(forged.json());
    expect((await post('/api/payment/post-payment', paymentBody(order.id), bearer(anna.token))).statusCode).toBe(200);
    expect((await post('/api/payment/get-payment-status', { order_id: order.id }, bearer(anna.token))).json().result).toMatchObject({ status: 'open', group: 'pending' });
  });

  it('item 5: a payment being created is not handed to a caller without proof', async () => {
    const order = await placeOrder(app);
    const [owner, stranger] = await Promise.all([post('/api/payment/post-payment', paymentBody(order.id), byToken(order)), post('/api/payment/post-payment', paymentBody(order.id))]);
    expect(owner.statusCode).toBe(200);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('sandbox-pay');
  });

  it('item 5: get-payment-status answers "no such order" and "not yours" alike, and reads nothing for a stranger', async () => {
    const order = await placeOrder(app);
    expect((await post('/api/payment/post-payment', paymentBody(order.id), byToken(order))).statusCode).toBe(200);
    const unknown = await post('/api/payment/get-payment-status', { order_id: 'no-such-order' }, byToken(order));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().result.message).toBe(PAYMENT_MESSAGES.detailsProblem);
    for (const [who, headers] of await strangers()) {
      const answer = await post('/api/payment/get-payment-status', { order_id: order.id }, headers);
      expect(answer.statusCode, who).toBe(404);
      expect(answer.json(), who).toEqual(unknown.json());
    }
    const mine = await post('/api/payment/get-payment-status', { order_id: order.id }, byToken(order));
    expect(mine.json().result).toMatchObject({ order_id: order.id, increment_id: order.incrementId, group: 'pending' });
  });

  it("item 5: order-comments need proof, and a shopper's comment cannot cancel the order, move its status or release its stock", async () => {
    const before = await stockQty(app, 'W-1');
    const order = await placeOrder(app, { sku: 'W-1' });
    const cancel = { order_id: order.id, order_comment: { statusHistory: { comment: 'Payment could not be created: gone', status: 'canceled' } } };
    const moving = { order_id: order.id, order_comment: { statusHistory: { comment: 'Waiting for the payment', status: 'pending_payment' } } };
    for (const [who, headers] of await strangers()) {
      const answer = await post('/api/payment/order-comments', cancel, headers);
      expect(answer.statusCode, who).toBe(404);
      expect(answer.json().result.message, who).toBe(ORDER_NOT_FOUND);
    }
    expect(await comments(app, order.id)).toEqual([]);
    // The owner's own comments are notes: the order keeps its status and its reserved stock.
    expect((await post('/api/payment/order-comments', cancel, byToken(order))).statusCode).toBe(200);
    expect((await post('/api/payment/order-comments', moving, byToken(order))).statusCode).toBe(200);
    expect((await post('/api/payment/order-comments', cancel, byToken(order))).statusCode).toBe(200);
    expect(await orderStatus(app, order.id)).toBe('pending');
    expect(await stockQty(app, 'W-1')).toBe(before);
    const recorded = await comments(app, order.id);
    expect(recorded).toHaveLength(2);
    expect(recorded.map((comment) => comment.status)).toEqual(['pending', 'pending']);
    // The server's own comment still sets its status: the payment's creation moves the order to pending_payment.
    expect((await post('/api/payment/post-payment', paymentBody(order.id), byToken(order))).statusCode).toBe(200);
    expect(await orderStatus(app, order.id)).toBe('pending_payment');
  });

  it('item 5: the sandbox page shows, pays or fails a payment only with the key of its gateway address', async () => {
    const order = await placeOrder(app);
    const gateway = new URL((await post('/api/payment/post-payment', paymentBody(order.id), byToken(order))).json().result.payment_gateway_url);
    const unknownPage = await app.inject({ method: 'GET', url: '/sandbox-pay/sbx_unknown' });
    expect(unknownPage.statusCode).toBe(404);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const url of [gateway.pathname, `${gateway.pathname}?key=`, `${gateway.pathname}?key=wrong-key`]) {
      const shown = await app.inject({ method: 'GET', url });
      expect(shown.statusCode, url).toBe(404);
      expect(shown.body, url).toBe(unknownPage.body);
      for (const outcome of ['paid', 'failed', 'cancelled']) {
        const chosen = await app.inject({ method: 'POST', url, headers: form, payload: `outcome=${outcome}` });
        expect(chosen.statusCode, `${url} ${outcome}`).toBe(404);
      }
    }
    const wrongField = await app.inject({ method: 'POST', url: gateway.pathname, headers: form, payload: 'outcome=failed&key=wrong-key' });
    expect(wrongField.statusCode).toBe(404);
    expect(await orderStatus(app, order.id)).toBe('pending_payment');
    expect((await post('/api/payment/get-payment-status', { order_id: order.id }, byToken(order))).json().result.status).toBe('open');

    // The payer with the gateway address: the page, and its form (which sends the key back as a field).
    const page = await app.inject({ method: 'GET', url: gatewayPath(gateway.href) });
    expect(page.statusCode).toBe(200);
    const key = gateway.searchParams.get('key')!;
    expect(page.body).toContain(`name="key" value="${key}"`);
    const paid = await app.inject({ method: 'POST', url: gateway.pathname, headers: form, payload: `outcome=paid&key=${encodeURIComponent(key)}` });
    expect(paid.statusCode).toBe(303);
    expect(await orderStatus(app, order.id)).toBe('processing');
  });

  it('item 5: the order status by transaction id answers an unknown order and a wrong hash alike', async () => {
    const order = await placeOrder(app);
    const unknown = await app.inject({ method: 'GET', url: `/api/order-status/by-transaction?transactionid=no-such-order&hash=${encodeURIComponent(order.hash)}` });
    const wrongHash = await app.inject({ method: 'GET', url: `/api/order-status/by-transaction?transactionid=${order.id}&hash=wrong` });
    expect(wrongHash.statusCode).toBe(unknown.statusCode);
    expect(wrongHash.json()).toEqual(unknown.json());
    expect((await app.inject({ method: 'GET', url: `/api/order-status/by-transaction?transactionid=${order.id}&hash=${encodeURIComponent(order.hash)}` })).statusCode).toBe(200);
  });
});

describe('item 6: return addresses come from configuration only', () => {
  it('item 6: a Host header does not make its origin a return address', async () => {
    const order = await placeOrder(app);
    for (const [host, redirectUrl] of [
      ['evil.example', 'http://evil.example/steal'],
      ['evil.example:3000', 'http://evil.example:3000/nl/order-status'],
    ]) {
      const answer = await app.inject({ method: 'POST', url: '/api/payment/post-payment', headers: { host: host!, ...byToken(order) }, payload: paymentBody(order.id, { redirectUrl }) });
      expect(answer.statusCode, host).toBe(400);
      expect(answer.json().result.message).toBe(REDIRECT_NOT_ALLOWED);
    }
    expect(await paymentRows(order.id)).toBe(0);
    // PUBLIC_URL's origin and the configured PAYMENT_REDIRECT_ORIGINS are, whatever the Host header says.
    const local = await app.inject({ method: 'POST', url: '/api/payment/post-payment', headers: { host: 'evil.example', ...byToken(order) }, payload: paymentBody(order.id, { redirectUrl: 'http://localhost:5173/nl/order-status' }) });
    expect(local.statusCode, local.body).toBe(200);
    expect(new URL(local.json().result.payment_gateway_url).origin).toBe('http://localhost:5173');
    const paid = await app.inject({ method: 'POST', url: gatewayPath(local.json().result.payment_gateway_url), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=paid' });
    expect(paid.headers.location).toBe(`http://localhost:5173/nl/order-status/${order.token}?hash=${encodeURIComponent(order.hash)}`);
    const other = await placeOrder(app);
    expect((await app.inject({ method: 'POST', url: '/api/payment/post-payment', headers: byToken(other), payload: paymentBody(other.id, { redirectUrl: `${SHOP}/en/order-status` }) })).statusCode).toBe(200);
  });

  it('item 6: without PUBLIC_URL a local shop returns the payer to its own loopback names (and the dev server outside production); with PUBLIC_URL, only the configured origins', () => {
    const local = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    expect(local.accounts.publicUrl).toBe('http://127.0.0.1:3000');
    expect(local.payments.redirectOrigins).toEqual(expect.arrayContaining(['http://localhost:3000', 'http://127.0.0.1:3000']));
    expect(local.payments.redirectOrigins.some((origin) => origin.endsWith(':5173'))).toBe(false);
    expect(loadConfig({ LOG_LEVEL: 'silent' }).payments.redirectOrigins).toEqual(expect.arrayContaining(['http://localhost:3000', 'http://localhost:5173', 'http://127.0.0.1:5173']));
    expect(loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'https://shop.example.com' }).payments.redirectOrigins).toEqual([]);
    expect(loadConfig({ LOG_LEVEL: 'silent', HOST: '10.0.0.5' }).payments.redirectOrigins).toEqual([]);
    expect(loadConfig({ LOG_LEVEL: 'silent', PAYMENT_REDIRECT_ORIGINS: 'https://www.shop.example' }).payments.redirectOrigins).toEqual(['https://www.shop.example']);
  });
});
