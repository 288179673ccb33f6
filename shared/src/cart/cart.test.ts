import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { CART_MESSAGES, cartProblemToDomainError } from './cart-errors.ts';
import { mergeCartLine } from './cart-line.ts';
import {
  addToCart,
  cartItemFor,
  cartItemsMatch,
  createCartLine,
  findCartLine,
  normaliseCartQty,
  planAddToCart,
  removeCartLine,
  setCartLineQty,
  stockCheckOutcome,
  validateAddToCart,
  type AddToCartProduct,
  type CartItemRef,
} from './cart.ts';
import { CartLineDocSchema } from './cart.schema.ts';
import { cartItemChecksum, cartLineId, hashText } from './checksum.ts';
import { cartCount, cartTotals, DEFAULT_SHIPPING_METHOD, shownLineTotal } from './totals.ts';

const write = (id: string, at = 1, replica = 'tab-a') => ({ id, at, replica });
const watch: AddToCartProduct = { sku: 'WATCH-1', type_id: 'simple', name: 'Diver', image: '/media/diver.svg', url_path: 'diver.html', price_incl_tax: 605 };
const ring = (size: string): AddToCartProduct => ({
  sku: 'RING-1',
  type_id: 'simple',
  name: 'Solitaire',
  image: '/media/ring.svg',
  url_path: 'ring.html',
  price_incl_tax: 1210,
  custom_size: size,
  custom_size_unit: 'mm',
});

describe('options checksum', () => {
  it('is 16 hex digits, the same for the same options in any key or pick order', () => {
    const a = cartItemChecksum({
      product_option: {
        extension_attributes: {
          bundle_options: [
            { option_id: 2, option_qty: 1, option_selections: [5, 3] },
            { option_id: 1, option_qty: 2, option_selections: [1] },
          ],
          custom_options: [{ option_id: 9, option_value: 'engraving' }],
        },
      },
    });
    const b = cartItemChecksum({
      product_option: {
        extension_attributes: {
          custom_options: [{ option_value: 'engraving', option_id: 9 }],
          bundle_options: [
            { option_selections: [1], option_qty: 2, option_id: 1 },
            { option_id: 2, option_selections: [3, 5], option_qty: 1 },
          ],
        },
      },
    });
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(a).toBe(b);
  });

  it('treats missing and empty option lists alike and tells different options apart', () => {
    const none = cartItemChecksum({});
    expect(cartItemChecksum({ product_option: { extension_attributes: { custom_options: [] } } })).toBe(none);
    expect(cartItemChecksum({ custom_size: '52', custom_size_unit: 'mm' })).not.toBe(none);
    expect(cartItemChecksum({ custom_size: '52', custom_size_unit: 'mm' })).not.toBe(cartItemChecksum({ custom_size: '52', custom_size_unit: 'inch' }));
    expect(cartItemChecksum({ custom_size: '52' })).not.toBe(cartItemChecksum({ custom_size: '54' }));
  });

  it('is a pinned function of its input, so client and server agree across releases', () => {
    expect(hashText('')).toBe('488bdcb81aee8d83');
    expect(hashText('abc')).toBe('7a91f9f91ac18c8d');
    expect(cartItemChecksum({})).toBe('3bc5570a2530eeeb');
    expect(cartItemChecksum({ custom_size: '52', custom_size_unit: 'mm' })).toBe('da1973624098dc32');
    expect(cartLineId('RING-1', 'abcdef0123456789')).toBe('RING-1:abcdef0123456789');
  });

  it('does not depend on the order options were picked in (property)', () => {
    const option = fc.record({ option_id: fc.integer({ min: 1, max: 20 }), option_value: fc.string({ maxLength: 4 }) });
    fc.assert(
      fc.property(fc.uniqueArray(option, { selector: (o) => o.option_id, maxLength: 6 }), fc.nat(), (options, seed) => {
        const shuffled = [...options].sort((x, y) => ((x.option_id * 7919 + seed) % 13) - ((y.option_id * 7919 + seed) % 13));
        expect(cartItemChecksum({ product_option: { extension_attributes: { custom_options: shuffled } } })).toBe(
          cartItemChecksum({ product_option: { extension_attributes: { custom_options: options } } }),
        );
      }),
    );
  });

  it('rarely collides: 5,000 different option sets give 5,000 checksums', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i += 1) seen.add(cartItemChecksum({ custom_size: String(i) }));
    expect(seen.size).toBe(5000);
  });
});

