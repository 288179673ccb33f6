import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { withOrderTables } from './orders.tables.ts';
import { OrderClient, orderCatalogue, orderDoc } from './orders.test-support.ts';

// Cheque and cash on delivery only up to PAYMENT_OFFLINE_MAX (euros incl. VAT; 1000 by default): RING-1000 costs
// €1,210 incl. VAT, LAST-1 €121.
const ring = { sku: 'RING-1000', type_id: 'simple' as const, checksum: '0123456789abcdef', qty: 1, name: 'Ring', price_incl_tax: 1210 };
const watch = { sku: 'LAST-1', type_id: 'simple' as const, checksum: '0123456789abcdef', qty: 1, name: 'Watch', price_incl_tax: 121 };

const limited = await buildTestApp({ catalogue: orderCatalogue() });
const unlimited = await buildTestApp({ catalogue: orderCatalogue(), config: { orders: loadConfig({ PAYMENT_OFFLINE_MAX: 'none' }).orders } });

async function offered(app: FastifyInstance, skus: string[], store = 'nl'): Promise<string[]> {
  const cart = (await app.inject({ method: 'POST', url: '/api/cart/create' })).json().result;
  for (const sku of skus) {
    const added = await app.inject({ method: 'POST', url: `/api/cart/update?cartId=${cart}&storeCode=${store}`, payload: { cartItem: { sku, qty: 1 } } });
    expect(added.statusCode, added.body).toBe(200);
  }
  const response = await app.inject({ method: 'GET', url: `/api/cart/payment-methods?cartId=${cart}&storeCode=${store}` });
  expect(response.statusCode).toBe(200);
  return response.json().result.map((method: { code: string }) => method.code);
}

describe('cheque and cash on delivery for high-value orders (PAYMENT_OFFLINE_MAX)', () => {
  it('reads the setting: a whole number of euros, or none for no limit; anything else stops the start', () => {
    expect(loadConfig({}).orders.offlinePaymentMax).toBe(1000);
    expect(loadConfig({ PAYMENT_OFFLINE_MAX: '25000' }).orders.offlinePaymentMax).toBe(25000);
    expect(loadConfig({ PAYMENT_OFFLINE_MAX: 'none' }).orders.offlinePaymentMax).toBeNull();
    expect(() => loadConfig({ PAYMENT_OFFLINE_MAX: 'lots' })).toThrow(/PAYMENT_OFFLINE_MAX/);
  });

  it('offers them for a cart within the limit, not above it, and again when the operator turns the limit off', async () => {
    expect(await offered(limited, ['LAST-1'])).toEqual(expect.arrayContaining(['checkmo', 'cashondelivery']));
    const high = await offered(limited, ['RING-1000']);
    expect(high).not.toContain('checkmo');
    expect(high).not.toContain('cashondelivery');
    expect(high).toEqual(expect.arrayContaining(['multisafepay_ideal', 'banktransfer']));
    expect(await offered(unlimited, ['RING-1000'])).toEqual(expect.arrayContaining(['checkmo', 'cashondelivery']));
  });

  it('offers iDEAL first in the Dutch store, cards first in the English one', async () => {
    expect((await offered(limited, ['LAST-1'], 'nl')).slice(0, 3)).toEqual(['multisafepay_ideal', 'multisafepay_creditcard', 'multisafepay_paypal']);
    expect((await offered(limited, ['LAST-1'], 'en')).slice(0, 3)).toEqual(['multisafepay_creditcard', 'multisafepay_paypal', 'multisafepay_ideal']);
  });

  it('refuses an order above the limit paid by cash on delivery, with a clear message, and takes nothing', async () => {
    const client = new OrderClient(limited);
    const db = withOrderTables(limited.db);
    const cart = await client.newCart();
    const before = await client.stock('RING-1000');
    const doc = orderDoc({ items: [ring], paymentMethod: { code: 'cashondelivery' } });
    await client.push(cart, [{ doc }]);
    const order = await client.order(cart, doc.id);
    expect(order).toMatchObject({ transmited: true, resultCode: 400 });
    expect(order).not.toHaveProperty('increment_id');
    expect(order.result).toMatchObject({
      key: 'orders.messages.paymentNotAllowed',
      message: 'Cash on delivery is not available for orders over €1,000. Please choose another payment method.',
      method: 'cashondelivery',
      limit: '1000',
      problems: [{ field: 'paymentMethod.code', message: 'cashondelivery' }],
    });
    expect(await db.selectFrom('orders').select('id').where('id', '=', doc.id).execute()).toEqual([]);
    expect(await client.stock('RING-1000')).toBe(before);

    // The same shopper's order with another method goes through.
    const again = orderDoc({ items: [ring], paymentMethod: { code: 'banktransfer' } });
    await client.push(cart, [{ doc: again }]);
    expect(await client.order(cart, again.id)).toMatchObject({ resultCode: 200 });
  });

  it('places a cheque order within the limit, and above it once the operator turns the limit off', async () => {
    const client = new OrderClient(limited);
    const cart = await client.newCart();
    const cheap = orderDoc({ items: [watch], paymentMethod: { code: 'checkmo' } });
    await client.push(cart, [{ doc: cheap }]);
    expect(await client.order(cart, cheap.id)).toMatchObject({ resultCode: 200 });

    const open = new OrderClient(unlimited);
    const other = await open.newCart();
    const high = orderDoc({ items: [ring], paymentMethod: { code: 'cashondelivery' } });
    await open.push(other, [{ doc: high }]);
    expect(await open.order(other, high.id)).toMatchObject({ resultCode: 200 });
  });
});
