import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';

const catalogue = fixtureCatalogue();
const watches = catalogue.categories.find((c) => c.id === 10)!;
Object.assign(watches, { thumbnail: '/media/catalog/watches-thumb.svg', landing_page: 7 });
const orphan = { ...catalogue.products[0]!, id: 95, sku: 'LOOSE-95', visibility: 1, category_ids: [], stores: { nl: { name: 'Losse band', url_key: 'losse-band' }, en: { name: 'Loose strap', url_key: 'loose-strap' } } };
catalogue.products.push(orphan);
const app = await buildTestApp({ catalogue });

const get = async (url: string) => {
  const response = await app.inject(url);
  return { status: response.statusCode, body: response.json() };
};

describe('GET /api/catalog/product (spec 1 §4, §5)', () => {
  it('loads one product by sku, id, url_key or url_path', async () => {
    for (const query of ['sku=W-3', 'id=3', 'url_key=rolex-submariner-date', 'url_path=watches/men/rolex-submariner-date']) {
      const { status, body } = await get(`/api/catalog/product?storeCode=en&${query}`);
      expect(status, query).toBe(200);
      expect(body.result._source.sku).toBe('W-3');
    }
  });

  it('needs a search key', async () => {
    const { status, body } = await get('/api/catalog/product?storeCode=en');
    expect(status).toBe(400);
    expect(body.result).toEqual({ error: 'product_search_key_missing', message: 'Please provide the search key sku for product/single action!' });
  });

  it('refuses a disabled product and a child without a parent with the spec messages', async () => {
    const disabled = await get('/api/catalog/product?sku=W-5');
    expect(disabled.status).toBe(404);
    expect(disabled.body.result.message).toBe('Product query returned empty result product status = 2');
    const loose = await get('/api/catalog/product?sku=LOOSE-95');
    expect(loose.status).toBe(404);
    expect(loose.body.result.message).toBe('Product query returned empty result product visibility = 1');
  });

  it('answers a child variant with its parent and where to redirect', async () => {
    const { status, body } = await get('/api/catalog/product?storeCode=nl&sku=R-6-52');
    expect(status).toBe(200);
    expect(body.result._source.sku).toBe('R-6');
    expect(body.result.redirect).toEqual({ sku: 'R-6', url_path: 'sieraden/ringen/gouden-ring' });
    const mapped = await app.inject({ method: 'POST', url: '/api/url/map', payload: { url: 'gouden-ring-52', storeCode: 'nl' } });
    expect(mapped.json().result).toMatchObject({ _type: 'product', _source: { sku: 'R-6' }, redirect: { url_path: 'sieraden/ringen/gouden-ring' } });
  });
});

describe('GET /api/catalog/product/variants', () => {
  it('lists the variants of a configurable product', async () => {
    const { body } = await get('/api/catalog/product/variants?storeCode=en&parentSku=R-6');
    expect(body.result.map((c: { sku: string }) => c.sku)).toEqual(['R-6-52', 'R-6-54']);
  });
  it('needs parentSku, and a configurable product behind it', async () => {
    for (const url of ['/api/catalog/product/variants', '/api/catalog/product/variants?parentSku=W-1']) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(body.result.message).toBe("Product doesn't have parentSku, please check if this is configurable product");
    }
  });
});

