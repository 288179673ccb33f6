/**
 * The shop answers before its catalogue is loaded: what needs the catalogue gets a 503 `catalogue_loading` with the
 * English message and when to ask again; the shell and everything else answer as usual. The first catalogue build is
 * held here until the test lets it go.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATALOGUE_LOADING_MESSAGE, CATALOGUE_LOADING_RETRY_SECONDS } from '@shop/shared';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import type * as Build from './catalogue.build.ts';
import { TEST_NOW } from '../../test/build-test-app.ts';
import { cleanUpLater } from '../../test/clean-up.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { importCatalogue } from './catalogue.import.ts';

const gate = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open: () => open() };
});

vi.mock('./catalogue.build.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof Build>();
  return {
    ...actual,
    buildCatalogueHere: async (...args: Parameters<typeof actual.buildCatalogueHere>) => {
      await gate.opened;
      return actual.buildCatalogueHere(...args);
    },
  };
});

describe('before the catalogue is loaded', () => {
  it('answers searches with a 503 catalogue_loading and everything else as usual, then searches once it is in', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-loading-'));
    const clientDist = path.join(dataDir, 'client');
    fs.mkdirSync(clientDist);
    fs.writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
    const app = await buildApp(testConfig({ dataDir, seedDemo: false, clientDist }), { clock: () => TEST_NOW, catalogueBuildPlace: 'never' });
    cleanUpLater(async () => {
      gate.open();
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    expect(app.catalogue.isLoaded).toBe(false);

    const search = { type: 'product', storeCode: 'en', query: 'omega', size: 5 };
    const loading = await app.inject({ method: 'POST', url: '/api/catalog/search', payload: search });
    expect(loading.statusCode).toBe(503);
    expect(loading.json()).toEqual({ code: 503, result: { error: 'catalogue_loading', message: CATALOGUE_LOADING_MESSAGE, details: { retryAfter: CATALOGUE_LOADING_RETRY_SECONDS } } });
    expect(loading.headers['retry-after']).toBe(String(CATALOGUE_LOADING_RETRY_SECONDS));
    const viaGet = await app.inject({ method: 'GET', url: `/api/catalog/search?request=${encodeURIComponent(JSON.stringify(search))}` });
    expect(viaGet.statusCode).toBe(503);
    expect(viaGet.headers['cache-control']).toBeUndefined();
    const product = await app.inject({ method: 'GET', url: '/api/catalog/product?sku=anything' });
    expect(product.json().result.error).toBe('catalogue_loading');

    // The shell, liveness and the routes that do not need the catalogue answer.
    expect((await app.inject({ method: 'GET', url: '/nl' })).statusCode).toBe(200);
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().catalogue).toEqual({ state: 'loading' });
    expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/checkout/config' })).statusCode).toBe(200);

    // The held build reads the database once let go: it finds this catalogue.
    await importCatalogue(app.db, fixtureCatalogue(), { mode: 'replace', useUrlKeys: true, now: TEST_NOW, origin: 'test' });
    gate.open();
    await app.catalogue.ready();
    const answered = await app.inject({ method: 'POST', url: '/api/catalog/search', payload: search });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().result.total).toBeGreaterThan(0);
    const ready = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().catalogue).toMatchObject({ state: 'ready', products: app.catalogue.productCount });
  });
});
