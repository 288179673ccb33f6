import { normalizeSearchRequest, type NormalizedSearch } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';

const app = await buildTestApp({ catalogue: fixtureCatalogue() });

async function search(body: unknown) {
  const response = await app.inject({ method: 'POST', url: '/api/catalog/search', payload: body as object });
  return { status: response.statusCode, body: response.json() };
}
const skus = (items: Array<{ sku: string }>) => items.map((i) => i.sku);

describe('POST /api/catalog/search: products', () => {
  it('answers with items, total, aggregations and attributeMetadata in the envelope', async () => {
    const { status, body } = await search({ type: 'product', storeCode: 'en' });
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(Object.keys(body.result).sort()).toEqual(['aggregations', 'attributeMetadata', 'items', 'size', 'start', 'total']);
  });

  it('only returns visible (2-4) and enabled products, whatever the filters ask', async () => {
    const { body } = await search({ type: 'product', storeCode: 'en', filters: { visibility: [1], status: [2] }, size: 100 });
    // W-5 is disabled, R-6-52 and R-6-54 are children with visibility 1.
    expect(skus(body.result.items).sort()).toEqual(['R-6', 'W-1', 'W-2', 'W-3', 'W-4']);
    expect(body.result.total).toBe(5);
  });

  it('sorts by updated_at descending by default', async () => {
    const { body } = await search({ type: 'product', storeCode: 'en' });
    expect(skus(body.result.items)).toEqual(['R-6', 'W-4', 'W-3', 'W-2', 'W-1']);
  });

  it('turns a size below 1 into 50 and a negative start into 0', async () => {
    const { body } = await search({ type: 'product', storeCode: 'en', size: 0, start: -5 });
    expect(body.result.size).toBe(50);
    expect(body.result.start).toBe(0);
    expect(body.result.items).toHaveLength(5);
  });

  it('pages with start and size', async () => {
    const { body } = await search({ type: 'product', storeCode: 'en', sort: 'id:asc', size: 2, start: 2 });
    expect(skus(body.result.items)).toEqual(['W-3', 'W-4']);
    expect(body.result.total).toBe(5);
  });

  it('filters by category (ancestors included) and by attribute lists', async () => {
    const watches = await search({ type: 'product', storeCode: 'nl', filters: { category_ids: [10] }, sort: 'id:asc' });
    expect(skus(watches.body.result.items)).toEqual(['W-1', 'W-2', 'W-3', 'W-4']);
    const omegaOrCartier = await search({ type: 'product', storeCode: 'nl', filters: { brand: [101, 103] }, sort: 'id:asc' });
    expect(skus(omegaOrCartier.body.result.items)).toEqual(['W-1', 'W-2', 'R-6']);
  });

  it('filters a price range on the price incl. tax and sorts by price', async () => {
    const { body } = await search({ type: 'product', storeCode: 'nl', filters: { final_price_incl_tax: { gte: 5000, lt: 12500 } }, sort: 'final_price:asc' });
    // incl. 21% VAT: W-1 6050, W-2 special 5500 -> 6655, W-3 12100
    expect(skus(body.result.items)).toEqual(['W-1', 'W-2', 'W-3']);
    expect(body.result.items.map((i: { final_price_incl_tax: number }) => i.final_price_incl_tax)).toEqual([6050, 6655, 12100]);
  });

  it('counts facets with each facet’s own filter left out, and price buckets of 2500', async () => {
    const { body } = await search({
      type: 'product',
      storeCode: 'en',
      filters: { category_ids: [10], brand: [101] },
      aggregate: ['brand', 'material', 'price', 'oculus_diameter', 'case.colour'],
    });
    expect(body.result.total).toBe(2);
    expect(body.result.aggregations.brand).toEqual({ type: 'terms', buckets: [{ key: '101', count: 2 }, { key: '102', count: 2 }] });
    expect(body.result.aggregations.material).toEqual({ type: 'terms', buckets: [{ key: '201', count: 2 }] });
    const price = body.result.aggregations.price;
    expect(price.type).toBe('range');
    expect(price.buckets).toHaveLength(13);
    expect(price.buckets[2]).toEqual({ key: '5000-7500', from: 5000, to: 7500, count: 2 });
    expect(body.result.aggregations.oculus_diameter).toEqual({ type: 'stats', min: 31, max: 33, count: 2 });
    expect(body.result.aggregations['case.colour']).toBeUndefined();
    expect(body.result.attributeMetadata.map((a: { attribute_code: string }) => a.attribute_code).sort()).toEqual(['brand', 'material', 'oculus_diameter']);
    expect(body.result.attributeMetadata.find((a: { attribute_code: string }) => a.attribute_code === 'brand').frontend_label).toBe('Brand');
  });

  it('counts multi-valued facets per value, and filters them as a list', async () => {
    const { body } = await search({ type: 'product', storeCode: 'en', aggregate: ['gem_stones'] });
    expect(body.result.aggregations.gem_stones.buckets).toEqual([{ key: '401', count: 2 }, { key: '402', count: 1 }]);
    const rubies = await search({ type: 'product', storeCode: 'en', filters: { gem_stones: [402] } });
    expect(skus(rubies.body.result.items)).toEqual(['R-6']);
    const sapphire = await search({ type: 'product', storeCode: 'en', query: 'sapphire', sort: 'id:asc' });
    expect(skus(sapphire.body.result.items)).toEqual(['W-4', 'R-6']);
  });

  it('keeps the 10 biggest buckets per facet unless the request asks for more', async () => {
    const { body } = await search({ type: 'product', storeCode: 'en', aggregate: ['brand'], aggregationSize: 1 });
    expect(body.result.aggregations.brand.buckets).toEqual([{ key: '101', count: 2 }]);
  });

  it('sorts by position inside the listed category, then the other matches, so paging reaches the total', async () => {
    const one = await search({ type: 'product', storeCode: 'en', filters: { category_ids: [10] }, sort: 'position:asc' });
    expect(skus(one.body.result.items)).toEqual(['W-1', 'W-2', 'W-3', 'W-4']);
    const two = await search({ type: 'product', storeCode: 'en', filters: { category_ids: [11, 20] }, sort: 'position:asc', size: 2, start: 2 });
    expect(two.body.result.total).toBe(4);
    expect(skus(two.body.result.items)).toEqual(['W-3', 'R-6']);
  });

  it('sorts by name and by stock, and answers an empty page past the total', async () => {
    const byName = await search({ type: 'product', storeCode: 'nl', sort: 'name:asc' });
    expect(skus(byName.body.result.items)).toEqual(['R-6', 'W-1', 'W-2', 'W-4', 'W-3']);
    const byStock = await search({ type: 'product', storeCode: 'nl', sort: 'stock.qty:asc', size: 1 });
    expect(skus(byStock.body.result.items)).toEqual(['W-4']);
    const past = await search({ type: 'product', storeCode: 'nl', start: 10 });
    expect(past.body.result).toMatchObject({ items: [], total: 5 });
    const badSortPast = await search({ type: 'product', storeCode: 'nl', start: 10, sort: 'colour:asc' });
    expect(badSortPast.status).toBe(400);
  });

  it('matches flags given as true, 1 or "1"', async () => {
    for (const value of [true, 1, '1', 'true']) {
      const { body } = await search({ type: 'product', storeCode: 'en', filters: { new: value } });
      expect(skus(body.result.items), String(value)).toEqual(['W-2']);
    }
  });

  it('serves store-specific names and url paths', async () => {
    const nl = await search({ type: 'product-nl', filters: { sku: 'W-4' } });
    const en = await search({ type: 'product', storeCode: 'en', filters: { sku: 'W-4' } });
    expect(nl.body.result.items[0]).toMatchObject({ name: 'Rolex Day-Date goud', url_path: 'horloges/rolex-day-date' });
    expect(en.body.result.items[0]).toMatchObject({ name: 'Rolex Day-Date gold', url_path: 'watches/rolex-day-date' });
    expect(en.body.result.items[0].category.map((c: { name: string }) => c.name)).toEqual(['Watches']);
  });

  it('keeps out-of-stock products in listings', async () => {
    const { body } = await search({ type: 'product', storeCode: 'en', filters: { sku: 'W-4' } });
    expect(body.result.items[0].stock).toMatchObject({ is_in_stock: false, qty: 0 });
  });

  it('shows a configurable product at its cheapest available child price, with its children', async () => {
    const { body } = await search({ type: 'product', storeCode: 'en', filters: { sku: 'R-6' } });
    const ring = body.result.items[0];
    expect(ring.final_price).toBe(900);
    expect(ring.configurable_children.map((c: { sku: string }) => c.sku)).toEqual(['R-6-52', 'R-6-54']);
    expect(ring.configurable_options[0].attribute_code).toBe('size');
    const nl = await search({ type: 'product', storeCode: 'nl', filters: { sku: 'R-6' } });
    expect(nl.body.result.items[0].configurable_options[0].label).toBe('Maat');
  });

  it('applies included and excluded fields', async () => {
    const { body } = await search({ type: 'product', storeCode: 'en', filters: { sku: 'W-1' }, includeFields: ['sku', 'name', 'stock.qty', 'price'], excludeFields: ['price'] });
    expect(body.result.items[0]).toEqual({ sku: 'W-1', name: 'Omega Seamaster Aqua Terra', stock: { qty: 5 } });
  });

  it('gives the same fields whether a projection asks for a product’s rarely read data (decoded on demand) or not', async () => {
    const whole = (await search({ type: 'product', storeCode: 'en', filters: { sku: ['R-6', 'W-1'] } })).body.result.items;
    expect(whole.map((item: { media_gallery: unknown[] }) => item.media_gallery.length).every((n: number) => n > 0)).toBe(true);
    const detailed = await search({ type: 'product', storeCode: 'en', filters: { sku: ['R-6', 'W-1'] }, includeFields: ['sku', 'image', 'media_gallery', 'configurable_children', 'configurable_options'] });
    expect(detailed.body.result.items).toEqual(
      whole.map((item: Record<string, unknown>) => ({
        sku: item.sku,
        image: item.image,
        media_gallery: item.media_gallery,
        ...(item.configurable_options ? { configurable_options: item.configurable_options, configurable_children: item.configurable_children } : {}),
      })),
    );
    const listing = await search({ type: 'product', storeCode: 'en', filters: { sku: ['R-6', 'W-1'] }, includeFields: ['sku', 'image', 'name'] });
    expect(listing.body.result.items).toEqual(whole.map((item: Record<string, unknown>) => ({ sku: item.sku, image: item.image, name: item.name })));
    expect(listing.body.result.items.every((item: { image: string }) => item.image.length > 0)).toBe(true);
  });

  it('finds products by fuzzy text with name ranked above description matches', async () => {
    const exact = await search({ type: 'product', storeCode: 'en', query: 'seamaster' });
    expect(skus(exact.body.result.items)[0]).toBe('W-1');
    const typo = await search({ type: 'product', storeCode: 'en', query: 'speedmastr' });
    expect(skus(typo.body.result.items)).toEqual(['W-2']);
    const twoEdits = await search({ type: 'product', storeCode: 'en', query: 'submarinre' });
    expect(skus(twoEdits.body.result.items)).toEqual(['W-3']);
    const bySku = await search({ type: 'product', storeCode: 'en', query: 'W-3' });
    expect(skus(bySku.body.result.items)[0]).toBe('W-3');
    const byCategory = await search({ type: 'product', storeCode: 'nl', query: 'ringen' });
    expect(skus(byCategory.body.result.items)).toEqual(['R-6']);
    const nothing = await search({ type: 'product', storeCode: 'en', query: 'xylophone' });
    expect(nothing.body.result.total).toBe(0);
  });

  it('suggests the corrected query ("did you mean") for a word the store does not know, from its own words', async () => {
    // Found by the search's spelling tolerance, and still told the word it meant.
    const nearMiss = await search({ type: 'product', storeCode: 'en', query: 'Rolx', sort: 'id:asc' });
    expect(skus(nearMiss.body.result.items)).toEqual(['W-3', 'W-4']);
    expect(nearMiss.body.result.didYouMean).toBe('rolex');
    // Every unknown word is corrected; numbers and known words stay.
    expect((await search({ type: 'product', storeCode: 'en', query: 'rolx submarinr date 41' })).body.result.didYouMean).toBe('rolex submariner date 41');
    // Beyond what the search tolerates (two edits in a short word): nothing found, yet the near word is offered.
    const tooFar = await search({ type: 'product', storeCode: 'en', query: 'rlx' });
    expect(tooFar.body.result.total).toBe(0);
    expect(tooFar.body.result.didYouMean).toBe('rolex');
    // The store's own language.
    expect((await search({ type: 'product', storeCode: 'nl', query: 'diamnt' })).body.result.didYouMean).toBe('diamant');
    // Known words, and words with nothing near, get no suggestion.
    const known = await search({ type: 'product', storeCode: 'en', query: 'omega seamaster' });
    expect(known.body.result).not.toHaveProperty('didYouMean');
    expect((await search({ type: 'product', storeCode: 'en', query: 'xylophone' })).body.result).not.toHaveProperty('didYouMean');
    expect((await search({ type: 'product', storeCode: 'en' })).body.result).not.toHaveProperty('didYouMean');
  });
});