describe('add-to-cart validation (spec 1 §5)', () => {
  it('defaults a missing quantity to 1 and converts text', () => {
    expect(normaliseCartQty(undefined)).toEqual({ ok: true, qty: 1 });
    expect(normaliseCartQty(null)).toEqual({ ok: true, qty: 1 });
    expect(normaliseCartQty(' ')).toEqual({ ok: true, qty: 1 });
    expect(normaliseCartQty(' 3 ')).toEqual({ ok: true, qty: 3 });
    expect(normaliseCartQty(2)).toEqual({ ok: true, qty: 2 });
  });

  it('refuses quantities that are not above 0 or not whole', () => {
    expect(normaliseCartQty(0)).toMatchObject({ ok: false, problem: { code: 'cart_qty_not_above_zero', message: 'Quantity must be above 0' } });
    expect(normaliseCartQty('-2')).toMatchObject({ ok: false, problem: { code: 'cart_qty_negative', message: 'Negative quantity not allowed' } });
    expect(normaliseCartQty(10_000)).toMatchObject({ ok: false, problem: { code: 'cart_qty_too_large', message: 'Quantity must be below 10000', values: { quantity: 10_000 } } });
    expect(normaliseCartQty(9999)).toEqual({ ok: true, qty: 9999 });
    expect(normaliseCartQty('two')).toMatchObject({ ok: false, problem: { code: 'cart_qty_not_integer', message: 'Quantity must be positive integer' } });
    expect(normaliseCartQty(1.5)).toMatchObject({ ok: false, problem: { code: 'cart_qty_not_integer' } });
    expect(normaliseCartQty(Number.POSITIVE_INFINITY)).toMatchObject({ ok: false, problem: { code: 'cart_qty_not_integer' } });
    expect(normaliseCartQty(true)).toMatchObject({ ok: false, problem: { code: 'cart_qty_not_integer' } });
  });

  it('refuses a product whose price is unknown, with the spec message', () => {
    for (const price of [-1, undefined, null, Number.NaN]) {
      expect(validateAddToCart({ ...watch, price_incl_tax: price }, 1)).toEqual({
        ok: false,
        problems: [{ code: 'cart_price_unknown', message: 'Product price is unknown, product cannot be added to the cart!', severity: 'error', sku: 'WATCH-1' }],
      });
    }
  });

  it('allows zero-price products unless the shop forbids them', () => {
    expect(validateAddToCart({ ...watch, price_incl_tax: 0 }, 1)).toEqual({ ok: true, qty: 1 });
    expect(validateAddToCart({ ...watch, price_incl_tax: 0 }, 1, { allowZeroPrice: false })).toMatchObject({ ok: false });
  });

  it('collects the product’s own errors and the quantity error together', () => {
    const result = validateAddToCart({ ...watch, errors: { variants: 'No available product variants', other: '' } }, 0);
    expect(result).toEqual({
      ok: false,
      problems: [
        { code: 'cart_product_error', message: 'No available product variants', severity: 'error', sku: 'WATCH-1' },
        { code: 'cart_qty_not_above_zero', message: 'Quantity must be above 0', severity: 'error', sku: 'WATCH-1' },
      ],
    });
    expect(validateAddToCart({ ...watch, errors: ['Please fill your size'] }, 1)).toMatchObject({ ok: false, problems: [{ message: 'Please fill your size' }] });
  });

  it('turns a problem into the shared DomainError', () => {
    const error = cartProblemToDomainError({ code: 'cart_price_unknown', message: CART_MESSAGES.priceUnknown, severity: 'error', sku: 'W' });
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'cart_price_unknown', status: 400, message: CART_MESSAGES.priceUnknown, details: { sku: 'W' } });
  });
});

