import fc from 'fast-check';
import { addToLineOp, applyCartOp, type CartLineDoc } from '@shop/shared/cart/index';
import { SAMPLE_DOCS } from '@shop/shared/sync/test-documents';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';

/** The fixture plus a plain 1000 (excl. tax) ring in tax class 2. */
function cartCatalogue() {
  const catalogue = fixtureCatalogue();
  const { special_price: _none, ...plain } = catalogue.products.find((p) => p.sku === 'W-1')!;
  catalogue.products.push({
    ...plain,
    id: 50,
    sku: 'RING-1000',
    stores: { nl: { name: 'Zilveren ring', url_key: 'zilveren-ring' }, en: { name: 'Silver ring', url_key: 'silver-ring' } },
    price: 1000,
    tax_class_id: 2,
    category_ids: [21],
  });
  // A gold ring resized to the shopper's size, and a link bracelet made to the shopper's length.
  catalogue.products.push(
    { ...plain, id: 70, sku: 'RING-SIZED', stores: { nl: { name: 'Gouden ring', url_key: 'gouden-maatring' }, en: { name: 'Gold ring', url_key: 'gold-sized-ring' } }, price: 1000, tax_class_id: 2, category_ids: [21], custom_size_kind: 'ring' },
    { ...plain, id: 71, sku: 'BRACELET-SIZED', stores: { nl: { name: 'Schakelarmband', url_key: 'schakelarmband' }, en: { name: 'Link bracelet', url_key: 'link-bracelet' } }, price: 800, tax_class_id: 2, category_ids: [21], custom_size_kind: 'bracelet' },
  );
  // A watch with rings: option 1 defaults to W-3 (10000), option 2 to two RING-1000; 12000 excl. by default.
  catalogue.products.push({
    ...plain,
    id: 60,
    sku: 'BUNDLE-60',
    type_id: 'bundle',
    stores: { nl: { name: 'Horloge met ringen', url_key: 'horloge-met-ringen' }, en: { name: 'Watch with rings', url_key: 'watch-with-rings' } },
    price: 1,
    tax_class_id: 2,
    category_ids: [21],
    bundle_options: [
      { option_id: 1, title: { nl: 'Horloge', en: 'Watch' }, type: 'radio', required: true, position: 1, links: [{ id: 1, sku: 'W-1', qty: 1, is_default: false, position: 1 }, { id: 2, sku: 'W-3', qty: 1, is_default: true, position: 2 }] },
      { option_id: 2, title: { nl: 'Ringen', en: 'Rings' }, type: 'radio', required: true, position: 2, links: [{ id: 3, sku: 'RING-1000', qty: 2, is_default: true, position: 1 }] },
    ],
  });
  return catalogue;
}

const app = await buildTestApp({ catalogue: cartCatalogue() });
const unsynchronised = await buildTestApp({ catalogue: cartCatalogue(), config: { stockSync: false } });

type Target = typeof app;

async function newCart(target: Target = app): Promise<string> {
  const response = await target.inject({ method: 'POST', url: '/api/cart/create' });
  expect(response.statusCode).toBe(200);
  return response.json().result;
}

async function call(method: 'GET' | 'POST', path: string, cart: string | null, payload?: unknown, target: Target = app) {
  const separator = path.includes('?') ? '&' : '?';
  const url = cart === null ? path : `${path}${separator}cartId=${cart}`;
  const response = await target.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.json() };
}

async function update(cart: string, cartItem: Record<string, unknown>, target: Target = app) {
  return call('POST', '/api/cart/update', cart, { cartItem }, target);
}

async function items(cart: string) {
  const { status, body } = await call('GET', '/api/cart/pull', cart);
  expect(status).toBe(200);
  return body.result as Array<Record<string, unknown>>;
}

async function totals(cart: string) {
  const { status, body } = await call('GET', '/api/cart/totals', cart);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.result;
}

async function replicatedCart(cart: string) {
  const response = await app.inject({ method: 'GET', url: `/api/replication/cart/pull?cartId=${cart}` });
  return response.json().result.documents as Array<CartLineDoc & { _deleted: boolean }>;
}

