import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';

const app = await buildTestApp({ catalogue: fixtureCatalogue() });

const fieldNames = fc.constantFrom('type', 'storeCode', 'query', 'filters', 'sort', 'size', 'start', 'includeFields', 'excludeFields', 'aggregate', 'brand', 'category_ids', 'price');
const anyValue = fc.oneof(fc.jsonValue(), fc.constantFrom('product', 'category', 'attribute', 'taxrule', 'product-nl', 'nl', 'en', 'final_price:asc', 'name'));
const searchLike = fc.dictionary(fieldNames, fc.oneof(anyValue, fc.dictionary(fieldNames, anyValue)), { maxKeys: 6 });

describe('the catalogue API never answers bad input with a 5xx', () => {
  it('for arbitrary search bodies', async () => {
    await fc.assert(
      fc.asyncProperty(searchLike, async (body) => {
        const response = await app.inject({ method: 'POST', url: '/api/catalog/search', payload: body });
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json().code).toBe(response.statusCode);
      }),
      { numRuns: 300 },
    );
  });

  it('for arbitrary GET requests and URL maps', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), async (text) => {
        const search = await app.inject({ method: 'GET', url: `/api/catalog/search?request=${encodeURIComponent(text)}` });
        expect(search.statusCode).toBeLessThan(500);
        const map = await app.inject({ method: 'POST', url: '/api/url/map', payload: { url: text || '/', storeCode: 'nl' } });
        expect(map.statusCode).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });
});
