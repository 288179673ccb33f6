/**
 * Placing and releasing under real concurrency (decision 041): requests spread over two shop instances on one
 * PostgreSQL database run side by side (one instance on SQLite, where one connection runs them one after the other).
 */
import { describe, expect, it } from 'vitest';
import { withOrderTables } from './orders.tables.ts';
import { appsOnOneDatabase, OrderClient, orderDoc } from './orders.test-support.ts';

const { apps } = await appsOnOneDatabase();
const clients = apps.map((app) => new OrderClient(app));
const client = clients[0]!;
/** The i-th request's instance: round robin, as a load balancer spreads them. */
const on = (i: number) => clients[i % clients.length]!;
const db = withOrderTables(apps[0]!.db);

const ONE_OFF = { sku: 'LAST-1', type_id: 'simple' as const, checksum: '0123456789abcdef', qty: 1, name: 'Last', price_incl_tax: 121 };

/** The default store's order numbers (bare digits), and its sequence's last number. */
async function orderNumbers(): Promise<{ numbers: number[]; last: number }> {
  const rows = await db.selectFrom('orders').select('increment_id').where('store', '=', 'nl').execute();
  const sequence = await db.selectFrom('order_sequences').select('last_value').where('store', '=', 'nl').executeTakeFirst();
  return { numbers: rows.map((row) => Number(row.increment_id)).sort((a, b) => a - b), last: Number(sequence?.last_value ?? 0) };
}

describe('orders placed at the same moment', () => {
  it('20 shoppers at once for a one-of-a-kind piece (each request sent twice, to both instances): one order, 19 refusals, no 5xx, gap-free numbers', async () => {
    await client.setStock('LAST-1', 1);
    const carts = await Promise.all(Array.from({ length: 20 }, (_, i) => on(i).newCart()));
    const rings = await Promise.all(Array.from({ length: 6 }, (_, i) => on(i).newCart()));
    const docs = carts.map(() => orderDoc({ items: [ONE_OFF] }));
    const ringDocs = rings.map(() => orderDoc());
    const before = await orderNumbers();
    // `push` expects a 200: a 5xx fails the test. Every shopper's push is duplicated, as a retrying proxy does.
    await Promise.all([
      ...carts.flatMap((cart, i) => [on(i).push(cart, [{ doc: docs[i]! }]), on(i + 1).push(cart, [{ doc: docs[i]! }])]),
      ...rings.flatMap((cart, i) => [on(i).push(cart, [{ doc: ringDocs[i]! }]), on(i + 1).push(cart, [{ doc: ringDocs[i]! }])]),
    ]);

    const outcomes = await Promise.all(carts.map((cart, i) => client.order(cart, docs[i]!.id)));
    expect(outcomes.filter((order) => order.resultCode === 200)).toHaveLength(1);
    const refused = outcomes.filter((order) => order.resultCode === 409);
    expect(refused).toHaveLength(19);
    for (const order of refused) expect(order.result).toMatchObject({ key: 'orders.messages.notAvailable' });
    for (const [i, cart] of rings.entries()) expect((await client.order(cart, ringDocs[i]!.id)).resultCode).toBe(200);

    expect(await client.stock('LAST-1')).toBe(0);
    const reserved = await db.selectFrom('stock_reservations').select('order_id').where('sku', '=', 'LAST-1').where('released_at', 'is', null).execute();
    expect(reserved).toHaveLength(1);
    // One order row per placed document, and the store's numbers run on without a hole (refusals take none).
    const placed = await db.selectFrom('orders').select('id').where('id', 'in', [...docs, ...ringDocs].map((doc) => doc.id)).execute();
    expect(placed).toHaveLength(7);
    const after = await orderNumbers();
    expect(after.last).toBe(before.last + 7);
    expect(after.numbers).toEqual(Array.from({ length: after.last }, (_, i) => i + 1));
  });

  it('one push of three orders, the middle one short of stock, beside other pushes: the placed two take numbers with no hole, their rows carry the numbers their documents answer', async () => {
    await client.setStock('LAST-1', 0);
    const cart = await client.newCart();
    const others = await Promise.all(Array.from({ length: 4 }, (_, i) => on(i).newCart()));
    const docs = [orderDoc(), orderDoc({ items: [ONE_OFF] }), orderDoc()];
    const before = await orderNumbers();
    await Promise.all([on(0).push(cart, docs.map((doc) => ({ doc }))), ...others.map((other, i) => on(i + 1).push(other, [{ doc: orderDoc() }]))]);

    const outcomes = await Promise.all(docs.map((doc) => client.order(cart, doc.id)));
    expect(outcomes.map((order) => order.resultCode)).toEqual([200, 409, 200]);
    expect(outcomes[1]).not.toHaveProperty('increment_id');
    const rows = await db.selectFrom('orders').select(['id', 'increment_id']).where('id', 'in', docs.map((doc) => doc.id)).execute();
    expect(new Map(rows.map((row) => [row.id, row.increment_id]))).toEqual(new Map([docs[0]!, docs[2]!].map((doc, i) => [doc.id, outcomes[i * 2]!.increment_id])));
    const after = await orderNumbers();
    expect(after.last).toBe(before.last + 6);
    expect(after.numbers).toEqual(Array.from({ length: after.last }, (_, i) => i + 1));
  });

  it('the same write pushed twice at once, to both instances, is applied once and answered without a 5xx', async () => {
    for (let round = 0; round < 5; round++) {
      const cart = await client.newCart();
      const doc = orderDoc();
      const answers = await Promise.all([on(0).push(cart, [{ doc }]), on(1).push(cart, [{ doc }]), on(0).push(cart, [{ doc }])]);
      // One push applied it and answers nothing; the others answer the placed order (what a resent push needs).
      const placed = await client.order(cart, doc.id);
      expect(answers.filter((answer) => answer.length === 0)).toHaveLength(1);
      for (const answer of answers.filter((answer) => answer.length > 0)) expect(answer).toEqual([placed]);
      const applied = await db.selectFrom('applied_writes').select('write_id').where('write_id', '=', doc.writeId).execute();
      expect(applied).toHaveLength(1);
      const logged = await db.selectFrom('replication_events').select('seq').where('write_id', '=', doc.writeId).execute();
      expect(logged).toHaveLength(1);
      expect(await db.selectFrom('orders').select('id').where('id', '=', doc.id).execute()).toHaveLength(1);
    }
  });
});