describe('POST /api/cart/create', () => {
  it('answers a new, unguessable token with code and resultCode 200', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/cart/create' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ code: 200, resultCode: 200, result: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    expect(await newCart()).not.toBe(body.result);
  });

  it('takes an optional purchaserId, and refuses a customer token until accounts exist (the client then goes guest)', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/cart/create', payload: { purchaserId: 'p-1' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/cart/create?token=' })).statusCode).toBe(200);
    const refused = await app.inject({ method: 'POST', url: '/api/cart/create?token=customer-1' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 401, result: { error: 'unauthorized' } });
  });
});

describe('POST /api/cart/update', () => {
  it('adds a product; the server assigns the item id and answers the spec’s cart item', async () => {
    const cart = await newCart();
    const { status, body } = await update(cart, { sku: 'W-1', qty: 2 });
    expect(status).toBe(200);
    expect(body.result).toEqual({
      item_id: 1,
      sku: 'W-1',
      qty: 2,
      name: 'Omega Seamaster Aqua Terra',
      price: 5000,
      price_incl_tax: 6050,
      product_type: 'simple',
      quote_id: cart,
      checksum: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(body.meta.stock).toMatchObject({ sku: 'W-1', status: 'ok' });

    // Without an item id the quantity is added to the same line; a second product gets the next id.
    expect((await update(cart, { sku: 'W-1', qty: '1' })).body.result).toMatchObject({ item_id: 1, qty: 3 });
    expect((await update(cart, { sku: 'W-3' })).body.result).toMatchObject({ item_id: 2, qty: 1 });
    // With an item id the quantity is set.
    expect((await update(cart, { item_id: 1, qty: 1 })).body.result).toMatchObject({ item_id: 1, sku: 'W-1', qty: 1 });
    expect((await items(cart)).map((i) => [i.item_id, i.sku, i.qty])).toEqual([
      [2, 'W-3', 1],
      [1, 'W-1', 1],
    ]);
  });

  it('writes a server op into the same replicated document the browser replicates', async () => {
    const cart = await newCart();
    await update(cart, { sku: 'W-1', qty: 2 });
    const [line] = await replicatedCart(cart);
    expect(line).toMatchObject({ sku: 'W-1', qty: 2, serverItemId: '1', _deleted: false });
    expect(line!.ops).toEqual([expect.objectContaining({ kind: 'add', qty: 2, replica: 'server' })]);

    // The browser adds one to the line it pulled; the quote shows it.
    const { _deleted: _ignored, ...pulled } = line!;
    const next = applyCartOp(pulled, addToLineOp(1, { id: 'tab-add-1', at: Date.parse('2026-06-15T12:00:01Z'), replica: 'tab-a' }));
    const pushed = await app.inject({ method: 'POST', url: `/api/replication/cart/push?cartId=${cart}`, payload: [{ assumedMasterState: line, newDocumentState: next }] });
    expect(pushed.json().result).toEqual([]);
    expect((await items(cart)).map((i) => [i.item_id, i.qty])).toEqual([[1, 3]]);
  });

  it('gives lines pushed by the browser an item id, and ignores one the browser makes up', async () => {
    const cart = await newCart();
    await update(cart, { sku: 'W-3' });
    const line = { ...SAMPLE_DOCS.cart, id: 'W-1:0123456789abcdef', sku: 'W-1', type_id: 'simple', writeId: `browser-${cart}`, serverItemId: '999' };
    delete (line as Partial<typeof line>).product_option;
    delete (line as Partial<typeof line>).parentSku;
    await app.inject({ method: 'POST', url: `/api/replication/cart/push?cartId=${cart}`, payload: [{ newDocumentState: line }] });
    expect((await items(cart)).map((i) => [i.sku, i.item_id, i.qty])).toEqual([
      ['W-3', 1, 1],
      ['W-1', 2, 2],
    ]);
  });

  it('turns a configurable product with its chosen options into the child’s line', async () => {
    const cart = await newCart();
    const option = { extension_attributes: { configurable_item_options: [{ option_id: 3, option_value: 302 }] } };
    const { status, body } = await update(cart, { sku: 'R-6', qty: 1, product_option: option });
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ sku: 'R-6-54', parentSku: 'R-6', product_type: 'simple', product_option: option, price: 900 });
    // The line shows the size chosen wherever it is shown (the store's label; a screen names it in its language by code).
    expect((await replicatedCart(cart))[0]?.snapshot.value.options).toEqual([{ code: 'size', label: 'Maat', value: '54' }]);
    const wrong = await update(cart, { sku: 'R-6', product_option: { extension_attributes: { configurable_item_options: [{ option_id: 3, option_value: 999 }] } } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.message).toBe('No available product variants');
  });

  it('refuses out-of-stock products with the spec’s message, and warns when stock is volatile', async () => {
    const cart = await newCart();
    const out = await update(cart, { sku: 'W-4', qty: 1 });
    expect(out.status).toBe(400);
    expect(out.body.result).toMatchObject({ error: 'cart_out_of_stock', message: 'The product is out of stock and cannot be added to the cart!', details: { sku: 'W-4' } });

    const volatileCart = await newCart(unsynchronised);
    const volatile = await update(volatileCart, { sku: 'W-4', qty: 1 }, unsynchronised);
    expect(volatile.status).toBe(200);
    expect(volatile.body.meta.problems).toEqual([expect.objectContaining({ code: 'cart_stock_volatile', severity: 'warning', sku: 'W-4' })]);
  });

  it('keeps a line whose product sold out after it was added, and lets the shopper lower it', async () => {
    const cart = await newCart();
    await update(cart, { sku: 'W-3', qty: 3 });
    await app.db.updateTable('stock_items').set({ qty: 0, is_in_stock: 0 }).where('sku', '=', 'W-3').execute();
    try {
      expect((await update(cart, { item_id: 1, qty: 2 })).status).toBe(200);
      expect((await update(cart, { item_id: 1, qty: 3 })).status).toBe(400);
      expect((await items(cart)).map((i) => i.qty)).toEqual([2]);
    } finally {
      await app.db.updateTable('stock_items').set({ qty: 5, is_in_stock: 1 }).where('sku', '=', 'W-3').execute();
    }
  });

  it('refuses bad items with a clear 4xx', async () => {
    const cart = await newCart();
    const cases: Array<[unknown, number, string | RegExp]> = [
      [{ cartItem: { sku: 'NOPE' } }, 404, 'There is no product with sku NOPE'],
      [{ cartItem: { sku: 'W-5' } }, 404, 'There is no product with sku W-5'],
      [{ cartItem: { sku: 'W-1', qty: 0 } }, 400, 'Quantity must be above 0'],
      [{ cartItem: { sku: 'W-1', qty: 'two' } }, 400, 'Quantity must be positive integer'],
      [{ cartItem: { sku: 'W-1', qty: 1.5 } }, 400, 'Quantity must be positive integer'],
      [{ cartItem: { sku: 'W-1', qty: -2 } }, 400, 'Negative quantity not allowed'],
      [{ cartItem: { sku: 'W-1', qty: 10_000 } }, 400, 'Quantity must be below 10000'],
      [{ cartItem: { item_id: 77, qty: 1 } }, 404, 'The cart has no item 77'],
      [{ cartItem: {} }, 400, /sku/],
      [{}, 400, /cartItem: expected object, but it is missing/],
      [{ cartItem: { sku: 5 } }, 400, /cartItem\.sku: expected string/],
    ];
    for (const [payload, status, message] of cases) {
      const answer = await call('POST', '/api/cart/update', cart, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(status);
      expect(answer.body.code).toBe(status);
      expect(answer.body.result.message).toMatch(message);
    }
    expect((await call('POST', '/api/cart/update', null, { cartItem: { sku: 'W-1' } })).status).toBe(401);
    expect((await call('POST', '/api/cart/update', 'unknown-cart', { cartItem: { sku: 'W-1' } })).status).toBe(401);
  });

  it('never answers a 5xx for arbitrary cart items', async () => {
    const cart = await newCart();
    const field = fc.constantFrom('sku', 'qty', 'item_id', 'quoteId', 'product_option', 'extension_attributes');
    const value = fc.oneof(fc.jsonValue(), fc.constantFrom('W-1', 'R-6', 'W-4', 1, 2, '3', { extension_attributes: {} }));
    await fc.assert(
      fc.asyncProperty(fc.dictionary(field, value, { maxKeys: 4 }), fc.constantFrom('update', 'delete'), async (cartItem, action) => {
        const answer = await call('POST', `/api/cart/${action}`, cart, { cartItem });
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});

describe('POST /api/cart/delete', () => {
  it('removes the line by item id or sku; the replicated line is then deleted', async () => {
    const cart = await newCart();
    await update(cart, { sku: 'W-1' });
    await update(cart, { sku: 'W-3' });
    expect((await call('POST', '/api/cart/delete', cart, { cartItem: { item_id: 1 } })).body).toEqual({ code: 200, resultCode: 200, result: true });
    expect((await call('POST', '/api/cart/delete', cart, { cartItem: { sku: 'W-3' } })).status).toBe(200);
    expect(await items(cart)).toEqual([]);
    expect((await replicatedCart(cart)).map((line) => [line.sku, line._deleted, line.qty])).toEqual([
      ['W-1', true, 0],
      ['W-3', true, 0],
    ]);
    const again = await call('POST', '/api/cart/delete', cart, { cartItem: { item_id: 1 } });
    expect(again.status).toBe(404);
    // An add after the removal revives the line with its item id.
    expect((await update(cart, { sku: 'W-1' })).body.result).toMatchObject({ item_id: 1, qty: 1 });
  });
});

describe('GET /api/cart/totals', () => {
  it('taxes each line for the country and adds DPD Courier shipping (spec 1 §9)', async () => {
    const cart = await newCart();
    await update(cart, { sku: 'RING-1000' });
    expect(await totals(cart)).toMatchObject({
      subtotal: 1000,
      subtotal_incl_tax: 1210,
      shipping_amount: 4,
      shipping_incl_tax: 5,
      shipping_tax_amount: 1,
      discount_amount: 0,
      tax_amount: 211,
      grand_total: 1215,
      quote_currency_code: 'EUR',
      items_qty: 1,
      items: [expect.objectContaining({ item_id: 1, sku: 'RING-1000', price: 1000, price_incl_tax: 1210, row_total_incl_tax: 1210, tax_amount: 210, tax_percent: 21 })],
      total_segments: [
        { code: 'subtotal', title: 'Subtotal', value: 1210 },
        { code: 'shipping', title: 'Shipping & Handling (DPD Courier)', value: 5 },
        { code: 'tax', title: 'Tax', value: 211 },
        { code: 'grand_total', title: 'Grand Total', value: 1215 },
      ],
    });
  });

  it('prices a bundle line at the shopper’s choice (every required option named), a line without a choice at its default links', async () => {
    const chosen = await newCart();
    const choice = { extension_attributes: { bundle_options: [{ option_id: 1, option_qty: 1, option_selections: [1] }, { option_id: 2, option_qty: 2, option_selections: [3] }] } };
    expect((await update(chosen, { sku: 'BUNDLE-60', qty: 1, product_option: choice })).status).toBe(200);
    // W-1 5000 + 2 × RING-1000 1000 = 7000 excl., 8470 incl.
    expect((await totals(chosen)).items).toEqual([expect.objectContaining({ sku: 'BUNDLE-60', price: 7000, price_incl_tax: 8470, tax_percent: 21 })]);
    const plain = await newCart();
    await update(plain, { sku: 'BUNDLE-60', qty: 1 });
    // W-3 10000 + 2000 = 12000 excl., 14520 incl.
    expect((await totals(plain)).items).toEqual([expect.objectContaining({ sku: 'BUNDLE-60', price: 12000, price_incl_tax: 14520 })]);
  });

  it("refuses a ring without the shopper's size ('Please fill your size'), a size that is nonsense, and a size on a product that takes none", async () => {
    const cart = await newCart();
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ sku: 'RING-SIZED', qty: 1 }, 'cart_size_missing', 'Please fill your size'],
      [{ sku: 'RING-SIZED', qty: 1, extension_attributes: { custom_size: '  ', custom_size_unit: 'mm' } }, 'cart_size_missing', 'Please fill your size'],
      [{ sku: 'RING-SIZED', qty: 1, extension_attributes: { custom_size: 'large', custom_size_unit: 'mm' } }, 'cart_size_not_number', 'Please enter your size as a number'],
      [{ sku: 'RING-SIZED', qty: 1, extension_attributes: { custom_size: '17', custom_size_unit: 'mm' } }, 'cart_size_range_mm', 'Your size must be between 38 and 76 mm'],
      [{ sku: 'RING-SIZED', qty: 1, extension_attributes: { custom_size: '54', custom_size_unit: 'cm' } }, 'cart_size_unit', 'Please choose the unit of your size: mm or inch'],
      [{ sku: 'BRACELET-SIZED', qty: 1, extension_attributes: { custom_size: '54', custom_size_unit: 'mm' } }, 'cart_size_range_mm', 'Your size must be between 140 and 250 mm'],
      [{ sku: 'W-1', qty: 1, extension_attributes: { custom_size: '54', custom_size_unit: 'mm' } }, 'cart_size_not_taken', 'This product does not take a size'],
    ];
    for (const [item, error, message] of refusals) {
      const refused = await update(cart, item);
      expect(refused.status, JSON.stringify(item)).toBe(400);
      expect(refused.body.result).toMatchObject({ error, message });
    }
    expect(await replicatedCart(cart)).toEqual([]);
  });

  it('keeps one line per size, normalised, with the size and its unit on the line and the quote item', async () => {
    const cart = await newCart();
    expect((await update(cart, { sku: 'RING-SIZED', qty: 1, extension_attributes: { custom_size: '54,50', custom_size_unit: 'mm' } })).status).toBe(200);
    expect((await update(cart, { sku: 'RING-SIZED', qty: 1, extension_attributes: { custom_size: '2.13', custom_size_unit: 'inch' } })).status).toBe(200);
    expect((await update(cart, { sku: 'BRACELET-SIZED', qty: 1, extension_attributes: { custom_size: '7', custom_size_unit: 'inch' } })).status).toBe(200);
    const lines = await replicatedCart(cart);
    expect(lines.map((line) => [line.sku, line.custom_size, line.custom_size_unit, line.qty]).sort()).toEqual([
      ['BRACELET-SIZED', '7', 'inch', 1],
      ['RING-SIZED', '2.13', 'inch', 1],
      ['RING-SIZED', '54.5', 'mm', 1],
    ]);
    const pulled = await call('GET', '/api/cart/pull', cart);
    expect(pulled.body.result).toEqual(expect.arrayContaining([expect.objectContaining({ sku: 'RING-SIZED', extension_attributes: { custom_size: '54.5', custom_size_unit: 'mm' } })]));
  });

  it('refuses a bundle whose required option is named without a piece, with the spec’s message, and labels the chosen pieces', async () => {
    const cart = await newCart();
    const empty = { extension_attributes: { bundle_options: [{ option_id: 1, option_qty: 1, option_selections: [] }] } };
    const refused = await update(cart, { sku: 'BUNDLE-60', qty: 1, product_option: empty });
    expect(refused.status).toBe(400);
    expect(refused.body.result).toMatchObject({ error: 'cart_bundle_options', message: 'Please configure product bundle options (or custom options) and fix the validation errors' });
    const choice = { extension_attributes: { bundle_options: [{ option_id: 1, option_qty: 1, option_selections: [1] }, { option_id: 2, option_qty: 2, option_selections: [3] }] } };
    expect((await update(cart, { sku: 'BUNDLE-60', qty: 1, product_option: choice })).status).toBe(200);
    const [line] = await replicatedCart(cart);
    expect(line?.snapshot.value.options).toEqual([
      { label: 'Horloge', value: 'Omega Seamaster Aqua Terra' },
      { label: 'Ringen', value: '2 × Zilveren ring' },
    ]);
  });

  it('uses special prices and quantities', async () => {
    const cart = await newCart();
    await update(cart, { sku: 'W-2', qty: 2 });
    await update(cart, { sku: 'RING-1000', qty: 3 });
    // W-2: special 5500 -> 6655 incl.; RING: 1210 incl.
    expect(await totals(cart)).toMatchObject({ subtotal: 14000, subtotal_incl_tax: 16940, tax_amount: 2941, grand_total: 16945, items_qty: 5 });
  });

  it('is all zero, shipping included, for an empty cart', async () => {
    expect(await totals(await newCart())).toMatchObject({ subtotal: 0, shipping_incl_tax: 0, tax_amount: 0, grand_total: 0, items: [] });
  });
});

describe('coupons', () => {
  it('applies the demo code (10% off), refuses a wrong one with the spec’s message, and removes it', async () => {
    const cart = await newCart();
    await update(cart, { sku: 'RING-1000' });
    expect((await call('POST', '/api/cart/apply-coupon?coupon=welcome10', cart)).body).toEqual({ code: 200, resultCode: 200, result: true });
    const discounted = await totals(cart);
    expect(discounted).toMatchObject({ coupon_code: 'WELCOME10', discount_amount: -121, subtotal_with_discount: 900, tax_amount: 190, grand_total: 1094 });
    expect(discounted.total_segments).toContainEqual({ code: 'discount', title: 'Discount (WELCOME10)', value: -121 });
    expect(discounted.items[0].discount_amount).toBe(121);

    const wrong = await call('POST', '/api/cart/apply-coupon?coupon=FREE-WATCH', cart);
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.message).toBe("You've entered an incorrect coupon code");
    expect((await call('POST', '/api/cart/apply-coupon', cart)).status).toBe(400);
    expect((await totals(cart)).coupon_code).toBe('WELCOME10');

    expect((await call('POST', '/api/cart/delete-coupon', cart)).body.result).toBe(true);
    expect(await totals(cart)).toMatchObject({ coupon_code: null, discount_amount: 0, grand_total: 1215 });
  });
});

describe('shipping and payment', () => {
  it('lists the payment methods of the default mapping the sandbox provider can take, iDEAL first (the default) in the Dutch store', async () => {
    const { status, body } = await call('GET', '/api/cart/payment-methods', await newCart());
    expect(status).toBe(200);
    expect(body.result.map((m: { code: string; default: boolean }) => [m.code, m.default])).toEqual([
      ['multisafepay_ideal', true],
      ['multisafepay_creditcard', false],
      ['multisafepay_paypal', false],
      ['banktransfer', false],
      ['checkmo', false],
      ['purchaseorder', false],
      ['cashondelivery', false],
    ]);
    expect(body.result.find((m: { code: string }) => m.code === 'multisafepay_ideal')).toMatchObject({ is_server_method: true });
  });

  it('offers DPD Courier for an address and refuses a missing or bad one', async () => {
    const cart = await newCart();
    const { status, body } = await call('POST', '/api/cart/shipping-methods', cart, { address: { country_id: 'NL', postcode: '1012 NX', city: 'Amsterdam', street: ['Kalverstraat 1', ''] } });
    expect(status).toBe(200);
    expect(body.result).toEqual([expect.objectContaining({ method_title: 'DPD Courier', carrier_code: 'flatrate', method_code: 'flatrate', amount: 4, price_incl_tax: 5, default: true, offline: true })]);
    expect((await call('POST', '/api/cart/shipping-methods', cart, {})).status).toBe(400);
    const bad = await call('POST', '/api/cart/shipping-methods', cart, { address: { country_id: 'Netherlands' } });
    expect(bad.status).toBe(400);
    expect(bad.body.result.message).toMatch(/address\.country_id: must be a two-letter country code/);
  });

  it('takes the shipping information and answers payment methods and totals taxed for the shipping country', async () => {
    const cart = await newCart();
    await update(cart, { sku: 'RING-1000' });
    const information = { shippingAddress: { countryId: 'DE', city: 'Berlin' }, shippingCarrierCode: 'flatrate', shippingMethodCode: 'flatrate' };
    const { status, body } = await call('POST', '/api/cart/shipping-information', cart, { addressInformation: information });
    expect(status).toBe(200);
    // A cart of €1,190: above PAYMENT_OFFLINE_MAX (€1,000), so no cheque or cash on delivery.
    expect(body.result.payment_methods.map((m: { code: string }) => m.code)).toEqual(['multisafepay_ideal', 'multisafepay_creditcard', 'multisafepay_paypal', 'banktransfer', 'purchaseorder']);
    expect(body.result.totals).toMatchObject({ subtotal_incl_tax: 1190, tax_amount: 191, grand_total: 1195 });
    expect((await totals(cart)).grand_total).toBe(1195);

    const unknown = await call('POST', '/api/cart/shipping-information', cart, { addressInformation: { ...information, shippingMethodCode: 'express' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.result.message).toMatch(/Unknown shipping method flatrate\/express/);
  });

  it('collects totals for chosen methods and refuses unknown ones', async () => {
    const cart = await newCart();
    await update(cart, { sku: 'RING-1000' });
    const chosen = await call('POST', '/api/cart/collect-totals', cart, { methods: { paymentMethod: { method: 'banktransfer' }, shippingCarrierCode: 'flatrate', shippingMethodCode: 'flatrate' } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.result.grand_total).toBe(1215);
    expect((await call('POST', '/api/cart/collect-totals', cart)).body.result.grand_total).toBe(1215);
    const unknown = await call('POST', '/api/cart/collect-totals', cart, { methods: { paymentMethod: { method: 'bitcoin' } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.result.message).toMatch(/Unknown payment method bitcoin/);
  });
});

describe('cart sync calls (spec 2 §7)', () => {
  it('updateall makes the cart hold exactly the given items', async () => {
    const cart = await newCart();
    await update(cart, { sku: 'W-1', qty: 2 });
    await update(cart, { sku: 'W-3', qty: 1 });
    const { status, body } = await call('POST', '/api/cart/updateall', null, { cartId: cart, cartItems: [{ sku: 'W-1', qty: 5 }, { sku: 'RING-1000', qty: 1 }] });
    expect(status).toBe(200);
    expect(body.result.map((i: { sku: string; qty: number }) => [i.sku, i.qty]).sort()).toEqual([
      ['RING-1000', 1],
      ['W-1', 5],
    ]);
    expect((await items(cart)).length).toBe(2);
    expect((await call('POST', '/api/cart/updateall/', null, { cartId: cart, cartItems: [] })).body.result).toEqual([]);
    expect((await call('POST', '/api/cart/updateall', null, { cartItems: [] })).status).toBe(401);
  });

  it('isCartUpdated answers when the cart last changed, "empty" before its first line, and whether it changed since', async () => {
    const cart = await newCart();
    const first = await call('POST', '/api/cart/isCartUpdated', null, { cart_id: cart });
    expect(first.body).toEqual({ code: 200, resultCode: 200, result: { body: 'empty' } });
    await update(cart, { sku: 'W-1' });
    const seen = (await call('POST', '/api/cart/isCartUpdated', null, { cart_id: cart })).body.result.body;
    expect(typeof seen).toBe('number');
    expect((await call('POST', '/api/cart/isCartUpdated', null, { cart_id: cart, since: seen })).body.result).toEqual({ body: seen, updated: false });
    await update(cart, { sku: 'W-1' });
    const after = (await call('POST', '/api/cart/isCartUpdated', null, { cart_id: cart, since: seen })).body.result;
    expect(after.updated).toBe(true);
    expect(after.body).toBeGreaterThan(seen);
    expect((await call('POST', '/api/cart/isCartUpdated', null, { cart_id: cart, since: 'yesterday' })).status).toBe(400);
  });

  it('isCartAlreadyOrdered answers false until the server has placed an order from the cart', async () => {
    const cart = await newCart();
    expect((await call('POST', '/api/cart/isCartAlreadyOrdered', null, { cartId: cart })).body).toEqual({ code: 200, resultCode: 200, result: { body: false } });
    // The browser cannot claim an order was placed: transmited is the server's field.
    await app.inject({ method: 'POST', url: `/api/replication/orders/push?cartId=${cart}`, payload: [{ newDocumentState: { ...SAMPLE_DOCS.orders, writeId: `o-${cart}`, transmited: true } }] });
    expect((await call('POST', '/api/cart/isCartAlreadyOrdered', cart, {})).body.result).toEqual({ body: false });
    expect((await call('POST', '/api/cart/isCartAlreadyOrdered', null, {})).status).toBe(401);
  });
});
