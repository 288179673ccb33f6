// @vitest-environment node
import { CART_MESSAGES, type AddToCartProduct, type CartItemToAdd } from '@shop/shared/cart/index';
import type { StockStatus } from '@shop/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeTestDatabasesAfterEach, quietRxdbNotice, testDatabase } from '../../test/rxdb-test-utils.ts';
import { addToCartFlow, type AddToCartSteps, type CartNotice } from './add-to-cart.ts';
import { addItems, visibleLines, type AddedLine } from './cart.collection.ts';

closeTestDatabasesAfterEach();
beforeEach(quietRxdbNotice);

const product = (overrides: Partial<AddToCartProduct> = {}): AddToCartProduct => ({
  sku: 'W-1',
  type_id: 'simple',
  name: 'Diver',
  image: '/media/catalog/w-1.svg',
  url_path: 'watches/diver',
  price_incl_tax: 5000,
  final_price_incl_tax: 4500,
  ...overrides,
});

function steps(options: { stock?: Record<string, StockStatus>; write?: (items: readonly CartItemToAdd[]) => Promise<AddedLine[]> } = {}) {
  const record = { notices: [] as CartNotice[], written: [] as CartItemToAdd[], connects: 0, logs: [] as string[], adding: [] as boolean[], stockChecks: [] as string[] };
  const given: AddToCartSteps = {
    checkStock: async (sku) => {
      record.stockChecks.push(sku);
      return options.stock?.[sku] ?? 'ok';
    },
    write:
      options.write ??
      (async (items) => {
        record.written.push(...items);
        return items.map((item) => ({ line: { ...item, updatedAt: 0, writeId: 'w', ops: [], snapshot: { value: item.snapshot, at: 1, replica: 'r' } }, existed: false }));
      }),
    connect: () => void (record.connects += 1),
    notify: (notice) => void record.notices.push(notice),
    log: (message) => void record.logs.push(message),
    setAdding: (adding) => void record.adding.push(adding),
  };
  return { given, record };
}

const problemMessages = (notices: CartNotice[]) => notices.flatMap((notice) => (notice.kind === 'problem' ? [notice.problem.message] : []));