describe('stock given back at the same moment', () => {
  it('releasing an order several times at once (two instances, a cancel beside them) gives its stock back once', async () => {
    const carts = await Promise.all(Array.from({ length: 4 }, (_, i) => on(i).newCart()));
    const docs = carts.map(() => orderDoc({ items: [{ sku: 'RING-1000', type_id: 'simple', checksum: '0123456789abcdef', qty: 2, name: 'Ring', price_incl_tax: 1210 }] }));
    for (const [i, cart] of carts.entries()) await client.push(cart, [{ doc: docs[i]! }]);
    const before = await client.stock('RING-1000');

    const released = await Promise.all(
      docs.flatMap((doc) => [apps[0]!.orders.releaseStock(doc.id), apps[apps.length - 1]!.orders.releaseStock(doc.id), apps[0]!.orders.releaseStock(doc.id)]),
    );
    await Promise.all(docs.map((doc, i) => apps[i % apps.length]!.orders.setStatus(doc.id, 'canceled', 'Payment expired')));

    // Each order's 2 rings come back once: 3 calls per order, one of them gave something back.
    expect(await client.stock('RING-1000')).toBe(before + 2 * docs.length);
    for (let i = 0; i < docs.length; i++) expect(released.slice(i * 3, i * 3 + 3).filter(Boolean)).toHaveLength(1);
    const open = await db.selectFrom('stock_reservations').select('order_id').where('order_id', 'in', docs.map((doc) => doc.id)).where('released_at', 'is', null).execute();
    expect(open).toEqual([]);
  });
});
