import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig, testConfig } from '../../config.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { orderCatalogue } from '../orders/orders.test-support.ts';

const orders = loadConfig({ PAYMENT_METHODS: 'banktransfer, afterpay,cashondelivery', PAYMENT_METHODS_ORDER: 'cashondelivery,afterpay', SHIP_TO_COUNTRIES: 'nl,de' }).orders;
const app = await buildTestApp({ catalogue: orderCatalogue(), config: { orders } });

async function cart(): Promise<string> {
  return (await app.inject({ method: 'POST', url: '/api/cart/create' })).json().result;
}

async function offered(shop: FastifyInstance): Promise<Array<[string, string]>> {
  const token = (await shop.inject({ method: 'POST', url: '/api/cart/create' })).json().result;
  const response = await shop.inject({ method: 'GET', url: `/api/cart/payment-methods?cartId=${token}` });
  expect(response.statusCode).toBe(200);
  return response.json().result.map((m: { code: string; title: string }) => [m.code, m.title]);
}

describe('GET /api/cart/payment-methods', () => {
  it('offers the configured mapping in the configured order, AFTERPAY as Riverty (with a provider that takes it)', async () => {
    const multisafepay = await buildTestApp({ catalogue: orderCatalogue(), config: { orders, payments: { ...testConfig({ dataDir: '.' }).payments, provider: 'multisafepay', multisafepay: { apiKey: 'test-key', environment: 'test' } } } });
    expect(await offered(multisafepay)).toEqual([
      ['cashondelivery', 'Cash on delivery'],
      ['afterpay', 'Riverty - pay later'],
      ['banktransfer', 'Bank transfer'],
    ]);
    // The sandbox cannot take Riverty: it is not offered, so it can never be chosen and left hanging.
    expect(await offered(app)).toEqual([
      ['cashondelivery', 'Cash on delivery'],
      ['banktransfer', 'Bank transfer'],
    ]);
  });

  it('by default, every method the active provider takes and nothing it cannot take', async () => {
    const base = testConfig({ dataDir: '.' }).payments;
    const offline = [
      ['banktransfer', 'Bank transfer'],
      ['checkmo', 'Check / Money order'],
      ['purchaseorder', 'Purchase order'],
      ['cashondelivery', 'Cash on delivery'],
    ];
    const cards = [
      ['multisafepay_ideal', 'iDEAL'],
      ['multisafepay_creditcard', 'Credit card'],
      ['multisafepay_paypal', 'PayPal'],
    ];
    // The Dutch store (the default) puts iDEAL, cards and PayPal first, then bank transfer (and Riverty), then the rest.
    const [bank, ...rest] = offline;
    expect(await offered(await buildTestApp({ catalogue: orderCatalogue() }))).toEqual([...cards, bank, ...rest]);
    const multisafepay = await buildTestApp({ catalogue: orderCatalogue(), config: { payments: { ...base, provider: 'multisafepay', multisafepay: { apiKey: 'test-key', environment: 'test' } } } });
    expect(await offered(multisafepay)).toEqual([...cards, bank, ['afterpay', 'Riverty - pay later'], ...rest]);
    const mollie = await buildTestApp({ catalogue: orderCatalogue(), config: { payments: { ...base, provider: 'mollie', mollie: { apiKey: 'test_key' } } } });
    expect(await offered(mollie)).toEqual([...cards, bank, ...rest]);
  });

  it('an order paid with a method the provider does not take is refused', async () => {
    const token = await cart();
    const { orderDoc } = await import('../orders/orders.test-support.ts');
    const doc = orderDoc({ paymentMethod: { code: 'afterpay' } });
    await app.inject({ method: 'POST', url: `/api/replication/orders/push?cartId=${token}`, payload: [{ assumedMasterState: null, newDocumentState: { ...doc, _deleted: false } }] });
    const pulled = (await app.inject({ method: 'GET', url: `/api/replication/orders/pull?cartId=${token}` })).json().result.documents;
    expect(pulled[0]).toMatchObject({ resultCode: 400, result: { problems: [{ field: 'paymentMethod' }] } });
  });

  it('an order paid with a method outside the mapping is refused', async () => {
    const token = await cart();
    const { orderDoc } = await import('../orders/orders.test-support.ts');
    const doc = orderDoc({ paymentMethod: { code: 'checkmo' } });
    await app.inject({ method: 'POST', url: `/api/replication/orders/push?cartId=${token}`, payload: [{ assumedMasterState: null, newDocumentState: { ...doc, _deleted: false } }] });
    const pulled = (await app.inject({ method: 'GET', url: `/api/replication/orders/pull?cartId=${token}` })).json().result.documents;
    expect(pulled[0]).toMatchObject({ resultCode: 400, result: { problems: [{ field: 'paymentMethod' }] } });
  });
});

describe('shipping methods', () => {
  it('GET ?country= answers DPD Courier for a ship-to country and nothing elsewhere', async () => {
    const token = await cart();
    const de = await app.inject({ method: 'GET', url: `/api/cart/shipping-methods?cartId=${token}&country=de` });
    expect(de.statusCode).toBe(200);
    expect(de.json().result).toEqual([expect.objectContaining({ method_title: 'DPD Courier', carrier_code: 'flatrate', amount: 4, price_incl_tax: 5 })]);
    const us = await app.inject({ method: 'GET', url: `/api/cart/shipping-methods?cartId=${token}&country=US` });
    expect(us.json().result).toEqual([]);
    const post = await app.inject({ method: 'POST', url: `/api/cart/shipping-methods?cartId=${token}`, payload: { address: { country_id: 'IT' } } });
    expect(post.json().result).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/api/cart/shipping-methods?cartId=${token}&country=Netherlands` })).statusCode).toBe(400);
  });
});
