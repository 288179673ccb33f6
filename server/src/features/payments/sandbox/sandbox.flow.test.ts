import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sandboxSecret } from '../payments.ts';
import { buildPaymentsApp, comments, gatewayPath, orderStatus, ownerHeaders, paymentBody, placeOrder, SHOP, stockQty, TEST_TOKEN_SECRET } from '../payments.test-support.ts';
import { TEST_NOW } from '../../../test/build-test-app.ts';

const app = await buildPaymentsApp();

async function postPayment(orderId: string, extra: Record<string, unknown> = {}, query = '') {
  return app.inject({ method: 'POST', url: `/api/payment/post-payment${query}`, headers: await ownerHeaders(app, orderId), payload: paymentBody(orderId, extra) });
}

async function pay(orderId: string, outcome: string) {
  const created = await postPayment(orderId);
  expect(created.statusCode).toBe(200);
  const gateway = new URL(created.json().result.payment_gateway_url);
  return app.inject({ method: 'POST', url: `${gateway.pathname}${gateway.search}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `outcome=${outcome}` });
}

function signed(body: string, options: { secret?: string; timestamp?: number } = {}) {
  const timestamp = String(options.timestamp ?? TEST_NOW.getTime());
  const secret = options.secret ?? sandboxSecret(TEST_TOKEN_SECRET);
  return {
    'content-type': 'application/json',
    'x-sandbox-timestamp': timestamp,
    'x-sandbox-signature': createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex'),
  };
}

/** The sandbox page of the order's first payment attempt. */
async function firstGateway(orderId: string): Promise<string> {
  const row = await app.db.withTables<{ payments: { order_id: string; attempt: number; gateway_url: string } }>().selectFrom('payments').select('gateway_url').where('order_id', '=', orderId).where('attempt', '=', 1).executeTakeFirstOrThrow();
  return gatewayPath(row.gateway_url);
}

async function sandboxPaymentId(orderId: string): Promise<string> {
  const row = await app.db.withTables<{ payments: { order_id: string; provider_payment_id: string } }>().selectFrom('payments').select('provider_payment_id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
  return row.provider_payment_id;
}

describe('sandbox payment: create, hosted page, outcome, signed notification, order status', () => {
  it('creates the payment once, records the comment with pending_payment and shows a hosted page with the amount and order number', async () => {
    const order = await placeOrder(app, { total: 1250 });
    const first = await postPayment(order.id);
    expect(first.statusCode).toBe(200);
    const result = first.json().result;
    expect(result).toMatchObject({ order_id: order.id, order_incremental_id: order.incrementId, amount: '1250.00', currency: 'EUR' });
    expect(result.payment_gateway_url).toMatch(new RegExp(`^${SHOP}/sandbox-pay/sbx_`));
    expect(await orderStatus(app, order.id)).toBe('pending_payment');
    expect(await comments(app, order.id)).toContainEqual({ comment: 'Payment is created for amount 1250.00 EUR', status: 'pending_payment' });

    const page = await app.inject({ method: 'GET', url: gatewayPath(result.payment_gateway_url), headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('€1,250.00');
    expect(page.body).toContain(order.incrementId);
    expect(page.body).toContain('no money is charged');
    for (const outcome of ['paid', 'pending', 'failed', 'expired', 'cancelled']) expect(page.body).toContain(`name="outcome" value="${outcome}"`);
    expect(page.body).toContain('<html lang="en">');
    const dutch = await app.inject({ method: 'GET', url: `${gatewayPath(result.payment_gateway_url)}&lang=nl` });
    expect(dutch.body).toContain('Testbetaling');
  });

  it('post-payment twice (and at once) gives one payment, one gateway address and one comment', async () => {
    const order = await placeOrder(app);
    const [a, b] = await Promise.all([postPayment(order.id), postPayment(order.id)]);
    const c = await postPayment(order.id, { amount: 999 });
    const urls = [a, b, c].map((r) => r.json().result.payment_gateway_url);
    expect(new Set(urls).size).toBe(1);
    const rows = await app.db.withTables<{ sandbox_payments: { order_id: string } }>().selectFrom('sandbox_payments').selectAll().where('order_id', '=', order.id).execute();
    expect(rows).toHaveLength(1);
    expect((await comments(app, order.id)).filter((x) => x.comment.startsWith('Payment is created'))).toHaveLength(1);
    expect(c.json().result.amount).toBe('1250.00');
  });

  it('paid: the payer returns to the order-status page and the order is processing (success group)', async () => {
    const order = await placeOrder(app);
    const answer = await pay(order.id, 'paid');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`${SHOP}/nl/order-status/${order.token}?hash=${encodeURIComponent(order.hash)}`);
    expect(await orderStatus(app, order.id)).toBe('processing');
    const status = await app.inject({ method: 'GET', url: `/api/order-status/${order.token}?hash=${encodeURIComponent(order.hash)}` });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      code: 200,
      result: {
        order: { increment_id: order.incrementId, customer_email: 'jane@example.com', order_id: order.id, status: 'processing', grand_total: 1250, currency: 'EUR', payment_method: 'multisafepay_ideal', created_at: TEST_NOW.getTime() },
        payment: { status: 'paid', group: 'success' },
      },
    });
  });

  it('pending: the order waits (pending group) and a later choice still counts', async () => {
    const order = await placeOrder(app);
    const answer = await pay(order.id, 'pending');
    expect(answer.statusCode).toBe(303);
    expect(await orderStatus(app, order.id)).toBe('pending_payment');
    const status = await app.inject({ method: 'GET', url: `/api/order-status/${order.token}?hash=${encodeURIComponent(order.hash)}` });
    expect(status.json().result.payment).toEqual({ status: 'pending', group: 'pending' });
    const gateway = (await postPayment(order.id)).json().result.payment_gateway_url;
    await app.inject({ method: 'POST', url: gatewayPath(gateway), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=paid' });
    expect(await orderStatus(app, order.id)).toBe('processing');
  });

  it.each([
    ['failed', 'failed'],
    ['expired', 'expired'],
    ['cancelled', 'canceled'],
  ])('%s: the order keeps waiting with its stock reserved, and is paid again (same order, another method, same amount)', async (outcome, status) => {
    const before = await stockQty(app, 'W-1');
    const order = await placeOrder(app, { sku: 'W-1' });
    await pay(order.id, outcome);
    expect(await orderStatus(app, order.id)).toBe('pending_payment');
    expect(await stockQty(app, 'W-1')).toBe(before);
    const shown = await app.inject({ method: 'GET', url: `/api/order-status/${order.token}?hash=${encodeURIComponent(order.hash)}` });
    expect(shown.json().result.payment).toEqual({ status, group: 'failed' });
    expect(shown.json().result.pay_again.methods.map((m: { code: string }) => m.code)).toContain('multisafepay_creditcard');
    // A finished payment keeps its outcome: choosing again on its page changes nothing.
    const first = await sandboxPaymentId(order.id);
    const again = await app.inject({ method: 'POST', url: await firstGateway(order.id), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=paid' });
    expect(again.statusCode).toBe(303);
    expect(await orderStatus(app, order.id)).toBe('pending_payment');

    // Paying again: a new payment of the same order, for the order's amount whatever the client sends.
    const retried = await postPayment(order.id, { method: 'multisafepay_creditcard', amount: 1 });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().result).toMatchObject({ order_id: order.id, order_incremental_id: order.incrementId, amount: '1250.00', currency: 'EUR' });
    const second = gatewayPath(retried.json().result.payment_gateway_url);
    expect(new URL(second, SHOP).pathname).not.toBe(`/sandbox-pay/${first}`);
    const payments = await app.db.withTables<{ payments: { order_id: string; attempt: number; method: string; amount: number } }>().selectFrom('payments').select(['attempt', 'method', 'amount']).where('order_id', '=', order.id).orderBy('attempt').execute();
    expect(payments.map((p) => [Number(p.attempt), p.method, Number(p.amount)])).toEqual([
      [1, 'ideal', 125000],
      [2, 'creditcard', 125000],
    ]);
    await app.inject({ method: 'POST', url: second, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=paid' });
    expect(await orderStatus(app, order.id)).toBe('processing');
    expect(await stockQty(app, 'W-1')).toBe(before);
    const paid = await app.inject({ method: 'GET', url: `/api/order-status/${order.token}?hash=${encodeURIComponent(order.hash)}` });
    expect(paid.json().result.payment).toEqual({ status: 'paid', group: 'success' });
    expect(paid.json().result.pay_again).toBeUndefined();
    // Paid: it cannot be paid again nor taken back into the cart.
    expect((await postPayment(order.id, { method: 'multisafepay_paypal' })).json().result.payment_gateway_url).toBe(retried.json().result.payment_gateway_url);
    const cancel = await app.inject({ method: 'POST', url: `/api/order-status/${order.token}/cancel?hash=${encodeURIComponent(order.hash)}` });
    expect(cancel.statusCode).toBe(409);
  });

  it('the cart back: an unpaid order is canceled once, its stock released, and its lines answered as cart items', async () => {
    const before = await stockQty(app, 'W-1');
    const order = await placeOrder(app, { sku: 'W-1' });
    await pay(order.id, 'failed');
    const url = `/api/order-status/${order.token}/cancel?hash=${encodeURIComponent(order.hash)}`;
    expect((await app.inject({ method: 'POST', url: `/api/order-status/${order.token}/cancel?hash=wrong` })).statusCode).toBe(403);
    const first = await app.inject({ method: 'POST', url });
    expect(first.statusCode).toBe(200);
    expect(first.json().result.status).toMatchObject({ order: { status: 'canceled' } });
    expect(await orderStatus(app, order.id)).toBe('canceled');
    expect(await stockQty(app, 'W-1')).toBe(before + 1);
    expect(await comments(app, order.id)).toContainEqual({ comment: 'Canceled by the customer: the items went back to the cart', status: 'canceled' });
    // Asked again (a lost answer): the same answer, nothing released twice; a canceled order cannot be paid.
    const second = await app.inject({ method: 'POST', url });
    expect(second.statusCode).toBe(200);
    expect(await stockQty(app, 'W-1')).toBe(before + 1);
    expect((await postPayment(order.id, { method: 'multisafepay_creditcard' })).statusCode).toBe(409);
  });

  it('an order not paid within the payment window is canceled and its stock released; a paid one is kept', async () => {
    let now = TEST_NOW.getTime();
    const clocked = await buildPaymentsApp({ now: () => new Date(now) });
    const before = await stockQty(clocked, 'W-1');
    const unpaid = await placeOrder(clocked, { sku: 'W-1' });
    const abandoned = await placeOrder(clocked, { sku: 'W-1' });
    const paid = await placeOrder(clocked, { sku: 'W-1' });
    const create = async (id: string) => clocked.inject({ method: 'POST', url: '/api/payment/post-payment', headers: await ownerHeaders(clocked, id), payload: paymentBody(id) });
    await create(abandoned.id);
    const gateway = gatewayPath((await create(paid.id)).json().result.payment_gateway_url);
    await clocked.inject({ method: 'POST', url: gateway, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=paid' });
    // The check runs at start and every minute; here it is run by hand at two moments.
    now += 59 * 60_000;
    expect(await clocked.payments.expireUnpaid()).toBe(0);
    expect(await orderStatus(clocked, unpaid.id)).toBe('pending');
    now += 2 * 60_000;
    expect(await clocked.payments.expireUnpaid()).toBe(2);
    expect(await orderStatus(clocked, unpaid.id)).toBe('canceled');
    expect(await orderStatus(clocked, abandoned.id)).toBe('canceled');
    expect(await orderStatus(clocked, paid.id)).toBe('processing');
    // (The test orders reserve without taking stock: the two canceled ones give their unit back.)
    expect(await stockQty(clocked, 'W-1')).toBe(before + 2);
    expect(await comments(clocked, unpaid.id)).toContainEqual({ comment: 'Canceled: not paid within 60 minutes', status: 'canceled' });
  });

  it('a forged notification (wrong key, stale or missing signature) is refused and changes nothing', async () => {
    const order = await placeOrder(app);
    await postPayment(order.id);
    const paymentId = await sandboxPaymentId(order.id);
    await app.db.withTables<{ sandbox_payments: { id: string; status: string } }>().updateTable('sandbox_payments').set({ status: 'paid' }).where('id', '=', paymentId).execute();
    const body = JSON.stringify({ payment_id: paymentId, event_id: 'forged-1' });
    for (const headers of [
      signed(body, { secret: 'not-the-shops-key' }),
      signed(body, { timestamp: TEST_NOW.getTime() - 10 * 60 * 1000 }),
      { 'content-type': 'application/json' },
      { ...signed(body), 'x-sandbox-signature': 'zz' },
    ]) {
      const answer = await app.inject({ method: 'POST', url: '/api/payment/notifications/sandbox', headers, payload: body });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().result.message).toBe('The notification could not be verified');
    }
    // A genuine signature over a different body does not carry over.
    const other = JSON.stringify({ payment_id: paymentId, event_id: 'forged-2', status: 'paid' });
    expect((await app.inject({ method: 'POST', url: '/api/payment/notifications/sandbox', headers: signed(body), payload: other })).statusCode).toBe(403);
    expect(await orderStatus(app, order.id)).toBe('pending_payment');
  });

  it('a replayed notification is ignored; a genuine one never trusts a status it carries', async () => {
    const order = await placeOrder(app);
    await postPayment(order.id);
    const paymentId = await sandboxPaymentId(order.id);
    // Genuine notification claiming 'paid' while the sandbox payment is still open: the fetched status wins.
    const first = JSON.stringify({ payment_id: paymentId, event_id: 'evt-1', status: 'paid' });
    expect((await app.inject({ method: 'POST', url: '/api/payment/notifications/sandbox', headers: signed(first), payload: first })).statusCode).toBe(200);
    expect(await orderStatus(app, order.id)).toBe('pending_payment');
    // The payment is paid now, but a replay of the old event is not processed again.
    await app.db.withTables<{ sandbox_payments: { id: string; status: string } }>().updateTable('sandbox_payments').set({ status: 'paid' }).where('id', '=', paymentId).execute();
    expect((await app.inject({ method: 'POST', url: '/api/payment/notifications/sandbox', headers: signed(first), payload: first })).statusCode).toBe(200);
    expect(await orderStatus(app, order.id)).toBe('pending_payment');
    const fresh = JSON.stringify({ payment_id: paymentId, event_id: 'evt-2' });
    await app.inject({ method: 'POST', url: '/api/payment/notifications/sandbox', headers: signed(fresh), payload: fresh });
    expect(await orderStatus(app, order.id)).toBe('processing');
    // Repeating a processed outcome applies nothing twice.
    const third = JSON.stringify({ payment_id: paymentId, event_id: 'evt-3' });
    await app.inject({ method: 'POST', url: '/api/payment/notifications/sandbox', headers: signed(third), payload: third });
    expect((await comments(app, order.id)).filter((c) => c.status === 'processing')).toHaveLength(1);
  });
});
