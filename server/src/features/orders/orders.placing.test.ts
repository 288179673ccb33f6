import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { withOrderTables } from './orders.tables.ts';
import type { OrderDoc } from '@shop/shared/sync/order.schema';
import { OrderClient, orderCatalogue, orderDoc } from './orders.test-support.ts';

const app = await buildTestApp({ catalogue: orderCatalogue() });
const client = new OrderClient(app);
const db = withOrderTables(app.db);

const CONTACT = 'shop@localhost';

async function placedRows(orderId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).execute();
}
async function reservations(orderId: string) {
  return db.selectFrom('stock_reservations').selectAll().where('order_id', '=', orderId).execute();
}
async function confirmations(orderNumber: string) {
  const rows = await app.db.withTables<{ outbox: { subject: string; kind: string; to: string; text: string } }>().selectFrom('outbox').selectAll().where('kind', '=', 'order-confirmation').execute();
  // `#` first: the English store numbers its orders EN000000003, which holds the Dutch store's 000000003.
  return rows.filter((row) => row.subject.includes(`#${orderNumber}`));
}

describe('placing an order from a replication push', () => {
  it('places a confirmed order: increment id, status pending, the shop’s totals (tampered client prices ignored), stock reserved, result replicated', async () => {
    const cart = await client.newCart();
    const before = await client.stock('RING-1000');
    const doc = orderDoc({ items: [{ sku: 'RING-1000', type_id: 'simple', checksum: '0123456789abcdef', qty: 2, name: 'Ring', price_incl_tax: 0.01 }] });
    expect(await client.push(cart, [{ doc }])).toEqual([]);

    const order = await client.order(cart, doc.id);
    expect(order).toMatchObject({ transmited: true, resultCode: 200, status: 'pending' });
    expect(order.increment_id).toMatch(/^\d{9}$/);
    expect(order.orderNumber).toBe(order.increment_id);
    expect(order.result).toMatchObject({
      order_id: doc.id,
      increment_id: order.increment_id,
      payment_required: false,
      totals: { subtotal_incl_tax: 2420, shipping_incl_tax: 5, grand_total: 2425, currency: 'EUR' },
    });
    // The request fields stay the client's: the tampered numbers are still what it sent, and unused.
    expect(order.totals.grand_total).toBe(1);
    expect(await client.stock('RING-1000')).toBe(before - 2);
    const [row] = await placedRows(doc.id);
    expect(row).toMatchObject({ grand_total: 2425, status: 'pending', write_id: doc.writeId, owner: `guest:${cart}` });
    expect(await reservations(doc.id)).toEqual([expect.objectContaining({ sku: 'RING-1000', qty: 2, released_at: null })]);
    const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', doc.id).execute();
    expect(items).toEqual([expect.objectContaining({ sku: 'RING-1000', qty: 2, price_incl_tax: 1210, row_total_incl_tax: 2420 })]);
  });

  it('queues one order-confirmation mail to the customer', async () => {
    const cart = await client.newCart();
    const doc = orderDoc({ customer_email: 'mail-test@example.com', paymentMethod: { code: 'purchaseorder' } });
    await client.push(cart, [{ doc }]);
    await client.push(cart, [{ doc }]);
    const { increment_id } = await client.order(cart, doc.id);
    const mails = await confirmations(increment_id!);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'mail-test@example.com', subject: `Uw bestelling #${increment_id}` });
    // The link opens the storefront's order-status page of the order's store, with its hash.
    expect(mails[0]!.text).toMatch(new RegExp(`/nl/order-status/[^/?\\s]+\\?hash=[\\w-]+`));
    expect(mails[0]!.text).toContain('Bedankt voor uw bestelling.');
    // When it was placed, in Dutch (spec 1 §9: HH:mm D/M/YYYY) at the time in Amsterdam, one or two hours ahead of UTC.
    const [row] = await placedRows(doc.id);
    const [, hour, minute, day, month, year] = /\nBesteldatum: (\d{2}):(\d{2}) (\d{1,2})\/(\d{1,2})\/(\d{4})\n/.exec(mails[0]!.text)!.map(Number);
    const placedAt = Number(row!.created_at);
    expect([3_600_000, 7_200_000]).toContain(Date.UTC(year!, month! - 1, day!, hour!, minute!) - (placedAt - (placedAt % 60_000)));
  });

  it('bank transfer: the result, the mail and the order-status answer give the account, the amount and the reference', async () => {
    const cart = await client.newCart();
    const doc = orderDoc({ customer_email: 'transfer@example.com', storeCode: 'en' });
    await client.push(cart, [{ doc }]);
    const order = await client.order(cart, doc.id);
    const instructions = { account_holder: 'Horloge & Diamant B.V.', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', amount: 1215, currency: 'EUR', reference: order.increment_id };
    expect(order.result).toMatchObject({ payment_method: 'banktransfer', bank_transfer: instructions });
    const [mail] = await confirmations(order.increment_id!);
    expect(mail).toMatchObject({ to: 'transfer@example.com', subject: `Your order #${order.increment_id}: please pay by bank transfer` });
    for (const line of ['Amount: €1,215.00', 'IBAN: NL91 ABNA 0417 1643 00', 'BIC: ABNANL2A', 'Account holder: Horloge & Diamant B.V.', `Reference: ${order.increment_id}`]) expect(mail!.text).toContain(line);
    const { order_token: token, hash } = order.result as { order_token: string; hash: string };
    const status = await app.inject({ method: 'GET', url: `/api/order-status/${token}?hash=${encodeURIComponent(hash)}` });
    expect(status.json().result).toMatchObject({ payment: { status: 'pending', group: 'pending' }, bank_transfer: instructions });
    expect(status.json().result.pay_again).toBeUndefined();
  });

  it('writes the confirmation in the language the order was placed in, with its link into the order\'s store', async () => {
    const placed = async (fields: Parameters<typeof orderDoc>[0]) => {
      const cart = await client.newCart();
      const doc = orderDoc(fields);
      await client.push(cart, [{ doc }]);
      const { increment_id } = await client.order(cart, doc.id);
      const [row] = await placedRows(doc.id);
      return { mail: (await confirmations(increment_id!))[0]!, number: increment_id!, row: row! };
    };
    // The English store in English (what a shopper of /en gets without choosing a language).
    const english = await placed({ storeCode: 'en' });
    expect(english.mail.subject).toBe(`Your order #${english.number}: please pay by bank transfer`);
    expect(english.mail.text).toContain('Thank you for your order.');
    expect(english.mail.text).toMatch(/\/en\/order-status\//);
    // The English store with a German interface: German words, English store's link; the language is kept with the order.
    const german = await placed({ storeCode: 'en', language: 'de' });
    expect(german.mail.subject).toBe(`Ihre Bestellung #${german.number}: bitte per Überweisung bezahlen`);
    expect(german.mail.text).toContain('Vielen Dank für Ihre Bestellung.');
    expect(german.mail.text).toMatch(/\/en\/order-status\//);
    expect(german.row.language).toBe('de');
    expect(english.row.language).toBe('en');
  });

  it('shows each line’s chosen options in the mail, as every other place that shows the line', async () => {
    const cart = await client.newCart();
    const options = [{ code: 'size', label: 'Ringmaat', value: '54' }];
    const doc = orderDoc({ items: [{ sku: 'RING-SIZED', type_id: 'simple', checksum: '0123456789abcdef', qty: 1, name: 'Ring', price_incl_tax: 1, options, custom_size: '54.5', custom_size_unit: 'mm' }] });
    await client.push(cart, [{ doc }]);
    const { increment_id } = await client.order(cart, doc.id);
    const [mail] = await confirmations(increment_id!);
    expect(mail!.text).toMatch(/1 × Gouden ring: €1\.210,00\n {3}Ringmaat: 54\n {3}Maat: 54\.5 mm\n/);
    // The shopper's own text, escaped in the HTML part.
    const html = await app.db.withTables<{ outbox: { subject: string; html: string } }>().selectFrom('outbox').select('html').where('subject', '=', mail!.subject).executeTakeFirst();
    expect(html?.html).toContain('<br><small>Ringmaat: 54</small><br><small>Maat: 54.5 mm</small></li>');
  });

  it("refuses an order of a ring without the shopper's size, or with a size on a product that takes none, naming the line; nothing is reserved", async () => {
    const line = { type_id: 'simple' as const, checksum: '0123456789abcdef', qty: 1, name: 'Ring', price_incl_tax: 1 };
    const cases: Array<[OrderDoc['items'], string]> = [
      [[{ ...line, sku: 'RING-SIZED' }], 'Please fill your size'],
      [[{ ...line, sku: 'RING-SIZED', custom_size: '17', custom_size_unit: 'mm' }], 'Your size must be between 38 and 76 mm'],
      [[{ ...line, sku: 'RING-1000', custom_size: '54', custom_size_unit: 'mm' }], 'This product does not take a size'],
    ];
    for (const [items, message] of cases) {
      const cart = await client.newCart();
      const before = await client.stock(items[0]!.sku);
      const doc = orderDoc({ items });
      await client.push(cart, [{ doc }]);
      const order = await client.order(cart, doc.id);
      expect(order, message).toMatchObject({ transmited: true, resultCode: 400 });
      expect(order.result).toMatchObject({ problems: [{ field: 'items.0.custom_size', message, sku: items[0]!.sku }] });
      expect(await placedRows(doc.id)).toEqual([]);
      expect(await client.stock(items[0]!.sku)).toBe(before);
    }
  });

  it('places it once under repeated, retried and concurrent pushes (same write from two tabs, two writes of the same order)', async () => {
    const cart = await client.newCart();
    const before = await client.stock('RING-1000');
    const doc = orderDoc();
    const second = { ...doc, writeId: `${doc.writeId}-tab2` };
    const third = { ...doc, writeId: `${doc.writeId}-tab3` };
    // Two tabs at once: the same write retried, and other writes of the same order document.
    const answers = await Promise.all([client.push(cart, [{ doc }]), client.push(cart, [{ doc }]), client.push(cart, [{ doc: second }]), client.push(cart, [{ doc: third }]), client.push(cart, [{ doc }])]);
    // Whichever write won, the others are conflicts or already applied: never a second order.
    expect(answers.flat().every((conflict) => conflict.id === doc.id && conflict.resultCode === 200)).toBe(true);
    for (let i = 0; i < 3; i++) await client.push(cart, [{ doc }]);
    // The shopper's tab pushes again on top of the server's copy (what RxDB does after the conflict).
    const stored = await client.order(cart, doc.id);
    await client.push(cart, [{ doc: { ...doc, writeId: `${doc.writeId}-again` }, assumed: stored }]);

    expect(await placedRows(doc.id)).toHaveLength(1);
    expect(await reservations(doc.id)).toHaveLength(1);
    expect(await client.stock('RING-1000')).toBe(before - 1);
    const after = await client.order(cart, doc.id);
    expect(after.increment_id).toBe(stored.increment_id);
    expect(await confirmations(stored.increment_id!)).toHaveLength(1);
  });

  it('N concurrent orders for the last K items sell exactly K; the others fail with the spec message and reserve nothing', async () => {
    await client.setStock('LAST-1', 3);
    const carts = await Promise.all(Array.from({ length: 10 }, () => client.newCart()));
    const docs = carts.map(() => orderDoc({ items: [{ sku: 'LAST-1', type_id: 'simple', checksum: '0123456789abcdef', qty: 1, name: 'Last', price_incl_tax: 121 }] }));
    await Promise.all(carts.map((cart, i) => client.push(cart, [{ doc: docs[i]! }])));
    const outcomes = await Promise.all(carts.map((cart, i) => client.order(cart, docs[i]!.id)));
    const placed = outcomes.filter((order) => order.resultCode === 200);
    const refused = outcomes.filter((order) => order.resultCode === 409);
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const order of refused) {
      expect(order.transmited).toBe(true);
      expect(order.result).toMatchObject({ message: 'Some of the ordered products are not available', key: 'orders.messages.notAvailable' });
      expect(order).not.toHaveProperty('increment_id');
      expect(await reservations(order.id)).toEqual([]);
      expect(await placedRows(order.id)).toEqual([]);
    }
    expect(await client.stock('LAST-1')).toBe(0);
    const row = await app.db.selectFrom('stock_items').select('is_in_stock').where('sku', '=', 'LAST-1').executeTakeFirstOrThrow();
    expect(Number(row.is_in_stock)).toBe(0);
  });

  it('an order short of one product takes nothing from the others', async () => {
    await client.setStock('LAST-1', 1);
    const cart = await client.newCart();
    const ringsBefore = await client.stock('RING-1000');
    const doc = orderDoc({
      items: [
        { sku: 'RING-1000', type_id: 'simple', checksum: '0123456789abcdef', qty: 1, name: 'Ring', price_incl_tax: 1210 },
        { sku: 'LAST-1', type_id: 'simple', checksum: '0123456789abcdef', qty: 2, name: 'Last', price_incl_tax: 121 },
      ],
    });
    await client.push(cart, [{ doc }]);
    expect((await client.order(cart, doc.id)).resultCode).toBe(409);
    expect(await client.stock('RING-1000')).toBe(ringsBefore);
    expect(await client.stock('LAST-1')).toBe(1);
  });

  it('refuses products that are out of stock, disabled or unknown', async () => {
    const cart = await client.newCart();
    for (const sku of ['W-4', 'W-5', 'NOPE-1']) {
      const doc = orderDoc({ items: [{ sku, type_id: 'simple', checksum: '0123456789abcdef', qty: 1, name: sku, price_incl_tax: 1 }] });
      await client.push(cart, [{ doc }]);
      expect((await client.order(cart, doc.id)).result).toMatchObject({ message: 'Some of the ordered products are not available' });
    }
  });

  it('refuses an invalid address and invalid other fields with the spec’s messages, reserving nothing', async () => {
    const cart = await client.newCart();
    const before = await client.stock('RING-1000');
    const base = orderDoc();
    const cases = [
      { doc: orderDoc({ shippingAddress: { ...base.shippingAddress, zipCode: '12' } }), message: `Address provided in checkout contains invalid data, order cancelled, contact ${CONTACT}`, field: 'shippingAddress.zipCode' },
      { doc: orderDoc({ billingAddress: { ...base.billingAddress, firstName: 'A1' } }), message: `Address provided in checkout contains invalid data, order cancelled, contact ${CONTACT}`, field: 'billingAddress.firstName' },
      { doc: orderDoc({ shippingAddress: { ...base.shippingAddress, country: 'PL' } }), message: `Address provided in checkout contains invalid data, order cancelled, contact ${CONTACT}`, field: 'shippingAddress.country' },
      { doc: orderDoc({ customer_email: 'not-an-address' }), message: `Internal validation error, check required fields, contact ${CONTACT}`, field: 'customer_email' },
      { doc: orderDoc({ paymentMethod: { code: 'bitcoin' } }), message: `Internal validation error, check required fields, contact ${CONTACT}`, field: 'paymentMethod' },
      { doc: orderDoc({ shippingMethod: { carrier_code: 'ups', method_code: 'express' } }), message: `Internal validation error, check required fields, contact ${CONTACT}`, field: 'shippingMethod' },
      { doc: orderDoc({ items: [] }), message: `Internal validation error, check required fields, contact ${CONTACT}`, field: 'items' },
    ];
    for (const { doc, message, field } of cases) {
      await client.push(cart, [{ doc }]);
      const order = await client.order(cart, doc.id);
      expect(order.resultCode, field).toBe(400);
      expect(order.transmited).toBe(true);
      expect(order.result).toMatchObject({ message, problems: expect.arrayContaining([expect.objectContaining({ field })]) });
      expect(await placedRows(doc.id)).toEqual([]);
    }
    expect(await client.stock('RING-1000')).toBe(before);
  });

  it('does not place an unconfirmed offline order until the shopper confirms it', async () => {
    const cart = await client.newCart();
    const doc = orderDoc({ confirmed: false });
    await client.push(cart, [{ doc }]);
    const waiting = await client.order(cart, doc.id);
    expect(waiting.transmited).toBe(false);
    expect(waiting).not.toHaveProperty('resultCode');
    expect(await placedRows(doc.id)).toEqual([]);

    await client.push(cart, [{ doc: { ...doc, confirmed: true, writeId: `${doc.writeId}-confirmed` }, assumed: waiting }]);
    expect(await client.order(cart, doc.id)).toMatchObject({ transmited: true, resultCode: 200 });
    expect(await placedRows(doc.id)).toHaveLength(1);
  });

  it('a purchase order gets po_number 000000000 when none is given, with the comment', async () => {
    const cart = await client.newCart();
    const doc = orderDoc({ paymentMethod: { code: 'purchaseorder' }, comment: 'Deliver to the back door' });
    await client.push(cart, [{ doc }]);
    expect((await client.order(cart, doc.id)).resultCode).toBe(200);
    expect((await placedRows(doc.id))[0]!.po_number).toBe('000000000');
    expect(await app.orders.comments(doc.id)).toEqual([expect.objectContaining({ comment: 'PO number 000000000: Deliver to the back door' })]);
    const given = orderDoc({ paymentMethod: { code: 'purchaseorder' }, po_number: 'PO-42' });
    await client.push(cart, [{ doc: given }]);
    expect((await placedRows(given.id))[0]!.po_number).toBe('PO-42');
  });

  it('a payment-service method needs a payment', async () => {
    const cart = await client.newCart();
    const doc = orderDoc({ paymentMethod: { code: 'multisafepay_ideal' } });
    await client.push(cart, [{ doc }]);
    expect((await client.order(cart, doc.id)).result).toMatchObject({ payment_required: true, order_token: expect.any(String), hash: expect.any(String) });
  });
});

