import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { orderCatalogue } from '../orders/orders.test-support.ts';

describe('checkout configuration', () => {
  it('is internal by default, with the configured ship-to countries', async () => {
    const app = await buildTestApp({ catalogue: orderCatalogue(), config: { orders: loadConfig({ SHIP_TO_COUNTRIES: 'nl,de' }).orders } });
    const response = await app.inject({ method: 'GET', url: '/api/checkout/config?storeCode=en' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, result: { externalCheckout: false, cmsUrl: null, countryInPath: false, shipToCountries: ['NL', 'DE'], offlinePaymentMax: 1000 } });
  });

  it('external with a CMS address per store; a bad store code is a 400', async () => {
    const checkout = loadConfig({ EXTERNAL_CHECKOUT: 'true', CMS_URL: 'nl=https://cms.example.nl/,en=https://cms.example.com', EXTERNAL_CHECKOUT_COUNTRY_IN_PATH: 'true' }).checkout;
    const app = await buildTestApp({ catalogue: orderCatalogue(), config: { checkout } });
    const nl = (await app.inject({ method: 'GET', url: '/api/checkout/config' })).json().result;
    expect(nl).toMatchObject({ externalCheckout: true, cmsUrl: 'https://cms.example.nl', countryInPath: true });
    const en = (await app.inject({ method: 'GET', url: '/api/checkout/config?storeCode=en' })).json().result;
    expect(en.cmsUrl).toBe('https://cms.example.com');
    const bad = await app.inject({ method: 'GET', url: '/api/checkout/config?storeCode=xx' });
    expect(bad.statusCode).toBe(400);
  });

  it('one CMS address serves every store; EXTERNAL_CHECKOUT without CMS_URL stops the start', () => {
    expect(loadConfig({ EXTERNAL_CHECKOUT: 'true', CMS_URL: 'https://cms.example.com' }).checkout.cmsUrls).toEqual({ '*': 'https://cms.example.com' });
    expect(() => loadConfig({ EXTERNAL_CHECKOUT: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ CMS_URL: 'not a url' })).toThrow(/CMS_URL/);
  });
});
