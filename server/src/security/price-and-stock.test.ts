/**
 * Issue 13, items 1-3: price and stock are the server's. Each test replays an attack that worked on the shop (a bundle
 * priced by the shopper's quantities and links, a variant sold through its parent at the parent's price and stock,
 * bundle and grouped members sold without their stock) and asserts the refusal, or the catalogue's price and stock.
 */
import { SAMPLE_DOCS } from '@shop/shared/sync/test-documents';
import type { OrderDoc } from '@shop/shared/sync/order.schema';
import { describe, expect, it } from 'vitest';
import type { SourceProduct } from '../storage/seed/catalogue-source.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { withOrderTables } from '../features/orders/orders.tables.ts';
import { OrderClient, orderCatalogue, orderDoc } from '../features/orders/orders.test-support.ts';

const CONTACT = 'shop@localhost';
const NOT_AVAILABLE = 'Some of the ordered products are not available';
const BUNDLE_MESSAGE = 'Please configure product bundle options (or custom options) and fix the validation errors';

/**
 * The order catalogue plus: ONE-1, a one-of-a-kind watch (3000 excl. tax); STRAP-1 (100) and WIND-1 (200);
 * BUNDLE-70, a gift set of a watch (W-1 or ONE-1, required), a strap (required) and optionally a winder; SET-80, a
 * grouped set of ONE-1 and STRAP-1. The fixture's R-6 is a configurable ring (1000) with R-6-52 (1100) and R-6-54 (900).
 */
function catalogue() {
  const source = orderCatalogue();
  const ring = source.products.find((p) => p.sku === 'RING-1000')!;
  const simple = (id: number, sku: string, name: string, price: number, qty: number): SourceProduct => ({
    ...ring,
    id,
    sku,
    stores: { nl: { name, url_key: sku.toLowerCase() }, en: { name, url_key: sku.toLowerCase() } },
    price,
    stock: { qty, is_in_stock: qty > 0, manage_stock: true, backorders: false },
  });
  source.products.push(
    simple(60, 'ONE-1', 'One of a kind', 3000, 1),
    simple(61, 'STRAP-1', 'Strap', 100, 50),
    simple(62, 'WIND-1', 'Winder', 200, 50),
    {
      ...ring,
      id: 70,
      sku: 'BUNDLE-70',
      type_id: 'bundle',
      stores: { nl: { name: 'Cadeauset', url_key: 'cadeauset' }, en: { name: 'Gift set', url_key: 'gift-set' } },
      price: 1,
      stock: { qty: 0, is_in_stock: true, manage_stock: false, backorders: false },
      bundle_options: [
        { option_id: 1, title: { nl: 'Horloge', en: 'Watch' }, type: 'radio', required: true, position: 1, links: [{ id: 1, sku: 'W-1', qty: 1, is_default: true, position: 1 }, { id: 2, sku: 'ONE-1', qty: 1, is_default: false, position: 2 }] },
        { option_id: 2, title: { nl: 'Band', en: 'Strap' }, type: 'select', required: true, position: 2, links: [{ id: 3, sku: 'STRAP-1', qty: 1, is_default: true, position: 1 }] },
        { option_id: 3, title: { nl: 'Opwinder', en: 'Winder' }, type: 'checkbox', required: false, position: 3, links: [{ id: 4, sku: 'WIND-1', qty: 1, is_default: true, position: 1 }] },
      ],
    },
    {
      ...ring,
      id: 80,
      sku: 'SET-80',
      type_id: 'grouped',
      stores: { nl: { name: 'Set', url_key: 'set-80' }, en: { name: 'Set', url_key: 'set-80' } },
      price: 1,
      stock: { qty: 0, is_in_stock: true, manage_stock: false, backorders: false },
      links: [
        { sku: 'ONE-1', qty: 1, position: 1 },
        { sku: 'STRAP-1', qty: 1, position: 2 },
      ],
    },
  );
  return source;
}

const app = await buildTestApp({ catalogue: catalogue() });
const client = new OrderClient(app);
const db = withOrderTables(app.db);

type Item = OrderDoc['items'][number];
type BundleChoice = Array<{ option_id: number; option_qty: number; option_selections: number[] }>;

