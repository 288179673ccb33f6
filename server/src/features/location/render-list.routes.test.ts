import { RenderListResultSchema } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';

/** The fixture with custom prices: W-1 (5000) has USD 6000 and GBP 4500; W-2 (6000, special 5500) has GBP 4800. */
function pricedCatalogue() {
  const catalogue = fixtureCatalogue();
  const custom: Record<string, { customprice_usd?: number; customprice_gbp?: number }> = {
    'W-1': { customprice_usd: 6000, customprice_gbp: 4500 },
    'W-2': { customprice_gbp: 4800 },
  };
  catalogue.products = catalogue.products.map((p) => ({ ...p, ...custom[p.sku] }));
  return catalogue;
}

const app = await buildTestApp({ catalogue: pricedCatalogue(), config: { currencyRates: { EUR: 1, GBP: 0.85, USD: 1.1, SEK: 11.5, DKK: 7.5 } } });
const german = await buildTestApp({ catalogue: pricedCatalogue(), config: { taxCountry: 'DE' } });

async function renderList(query: string, country?: string) {
  const response = await app.inject({ method: 'GET', url: `/api/catalog/render-list?${query}`, headers: country ? { 'x-country-code': country } : {} });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}
type Item = { sku: string } & Record<string, unknown>;
const bySku = (items: Item[]) => Object.fromEntries(items.map((item) => [item.sku, item]));

describe('GET /api/catalog/render-list', () => {
  it('prices in EUR with NL VAT for a visitor from NL (the default)', async () => {
    const { status, body, headers } = await renderList('skus=W-1,W-2&storeId=2');
    expect(status).toBe(200);
    expect(RenderListResultSchema.safeParse(body.result).success).toBe(true);
    const items = bySku(body.result.items);
    expect(items['W-1']).toEqual({
      id: 1,
      sku: 'W-1',
      currency: 'EUR',
      tax_rate: 21,
      custom_price: false,
      price: 5000,
      price_incl_tax: 6050,
      price_tax: 1050,
      original_price: 5000,
      original_price_incl_tax: 6050,
      original_price_tax: 1050,
      special_price: 0,
      special_price_incl_tax: 0,
      special_price_tax: 0,
      final_price: 5000,
      final_price_incl_tax: 6050,
      final_price_tax: 1050,
    });
    expect(items['W-2']).toMatchObject({ price_incl_tax: 7260, special_price_incl_tax: 6655, final_price_incl_tax: 6655 });
    expect(String(headers.vary)).toContain('x-country-code');
  });

  it('shows a product’s own USD price to a visitor from the US, without VAT, and converts the others', async () => {
    const { body } = await renderList('skus=W-1,W-2&currencyCode=USD&storeId=1', 'US');
    const items = bySku(body.result.items);
    expect(items['W-1']).toMatchObject({ currency: 'USD', custom_price: true, tax_rate: 0, price: 6000, price_incl_tax: 6000, final_price_incl_tax: 6000 });
    // 6000 * 1.1 and the special 5500 * 1.1
    expect(items['W-2']).toMatchObject({ currency: 'USD', custom_price: false, price_incl_tax: 6600, special_price_incl_tax: 6050, final_price_incl_tax: 6050 });
  });

  it('keeps a special price’s proportion of a custom GBP price', async () => {
    const { body } = await renderList('skus=W-2,W-1&currencyCode=gbp', 'GB');
    expect(body.result.items.map((i: Item) => i.sku)).toEqual(['W-2', 'W-1']);
    const items = bySku(body.result.items);
    // 4800 * 5500 / 6000
    expect(items['W-2']).toMatchObject({ currency: 'GBP', custom_price: true, price_incl_tax: 4800, special_price_incl_tax: 4400, final_price_incl_tax: 4400 });
    expect(items['W-1']).toMatchObject({ final_price_incl_tax: 4500 });
  });

  it('taxes for the visitor’s country: the rules’ rate, else the shop’s inside the EU, else none', async () => {
    const rate = async (country: string) => bySku((await renderList('skus=W-1&currencyCode=EUR', country)).body.result.items)['W-1'];
    expect(await rate('DE')).toMatchObject({ tax_rate: 19, final_price_incl_tax: 5950 });
    expect(await rate('BE')).toMatchObject({ tax_rate: 21, final_price_incl_tax: 6050 });
    expect(await rate('US')).toMatchObject({ tax_rate: 0, final_price_incl_tax: 5000 });
  });

  it('charges an EU visitor the rules do not list the rate of the configured tax country', async () => {
    const response = await german.inject({ method: 'GET', url: '/api/catalog/render-list?skus=W-1', headers: { 'x-country-code': 'BE' } });
    expect(response.json().result.items[0]).toMatchObject({ tax_rate: 19, final_price_incl_tax: 5950 });
  });

  it('defaults the currency to the visitor’s: SEK for Sweden, converted', async () => {
    const { body } = await renderList('skus=W-1', 'SE');
    // 5000 * 11.5 = 57500, plus 21%
    expect(body.result.items[0]).toMatchObject({ currency: 'SEK', tax_rate: 21, price: 57500, price_incl_tax: 69575 });
  });

  it('prices a configurable product at its cheapest available child', async () => {
    const { body } = await renderList('skus=R-6');
    expect(body.result.items[0]).toMatchObject({ sku: 'R-6', price: 900, final_price_incl_tax: 1089 });
  });

  it('leaves out unknown and disabled skus and keeps the order asked', async () => {
    const { status, body } = await renderList('skus=R-6-52,NOPE,W-5,W-1,R-6-52');
    expect(status).toBe(200);
    expect(body.result.items.map((i: Item) => i.sku)).toEqual(['R-6-52', 'W-1']);
    expect((await renderList('skus=NOPE')).body).toEqual({ code: 200, result: { items: [] } });
  });

  it('accepts a user group and a token without changing prices', async () => {
    const plain = await renderList('skus=W-1&currencyCode=EUR&storeId=2');
    const grouped = await renderList('skus=W-1&currencyCode=EUR&storeId=2&userGroupId=1&token=abc');
    expect(grouped.body).toEqual(plain.body);
  });

  it('answers 400 with a clear message for malformed input', async () => {
    const cases: Array<[string, string]> = [
      ['currencyCode=EUR', 'Give the skus to price as a comma list, e.g. /api/catalog/render-list?skus=W-1,W-2&currencyCode=EUR&storeId=2'],
      ['skus=,,', 'Give the skus to price as a comma list, e.g. /api/catalog/render-list?skus=W-1,W-2&currencyCode=EUR&storeId=2'],
      ['skus=W-1&currencyCode=JPY', 'Unknown currency JPY; use EUR, GBP, USD, SEK, DKK'],
      ['skus=W-1&storeId=7', 'Unknown storeId 7; use 2 (nl) or 1 (en)'],
      ['skus=W-1&storeId=nl', 'Unknown storeId nl; use 2 (nl) or 1 (en)'],
      ['skus=W-1&userGroupId=gold', 'userGroupId must be a whole number, not gold'],
      ['skus=W-1&currencyCode=EUR&currencyCode=USD', 'currencyCode is given more than once'],
      [`skus=${Array.from({ length: 201 }, (_, i) => `S-${i}`).join(',')}`, 'A render list prices at most 200 skus; this request has 201'],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await renderList(query);
      expect({ query, status, body }).toEqual({ query, status: 400, body: { code: 400, result: { error: 'bad_request', message } } });
    }
  });
});