describe('owners', () => {
  it('one shopper never sees another’s order, even by pushing or posting its id', async () => {
    const anna = await client.newCart();
    const bert = await client.newCart();
    const doc = orderDoc();
    await client.push(anna, [{ doc }]);
    const annas = await client.order(anna, doc.id);

    expect(await client.pull(bert)).toEqual([]);
    await client.push(bert, [{ doc: { ...doc, writeId: `${doc.writeId}-bert` } }]);
    const bertsCopy = await client.order(bert, doc.id);
    expect(bertsCopy.resultCode).toBe(400);
    expect(bertsCopy).not.toHaveProperty('increment_id');
    expect(JSON.stringify(bertsCopy)).not.toContain(annas.increment_id);
    const posted = await app.inject({ method: 'POST', url: `/api/order?cartId=${bert}`, payload: { order: { ...doc, writeId: 'bert-post' } } });
    expect(JSON.stringify(posted.json())).not.toContain(annas.increment_id);
    expect((await placedRows(doc.id))[0]!.owner).toBe(`guest:${anna}`);
    expect((await app.orders.listForOwner(`guest:${bert}`))).toEqual([]);
  });

  it('a guest who moved to a new cart and pushes the placed order again gets its result back, with the order token only', async () => {
    const first = await client.newCart();
    const next = await client.newCart();
    const doc = orderDoc();
    await client.push(first, [{ doc }]);
    const placed = await client.order(first, doc.id);
    const stock = await client.stock('RING-1000');
    const mails = (await confirmations(placed.increment_id!)).length;

    // The device re-pushes its copy under the new cart (replication starts afresh for a new owner): the shop's
    // answer, order token included, travels with it.
    await client.push(next, [{ doc: { ...placed, writeId: `${doc.writeId}-moved` } }]);
    const moved = await client.order(next, doc.id);
    expect(moved).toMatchObject({ resultCode: 200, transmited: true, increment_id: placed.increment_id, status: 'pending' });
    expect(moved.result).toEqual(placed.result);
    // Nothing is placed, reserved or mailed again.
    expect(await placedRows(doc.id)).toHaveLength(1);
    expect((await placedRows(doc.id))[0]!.owner).toBe(`guest:${first}`);
    expect(await reservations(doc.id)).toHaveLength(1);
    expect(await client.stock('RING-1000')).toBe(stock);
    expect(await confirmations(placed.increment_id!)).toHaveLength(mails);

    // Later status changes reach the moved copy too.
    await app.orders.setStatus(doc.id, 'processing', 'Paid');
    expect((await client.order(first, doc.id)).status).toBe('processing');
    expect((await client.order(next, doc.id)).status).toBe('processing');

    // A wrong or missing token is the plain refusal.
    const stranger = await client.newCart();
    const forged = { ...placed, writeId: `${doc.writeId}-forged`, result: { ...(placed.result as object), order_token: 'x'.repeat(32) } };
    await client.push(stranger, [{ doc: forged }]);
    const refused = await client.order(stranger, doc.id);
    expect(refused.resultCode).toBe(400);
    expect(JSON.stringify(refused)).not.toContain(placed.increment_id);
    // And the refused copy hears nothing of the order's later changes.
    await app.orders.setStatus(doc.id, 'complete');
    expect((await client.order(next, doc.id)).status).toBe('complete');
    expect(await client.order(stranger, doc.id)).not.toHaveProperty('status');
  });
});

