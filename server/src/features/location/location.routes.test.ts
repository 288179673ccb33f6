import { DEFAULT_CURRENCY_RATES, STANDARD_PRODUCT_TAX_CLASS } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';

const app = await buildTestApp({ catalogue: fixtureCatalogue() });
const ownRates = await buildTestApp({ catalogue: fixtureCatalogue(), config: { currencyRates: { ...DEFAULT_CURRENCY_RATES, GBP: 0.9 } } });
const behindCloudflare = await buildTestApp({ catalogue: fixtureCatalogue(), config: { defaultCountry: 'BE', locationHeader: 'cf-ipcountry' } });

async function locate(headers: Record<string, string> = {}, target = app) {
  const response = await target.inject({ method: 'GET', url: '/api/location', headers });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

describe('GET /api/location', () => {
  it('places a visitor without a country header in NL: VAT 21, EUR', async () => {
    const { status, body, headers } = await locate();
    expect(status).toBe(200);
    expect(body).toEqual({ code: 200, result: { country_code: 'NL', vat: 21, currency: 'EUR', rate: DEFAULT_CURRENCY_RATES.EUR, rates: DEFAULT_CURRENCY_RATES } });
    expect(String(headers.vary)).toContain('x-country-code');
    expect(headers['cache-control']).toBe('private, no-cache');
  });

  it('reads the country from x-country-code; the VAT is the country’s rate in the shop’s tax rules', async () => {
    const answers = await Promise.all(['gb', 'US', 'SE', 'DK', 'DE', 'CH'].map((country) => locate({ 'x-country-code': country })));
    expect(answers.map((a) => a.body.result)).toEqual([
      { country_code: 'GB', vat: 0, currency: 'GBP', rate: DEFAULT_CURRENCY_RATES.GBP, rates: DEFAULT_CURRENCY_RATES },
      { country_code: 'US', vat: 0, currency: 'USD', rate: DEFAULT_CURRENCY_RATES.USD, rates: DEFAULT_CURRENCY_RATES },
      { country_code: 'SE', vat: 21, currency: 'SEK', rate: DEFAULT_CURRENCY_RATES.SEK, rates: DEFAULT_CURRENCY_RATES },
      { country_code: 'DK', vat: 21, currency: 'DKK', rate: DEFAULT_CURRENCY_RATES.DKK, rates: DEFAULT_CURRENCY_RATES },
      { country_code: 'DE', vat: 19, currency: 'EUR', rate: DEFAULT_CURRENCY_RATES.EUR, rates: DEFAULT_CURRENCY_RATES },
      { country_code: 'CH', vat: 0, currency: 'EUR', rate: DEFAULT_CURRENCY_RATES.EUR, rates: DEFAULT_CURRENCY_RATES },
    ]);
  });

  it('reports the VAT the visitor’s prices carry (one rate for the location answer and the render list)', async () => {
    const taxable = fixtureCatalogue().products.find((product) => product.tax_class_id === STANDARD_PRODUCT_TAX_CLASS && product.status < 2)!;
    for (const country of ['NL', 'DE', 'GB', 'US', 'FR', 'CH']) {
      const { body } = await locate({ 'x-country-code': country });
      const list = await app.inject({ method: 'GET', url: `/api/catalog/render-list?skus=${encodeURIComponent(taxable.sku)}`, headers: { 'x-country-code': country } });
      const item = list.json().result.items[0];
      expect({ country, vat: body.result.vat, currency: body.result.currency }).toEqual({ country, vat: item.tax_rate, currency: item.currency });
    }
  });

  it('falls back to the default for a header that names no country', async () => {
    for (const value of ['Netherlands', 'XX', '1', '']) expect((await locate({ 'x-country-code': value })).body.result.country_code).toBe('NL');
  });

  it('uses the configured header and default country', async () => {
    expect((await locate({}, behindCloudflare)).body.result).toEqual({ country_code: 'BE', vat: 21, currency: 'EUR', rate: DEFAULT_CURRENCY_RATES.EUR, rates: DEFAULT_CURRENCY_RATES });
    expect((await locate({ 'cf-ipcountry': 'US' }, behindCloudflare)).body.result.currency).toBe('USD');
    expect((await locate({ 'cf-ipcountry': 'T1' }, behindCloudflare)).body.result.country_code).toBe('BE');
    expect((await locate({ 'x-country-code': 'GB' }, behindCloudflare)).body.result.country_code).toBe('BE');
  });

  it('announces the rate the shop converts the visitor’s prices at, as configured', async () => {
    expect((await locate({ 'x-country-code': 'GB' }, ownRates)).body.result).toEqual({ country_code: 'GB', vat: 0, currency: 'GBP', rate: 0.9, rates: { ...DEFAULT_CURRENCY_RATES, GBP: 0.9 } });
  });
});
