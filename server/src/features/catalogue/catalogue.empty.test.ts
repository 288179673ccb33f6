import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';

const empty = { ...fixtureCatalogue(), products: [] };
const app = await buildTestApp({ catalogue: empty });

describe('a catalogue without products', () => {
  it('answers product searches, filters and facets with nothing found', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/catalog/search',
      payload: { type: 'product', storeCode: 'nl', query: 'rolex', filters: { category_ids: [10], brand: [101], new: true }, aggregate: ['brand', 'price'], sort: 'name:asc' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ items: [], total: 0, aggregations: { brand: { type: 'terms', buckets: [] } } });
  });

  it('still lists its categories, with zero products each', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/catalog/search', payload: { type: 'category', storeCode: 'en', filters: { level: 2, is_active: true } } });
    expect(response.json().result.items.map((c: { product_count: number }) => c.product_count)).toEqual([0, 0]);
  });
});