const bundleItem = (choice: BundleChoice, qty = 1): Item => ({
  sku: 'BUNDLE-70',
  type_id: 'bundle',
  checksum: '0123456789abcdef',
  qty,
  name: 'Gift set',
  price_incl_tax: 1,
  product_option: { extension_attributes: { bundle_options: choice } },
});
const ringItem = (options: Array<{ option_id: number; option_value: number }>, qty = 1): Item => ({
  sku: 'R-6',
  type_id: 'configurable',
  checksum: '0123456789abcdef',
  qty,
  name: 'Ring',
  price_incl_tax: 1,
  product_option: { extension_attributes: { configurable_item_options: options } },
});
const simpleItem = (sku: string, qty = 1): Item => ({ sku, type_id: 'simple', checksum: '0123456789abcdef', qty, name: sku, price_incl_tax: 1 });
const setItem = (qty = 1): Item => ({ sku: 'SET-80', type_id: 'grouped', checksum: '0123456789abcdef', qty, name: 'Set', price_incl_tax: 1 });

/** W-1 (5000) with STRAP-1 (100) and WIND-1 (200): the full gift set, 5300 excl. tax, 6413 incl. */
const FULL_SET: BundleChoice = [
  { option_id: 1, option_qty: 1, option_selections: [1] },
  { option_id: 2, option_qty: 1, option_selections: [3] },
  { option_id: 3, option_qty: 1, option_selections: [4] },
];

async function place(items: Item[]) {
  const cart = await client.newCart();
  const doc = orderDoc({ items });
  await client.push(cart, [{ doc }]);
  return { cart, doc, order: await client.order(cart, doc.id) };
}

async function orderRows(orderId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).execute();
}
async function reserved(orderId: string) {
  const rows = await db.selectFrom('stock_reservations').select(['sku', 'qty']).where('order_id', '=', orderId).execute();
  return Object.fromEntries(rows.map((row) => [row.sku, Number(row.qty)]));
}