describe('POST /api/order', () => {
  it('places the order once and answers its result with the HTTP status of its code', async () => {
    const cart = await client.newCart();
    const doc = orderDoc();
    const first = await app.inject({ method: 'POST', url: `/api/order?cartId=${cart}`, payload: { order: doc } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code: 200, result: { order_id: doc.id, increment_id: expect.stringMatching(/^\d{9}$/) } });
    const again = await app.inject({ method: 'POST', url: `/api/order?cartId=${cart}`, payload: { order: doc } });
    expect(again.json().result.increment_id).toBe(first.json().result.increment_id);
    expect(await placedRows(doc.id)).toHaveLength(1);
    // The replicated document carries the same result.
    expect((await client.order(cart, doc.id)).increment_id).toBe(first.json().result.increment_id);
  });

  it('answers 400 with the spec message for an invalid order and 401 without a cart', async () => {
    const cart = await client.newCart();
    const bad = await app.inject({ method: 'POST', url: `/api/order?cartId=${cart}`, payload: { order: { id: 'x-1', items: 'none' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result.message).toBe(`Internal validation error, check required fields, contact ${CONTACT}`);
    const invalid = await app.inject({ method: 'POST', url: `/api/order?cartId=${cart}`, payload: { order: orderDoc({ shippingAddress: { ...orderDoc().shippingAddress, city: '' } }) } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().result.message).toBe(`Address provided in checkout contains invalid data, order cancelled, contact ${CONTACT}`);
    expect((await app.inject({ method: 'POST', url: '/api/order', payload: { order: orderDoc() } })).statusCode).toBe(401);
  });
});

describe('the orders service', () => {
  it('finds orders by id and increment id, checks the status hash, changes the status on the replicated document', async () => {
    const cart = await client.newCart();
    const doc = orderDoc();
    await client.push(cart, [{ doc }]);
    const placed = (await app.orders.getOrder(doc.id))!;
    expect(placed).toMatchObject({ id: doc.id, owner: `guest:${cart}`, store: 'nl', currency: 'EUR', grand_total: 1215, grand_total_minor: 121500, status: 'pending', customer_email: 'anna@example.com', payment_method: 'banktransfer' });
    expect(await app.orders.findByIncrementId(placed.increment_id)).toEqual(placed);
    expect(await app.orders.findByToken(placed.order_token)).toEqual(placed);
    expect(app.orders.verifyStatusHash(placed, placed.status_hash)).toBe(true);
    expect(app.orders.verifyStatusHash(placed, app.orders.statusHash(placed.order_token, '000000999'))).toBe(false);
    expect(await app.orders.getOrder('no-such-order')).toBeNull();

    await app.orders.addComment(doc.id, { comment: 'Payment is created for amount 1215', status: 'pending_payment', is_customer_notified: false, is_visible_on_front: false });
    await app.orders.setStatus(doc.id, 'pending_payment');
    await app.orders.setStatus(doc.id, 'processing', 'Paid');
    expect((await client.order(cart, doc.id)).status).toBe('processing');
    expect((await app.orders.getOrder(doc.id))!.status).toBe('processing');
    expect((await app.orders.comments(doc.id)).map((c) => c.comment)).toEqual(['Payment is created for amount 1215', 'Paid']);
  });

  it('cancel gives the stock back once; a late payment does not revive a canceled order', async () => {
    const cart = await client.newCart();
    const doc = orderDoc();
    const before = await client.stock('RING-1000');
    await client.push(cart, [{ doc }]);
    expect(await client.stock('RING-1000')).toBe(before - 1);
    await app.orders.setStatus(doc.id, 'canceled', 'Payment expired');
    expect(await client.stock('RING-1000')).toBe(before);
    expect(await app.orders.releaseStock(doc.id)).toBe(false);
    expect(await client.stock('RING-1000')).toBe(before);
    await app.orders.setStatus(doc.id, 'processing', 'Paid late');
    expect((await app.orders.getOrder(doc.id))!.status).toBe('canceled');
    expect((await client.order(cart, doc.id)).status).toBe('canceled');
  });
});

describe('an account made in checkout ("create an account")', () => {
  const password = 'correct horse 42';
  const register = (email: string, orders?: Array<{ id: string; token: string }>) =>
    app.inject({ method: 'POST', url: '/api/user/create', payload: { customer: { email, firstname: 'Anna', lastname: 'Jansen' }, password, ...(orders ? { orders } : {}) } });
  const history = async (email: string) => {
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password } });
    expect(login.statusCode, login.body).toBe(200);
    const answer = await app.inject({ method: 'GET', url: '/api/user/order-history', headers: { authorization: `Bearer ${login.json().result}` } });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().result as { items: Array<{ id: string; increment_id?: string; status?: string }>; total_count: number };
  };
  const placeAsGuest = async (email: string) => {
    const cart = await client.newCart();
    const doc = orderDoc({ customer_email: email, personalDetails: { firstName: 'Anna', lastName: 'Jansen', emailAddress: email } });
    await client.push(cart, [{ doc }]);
    const placed = await client.order(cart, doc.id);
    return { cart, doc, placed, token: (placed.result as { order_token: string }).order_token };
  };

  it('owns the order it was made with: My orders lists it, and its status changes reach it', async () => {
    const email = 'checkout-account@example.com';
    const { cart, doc, placed, token } = await placeAsGuest(email);
    expect((await register(email, [{ id: doc.id, token }])).statusCode).toBe(200);

    const mine = await history(email);
    expect(mine.items).toEqual([expect.objectContaining({ id: doc.id, increment_id: placed.increment_id, status: 'pending' })]);
    const customer = await app.db.withTables<{ customers: { id: number; email: string } }>().selectFrom('customers').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect((await placedRows(doc.id))[0]).toMatchObject({ owner: `customer:${customer.id}` });

    // The device that placed it keeps its copy; a status change reaches both.
    await app.orders.setStatus(doc.id, 'processing', 'Paid');
    expect((await history(email)).items[0]).toMatchObject({ id: doc.id, status: 'processing' });
    expect((await client.order(cart, doc.id)).status).toBe('processing');
    // The placing device pushing its copy again (RxDB does after any error) changes nothing.
    expect(await client.push(cart, [{ doc: { ...doc, writeId: `${doc.writeId}-again` }, assumed: await client.order(cart, doc.id) }])).toEqual([]);
    expect(await placedRows(doc.id)).toHaveLength(1);
  });

  it('takes no order without its order token, with another e-mail address, or of another customer', async () => {
    const email = 'someone-else@example.com';
    const guest = await placeAsGuest('anna@example.com');
    const own = await placeAsGuest(email);
    const answer = await register(email, [
      { id: guest.doc.id, token: guest.token },
      { id: own.doc.id, token: 'not-the-order-token' },
      { id: 'no-such-order', token: own.token },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await history(email)).items).toEqual([]);
    expect((await placedRows(guest.doc.id))[0]!.owner).toBe(`guest:${guest.cart}`);
    expect((await placedRows(own.doc.id))[0]!.owner).toBe(`guest:${own.cart}`);

    // Bad input is a 400 naming the field, never a 500.
    const bad = await app.inject({ method: 'POST', url: '/api/user/create', payload: { customer: { email: 'x-bad@example.com', firstname: 'Anna', lastname: 'Jansen' }, password, orders: [{ id: 5 }] } });
    expect(bad.statusCode).toBe(400);
  });
});
