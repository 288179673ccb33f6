import { STOCK_BATCH_SIZE, stockBatches } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';

/** The fixture with one item of each kind of stock: W-1 5 in stock, W-4 sold out, the rest below. */
function stockCatalogue() {
  const catalogue = fixtureCatalogue();
  const stock = {
    'W-2': { qty: 0, is_in_stock: true, manage_stock: true, backorders: true },
    'W-3': { qty: 0, is_in_stock: false, manage_stock: false, backorders: false },
    'R-6-54': { qty: 0, is_in_stock: true, manage_stock: true, backorders: false },
  } as const;
  catalogue.products = catalogue.products.map((p) => (p.sku in stock ? { ...p, stock: { ...stock[p.sku as keyof typeof stock] } } : p));
  return catalogue;
}

const app = await buildTestApp({ catalogue: stockCatalogue() });
const unsynchronised = await buildTestApp({ catalogue: stockCatalogue(), config: { stockSync: false } });

async function get(url: string, target = app) {
  const response = await target.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

describe('GET /api/stock/check', () => {
  it('answers the stock result with code and resultCode', async () => {
    const { status, body, headers } = await get('/api/stock/check?sku=W-1');
    expect(status).toBe(200);
    expect(body).toEqual({
      code: 200,
      resultCode: 200,
      result: { product_id: 1, sku: 'W-1', qty: 5, status: 'ok', manage_stock: true, is_in_stock: true, backorders: false },
    });
    expect(headers['cache-control']).toBe('no-store');
  });

  it('says out_of_stock for a sold-out item, and for an in-stock flag at qty 0 without backorders', async () => {
    expect((await get('/api/stock/check?sku=W-4')).body.result).toMatchObject({ status: 'out_of_stock', qty: 0, is_in_stock: false });
    expect((await get('/api/stock/check?sku=R-6-54')).body.result).toMatchObject({ status: 'out_of_stock', qty: 0, is_in_stock: false });
  });

  it('says ok for backorders at qty 0 and for stock that is not managed', async () => {
    expect((await get('/api/stock/check?sku=W-2')).body.result).toMatchObject({ status: 'ok', qty: 0, backorders: true, is_in_stock: true });
    expect((await get('/api/stock/check?sku=W-3')).body.result).toMatchObject({ status: 'ok', manage_stock: false, is_in_stock: true });
  });

  it('reads the stock table now, not the catalogue snapshot', async () => {
    await app.db.updateTable('stock_items').set({ qty: 0, is_in_stock: 0 }).where('sku', '=', 'W-1').execute();
    try {
      expect((await get('/api/stock/check?sku=W-1')).body.result).toMatchObject({ status: 'out_of_stock', qty: 0 });
    } finally {
      await app.db.updateTable('stock_items').set({ qty: 5, is_in_stock: 1 }).where('sku', '=', 'W-1').execute();
    }
    expect((await get('/api/stock/check?sku=W-1')).body.result.status).toBe('ok');
  });

  it('trims the sku', async () => {
    expect((await get('/api/stock/check?sku=%20W-1%20')).body.result.sku).toBe('W-1');
  });

  it('answers 404 for a sku without stock', async () => {
    const { status, body } = await get('/api/stock/check?sku=NOPE');
    expect(status).toBe(404);
    expect(body).toEqual({ code: 404, result: { error: 'not_found', message: 'No stock is kept for sku NOPE: there is no such product' } });
  });

  it('answers 400 for a missing, blank, repeated or oversized sku', async () => {
    for (const url of ['/api/stock/check', '/api/stock/check?sku=', '/api/stock/check?sku=%20%20']) {
      const { status, body } = await get(url);
      expect(status).toBe(400);
      expect(body.result).toEqual({ error: 'bad_request', message: 'Give the sku to check, e.g. /api/stock/check?sku=W-1' });
    }
    const twice = await get('/api/stock/check?sku=W-1&sku=W-2');
    expect(twice.status).toBe(400);
    expect(twice.body.result.message).toBe('A stock check takes one sku; ask /api/stock/list?skus=a,b for several');
    const long = await get(`/api/stock/check?sku=${'A'.repeat(256)}`);
    expect(long.status).toBe(400);
    expect(long.body.result.message).toBe('A sku is at most 255 characters long');
  });
});

describe('GET /api/stock/list', () => {
  it('answers in the order asked, each sku once, unknown skus left out', async () => {
    const { status, body } = await get('/api/stock/list?skus=W-4,W-1,NOPE,,W-3,W-1');
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.resultCode).toBe(200);
    expect(body.result.map((r: { sku: string; status: string }) => [r.sku, r.status])).toEqual([
      ['W-4', 'out_of_stock'],
      ['W-1', 'ok'],
      ['W-3', 'ok'],
    ]);
    expect(Object.keys(body.result[0]).sort()).toEqual(['backorders', 'is_in_stock', 'manage_stock', 'product_id', 'qty', 'sku', 'status']);
  });

  it('answers an empty list when no sku is known', async () => {
    expect((await get('/api/stock/list?skus=NOPE,NADA')).body).toEqual({ code: 200, resultCode: 200, result: [] });
  });

  it('takes batches of up to 15 skus and refuses more with a clear message', async () => {
    const sixteen = Array.from({ length: 16 }, (_, i) => `S-${i}`);
    expect((await get(`/api/stock/list?skus=${sixteen.slice(0, STOCK_BATCH_SIZE).join(',')}`)).status).toBe(200);
    const { status, body } = await get(`/api/stock/list?skus=${sixteen.join(',')}`);
    expect(status).toBe(400);
    expect(body.result).toEqual({ error: 'bad_request', message: 'Stock lists are requested in batches of 15 skus; this request has 16' });
  });

  it('answers every sku of a long list asked in batches', async () => {
    const skus = ['W-1', 'W-2', 'W-3', 'W-4', 'W-5', 'R-6', 'R-6-52', 'R-6-54', ...Array.from({ length: 30 }, (_, i) => `MISSING-${i}`)];
    const batches = stockBatches(skus);
    expect(batches).toHaveLength(3);
    const answers = await Promise.all(batches.map((batch) => get(`/api/stock/list?skus=${batch.join(',')}`)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.flatMap((a) => a.body.result.map((r: { sku: string }) => r.sku))).toEqual(skus.slice(0, 8));
  });

  it('answers 400 when no sku is given', async () => {
    for (const url of ['/api/stock/list', '/api/stock/list?skus=', '/api/stock/list?skus=,%20,']) {
      const { status, body } = await get(url);
      expect(status).toBe(400);
      expect(body.result.message).toBe('Give the skus to check as a comma list, e.g. /api/stock/list?skus=W-1,W-2');
    }
  });
});

describe('stock with synchronisation off (STOCK_SYNC=false)', () => {
  it('answers volatile for every item, keeping what the table says', async () => {
    expect((await get('/api/stock/check?sku=W-1', unsynchronised)).body.result).toMatchObject({ status: 'volatile', qty: 5, is_in_stock: true });
    expect((await get('/api/stock/check?sku=W-4', unsynchronised)).body.result).toMatchObject({ status: 'volatile', qty: 0, is_in_stock: false });
    const list = await get('/api/stock/list?skus=W-1,W-3,W-4', unsynchronised);
    expect(list.body.result.map((r: { status: string }) => r.status)).toEqual(['volatile', 'volatile', 'volatile']);
  });
});

describe('out-of-stock products in listings', () => {
  it('are still listed, and their stock check says out_of_stock', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/catalog/search', payload: { type: 'product', storeCode: 'nl', filters: { category_ids: [10] }, sort: 'id:asc' } });
    const listed = response.json().result.items as Array<{ sku: string; stock: { is_in_stock: boolean } }>;
    expect(listed.find((p) => p.sku === 'W-4')?.stock.is_in_stock).toBe(false);
    expect((await get('/api/stock/check?sku=W-4')).body.result.status).toBe('out_of_stock');
  });
});

describe('the OpenAPI description', () => {
  it('documents the stock, location and render-list calls', async () => {
    const { body } = await get('/api/openapi.json');
    for (const path of ['/api/stock/check', '/api/stock/list', '/api/location', '/api/catalog/render-list']) expect(body.paths[path]?.get).toBeDefined();
    expect(body.paths['/api/stock/list'].get.responses['200'].content['application/json'].schema.properties.resultCode).toBeDefined();
  });
});