describe('GET /api/catalog/category (spec 1 §5)', () => {
  it('finds a category by id or url_path', async () => {
    expect((await get('/api/catalog/category?storeCode=nl&id=11')).body.result.name).toBe('Herenhorloges');
    expect((await get('/api/catalog/category?storeCode=en&url_path=watches/men')).body.result.id).toBe(11);
  });
  it('opens a category by each route param of spec 1 §2: id, url_key, slug and url_path', async () => {
    for (const [store, query] of [
      ['nl', 'id=11'],
      ['nl', 'url_key=heren'],
      ['nl', 'slug=heren'],
      ['nl', 'url_path=horloges/heren'],
      ['en', 'url_key=men'],
      ['en', 'slug=men'],
      ['en', 'url_path=/watches/men/'],
    ] as const) {
      const { status, body } = await get(`/api/catalog/category?storeCode=${store}&${query}`);
      expect(status, query).toBe(200);
      expect(body.result, query).toMatchObject({ id: 11, url_path: store === 'nl' ? 'horloges/heren' : 'watches/men' });
    }
    for (const query of ['url_key=nowhere', 'slug=nowhere', 'url_key=archief']) {
      const { status, body } = await get(`/api/catalog/category?storeCode=nl&${query}`);
      expect(status, query).toBe(404);
      expect(body.result.message).toBe(`Category query returned empty result ${query.replace('=', ' = ')}`);
    }
    expect((await get('/api/catalog/category?url_key=heren&url_key=dames')).status).toBe(400);
  });

  it('maps a one-segment address that names a category by id, url key or slug to that category (its url_path differs)', async () => {
    const map = async (url: string, storeCode = 'nl') => app.inject({ method: 'POST', url: '/api/url/map', payload: { url, storeCode } });
    for (const url of ['11', 'heren', '/heren/']) {
      const answer = await map(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.json().result, url).toMatchObject({ _type: 'category', _source: { id: 11, url_path: 'horloges/heren' } });
    }
    expect((await map('men', 'en')).json().result._source.url_path).toBe('watches/men');
    // The root, the absolute root, an inactive category, an unknown key and deeper paths map nothing.
    for (const url of ['2', '1', '30', 'archief', 'nowhere', 'horloges/men', 'x/heren']) expect((await map(url)).statusCode, url).toBe(404);
  });

  it('fills children_data two levels down, the thumbnail and the landing page', async () => {
    const root = (await get('/api/catalog/category?storeCode=en&id=2')).body.result;
    expect(root.children_data.map((c: { id: number }) => c.id)).toEqual([10, 20]);
    expect(root.children_data[0].children_data.map((c: { name: string }) => c.name)).toEqual(["Men's watches"]);
    // Level 2 is the last one filled; the inactive archive is left out.
    expect(root.children_data[0].children_data[0].children_data).toBeUndefined();
    const watchesDoc = (await get('/api/catalog/category?storeCode=nl&url_key=horloges')).body.result;
    expect(watchesDoc).toMatchObject({ thumbnail: '/media/catalog/watches-thumb.svg', landing_page: 7, children_data: [{ id: 11, name: 'Herenhorloges', children_data: [] }] });
    const men = (await get('/api/catalog/category?storeCode=nl&id=11')).body.result;
    expect(men.landing_page).toBeNull();
    const mapped = await app.inject({ method: 'POST', url: '/api/url/map', payload: { url: 'horloges', storeCode: 'nl' } });
    expect(mapped.json().result._source.children_data.map((c: { id: number }) => c.id)).toEqual([11]);
  });

  it('refuses ids below the root, unknown and inactive categories with the spec message', async () => {
    const below = await get('/api/catalog/category?id=1');
    expect(below.status).toBe(404);
    expect(below.body.result).toEqual({ error: 'category_below_root', message: 'Category query returned empty result id = 1' });
    expect((await get('/api/catalog/category?url_path=nowhere')).body.result.message).toBe('Category query returned empty result url_path = nowhere');
    expect((await get('/api/catalog/category?id=30')).status).toBe(404);
    expect((await get('/api/catalog/category')).status).toBe(400);
  });
});

describe('product descriptions (read from the database, not held in memory)', async () => {
  const withTexts = fixtureCatalogue();
  const product = withTexts.products.find((p) => p.sku === 'W-3')!;
  product.stores.nl = { ...product.stores.nl, description: 'Duikhorloge met keramische rand.', short_description: 'Duiker' };
  product.stores.en = { ...product.stores.en, description: 'Diver with a ceramic bezel.', short_description: 'Diver' };
  const textApp = await buildTestApp({ catalogue: withTexts });

  it('serves the store’s own description on the product and in a search that asks for it', async () => {
    const nl = (await textApp.inject('/api/catalog/product?storeCode=nl&sku=W-3')).json();
    expect(nl.result._source).toMatchObject({ description: 'Duikhorloge met keramische rand.', short_description: 'Duiker' });
    const en = await textApp.inject({ method: 'POST', url: '/api/catalog/search', payload: { type: 'product', storeCode: 'en', filters: { sku: 'W-3' }, includeFields: ['sku', 'description'] } });
    expect(en.json().result.items).toEqual([{ sku: 'W-3', description: 'Diver with a ceramic bezel.' }]);
  });

  it('finds a product by a word that only its description holds', async () => {
    const found = await textApp.inject({ method: 'POST', url: '/api/catalog/search', payload: { type: 'product', storeCode: 'en', query: 'ceramic', includeFields: ['sku'] } });
    expect(found.json().result.items.map((i: { sku: string }) => i.sku)).toContain('W-3');
  });
});
