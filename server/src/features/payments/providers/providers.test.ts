import { describe, expect, it } from 'vitest';
import { MSP_STATUSES, MSP_DOCUMENTED_API_KEY, MSP_DOCUMENTED_AUTH, MSP_DOCUMENTED_PAYLOAD, MSP_DOCUMENTED_TIMESTAMP, MSP_GATEWAYS, MSP_IDEAL_ISSUERS, mspCreated, mspOrder } from './multisafepay.fixtures.ts';
import { MOLLIE_IDEAL_WITH_ISSUERS, MOLLIE_METHODS, MOLLIE_PAYMENT_ID, MOLLIE_STATUSES, MOLLIE_UNPROCESSABLE, molliePayment } from './mollie.fixtures.ts';
import { multisafepaySignatureValid, MultiSafepayProvider } from './multisafepay.ts';
import { paymentStatusGroup } from '@shop/shared/payments/index';
import type { PaymentFetch } from '../payment-provider.ts';
import { buildPaymentsApp, comments, orderStatus, paymentBody, placeOrder } from '../payments.test-support.ts';

type Answer = { status: number; body: unknown };
function recorded(route: (method: string, url: string, body: unknown) => Answer) {
  const calls: Array<{ method: string; url: string; headers: Record<string, string>; body: unknown }> = [];
  const fetch: PaymentFetch = async (url, init) => {
    const body = init.body === undefined ? undefined : JSON.parse(init.body);
    calls.push({ method: init.method, url, headers: init.headers, body });
    const answer = route(init.method, url, body);
    return { status: answer.status, json: async () => answer.body };
  };
  return { calls, fetch };
}

describe('every documented status maps into a group', () => {
  it('Mollie', () => {
    expect(Object.fromEntries(MOLLIE_STATUSES.map((s) => [s, paymentStatusGroup('mollie', s)]))).toEqual({
      open: 'pending', canceled: 'failed', pending: 'pending', authorized: 'pending', expired: 'failed', failed: 'failed', paid: 'success',
    });
  });
  it('MultiSafepay', () => {
    expect(Object.fromEntries(MSP_STATUSES.map((s) => [s, paymentStatusGroup('multisafepay', s)]))).toEqual({
      initialized: 'pending', completed: 'success', uncleared: 'pending', reserved: 'pending', declined: 'failed', cancelled: 'failed', void: 'failed',
      expired: 'failed', refunded: 'pending', partial_refunded: 'pending', chargedback: 'pending', shipped: 'success',
    });
  });
});

describe('MultiSafepay notification signature', () => {
  it("accepts the documentation's signature and rejects a changed body or another key", () => {
    expect(multisafepaySignatureValid(MSP_DOCUMENTED_API_KEY, MSP_DOCUMENTED_AUTH, MSP_DOCUMENTED_PAYLOAD)).toEqual({ valid: true, timestamp: MSP_DOCUMENTED_TIMESTAMP });
    expect(multisafepaySignatureValid(MSP_DOCUMENTED_API_KEY, MSP_DOCUMENTED_AUTH, MSP_DOCUMENTED_PAYLOAD.replace('"status":"initialized","transaction_id"', '"status":"completed","transaction_id"')).valid).toBe(false);
    expect(multisafepaySignatureValid(MSP_DOCUMENTED_API_KEY, MSP_DOCUMENTED_AUTH, MSP_DOCUMENTED_PAYLOAD.replace('", "payment_details', '","payment_details')).valid).toBe(false);
    expect(multisafepaySignatureValid('another-key-0123456789', MSP_DOCUMENTED_AUTH, MSP_DOCUMENTED_PAYLOAD).valid).toBe(false);
    expect(multisafepaySignatureValid(MSP_DOCUMENTED_API_KEY, 'not base64 at all', MSP_DOCUMENTED_PAYLOAD).valid).toBe(false);
  });

  it('verifies a notification only with its transaction id, a recent timestamp and the signed order', async () => {
    const at = MSP_DOCUMENTED_TIMESTAMP * 1000 + 30_000;
    const provider = new MultiSafepayProvider({ apiKey: MSP_DOCUMENTED_API_KEY, baseUrl: 'https://testapi.multisafepay.com/v1/json', fetch: async () => ({ status: 500, json: async () => null }), now: () => at });
    const request = { rawBody: MSP_DOCUMENTED_PAYLOAD, headers: { auth: MSP_DOCUMENTED_AUTH }, query: { transactionid: 'my-order-id', timestamp: '1641218884' } };
    expect(await provider.verifyNotification(request)).toEqual({ providerPaymentId: 'my-order-id' });
    expect(await provider.verifyNotification({ ...request, query: { transactionid: 'someone-else' , timestamp: '1' } })).toBeNull();
    expect(await provider.verifyNotification({ ...request, rawBody: `${MSP_DOCUMENTED_PAYLOAD} ` })).toBeNull();
    const late = new MultiSafepayProvider({ apiKey: MSP_DOCUMENTED_API_KEY, baseUrl: 'x', fetch: async () => ({ status: 500, json: async () => null }), now: () => at + 2 * 3600_000 });
    expect(await late.verifyNotification(request)).toBeNull();
  });
});

