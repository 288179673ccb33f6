import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';

const nl = await buildTestApp({ catalogue: fixtureCatalogue() });
const de = await buildTestApp({ catalogue: fixtureCatalogue(), config: { taxCountry: 'DE' } });
const us = await buildTestApp({ catalogue: fixtureCatalogue(), config: { taxCountry: 'US' } });

async function price(app: typeof nl, sku: string) {
  const response = await app.inject({ method: 'POST', url: '/api/catalog/search', payload: { type: 'product', filters: { sku } } });
  const item = response.json().result.items[0];
  return { price: item.price, incl: item.price_incl_tax, tax: item.price_tax };
}

describe('prices include the tax of the configured country (spec 1 §5, §9)', () => {
  it('adds 21% in NL to prices stored excluding tax', async () => {
    expect(await price(nl, 'W-1')).toEqual({ price: 5000, incl: 6050, tax: 1050 });
  });
  it('uses the rate of another configured country, and none where no rate applies', async () => {
    expect(await price(de, 'W-1')).toEqual({ price: 5000, incl: 5950, tax: 950 });
    expect(await price(us, 'W-1')).toEqual({ price: 5000, incl: 5000, tax: 0 });
  });
});