describe('stock check outcome (spec 1 §8)', () => {
  it('blocks out-of-stock items with the spec error', () => {
    expect(stockCheckOutcome('out_of_stock')).toEqual({
      blocked: true,
      problems: [{ code: 'cart_out_of_stock', message: 'The product is out of stock and cannot be added to the cart!', severity: 'error' }],
    });
  });

  it('adds volatile stock for pre-reservation with a warning', () => {
    const message = 'The system is not sure about the stock quantity (volatile). Product has been added to the cart for pre-reservation.';
    expect(stockCheckOutcome('volatile')).toEqual({ blocked: false, problems: [{ code: 'cart_stock_volatile', message, severity: 'warning' }] });
    expect(stockCheckOutcome('volatile', { allowOutOfStockInCart: false }).problems[0]?.code).toBe('cart_unsafe_quantity');
    expect(stockCheckOutcome('ok')).toEqual({ blocked: false, problems: [] });
  });
});

describe('planAddToCart', () => {
  it('makes one line of a simple product, with id, checksum and snapshot', () => {
    const plan = planAddToCart({ ...watch, final_price_incl_tax: 500 }, '2');
    expect(plan.problems).toEqual([]);
    const checksum = cartItemChecksum({});
    expect(plan.items).toEqual([
      {
        id: `WATCH-1:${checksum}`,
        sku: 'WATCH-1',
        checksum,
        type_id: 'simple',
        snapshot: { name: 'Diver', price_incl_tax: 500, image: '/media/diver.svg', url_path: 'diver.html' },
        qty: 2,
      },
    ]);
  });

  it('expands a grouped product into its members with qty above 0', () => {
    const members: Record<string, AddToCartProduct> = {
      'STRAP-A': { ...watch, sku: 'STRAP-A', name: 'Strap A', price_incl_tax: 50 },
      'STRAP-B': { ...watch, sku: 'STRAP-B', name: 'Strap B', price_incl_tax: 60 },
      'STRAP-C': { ...watch, sku: 'STRAP-C', name: 'Strap C', price_incl_tax: -1 },
    };
    const set: AddToCartProduct = {
      ...watch,
      sku: 'STRAPS',
      type_id: 'grouped',
      price_incl_tax: 0,
      product_links: [
        { link_type: 'associated', linked_product_sku: 'STRAP-A', qty: 1 },
        { link_type: 'associated', linked_product_sku: 'STRAP-B', qty: 0 },
        { link_type: 'associated', linked_product_sku: 'STRAP-C', qty: 1 },
        { link_type: 'associated', linked_product_sku: 'STRAP-GONE', qty: 1 },
        { link_type: 'related', linked_product_sku: 'STRAP-B', qty: 1 },
      ],
    };
    const plan = planAddToCart(set, 1, { member: (sku) => members[sku], qtyBySku: { 'STRAP-A': '3' } });
    expect(plan.items.map((item) => [item.sku, item.qty])).toEqual([['STRAP-A', 3]]);
    expect(plan.problems.map((problem) => [problem.sku, problem.code])).toEqual([['STRAP-C', 'cart_price_unknown']]);
    expect(plan.missing).toEqual(['STRAP-GONE']);
    const chosen = planAddToCart(set, 1, { member: (sku) => members[sku], qtyBySku: { 'STRAP-A': 0, 'STRAP-B': 2 } });
    expect(chosen.items.map((item) => [item.sku, item.qty])).toEqual([['STRAP-B', 2]]);
  });

  it('says a negative or broken quantity of a grouped product’s piece instead of leaving the piece out in silence (issue 14, item 7)', () => {
    const strap: AddToCartProduct = { ...watch, sku: 'STRAP-A', name: 'Strap A', price_incl_tax: 50 };
    const set: AddToCartProduct = { ...watch, sku: 'STRAPS', type_id: 'grouped', price_incl_tax: 0, product_links: [{ link_type: 'associated', linked_product_sku: 'STRAP-A', qty: 1 }] };
    const plan = (qty: unknown) => planAddToCart(set, 1, { member: () => strap, qtyBySku: { 'STRAP-A': qty } });
    expect(plan('-2')).toMatchObject({ items: [], problems: [{ code: 'cart_qty_negative', message: 'Negative quantity not allowed', sku: 'STRAP-A' }] });
    expect(plan(-1).problems.map((problem) => problem.code)).toEqual(['cart_qty_negative']);
    expect(plan('1.5').problems.map((problem) => problem.code)).toEqual(['cart_qty_not_integer']);
    expect(plan('abc').problems.map((problem) => problem.code)).toEqual(['cart_qty_not_integer']);
    expect(plan('0')).toMatchObject({ items: [], problems: [] });
  });

  it('keeps the chosen options on the item and in its id', () => {
    const [item] = planAddToCart({ ...ring('52'), parentSku: 'RINGS' }, 1).items;
    expect(item).toMatchObject({ sku: 'RING-1', parentSku: 'RINGS', custom_size: '52', custom_size_unit: 'mm', id: `RING-1:${cartItemChecksum(ring('52'))}` });
  });
});

