import { describe, expect, it } from 'vitest';
import { buildPaymentsApp, paymentBody, placeOrder } from '../payments/payments.test-support.ts';
import { TEST_NOW } from '../../test/build-test-app.ts';

const app = await buildPaymentsApp();

describe('order status: nobody sees an order without its token and hash', () => {
  it('wrong token: Invalid payment token (404); wrong or missing hash: Hash is incorrect, this is not good. (403); by transaction id an unknown order and a wrong hash answer alike (404)', async () => {
    const order = await placeOrder(app);
    await app.inject({ method: 'POST', url: '/api/payment/post-payment', headers: { 'x-order-token': order.token }, payload: paymentBody(order.id) });
    for (const url of [
      `/api/order-status/nope?hash=${order.hash}`,
      '/api/order-status/bad%20token?hash=x',
      `/api/order-status/by-transaction?transactionid=unknown&hash=${order.hash}`,
      '/api/order-status/by-transaction',
      // The transaction id is the order id, no secret: a wrong hash must not tell that the order exists.
      `/api/order-status/by-transaction?transactionid=${order.id}&hash=wrong`,
      `/api/order-status/by-transaction?transactionid=${order.id}`,
    ]) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().result.message).toBe('Invalid payment token');
    }
    for (const url of [`/api/order-status/${order.token}?hash=wrong`, `/api/order-status/${order.token}`, `/api/order-status/${order.token}?hash=${'a'.repeat(5000)}`]) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().result.message).toBe('Hash is incorrect, this is not good.');
    }
    const ok = await app.inject({ method: 'GET', url: `/api/order-status/${order.token}?hash=${encodeURIComponent(order.hash)}` });
    expect(ok.json().result).toEqual({
      order: { increment_id: order.incrementId, customer_email: 'jane@example.com', order_id: order.id, status: 'pending_payment', grand_total: 1250, currency: 'EUR', payment_method: 'multisafepay_ideal', created_at: TEST_NOW.getTime() },
      payment: { status: 'open', group: 'pending' },
      // Not gone through yet: the shopper may still pay it, with any method the provider takes.
      pay_again: {
        methods: [
          { code: 'multisafepay_ideal', title: 'iDEAL' },
          { code: 'multisafepay_creditcard', title: 'Credit card' },
          { code: 'multisafepay_paypal', title: 'PayPal' },
        ],
      },
    });
  });

  it("an order paid without the payment service shows its own status's group", async () => {
    const order = await placeOrder(app, { status: 'processing' });
    const answer = await app.inject({ method: 'GET', url: `/api/order-status/${order.token}?hash=${encodeURIComponent(order.hash)}` });
    expect(answer.json().result.payment).toEqual({ status: 'processing', group: 'success' });
  });
});

describe('payment service calls: bad input is a 400 with a message, never a 5xx', () => {
  it.each([
    ['POST', '/api/payment/post-payment', undefined],
    ['POST', '/api/payment/post-payment', '{"order_id":'],
    ['POST', '/api/payment/post-payment', { order_id: 'a b' }],
    ['POST', '/api/payment/post-payment', { order_id: 'x'.repeat(100), redirectUrl: 'http://127.0.0.1:3000/x', method: 'ideal' }],
    ['POST', '/api/payment/post-payment', { order_id: 'o1', redirectUrl: 'http://127.0.0.1:3000/x', method: 'ideal', amount: { a: 1 } }],
    ['POST', '/api/payment/order-comments', { order_id: 'o1', order_comment: { statusHistory: { comment: 'x', status: 'processing' } } }],
    ['POST', '/api/payment/order-comments', [1, 2]],
    ['POST', '/api/payment/get-payment-status', {}],
    ['POST', '/api/payment/get-payment-status?store=de', { order_id: 'o1' }],
    ['GET', '/api/payment/fetch-issuers?store=%00', undefined],
  ])('%s %s %j', async (method, url, payload) => {
    const answer = await app.inject({ method: method as 'GET' | 'POST', url, ...(payload === undefined ? {} : typeof payload === 'string' ? { payload, headers: { 'content-type': 'application/json' } } : { payload }) });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().result.message).toEqual(expect.any(String));
  });

  it('an unknown order is a 404; a redirect off the shop is refused; a paid order cannot be paid again', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/payment/post-payment', payload: paymentBody('unknown-order') })).statusCode).toBe(404);
    const order = await placeOrder(app);
    const evil = await app.inject({ method: 'POST', url: '/api/payment/post-payment', headers: { 'x-order-token': order.token }, payload: paymentBody(order.id, { redirectUrl: 'https://evil.example.com/order-status' }) });
    expect(evil.statusCode).toBe(400);
    expect(evil.json().result.message).toBe('The redirect address must be on the shop');
    const paid = await placeOrder(app, { status: 'processing' });
    expect((await app.inject({ method: 'POST', url: '/api/payment/post-payment', headers: { 'x-order-token': paid.token }, payload: paymentBody(paid.id) })).statusCode).toBe(409);
    expect((await app.inject({ method: 'POST', url: '/api/payment/get-payment-status', headers: { 'x-order-token': paid.token }, payload: { order_id: paid.id } })).json().result.message).toBe('There is a problem with getting the payment details for your order');
  });

  it('the sandbox page answers an unknown payment or a bad outcome with a page, not an error', async () => {
    expect((await app.inject({ method: 'GET', url: '/sandbox-pay/sbx_unknown' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/sandbox-pay/%3Cscript%3E' })).statusCode).toBe(404);
    const order = await placeOrder(app);
    const gateway = new URL((await app.inject({ method: 'POST', url: '/api/payment/post-payment', headers: { 'x-order-token': order.token }, payload: paymentBody(order.id) })).json().result.payment_gateway_url);
    const bad = await app.inject({ method: 'POST', url: `${gateway.pathname}${gateway.search}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=__proto__' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('text/html');
  });
});