describe('the search cache', () => {
  it('answers the same query, whatever its key order, from the cache until the catalogue is reloaded', async () => {
    const one = normalizeSearchRequest({ type: 'product', storeCode: 'en', filters: { sku: 'W-1' }, size: 5 }, 'nl') as NormalizedSearch;
    const same = normalizeSearchRequest({ size: 5, filters: { sku: 'W-1' }, storeCode: 'en', type: 'product' }, 'nl') as NormalizedSearch;
    // A product answer's prices are synced at each answer (spec 1 §4), so its items are new each time; the cached
    // rest of it (here its aggregations) is the very same object.
    const first = await app.catalogue.search(one);
    expect((await app.catalogue.search(same)).aggregations).toBe(first.aggregations);
    await app.catalogue.refresh();
    const fresh = await app.catalogue.search(one);
    expect(fresh.aggregations).not.toBe(first.aggregations);
    expect(fresh).toEqual(first);
  });
});

describe('POST /api/catalog/search: categories, attributes, tax rules', () => {
  it('lists categories by position with per-store url paths and product counts', async () => {
    const { body } = await search({ type: 'category', storeCode: 'en', filters: { is_active: true, level: 2 }, sort: 'position:asc', size: 4000 });
    expect(body.result.items.map((c: { url_path: string }) => c.url_path)).toEqual(['watches', 'jewellery']);
    expect(body.result.items[0]).toMatchObject({ id: 10, parent_id: 2, level: 2, product_count: 4, parent_ids: [1, 2] });
  });

  it('serves attributes and never asks for dotted attribute codes', async () => {
    const { body } = await search({ type: 'attribute', storeCode: 'nl', filters: { attribute_code: ['brand', 'case.colour'] } });
    expect(body.result.items.map((a: { attribute_code: string }) => a.attribute_code)).toEqual(['brand']);
    expect(body.result.items[0].frontend_label).toBe('Merk');
  });

  it('serves tax rules with their rates', async () => {
    const { body } = await search({ type: 'taxrule' });
    expect(body.result.items[0].rates.map((r: { tax_country_id: string }) => r.tax_country_id)).toEqual(['NL', 'DE']);
  });
});