describe('cart lines from items', () => {
  it('creates a line with one add, then adds to it and sets it', () => {
    const item = cartItemFor(watch, 2);
    const line = createCartLine(item, write('w1', 10));
    expect(line).toMatchObject({ id: item.id, qty: 2, writeId: 'w1', updatedAt: 0, snapshot: { value: item.snapshot, at: 10, replica: 'tab-a' } });
    expect(CartLineDocSchema.safeParse(line).success).toBe(true);
    const more = addToCart(line, cartItemFor({ ...watch, final_price_incl_tax: 550 }, 1), write('w2', 11));
    expect(more.qty).toBe(3);
    expect(more.snapshot.value.price_incl_tax).toBe(550);
    expect(setCartLineQty(more, 1, write('w3', 12)).qty).toBe(1);
    expect(removeCartLine(more, write('w4', 12)).qty).toBe(0);
    expect(addToCart(undefined, item, write('w5'))).toEqual(createCartLine(item, write('w5')));
  });

  it('two devices adding the same item offline end with one line holding both quantities', () => {
    const item = cartItemFor(watch, 1);
    const phone = addToCart(undefined, item, write('p1', 5, 'phone'));
    const laptop = addToCart(undefined, item, write('l1', 6, 'laptop'));
    expect(phone.id).toBe(laptop.id);
    expect(mergeCartLine(phone, laptop).qty).toBe(2);
  });
});