async function call(method: 'GET' | 'POST', url: string, cart: string, payload?: object) {
  const response = await app.inject({ method, url: `${url}?cartId=${cart}`, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}

/** A cart line the browser pushes through replication, past `cart/update`, as an attacker's script can. */
async function pushLine(cart: string, line: { sku: string; type_id: string; product_option?: object }) {
  const { product_option: _own, parentSku: _parent, ...sample } = SAMPLE_DOCS.cart;
  const doc = { ...sample, id: `${line.sku}:0123456789abcdef`, writeId: `browser-${cart}`, ...line };
  const response = await app.inject({ method: 'POST', url: `/api/replication/cart/push?cartId=${cart}`, payload: [{ newDocumentState: doc }] });
  expect(response.statusCode, response.body).toBe(200);
}

describe('item 1: bundle prices come from the catalogue, every option choice checked', () => {
  const attacks: Array<[string, BundleChoice]> = [
    ['an option_qty of 0.01 on every option', FULL_SET.map((option) => ({ ...option, option_qty: 0.01 }))],
    ['a required option pointed at an unknown link id', [{ option_id: 1, option_qty: 1, option_selections: [999] }, FULL_SET[1]!]],
    ['a required option left out', [FULL_SET[1]!]],
    ['a link of another option', [{ option_id: 1, option_qty: 1, option_selections: [3] }, FULL_SET[1]!]],
    ['more of a piece than the option holds', [{ option_id: 1, option_qty: 5, option_selections: [1] }, FULL_SET[1]!]],
    ['two pieces in a one-piece option', [{ option_id: 1, option_qty: 1, option_selections: [1, 2] }, FULL_SET[1]!]],
    ['an unknown option', [...FULL_SET, { option_id: 77, option_qty: 1, option_selections: [1] }]],
  ];

  for (const [attack, choice] of attacks) {
    it(`item 1: ${attack} is refused when placing the order, nothing placed or reserved`, async () => {
      const before = await client.stock('W-1');
      const { doc, order } = await place([bundleItem(choice)]);
      expect(order.resultCode).toBe(400);
      expect(order.result).toMatchObject({
        message: `Internal validation error, check required fields, contact ${CONTACT}`,
        problems: [{ field: 'items.0.product_option', message: BUNDLE_MESSAGE, sku: 'BUNDLE-70' }],
      });
      expect(await orderRows(doc.id)).toEqual([]);
      expect(await client.stock('W-1')).toBe(before);
    });

    it(`item 1: ${attack} is refused by cart/update and by the totals of a line pushed past it`, async () => {
      const cart = await client.newCart();
      const added = await call('POST', '/api/cart/update', cart, { cartItem: { sku: 'BUNDLE-70', qty: 1, product_option: { extension_attributes: { bundle_options: choice } } } });
      expect(added.status).toBe(400);
      expect(added.body.result).toMatchObject({ error: 'cart_bundle_options', message: BUNDLE_MESSAGE });
      await pushLine(cart, { sku: 'BUNDLE-70', type_id: 'bundle', product_option: { extension_attributes: { bundle_options: choice } } });
      const totals = await call('GET', '/api/cart/totals', cart);
      expect(totals.status).toBe(400);
      expect(totals.body.result).toMatchObject({ error: 'cart_bundle_options', message: BUNDLE_MESSAGE });
    });
  }

  it('item 1: a valid choice is priced at the catalogue’s pieces; leaving out the optional winder leaves out its price', async () => {
    const full = await place([bundleItem(FULL_SET)]);
    expect(full.order.resultCode).toBe(200);
    // (5000 + 100 + 200) × 1.21 = 6413, plus 5 shipping.
    expect(full.order.result).toMatchObject({ totals: { subtotal_incl_tax: 6413, grand_total: 6418 } });
    const bare = await place([bundleItem(FULL_SET.slice(0, 2))]);
    expect(bare.order.result).toMatchObject({ totals: { subtotal_incl_tax: 6171 } });
    expect(await reserved(bare.doc.id)).toEqual({ 'W-1': 1, 'STRAP-1': 1 });
    await app.orders.releaseStock(full.doc.id);
    await app.orders.releaseStock(bare.doc.id);
  });
});

describe('item 2: a configurable parent is its variant: the variant’s price and stock', () => {
  it('item 2: an order through the parent sku is priced and reserved as the chosen variant, the parent’s stock untouched', async () => {
    await client.setStock('R-6-52', 3);
    const parentBefore = await client.stock('R-6');
    const { doc, order } = await place([ringItem([{ option_id: 3, option_value: 301 }], 2)]);
    expect(order.resultCode).toBe(200);
    // R-6-52 is 1100 excl., 1331 incl.; the parent is 1000 (1210).
    expect(order.result).toMatchObject({ totals: { subtotal_incl_tax: 2662 } });
    expect(await reserved(doc.id)).toEqual({ 'R-6-52': 2 });
    expect(await client.stock('R-6-52')).toBe(1);
    expect(await client.stock('R-6')).toBe(parentBefore);
    const [item] = await db.selectFrom('order_items').selectAll().where('order_id', '=', doc.id).execute();
    expect(item).toMatchObject({ sku: 'R-6-52', price_incl_tax: 1331 });
    await app.orders.releaseStock(doc.id);
  });

  it('item 2: a sold-out variant is not sold through its parent', async () => {
    await client.setStock('R-6-52', 0);
    const parentBefore = await client.stock('R-6');
    for (let i = 0; i < 3; i++) {
      const { doc, order } = await place([ringItem([{ option_id: 3, option_value: 301 }])]);
      expect(order.resultCode).toBe(409);
      expect(order.result).toMatchObject({ message: NOT_AVAILABLE });
      expect(await orderRows(doc.id)).toEqual([]);
    }
    expect(await client.stock('R-6-52')).toBe(0);
    expect(await client.stock('R-6')).toBe(parentBefore);
    await client.setStock('R-6-52', 5);
  });

  it('item 2: a parent line whose options name no variant is refused with the spec’s message, in the order and in the cart', async () => {
    for (const options of [[], [{ option_id: 3, option_value: 399 }], [{ option_id: 9, option_value: 301 }]]) {
      const { doc, order } = await place([ringItem(options)]);
      expect(order.resultCode).toBe(409);
      expect(order.result).toMatchObject({ message: NOT_AVAILABLE, problems: [{ field: 'items.0.product_option', message: 'No available product variants', sku: 'R-6' }] });
      expect(await orderRows(doc.id)).toEqual([]);
    }
    const cart = await client.newCart();
    await pushLine(cart, { sku: 'R-6', type_id: 'configurable', product_option: { extension_attributes: { configurable_item_options: [{ option_id: 3, option_value: 399 }] } } });
    const totals = await call('GET', '/api/cart/totals', cart);
    expect(totals.status).toBe(400);
    expect(totals.body.result).toMatchObject({ message: 'No available product variants' });
    // A parent line that names its variant is priced as the variant in the cart too.
    const good = await client.newCart();
    await pushLine(good, { sku: 'R-6', type_id: 'configurable', product_option: { extension_attributes: { configurable_item_options: [{ option_id: 3, option_value: 302 }] } } });
    const priced = await call('GET', '/api/cart/totals', good);
    expect(priced.body.result.items).toEqual([expect.objectContaining({ sku: 'R-6', price: 900, price_incl_tax: 1089 })]);
  });
});

describe('item 3: every physical item an order takes is reserved, all or nothing', () => {
  it('item 3: bundles take their members’ stock: no more bundles than the watch member has pieces', async () => {
    await client.setStock('W-1', 5);
    const strapsBefore = await client.stock('STRAP-1');
    const tooMany = await place([bundleItem(FULL_SET.slice(0, 2), 6)]);
    expect(tooMany.order.resultCode).toBe(409);
    expect(tooMany.order.result).toMatchObject({ message: NOT_AVAILABLE, problems: [{ field: 'items', message: 'W-1' }] });
    expect(await client.stock('STRAP-1')).toBe(strapsBefore);
    const fits = await place([bundleItem(FULL_SET.slice(0, 2), 5)]);
    expect(fits.order.resultCode).toBe(200);
    expect(await reserved(fits.doc.id)).toEqual({ 'W-1': 5, 'STRAP-1': 5 });
    expect(await client.stock('W-1')).toBe(0);
    // Canceling gives the members back.
    await app.orders.releaseStock(fits.doc.id);
    expect(await client.stock('W-1')).toBe(5);
    expect(await client.stock('STRAP-1')).toBe(strapsBefore);
  });

  it('item 3: a grouped set takes one of each member', async () => {
    await client.setStock('ONE-1', 1);
    const strapsBefore = await client.stock('STRAP-1');
    const { doc, order } = await place([setItem()]);
    expect(order.resultCode).toBe(200);
    expect(await reserved(doc.id)).toEqual({ 'ONE-1': 1, 'STRAP-1': 1 });
    expect(await client.stock('STRAP-1')).toBe(strapsBefore - 1);
    const again = await place([setItem()]);
    expect(again.order.resultCode).toBe(409);
    expect(again.order.result).toMatchObject({ message: NOT_AVAILABLE, problems: [{ field: 'items', message: 'ONE-1' }] });
    await app.orders.releaseStock(doc.id);
  });

  it('item 3: one order asking for a one-of-a-kind piece twice (a bundle, a set and the piece itself) is refused whole', async () => {
    await client.setStock('ONE-1', 1);
    const strapsBefore = await client.stock('STRAP-1');
    const watch: BundleChoice = [{ option_id: 1, option_qty: 1, option_selections: [2] }, FULL_SET[1]!];
    for (const items of [[bundleItem(watch), simpleItem('ONE-1')], [setItem(), simpleItem('ONE-1')], [bundleItem(watch), setItem()]]) {
      const { doc, order } = await place(items);
      expect(order.resultCode).toBe(409);
      expect(await orderRows(doc.id)).toEqual([]);
    }
    expect(await client.stock('ONE-1')).toBe(1);
    expect(await client.stock('STRAP-1')).toBe(strapsBefore);
  });

  it('item 3: many placements racing for the last piece through bundle, grouped and simple lines sell it once', async () => {
    await client.setStock('ONE-1', 1);
    const watch: BundleChoice = [{ option_id: 1, option_qty: 1, option_selections: [2] }, FULL_SET[1]!];
    const kinds = [() => [bundleItem(watch)], () => [setItem()], () => [simpleItem('ONE-1')], () => [simpleItem('RING-1000'), bundleItem(watch)]];
    const carts = await Promise.all(Array.from({ length: 16 }, () => client.newCart()));
    const docs = carts.map((_, i) => orderDoc({ items: kinds[i % kinds.length]!() }));
    await Promise.all(carts.map((cart, i) => client.push(cart, [{ doc: docs[i]! }])));
    const outcomes = await Promise.all(carts.map((cart, i) => client.order(cart, docs[i]!.id)));
    expect(outcomes.filter((order) => order.resultCode === 200)).toHaveLength(1);
    expect(outcomes.filter((order) => order.resultCode === 409)).toHaveLength(15);
    for (const order of outcomes.filter((o) => o.resultCode === 409)) expect(order.result).toMatchObject({ message: NOT_AVAILABLE, problems: [{ field: 'items', message: 'ONE-1' }] });
    expect(await client.stock('ONE-1')).toBe(0);
    const taken = await db.selectFrom('stock_reservations').select(['order_id', 'qty']).where('sku', '=', 'ONE-1').where('released_at', 'is', null).execute();
    expect(taken).toHaveLength(1);
    expect(Number(taken[0]!.qty)).toBe(1);
  });
});
