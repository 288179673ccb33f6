/**
 * A catalogue reload on a worker thread: the catalogue served keeps answering while the new one is built, the new
 * one replaces it whole, a failed build leaves it in place (and is told), and closing the app ends a build under way.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig, type DatabaseConfig } from '../../config.ts';
import { TEST_NOW } from '../../test/build-test-app.ts';
import { cleanUpLater } from '../../test/clean-up.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { testDatabase } from '../../test/test-database.ts';
import { importCatalogue } from './catalogue.import.ts';
import type { BuildPlace } from './catalogue.build.ts';
import { CatalogueService } from './catalogue.service.ts';

/** The app with the fixture catalogue, building its catalogues where `place` says. */
async function appWithCatalogue(place: BuildPlace): Promise<{ app: FastifyInstance; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-reload-'));
  const app = await buildApp(testConfig({ dataDir, seedDemo: false }), { clock: () => TEST_NOW, catalogueBuildPlace: place });
  cleanUpLater(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  await app.catalogue.ready();
  await importCatalogue(app.db, fixtureCatalogue(), { mode: 'replace', useUrlKeys: true, now: TEST_NOW, origin: 'test' });
  await app.catalogue.refresh();
  return { app, dataDir };
}

const searchTotal = async (app: FastifyInstance) => {
  const response = await app.inject({ method: 'POST', url: '/api/catalog/search', payload: { type: 'product', storeCode: 'en', size: 50 } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.total as number;
};

/** A product's price as listed (from the index's price columns). */
const priceOf = async (app: FastifyInstance, sku: string) => {
  const response = await app.inject({ method: 'POST', url: '/api/catalog/search', payload: { type: 'product', storeCode: 'en', filters: { sku }, includeFields: ['sku', 'price'] } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().result.items as Array<{ price: number }>)[0]?.price;
};

// Each build starts a worker thread that loads the sources through tsx first (1-3 s on a busy machine; the bundle's
// worker starts in about 0.1 s), and a test here runs three or four builds.
describe('a catalogue reload on a worker thread', { timeout: 90_000 }, () => {
  it('keeps answering from the catalogue served until the new one replaces it whole', async () => {
    const { app } = await appWithCatalogue('always');
    expect(app.catalogue.lastLoad).toMatchObject({ builtOn: 'worker', products: fixtureCatalogue().products.length });
    const total = await searchTotal(app);
    const versionBefore = app.catalogue.version;
    expect(await priceOf(app, 'W-1')).toBe(5000);

    const catalogue = fixtureCatalogue();
    const products = catalogue.products.map((p) => (p.sku === 'W-1' ? { ...p, price: 5500 } : p));
    await importCatalogue(app.db, { ...catalogue, products }, { mode: 'replace', useUrlKeys: true, now: TEST_NOW, origin: 'test' });
    const reload = app.catalogue.refresh();
    let settled = false;
    void reload.then(() => (settled = true));
    // While the worker builds, every answer comes, from the old catalogue.
    let answeredDuringBuild = 0;
    while (!settled) {
      const [price, version] = [await priceOf(app, 'W-1'), app.catalogue.version];
      if (version === versionBefore) {
        expect(price).toBe(5000);
        answeredDuringBuild++;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await reload;
    expect(answeredDuringBuild).toBeGreaterThan(0);
    expect(app.catalogue.version).toBeGreaterThan(versionBefore);
    expect(app.catalogue.lastLoad?.builtOn).toBe('worker');
    expect(await priceOf(app, 'W-1')).toBe(5500);
    expect(await searchTotal(app)).toBe(total);
  });

  it('keeps the catalogue served when a build fails, and tells why', async () => {
    const { app, dataDir } = await appWithCatalogue('never');
    const failures: unknown[] = [];
    const real = testDatabase(dataDir);
    // A second service on the same data, whose database the test can point elsewhere between loads.
    const database: DatabaseConfig = { ...real };
    const catalogue = new CatalogueService(app.db, { useUrlKeys: true, clock: () => TEST_NOW, database, buildPlace: 'always', onLoadFailed: (error) => failures.push(error) });
    cleanUpLater(() => catalogue.close());
    await catalogue.ready();
    const version = catalogue.version;
    const products = catalogue.productCount;

    if (database.engine === 'sqlite') database.file = path.join(dataDir, 'not-the-shop', 'empty.sqlite');
    else database.url = database.url.replace(/\/([^/]+)$/, '/$1_missing');
    await expect(catalogue.refresh()).rejects.toThrow(/no such table|does not exist/);
    expect(failures).toHaveLength(1);
    expect(String((failures[0] as Error).message)).toMatch(/no such table|does not exist/);
    expect(catalogue.version).toBe(version);
    expect(catalogue.productCount).toBe(products);

    // The next good build goes in as usual.
    Object.assign(database, real);
    await catalogue.refresh();
    expect(catalogue.productCount).toBe(products);
  });

  it('ends a build under way when the app closes', async () => {
    const { app } = await appWithCatalogue('always');
    const reload = app.catalogue.refresh().then(
      () => 'loaded',
      (error: unknown) => `failed: ${(error as Error).message}`,
    );
    // Started, not finished: the worker is still starting (it loads its code first).
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    await app.close();
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await reload).toMatch(/^failed: The catalogue build ended/);
  });
});