describe('adding to the cart', () => {
  it('checks stock, adds, creates the server cart and says so', async () => {
    const { given, record } = steps();
    const outcome = await addToCartFlow(given, { product: product(), qty: '2' });
    expect(record.stockChecks).toEqual(['W-1']);
    expect(record.written).toMatchObject([{ sku: 'W-1', qty: 2, snapshot: { price_incl_tax: 4500, name: 'Diver' } }]);
    expect(record.connects).toBe(1);
    expect(record.notices).toEqual([{ kind: 'added' }]);
    expect(record.adding).toEqual([true, false]);
    expect(outcome.problems).toEqual([]);
  });

  it('adds one when no quantity is given, and refuses 0, negative and fractional quantities', async () => {
    const one = steps();
    await addToCartFlow(one.given, { product: product() });
    expect(one.record.written[0]?.qty).toBe(1);

    for (const qty of [0, '-1', 1.5]) {
      const refused = steps();
      const outcome = await addToCartFlow(refused.given, { product: product(), qty });
      expect(refused.record.written).toEqual([]);
      expect(refused.record.connects).toBe(0);
      expect(outcome.problems).toHaveLength(1);
    }
  });

  it('refuses a product whose price is unknown, and one that reports errors, with their messages', async () => {
    const unknownPrice = steps();
    await addToCartFlow(unknownPrice.given, { product: product({ price_incl_tax: -1 }) });
    expect(problemMessages(unknownPrice.record.notices)).toEqual([CART_MESSAGES.priceUnknown]);
    expect(unknownPrice.record.stockChecks).toEqual([]);

    const variants = steps();
    await addToCartFlow(variants.given, { product: product({ errors: { variants: 'No available product variants' } }) });
    expect(problemMessages(variants.record.notices)).toEqual(['No available product variants']);
  });

  it('refuses an out-of-stock product with the spec’s error, and adds volatile stock with its warning', async () => {
    const out = steps({ stock: { 'W-1': 'out_of_stock' } });
    await addToCartFlow(out.given, { product: product() });
    expect(problemMessages(out.record.notices)).toEqual([CART_MESSAGES.outOfStock]);
    expect(out.record.written).toEqual([]);

    const volatile = steps({ stock: { 'W-1': 'volatile' } });
    const outcome = await addToCartFlow(volatile.given, { product: product() });
    expect(problemMessages(volatile.record.notices)).toEqual([CART_MESSAGES.volatile]);
    expect(outcome.problems[0]).toMatchObject({ severity: 'warning', code: 'cart_stock_volatile' });
    expect(volatile.record.written).toHaveLength(1);
    expect(volatile.record.notices.at(-1)).toEqual({ kind: 'added' });
  });

  it('expands a grouped product into its associated products with a quantity above 0, logging a missing one', async () => {
    const { given, record } = steps({ stock: { 'SET-B': 'out_of_stock' } });
    const grouped = product({
      sku: 'SET',
      type_id: 'grouped',
      product_links: [
        { link_type: 'associated', linked_product_sku: 'SET-A', qty: 1 },
        { link_type: 'associated', linked_product_sku: 'SET-B', qty: 1 },
        { link_type: 'associated', linked_product_sku: 'SET-C', qty: 2 },
        { link_type: 'associated', linked_product_sku: 'SET-GONE', qty: 1 },
      ],
    });
    const members = ['SET-A', 'SET-B', 'SET-C'].map((sku) => product({ sku, name: sku }));
    await addToCartFlow(given, { product: grouped, members, qtyBySku: { 'SET-A': '3', 'SET-C': 0 } });
    expect(record.written.map((item) => [item.sku, item.qty])).toEqual([['SET-A', 3]]);
    expect(problemMessages(record.notices)).toEqual([CART_MESSAGES.outOfStock]);
    expect(record.logs).toEqual(['Product not found']);
  });

  it('says "quantity updated" when the product was in the cart already, on the real local cart', async () => {
    const db = await testDatabase();
    let n = 0;
    const write = (items: readonly CartItemToAdd[]) => addItems(db.collections.cart, items, () => ({ id: `w${(n += 1)}`, at: n, replica: 'tab' }));
    const first = steps({ write });
    await addToCartFlow(first.given, { product: product() });
    const second = steps({ write });
    await addToCartFlow(second.given, { product: product(), qty: 2 });
    expect(second.record.notices).toEqual([{ kind: 'qtyUpdated' }]);
    expect((await visibleLines(db.collections.cart)).map((line) => line.qty)).toEqual([3]);
  });

  it('carries a bundle’s and a configurable product’s options into separate lines', async () => {
    const db = await testDatabase();
    let n = 0;
    const write = (items: readonly CartItemToAdd[]) => addItems(db.collections.cart, items, () => ({ id: `w${(n += 1)}`, at: n, replica: 'tab' }));
    const bundle = (selection: number) =>
      product({ sku: 'BUNDLE', type_id: 'bundle', product_option: { extension_attributes: { bundle_options: [{ option_id: 1, option_qty: 1, option_selections: [selection] }] } } });
    await addToCartFlow(steps({ write }).given, { product: bundle(11) });
    await addToCartFlow(steps({ write }).given, { product: bundle(12) });
    await addToCartFlow(steps({ write }).given, { product: bundle(11) });
    const ring = product({ sku: 'R-6-54', parentSku: 'R-6', product_option: { extension_attributes: { configurable_item_options: [{ option_id: 3, option_value: 302 }] } } });
    await addToCartFlow(steps({ write }).given, { product: ring });
    const lines = await visibleLines(db.collections.cart);
    expect(lines.map((line) => [line.sku, line.qty]).sort()).toEqual([
      ['BUNDLE', 1],
      ['BUNDLE', 2],
      ['R-6-54', 1],
    ]);
    expect(lines.find((line) => line.sku === 'R-6-54')).toMatchObject({ parentSku: 'R-6' });
  });
});