describe('MultiSafepay adapter through the payment routes (recorded answers)', async () => {
  const API_KEY = 'AbCdEfGhIjKlMnOpQrStUvWx0123456789';
  let mspStatus = 'initialized';
  const { calls, fetch } = recorded((method, url, body) => {
    if (method === 'POST' && url.endsWith('/orders')) return { status: 200, body: mspCreated((body as { order_id: string }).order_id) };
    if (method === 'GET' && url.includes('/orders/')) return { status: 200, body: mspOrder(decodeURIComponent(url.split('/orders/')[1]!), mspStatus) };
    if (url.endsWith('/gateways')) return { status: 200, body: MSP_GATEWAYS };
    if (url.endsWith('/issuers/IDEAL')) return { status: 200, body: MSP_IDEAL_ISSUERS };
    return { status: 404, body: { success: false, error_code: 1006, error_info: 'Invalid transaction ID' } };
  });
  const app = await buildPaymentsApp({ payments: { provider: 'multisafepay', multisafepay: { apiKey: API_KEY, environment: 'test' } }, fetch });

  it('creates a redirect order with the order id, the api_key header and the notification address; once', async () => {
    const order = await placeOrder(app, { total: 99.95 });
    const first = await app.inject({ method: 'POST', url: '/api/payment/post-payment?store=', headers: { 'x-order-token': order.token }, payload: paymentBody(order.id) });
    const second = await app.inject({ method: 'POST', url: '/api/payment/post-payment', headers: { 'x-order-token': order.token }, payload: paymentBody(order.id) });
    expect(first.json().result.payment_gateway_url).toMatch(/^https:\/\/testpayv2\.multisafepay\.com\//);
    expect(second.json().result.payment_gateway_url).toBe(first.json().result.payment_gateway_url);
    const creates = calls.filter((c) => c.method === 'POST');
    expect(creates).toHaveLength(1);
    expect(creates[0]!.url).toBe('https://testapi.multisafepay.com/v1/json/orders');
    expect(creates[0]!.headers.api_key).toBe(API_KEY);
    expect(creates[0]!.body).toMatchObject({ type: 'redirect', order_id: order.id, gateway: 'IDEAL', currency: 'EUR', amount: 9995, payment_options: { notification_url: 'http://127.0.0.1:3000/api/payment/notifications/multisafepay', notification_method: 'POST' } });
  });

  it('asks the payment in the order’s currency and amount, whatever the browser names (a British order in pounds)', async () => {
    const order = await placeOrder(app, { total: 12_384, currency: 'GBP' });
    const answer = await app.inject({ method: 'POST', url: '/api/payment/post-payment', headers: { 'x-order-token': order.token }, payload: paymentBody(order.id, { currency: 'EUR', amount: 1 }) });
    expect(answer.statusCode, answer.body).toBe(200);
    const create = calls.filter((c) => c.method === 'POST' && c.body && (c.body as { order_id?: string }).order_id === order.id).at(-1)!;
    expect(create.body).toMatchObject({ order_id: order.id, currency: 'GBP', amount: 1_238_400 });
  });

  it('lists gateways and iDEAL issuers as data[] (store defaults to nl; an unknown store is a 400)', async () => {
    const methods = await app.inject({ method: 'GET', url: '/api/payment/payment-methods' });
    expect(methods.json()).toEqual({ code: 200, result: { data: [{ id: 'IDEAL', description: 'iDEAL' }, { id: 'VISA', description: 'Visa' }, { id: 'PAYPAL', description: 'PayPal' }] } });
    const issuers = await app.inject({ method: 'GET', url: '/api/payment/fetch-issuers?store=nl' });
    expect(issuers.json().result.data[0]).toEqual({ code: '0031', description: 'ABN AMRO' });
    expect((await app.inject({ method: 'GET', url: '/api/payment/payment-methods?store=xx' })).statusCode).toBe(400);
  });

  it('a notification with a changed body is refused; a genuine one is applied from the fetched order, not the body', async () => {
    const order = await placeOrder(app);
    await app.inject({ method: 'POST', url: '/api/payment/post-payment', headers: { 'x-order-token': order.token }, payload: paymentBody(order.id) });
    const { createHmac } = await import('node:crypto');
    const body = JSON.stringify({ order_id: order.id, status: 'completed' });
    const ts = String(Math.floor(Date.parse('2026-06-15T12:00:00.000Z') / 1000));
    const auth = Buffer.from(`${ts}:${createHmac('sha512', API_KEY).update(`${ts}:${body}`).digest('hex')}`).toString('base64');
    const url = `/api/payment/notifications/multisafepay?transactionid=${order.id}&timestamp=${ts}`;
    const changed = await app.inject({ method: 'POST', url, headers: { auth, 'content-type': 'application/json' }, payload: body.replace('completed', 'shipped') });
    expect(changed.statusCode).toBe(403);
    mspStatus = 'initialized';
    const genuine = await app.inject({ method: 'POST', url, headers: { auth, 'content-type': 'application/json' }, payload: body });
    expect(genuine.statusCode).toBe(200);
    expect(genuine.body).toBe('OK');
    expect(await orderStatus(app, order.id)).toBe('pending_payment');
    mspStatus = 'completed';
    await app.inject({ method: 'POST', url, headers: { auth, 'content-type': 'application/json' }, payload: body });
    expect(await orderStatus(app, order.id)).toBe('processing');
    const byTransaction = await app.inject({ method: 'GET', url: `/api/order-status/by-transaction?transactionid=${order.id}&hash=${encodeURIComponent(order.hash)}` });
    expect(byTransaction.json().result.payment).toEqual({ status: 'completed', group: 'success' });
  });

  it('a declined payment is made again as a new MultiSafepay order of the same amount, found back by its transaction id', async () => {
    const order = await placeOrder(app, { total: 99.95 });
    mspStatus = 'declined';
    await app.inject({ method: 'POST', url: '/api/payment/post-payment', headers: { 'x-order-token': order.token }, payload: paymentBody(order.id) });
    expect((await app.inject({ method: 'POST', url: '/api/payment/get-payment-status', headers: { 'x-order-token': order.token }, payload: { order_id: order.id } })).json().result).toMatchObject({ status: 'declined', group: 'failed' });
    expect(await orderStatus(app, order.id)).toBe('pending_payment');
    const again = await app.inject({ method: 'POST', url: '/api/payment/post-payment', headers: { 'x-order-token': order.token }, payload: paymentBody(order.id, { method: 'multisafepay_creditcard', amount: 1 }) });
    expect(again.statusCode).toBe(200);
    const creates = calls.filter((c) => c.method === 'POST' && (c.body as { order_id?: string }).order_id?.startsWith(order.id));
    expect(creates.map((c) => c.body)).toEqual([
      expect.objectContaining({ order_id: order.id, gateway: 'IDEAL', amount: 9995 }),
      expect.objectContaining({ order_id: `${order.id}-2`, gateway: 'CREDITCARD', amount: 9995 }),
    ]);
    mspStatus = 'completed';
    const byTransaction = await app.inject({ method: 'GET', url: `/api/order-status/by-transaction?transactionid=${order.id}-2&hash=${encodeURIComponent(order.hash)}` });
    expect(byTransaction.json().result).toMatchObject({ order: { increment_id: order.incrementId }, payment: { status: 'completed', group: 'success' } });
    expect(await orderStatus(app, order.id)).toBe('processing');
  });
});

describe('Mollie adapter through the payment routes (recorded answers)', async () => {
  let mollieStatus = 'open';
  let refuse = false;
  /** The id Mollie gives the next payment (the recorded answer's unless a test gives another). */
  let nextPaymentId: string | null = null;
  const { calls, fetch } = recorded((method, url) => {
    if (method === 'POST' && url.endsWith('/v2/payments')) return refuse ? { status: 422, body: MOLLIE_UNPROCESSABLE } : { status: 201, body: { ...molliePayment('open'), ...(nextPaymentId ? { id: nextPaymentId } : {}) } };
    if (method === 'GET' && url.endsWith(`/v2/payments/${MOLLIE_PAYMENT_ID}`)) return { status: 200, body: molliePayment(mollieStatus) };
    if (url.endsWith('/v2/methods')) return { status: 200, body: MOLLIE_METHODS };
    if (url.endsWith('/v2/methods/ideal?include=issuers')) return { status: 200, body: MOLLIE_IDEAL_WITH_ISSUERS };
    return { status: 404, body: { status: 404, title: 'Not Found', detail: 'No payment exists with token tr_unknown.' } };
  });
  const app = await buildPaymentsApp({ payments: { provider: 'mollie', mollie: { apiKey: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM' } }, fetch });

  it('creates a payment with the amount as a decimal string, the webhook and the order id as Idempotency-Key', async () => {
    const order = await placeOrder(app, { total: 1250 });
    const answer = await app.inject({ method: 'POST', url: '/api/payment/post-payment', headers: { 'x-order-token': order.token }, payload: paymentBody(order.id) });
    expect(answer.json().result.payment_gateway_url).toBe('https://www.mollie.com/checkout/select-issuer/ideal/7UhSN1zuXS');
    const create = calls.find((c) => c.method === 'POST')!;
    expect(create.headers.authorization).toBe('Bearer test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM');
    expect(create.headers['idempotency-key']).toBe(order.id);
    expect(create.body).toMatchObject({ amount: { currency: 'EUR', value: '1250.00' }, method: 'ideal', webhookUrl: 'http://127.0.0.1:3000/api/payment/notifications/mollie' });

    // The webhook claims 'paid' but the fetched payment is open: nothing changes.
    const claim = await app.inject({ method: 'POST', url: '/api/payment/notifications/mollie', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `id=${MOLLIE_PAYMENT_ID}&status=paid` });
    expect(claim.statusCode).toBe(200);
    expect(await orderStatus(app, order.id)).toBe('pending_payment');
    const status = await app.inject({ method: 'POST', url: '/api/payment/get-payment-status?store=en', headers: { 'x-order-token': order.token }, payload: { order_id: order.id } });
    expect(status.json().result).toMatchObject({ status: 'open', group: 'pending' });

    mollieStatus = 'paid';
    await app.inject({ method: 'POST', url: '/api/payment/notifications/mollie', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `id=${MOLLIE_PAYMENT_ID}` });
    expect(await orderStatus(app, order.id)).toBe('processing');
    // Unknown payment ids are acknowledged and ignored; a malformed one is refused.
    expect((await app.inject({ method: 'POST', url: '/api/payment/notifications/mollie', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'id=tr_unknown' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/payment/notifications/mollie', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'id=<script>' })).statusCode).toBe(403);
    // Another provider's notification route does not exist while Mollie is configured.
    expect((await app.inject({ method: 'POST', url: '/api/payment/notifications/sandbox', payload: {} })).statusCode).toBe(404);
  });

  it('asks the payment in the order’s currency and amount, whatever the browser names (a British order in pounds)', async () => {
    const order = await placeOrder(app, { total: 12_384, currency: 'GBP' });
    nextPaymentId = 'tr_pounds1';
    const answer = await app.inject({ method: 'POST', url: '/api/payment/post-payment', headers: { 'x-order-token': order.token }, payload: paymentBody(order.id, { currency: 'EUR', amount: 1 }) });
    nextPaymentId = null;
    expect(answer.statusCode, answer.body).toBe(200);
    const create = calls.filter((c) => c.method === 'POST').at(-1)!;
    expect(create.body).toMatchObject({ amount: { currency: 'GBP', value: '12384.00' } });
  });

  it('refuses with a 502, never a 500, a payment id the provider already gave another order', async () => {
    const order = await placeOrder(app, { total: 500 });
    // The recorded answer's id belongs to the first test's order by now.
    const answer = await app.inject({ method: 'POST', url: '/api/payment/post-payment', headers: { 'x-order-token': order.token }, payload: paymentBody(order.id) });
    expect(answer.statusCode).toBe(502);
    expect(answer.json().result.message).toBe('The payment service answered with a payment of another order. Please try again later.');
    expect(await orderStatus(app, order.id)).toBe('pending');
  });

  it('lists methods and iDEAL issuers in the spec shapes', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/payment/payment-methods' })).json().result.data.map((m: { id: string }) => m.id)).toEqual(['ideal', 'creditcard']);
    expect((await app.inject({ method: 'GET', url: '/api/payment/fetch-issuers' })).json().result.data[1]).toMatchObject({ code: 'ideal_INGBNL2A', description: 'ING' });
  });

  it("a refused create answers the provider's message (for 'Payment is not created - {message}'); the client's comment is recorded once and the order can still be paid", async () => {
    refuse = true;
    const order = await placeOrder(app);
    const answer = await app.inject({ method: 'POST', url: '/api/payment/post-payment', headers: { 'x-order-token': order.token }, payload: paymentBody(order.id) });
    refuse = false;
    expect(answer.statusCode).toBe(502);
    expect(answer.json().result.message).toBe('The amount is higher than the maximum');
    const comment = { order_id: order.id, order_comment: { statusHistory: { comment: 'Payment could not be created: The amount is higher than the maximum', status: 'canceled', is_customer_notified: false, is_visible_on_front: false } } };
    expect((await app.inject({ method: 'POST', url: '/api/payment/order-comments', headers: { 'x-order-token': order.token }, payload: comment })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/payment/order-comments', headers: { 'x-order-token': order.token }, payload: comment })).statusCode).toBe(200);
    // A note under the order's own status: the shopper's device cannot set one.
    expect((await comments(app, order.id)).filter((c) => c.comment.includes('Payment could not be created'))).toEqual([{ comment: "Note from the shopper's device: Payment could not be created: The amount is higher than the maximum", status: 'pending' }]);
    // The order waits for its payment (stock reserved): the shopper is offered to pay it again.
    expect(await orderStatus(app, order.id)).toBe('pending');
    const shown = await app.inject({ method: 'GET', url: `/api/order-status/${order.token}?hash=${encodeURIComponent(order.hash)}` });
    expect(shown.json().result.pay_again.methods.map((m: { code: string }) => m.code)).toEqual(['multisafepay_ideal', 'multisafepay_creditcard', 'multisafepay_paypal']);
  });
});
