import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { withOrderTables } from './orders.tables.ts';
import { OrderClient, orderCatalogue, orderDoc } from './orders.test-support.ts';

// A watch on an alligator strap that the shop does not send to the United States (as the demo's are).
const catalogue = orderCatalogue();
const ring = catalogue.products.find((p) => p.sku === 'RING-1000')!;
catalogue.products.push({
  ...ring,
  id: 60,
  sku: 'CROC-1',
  stores: { nl: { name: 'Horloge met alligatorband', url_key: 'horloge-alligator' }, en: { name: 'Watch on an alligator strap', url_key: 'watch-alligator' } },
  allowedcountries: ['NL', 'DE', 'IT'],
  stock: { qty: 5, is_in_stock: true, manage_stock: true, backorders: false },
});
const app = await buildTestApp({ catalogue });
const client = new OrderClient(app);
const db = withOrderTables(app.db);

const us = { firstName: 'Ann', lastName: 'Smith', country: 'US', streetAddress: '1 Main Street', city: 'Boston', zipCode: '02101', state: 'MA' };
const croc = { sku: 'CROC-1', type_id: 'simple' as const, checksum: '0123456789abcdef', qty: 1, name: 'Croc', price_incl_tax: 1210 };
const ringLine = { sku: 'RING-1000', type_id: 'simple' as const, checksum: '0123456789abcdef', qty: 1, name: 'Ring', price_incl_tax: 1210 };

describe('a product that may not be shipped to the order’s country (allowedcountries)', () => {
  it('carries its allowed countries on the product document', async () => {
    const answer = (await app.inject('/api/catalog/product?storeCode=en&sku=CROC-1')).json();
    expect(answer.result._source.allowedcountries).toEqual(['NL', 'DE', 'IT']);
    expect((await app.inject('/api/catalog/product?storeCode=en&sku=RING-1000')).json().result._source).not.toHaveProperty('allowedcountries');
  });

  it('refuses the order whatever the browser sent, naming the product and the country, and reserves nothing', async () => {
    const cart = await client.newCart();
    const before = await client.stock('CROC-1');
    const doc = orderDoc({ storeCode: 'en', items: [ringLine, croc], shippingAddress: us, billingAddress: us });
    await client.push(cart, [{ doc }]);

    const order = await client.order(cart, doc.id);
    expect(order).toMatchObject({ transmited: true, resultCode: 400 });
    expect(order).not.toHaveProperty('increment_id');
    expect(order.result).toMatchObject({
      key: 'orders.messages.notShippable',
      message: 'Watch on an alligator strap cannot be shipped to United States. Please choose another shipping country or remove it from your cart.',
      product: 'Watch on an alligator strap',
      country: 'US',
      problems: [{ field: 'shippingAddress.country', sku: 'CROC-1', message: expect.stringContaining('United States') }],
    });
    expect(await db.selectFrom('orders').select('id').where('id', '=', doc.id).execute()).toEqual([]);
    expect(await db.selectFrom('stock_reservations').select('sku').where('order_id', '=', doc.id).execute()).toEqual([]);
    expect(await client.stock('CROC-1')).toBe(before);
  });

  it('places the same product to a country on its list, and other products to any ship-to country', async () => {
    const cart = await client.newCart();
    const toNl = orderDoc({ items: [croc] });
    await client.push(cart, [{ doc: toNl }]);
    expect(await client.order(cart, toNl.id)).toMatchObject({ resultCode: 200 });

    const other = await client.newCart();
    const ringToUs = orderDoc({ items: [ringLine], shippingAddress: us, billingAddress: us });
    await client.push(other, [{ doc: ringToUs }]);
    expect(await client.order(other, ringToUs.id)).toMatchObject({ resultCode: 200 });
  });
});
