import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { orderCatalogue } from '../orders/orders.test-support.ts';

describe('GET /api/shop/details', () => {
  it('answers the demo company, its KvK and VAT numbers, the contact and the store’s payment methods in order', async () => {
    const app = await buildTestApp({ catalogue: orderCatalogue() });
    const nl = await app.inject({ method: 'GET', url: '/api/shop/details?storeCode=nl' });
    expect(nl.statusCode).toBe(200);
    expect(nl.json().result).toEqual({
      company: { name: 'Horloge & Diamant B.V.', address: 'P.C. Hooftstraat 48, 1071 BZ Amsterdam', kvk: '87654321', vatId: 'NL864512379B01' },
      phone: '+31 20 555 0100',
      email: 'shop@localhost',
      paymentMethods: ['multisafepay_ideal', 'multisafepay_creditcard', 'multisafepay_paypal', 'banktransfer', 'checkmo', 'purchaseorder', 'cashondelivery'],
    });
    const en = (await app.inject({ method: 'GET', url: '/api/shop/details?storeCode=en' })).json().result;
    expect(en.paymentMethods.slice(0, 3)).toEqual(['multisafepay_creditcard', 'multisafepay_paypal', 'multisafepay_ideal']);
    expect((await app.inject({ method: 'GET', url: '/api/shop/details?storeCode=xx' })).statusCode).toBe(400);
  });

  it('takes the operator’s settings, and refuses bad ones at start', async () => {
    const config = loadConfig({ SHOP_COMPANY_NAME: 'Juwelier B.V.', SHOP_KVK: '12345678', SHOP_VAT_ID: 'nl 123456789 b01', SHOP_PHONE: '+31 10 123 4567', SHOP_CONTACT_EMAIL: 'help@juwelier.example', PAYMENT_METHODS: 'banktransfer' });
    const app = await buildTestApp({ catalogue: orderCatalogue(), config: { company: config.company, orders: config.orders } });
    expect((await app.inject({ method: 'GET', url: '/api/shop/details' })).json().result).toMatchObject({
      company: { name: 'Juwelier B.V.', kvk: '12345678', vatId: 'NL123456789B01' },
      phone: '+31 10 123 4567',
      email: 'help@juwelier.example',
      paymentMethods: ['banktransfer'],
    });
    expect(() => loadConfig({ SHOP_KVK: '1234' })).toThrow(/SHOP_KVK/);
    expect(() => loadConfig({ SHOP_VAT_ID: 'not a vat id!' })).toThrow(/SHOP_VAT_ID/);
    expect(() => loadConfig({ SHOP_PHONE: 'call us' })).toThrow(/SHOP_PHONE/);
  });
});
