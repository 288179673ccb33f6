/**
 * Orders placed through the real placing step and paid through the sandbox (issue 12): the amount charged is the
 * amount shown to the cent, and the mails say what actually happened (placed and awaiting payment, paid, cancelled).
 */
import { cartTotals } from '@shop/shared/cart/index';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { OrderClient, orderCatalogue, orderDoc } from '../orders/orders.test-support.ts';

/** 5995.87 excl. tax is 7254.99 incl. 21% NL tax, shown as €7.255 (spec 1 §9: whole amounts). */
function catalogue() {
  const source = orderCatalogue();
  const ring = source.products.find((product) => product.sku === 'RING-1000')!;
  source.products.push({ ...ring, id: 52, sku: 'WATCH-CENTS', price: 5995.87, stores: { nl: { name: 'Horloge met centen', url_key: 'horloge-met-centen' }, en: { name: 'Watch with cents', url_key: 'watch-with-cents' } } });
  return source;
}

const app = await buildTestApp({ catalogue: catalogue() });
const client = new OrderClient(app);
const SHOP = 'http://127.0.0.1:3000';

async function mails(incrementId: string) {
  const rows = await app.db.withTables<{ outbox: { id: number; subject: string; kind: string; text: string } }>().selectFrom('outbox').selectAll().orderBy('id').execute();
  return rows.filter((row) => row.subject.includes(incrementId)).map((row) => ({ kind: row.kind, subject: row.subject, text: row.text }));
}

async function placeOnline(sku = 'RING-1000', store = 'nl') {
  const cart = await client.newCart();
  const doc = orderDoc({ storeCode: store, paymentMethod: { code: 'multisafepay_ideal' }, items: [{ sku, type_id: 'simple', checksum: '0123456789abcdef', qty: 1, name: sku, price_incl_tax: 7254.99 }] });
  await client.push(cart, [{ doc }]);
  const order = await client.order(cart, doc.id);
  expect(order.resultCode).toBe(200);
  const result = order.result as { increment_id: string; order_token: string; hash: string; payment_required: boolean; totals: { grand_total: number } };
  expect(result.payment_required).toBe(true);
  return { id: doc.id, cart, ...result };
}

async function createPayment(order: { id: string; order_token: string }, method = 'multisafepay_ideal') {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/payment/post-payment?store=nl',
    headers: { 'x-order-token': order.order_token },
    payload: { order_id: order.id, currency: 'EUR', description: 'x', redirectUrl: `${SHOP}/nl/order-status`, method, issuer: 'ideal_INGBNL2A', amount: 0.01 },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result as { amount: string; currency: string; payment_gateway_url: string };
}

async function choose(gatewayUrl: string, outcome: string) {
  const answer = await app.inject({ method: 'POST', url: `${new URL(gatewayUrl).pathname}${new URL(gatewayUrl).search}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `outcome=${outcome}` });
  expect(answer.statusCode).toBe(303);
}

describe('the amount charged is the amount shown', () => {
  it('a price with cents: the cart shows, the order totals and the payment charges the same whole amount', async () => {
    const order = await placeOnline('WATCH-CENTS');
    // What the checkout shows for the line the shopper had (price 7254.99) and DPD Courier.
    const shown = cartTotals([{ qty: 1, snapshot: { value: { name: 'x', price_incl_tax: 7254.99, image: '', url_path: '' }, at: 0, replica: 'r' } }]).grand_total;
    expect(shown).toBe(7260);
    expect(order.totals.grand_total).toBe(shown);
    const payment = await createPayment(order);
    expect(payment).toMatchObject({ amount: '7260.00', currency: 'EUR' });
    const page = await app.inject({ method: 'GET', url: `${new URL(payment.payment_gateway_url).pathname}${new URL(payment.payment_gateway_url).search}`, headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('€7,260.00');
  });
});

describe('the order mails say what happened', () => {
  it('an online payment: "waiting for your payment" when placed, then "payment received" once paid; never a thank-you before', async () => {
    const order = await placeOnline();
    const placed = await mails(order.increment_id);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ kind: 'order-confirmation', subject: `Uw bestelling #${order.increment_id} wacht op uw betaling` });
    expect(placed[0]!.text).toContain('nog niet betaald');
    expect(placed[0]!.text).not.toContain('Bedankt voor uw bestelling');

    // A failed payment says nothing new (the order still waits); paying again and succeeding does.
    await choose((await createPayment(order)).payment_gateway_url, 'failed');
    expect(await mails(order.increment_id)).toHaveLength(1);
    await choose((await createPayment(order, 'multisafepay_creditcard')).payment_gateway_url, 'paid');
    const after = await mails(order.increment_id);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ kind: 'order-paid', subject: `Betaling ontvangen voor uw bestelling #${order.increment_id}` });
    expect(after[1]!.text).toContain('Bedankt voor uw bestelling: we hebben uw betaling ontvangen.');
  });

  it("the payment-received mail shows each line's size, as the first mail does", async () => {
    const cart = await client.newCart();
    const doc = orderDoc({ storeCode: 'en', paymentMethod: { code: 'multisafepay_ideal' }, items: [{ sku: 'RING-SIZED', type_id: 'simple', checksum: '0123456789abcdef', qty: 1, name: 'Ring', price_incl_tax: 1210, custom_size: '2.13', custom_size_unit: 'inch' }] });
    await client.push(cart, [{ doc }]);
    const order = await client.order(cart, doc.id);
    const result = order.result as { increment_id: string; order_token: string };
    await choose((await createPayment({ id: doc.id, order_token: result.order_token })).payment_gateway_url, 'paid');
    const sent = await mails(result.increment_id);
    expect(sent.map((mail) => mail.kind)).toEqual(['order-confirmation', 'order-paid']);
    for (const mail of sent) expect(mail.text).toMatch(/1 × Gold ring: €1,210\.00\n {3}Size: 2\.13 inch\n/);
  });

  it('a cancelled payment and the cart taken back: a cancellation mail, the stock back, and the lines answered for the cart', async () => {
    const before = await client.stock('RING-1000');
    const order = await placeOnline('RING-1000', 'en');
    expect(await client.stock('RING-1000')).toBe(before - 1);
    await choose((await createPayment(order)).payment_gateway_url, 'cancelled');
    // Cancelled at the provider: still reserved, waiting for another payment.
    expect(await client.stock('RING-1000')).toBe(before - 1);
    const back = await app.inject({ method: 'POST', url: `/api/order-status/${order.order_token}/cancel?hash=${encodeURIComponent(order.hash)}` });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().result.items).toEqual([
      {
        id: 'RING-1000:0123456789abcdef',
        sku: 'RING-1000',
        checksum: '0123456789abcdef',
        type_id: 'simple',
        qty: 1,
        snapshot: { name: 'Silver ring', price_incl_tax: 7254.99, image: expect.any(String), url_path: expect.stringContaining('silver-ring') },
      },
    ]);
    expect(await client.stock('RING-1000')).toBe(before);
    const sent = await mails(order.increment_id);
    expect(sent.map((mail) => mail.subject)).toEqual([`Your order #${order.increment_id} is waiting for your payment`, `Your order #${order.increment_id} has been cancelled`]);
    expect(sent[1]!.text).toContain('nothing has been charged');
    // The owner's devices see the order canceled.
    expect((await client.order(order.cart, order.id)).status).toBe('canceled');
  });
});