describe('cart item matching (spec 1 §4)', () => {
  const ref = (fields: Partial<CartItemRef> & { sku: string }): CartItemRef => ({ checksum: cartItemChecksum(fields), ...fields });

  it('matches items with custom options by server item id or checksum', () => {
    const a = ref({ sku: 'RING-1', custom_size: '52' });
    expect(cartItemsMatch(a, ref({ sku: 'RING-1', custom_size: '52' }))).toBe(true);
    expect(cartItemsMatch(a, ref({ sku: 'RING-1', custom_size: '54' }))).toBe(false);
    expect(cartItemsMatch({ ...a, serverItemId: '7' }, ref({ sku: 'RING-1', custom_size: '54', serverItemId: '7' }))).toBe(true);
    expect(cartItemsMatch(a, ref({ sku: 'RING-2', custom_size: '52' }))).toBe(false);
    expect(cartItemsMatch(a, ref({ sku: 'RING-1' }))).toBe(false);
  });

  it('matches bundles by checksum, not by sku', () => {
    const bundle = (selection: number) => ref({ sku: 'SET', product_option: { extension_attributes: { bundle_options: [{ option_id: 1, option_qty: 1, option_selections: [selection] }] } } });
    expect(cartItemsMatch(bundle(1), bundle(1))).toBe(true);
    expect(cartItemsMatch(bundle(1), bundle(2))).toBe(false);
  });

  it('matches configurable items by sku', () => {
    const chosen = (value: number) => ({ extension_attributes: { configurable_item_options: [{ option_id: 7, option_value: value }] } });
    expect(cartItemsMatch(ref({ sku: 'RING-52', product_option: chosen(52) }), { sku: 'RING-52', checksum: 'ffffffffffffffff', product_option: chosen(52) })).toBe(true);
    expect(cartItemsMatch(ref({ sku: 'RING-52', product_option: chosen(52) }), ref({ sku: 'RING-54', product_option: chosen(54) }))).toBe(false);
  });

  it('matches other items by id or sku', () => {
    expect(cartItemsMatch(ref({ sku: 'WATCH-1' }), ref({ sku: 'WATCH-1' }))).toBe(true);
    expect(cartItemsMatch({ sku: 'A', checksum: 'x', id: 'line-1' }, { sku: 'B', checksum: 'y', id: 'line-1' })).toBe(true);
    expect(cartItemsMatch(ref({ sku: 'WATCH-1' }), ref({ sku: 'WATCH-2' }))).toBe(false);
  });

  it('finds the line an item belongs to', () => {
    const lines = [createCartLine(cartItemFor(ring('52'), 1), write('a')), createCartLine(cartItemFor(ring('54'), 1), write('b'))];
    expect(findCartLine(lines, cartItemFor(ring('54'), 3))?.custom_size).toBe('54');
    expect(findCartLine(lines, cartItemFor(ring('56'), 1))).toBeUndefined();
  });
});

describe('cart totals', () => {
  const line = (price: number, qty: number) => ({ qty, snapshot: { value: { name: 'x', price_incl_tax: price, image: '', url_path: '' }, at: 0, replica: 'r' } });

  it('adds the lines shown, DPD Courier shipping (5 incl. tax) and the payment cost, each as it is shown', () => {
    expect(cartTotals([line(605, 2), line(19.99, 3), line(1000, 0)], { paymentCostInclTax: 2.5 })).toEqual({
      subtotal_incl_tax: 1270,
      shipping_incl_tax: 5,
      shipping_tax: 1,
      payment_incl_tax: 3,
      grand_total: 1278,
      items_count: 2,
      items_qty: 5,
    });
    expect(DEFAULT_SHIPPING_METHOD).toMatchObject({ method_title: 'DPD Courier', amount: 4, price_incl_tax: 5 });
  });

  it('charges nothing for an empty cart', () => {
    expect(cartTotals([line(10, 0)])).toMatchObject({ subtotal_incl_tax: 0, shipping_incl_tax: 0, grand_total: 0, items_count: 0 });
  });

  it('takes each unit price as shown (a whole amount) times the quantity, and can use fresher prices', () => {
    // 7250.49 is shown as €7.250 and 7250.5 as €7.251: the totals are sums of those shown amounts.
    expect(cartTotals([line(7250.49, 2), line(7250.5, 1)])).toMatchObject({ subtotal_incl_tax: 21751, grand_total: 21756 });
    expect(shownLineTotal(7250.49, 2)).toBe(14500);
    expect(cartTotals([line(100, 1)], { priceOf: () => 90 }).subtotal_incl_tax).toBe(90);
  });

  it('counts items or quantity for the minicart', () => {
    expect(cartCount([line(1, 2), line(1, 3), line(1, 0)], 'items')).toBe(2);
    expect(cartCount([line(1, 2), line(1, 3), line(1, 0)], 'qty')).toBe(5);
  });
});
