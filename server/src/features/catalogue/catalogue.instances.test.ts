/** A catalogue import through one instance (or the CLI) shows on every other instance within WATCH_MS. */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { buildInstances } from '../../test/instances.ts';
import { importCatalogue } from './catalogue.import.ts';
import { WATCH_MS } from './catalogue.service.ts';

const health = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/health' })).json().catalogue as { version: number; products: number };

describe('the catalogue version across instances', () => {
  it("an import through one instance refreshes the other's catalogue within a few seconds, without a restart", async () => {
    const [a, b] = (await buildInstances()) as [FastifyInstance, FastifyInstance];
    expect(await health(b)).toEqual({ state: 'ready', version: 0, products: 0 });

    await importCatalogue(a.db, fixtureCatalogue(), { mode: 'replace', useUrlKeys: true, now: TEST_NOW, origin: 'test' });
    await a.catalogue.refresh();
    const imported = await health(a);
    expect(imported.version).toBeGreaterThan(0);
    expect(imported.products).toBeGreaterThan(0);

    const deadline = Date.now() + 3 * WATCH_MS;
    while ((await health(b)).version !== imported.version && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
    expect(await health(b)).toEqual(imported);
    // And its answers come from the new catalogue (the search index was rebuilt).
    const search = async (app: FastifyInstance) => (await app.inject({ method: 'POST', url: '/api/catalog/search', payload: { type: 'product', storeCode: 'en' } })).json().result.total;
    expect(await search(b)).toBeGreaterThan(0);
    expect(await search(b)).toBe(await search(a));
  });
});
