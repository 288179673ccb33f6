/**
 * A catalogue built on a worker thread is the catalogue built on this thread: the same products, value for value,
 * and the same search answers, though what products share is held once on each side in its own way.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { NormalizedSearch } from '@shop/shared';
import { migrateToLatest } from '../../storage/database.ts';
import { generateCatalogue } from '../../storage/seed/generator/generate-catalogue.ts';
import { openTestDatabase } from '../../test/open-test-database.ts';
import { testDatabase } from '../../test/test-database.ts';
import { buildCatalogueHere, buildCatalogueInWorker } from './catalogue.build.ts';
import { importCatalogue } from './catalogue.import.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-build-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const now = new Date('2026-11-01T00:00:00Z');

const search = (request: Partial<NormalizedSearch>): NormalizedSearch => ({
  entity: 'product',
  storeCode: 'nl',
  query: '',
  filters: {},
  sort: null,
  size: 30,
  start: 0,
  includeFields: [],
  excludeFields: [],
  aggregate: [],
  aggregationSize: 50,
  ...request,
});

describe('a catalogue built on a worker thread', { timeout: 90_000 }, async () => {
  const db = await openTestDatabase(dir);
  await migrateToLatest(db);
  await importCatalogue(db, generateCatalogue({ seed: 5, productCount: 400 }), { mode: 'replace', useUrlKeys: true, now, origin: 'test' });
  afterAll(() => db.destroy());

  it('holds the products and answers the searches the one built here does', async () => {
    const here = await buildCatalogueHere(db, { now, taxCountry: 'NL' });
    const there = await buildCatalogueInWorker(testDatabase(dir), { now, taxCountry: 'NL' }).result;
    expect(there.snapshot.products.length).toBe(here.snapshot.products.length);
    expect(there.snapshot.products).toEqual(here.snapshot.products);
    const lists = new Map<string, unknown>();
    for (const p of there.snapshot.products) {
      expect(there.snapshot.productsById.get(p.id)).toBe(p);
      expect(there.snapshot.productsBySku.get(p.sku)).toBe(p);
      // What products share on the worker's side is shared again on this side.
      const shared: Array<[string, unknown]> = [
        ['categories', p.category_ids],
        ...Object.values(p.attributes).flatMap((v): Array<[string, unknown]> => (Array.isArray(v) ? [['attribute', v]] : [])),
        ...(typeof p.image === 'object' ? [['image', p.image] as [string, unknown]] : []),
      ];
      for (const [kind, list] of shared) {
        const key = kind + JSON.stringify(list);
        expect(list).toBe(lists.get(key) ?? list);
        lists.set(key, list);
      }
    }
    const requests = [
      search({ aggregate: ['brand', 'misc', 'price', 'gem_stones', 'case_height'], sort: { field: 'price', order: 'asc' } }),
      search({ storeCode: 'en', query: 'gold ring', aggregate: ['brand'] }),
      search({ query: 'horloge', filters: { price: { gte: 1000, lt: 9000 } }, sort: { field: 'name', order: 'asc' } }),
      search({ filters: { misc: [327] }, sort: { field: 'created_at', order: 'desc' } }),
    ];
    for (const request of requests) {
      const ids = (result: ReturnType<typeof here.index.search>) => ({ ...result, hits: result.hits.map((hit) => [hit.product.id, hit.score]) });
      const answer = ids(here.index.search(request));
      expect(answer.total).toBeGreaterThan(0);
      expect(ids(there.index.search(request))).toEqual(answer);
    }
  });
});
