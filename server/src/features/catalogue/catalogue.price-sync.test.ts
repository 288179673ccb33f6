/**
 * Product price freshness (spec 1 §4) through the API. The index prices every product when it is built; a special
 * price that starts later makes those prices stale until the index is rebuilt. With PRICE_SYNC_WAIT on, product
 * answers are priced at the request (price_is_current, price_refreshed_at); off, they come with the index's prices
 * marked not current, and GET /api/catalog/prices gives the synced ones.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_NOW } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';

const catalogue = fixtureCatalogue();
const w1 = catalogue.products.find((p) => p.sku === 'W-1')!;
// W-1 costs 5000 (6050 with 21% VAT); from 13:00 on it is on special at 4000 (4840 with VAT).
const SPECIAL_STARTS = '2026-06-15T13:00:00.000Z';
Object.assign(w1, { special_price: 4000, special_from_date: SPECIAL_STARTS });
const LATER = new Date('2026-06-15T13:30:00.000Z');

let now = TEST_NOW;
const clock = () => now;
// Both built (and their indexes priced) at TEST_NOW, before the special price starts.
const waiting = await buildTestApp({ catalogue, clock });
const notWaiting = await buildTestApp({ catalogue, clock, config: { priceSyncWait: false } });

const LISTING = { type: 'product', storeCode: 'en', filters: { sku: 'W-1' }, includeFields: ['sku', 'price_incl_tax', 'final_price_incl_tax', 'special_price', 'price_is_current', 'price_refreshed_at'] };

async function listed(app: typeof waiting, payload: object = LISTING) {
  const response = await app.inject({ method: 'POST', url: '/api/catalog/search', payload });
  expect(response.statusCode).toBe(200);
  return response.json().result.items[0];
}

beforeEach(() => {
  now = TEST_NOW;
});

describe('PRICE_SYNC_WAIT on (the default): answers are priced at the request', () => {
  it('marks a listing current with its refresh time, and a cached answer is priced again when asked again', async () => {
    expect(await listed(waiting)).toEqual({ sku: 'W-1', price_incl_tax: 6050, final_price_incl_tax: 6050, special_price: 0, price_is_current: true, price_refreshed_at: TEST_NOW.toISOString() });
    now = LATER;
    // The same search (answered from the search cache, and from an index priced before 13:00) shows the special price.
    expect(await listed(waiting)).toEqual({ sku: 'W-1', price_incl_tax: 6050, final_price_incl_tax: 4840, special_price: 4000, price_is_current: true, price_refreshed_at: LATER.toISOString() });
  });

  it('syncs the product page and the URL map’s answer too', async () => {
    now = LATER;
    const page = (await waiting.inject('/api/catalog/product?storeCode=en&sku=W-1')).json().result._source;
    expect(page).toMatchObject({ sku: 'W-1', final_price: 4000, final_price_incl_tax: 4840, special_price_incl_tax: 4840, price_is_current: true, price_refreshed_at: LATER.toISOString() });
    const mapped = (await waiting.inject({ method: 'POST', url: '/api/url/map', payload: { url: page.url_path, storeCode: 'en' } })).json().result._source;
    expect(mapped).toMatchObject({ final_price_incl_tax: 4840, price_is_current: true, price_refreshed_at: LATER.toISOString() });
  });

  it('keeps a search’s projection: the marks are only there when asked for', async () => {
    now = LATER;
    expect(await listed(waiting, { ...LISTING, includeFields: ['sku', 'final_price_incl_tax'] })).toEqual({ sku: 'W-1', final_price_incl_tax: 4840 });
    expect(await listed(waiting, { ...LISTING, includeFields: undefined, excludeFields: ['price_refreshed_at'] })).toMatchObject({ final_price_incl_tax: 4840, price_is_current: true });
    expect(await listed(waiting, { ...LISTING, includeFields: undefined, excludeFields: ['price_refreshed_at'] })).not.toHaveProperty('price_refreshed_at');
  });
});

describe('PRICE_SYNC_WAIT=false: answers come first with the index’s prices, the sync’s come after', () => {
  it('answers a listing and a product page with the indexed prices, not current and without a refresh time', async () => {
    now = LATER;
    const item = await listed(notWaiting);
    expect(item).toEqual({ sku: 'W-1', price_incl_tax: 6050, final_price_incl_tax: 6050, special_price: 0, price_is_current: false });
    const page = (await notWaiting.inject('/api/catalog/product?storeCode=en&sku=W-1')).json().result._source;
    expect(page).toMatchObject({ final_price_incl_tax: 6050, price_is_current: false });
    expect(page).not.toHaveProperty('price_refreshed_at');
  });

  it('GET /api/catalog/prices gives the synced prices of the skus it knows, marked current now', async () => {
    now = LATER;
    const response = await notWaiting.inject('/api/catalog/prices?skus=W-1,NOPE,W-1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { items } = response.json().result;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ sku: 'W-1', price: 5000, price_incl_tax: 6050, special_price: 4000, final_price: 4000, final_price_incl_tax: 4840, price_is_current: true, price_refreshed_at: LATER.toISOString() });
  });

  it('refuses a prices call without skus or with too many, with a message', async () => {
    const missing = await notWaiting.inject('/api/catalog/prices');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().result.message).toMatch(/skus/);
    for (const url of ['/api/catalog/prices?skus=', '/api/catalog/prices?skus=,,']) {
      const response = await notWaiting.inject(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().result.message).toBe('Give the skus to price as a comma list, e.g. /api/catalog/prices?skus=W-1,W-2');
    }
    const many = Array.from({ length: 51 }, (_, i) => `S-${i}`).join(',');
    const response = await notWaiting.inject(`/api/catalog/prices?skus=${many}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().result.message).toBe('At most 50 skus are priced at once; this request has 51');
  });

  it('counts money with synced prices all the same: the render list prices the special', async () => {
    now = LATER;
    const answer = (await notWaiting.inject('/api/catalog/render-list?skus=W-1&currencyCode=EUR')).json();
    expect(answer.result.items[0]).toMatchObject({ sku: 'W-1', final_price_incl_tax: 4840 });
  });
});