describe('bad search queries get a clear 400', () => {
  it.each([
    [{ type: 'unicorn' }, 'unknown_entity_type', 'Unknown entity type unicorn'],
    [{}, 'invalid_search_query', 'type: expected string'],
    [{ type: 'product', size: 'ten' }, 'invalid_search_query', 'size: expected number'],
    [{ type: 'product', size: 2.5 }, 'invalid_search_query', 'size: must be a whole number'],
    [{ type: 'product', sort: 'price; drop table' }, 'invalid_search_query', 'sort must look like'],
    [{ type: 'product', sort: 'colour:asc' }, 'invalid_search_query', 'Cannot sort by colour'],
    [{ type: 'product', filters: { nonsense: [1] } }, 'invalid_search_query', 'Unknown filter field nonsense'],
    [{ type: 'product', filters: { brand: { gte: 1 } } }, 'invalid_search_query', 'Field brand cannot be filtered by a range'],
    [{ type: 'product', filters: { brand: Array.from({ length: 1000 }, (_, i) => i) } }, 'invalid_search_query', 'more than 999 values'],
    [{ type: 'product-en', storeCode: 'nl' }, 'invalid_search_query', 'does not match storeCode'],
    [{ type: 'product', storeCode: 'fr' }, 'invalid_search_query', 'storeCode'],
    [{ type: 'category', filters: { secret: 1 } }, 'invalid_search_query', 'Unknown filter field secret'],
  ])('%j', async (body, error, message) => {
    const response = await search(body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(400);
    expect(response.body.result.error).toBe(error);
    expect(response.body.result.message).toContain(message);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/catalog/search', headers: { 'content-type': 'application/json' }, payload: '{"type":' });
    expect(response.statusCode).toBe(400);
    expect(response.json().result.message).toBe('The request body is not valid JSON');
  });

  it('answers GET with the query in `request`, and explains a malformed one', async () => {
    const ok = await app.inject({ method: 'GET', url: `/api/catalog/search?request=${encodeURIComponent(JSON.stringify({ type: 'product', size: 1 }))}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.items).toHaveLength(1);
    const bad = await app.inject({ method: 'GET', url: '/api/catalog/search?request=%7Bnope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result.message).toContain('not valid JSON');
  });
});

describe('POST /api/url/map', () => {
  it('maps category and product url paths per store', async () => {
    const category = await app.inject({ method: 'POST', url: '/api/url/map', payload: { url: '/horloges/heren/', storeCode: 'nl' } });
    expect(category.json().result).toMatchObject({ _type: 'category', _source: { id: 11, name: 'Herenhorloges' } });
    const product = await app.inject({ method: 'POST', url: '/api/url/map', payload: { url: 'watches/men/omega-seamaster-aqua-terra?ref=x', storeCode: 'en' } });
    expect(product.json().result).toMatchObject({ _type: 'product', _source: { sku: 'W-1' } });
  });

  it('answers 404 for unknown paths, disabled products and inactive categories', async () => {
    // A NUL or another control character (encoded or not) is no path the shop has, and PostgreSQL refuses a NUL in text.
    for (const url of ['nowhere', 'horloges/cartier-tank-must', 'archief', '%00', 'horloges/%00heren', 'a\u0001b']) {
      const response = await app.inject({ method: 'POST', url: '/api/url/map', payload: { url, storeCode: 'nl' } });
      expect(response.statusCode).toBe(404);
      expect(response.json().result.message).toContain('No mapping found');
    }
  });

  it('refuses a missing url and an unknown store with 400', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/url/map', payload: {} })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/url/map', payload: { url: 'x', storeCode: 'fr' } })).json().result.message).toBe('Unknown store fr');
  });
});
