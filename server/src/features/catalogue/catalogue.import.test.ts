import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openSqlite } from '../../storage/database.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { categoryPaths, categoryUrlPaths, importCatalogue } from './catalogue.import.ts';
import { loadCatalogueSnapshot } from './catalogue.snapshot.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-import-'));
const db = openSqlite(path.join(dir, 'shop.sqlite'));
await migrateToLatest(db);
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});
const now = new Date('2026-06-15T12:00:00Z');

describe('category paths', () => {
  it('gives id paths from the absolute root and url paths without the roots', () => {
    const { categories } = fixtureCatalogue();
    expect(categoryPaths(categories).get(11)).toBe('1/2/10/11');
    expect(categoryUrlPaths(categories, 'nl').get(11)).toBe('horloges/heren');
    expect(categoryUrlPaths(categories, 'en').get(11)).toBe('watches/men');
    expect(categoryUrlPaths(categories, 'en').get(2)).toBe('');
  });

  it('keeps category url paths unique when siblings share a url key', () => {
    const { categories } = fixtureCatalogue();
    categories.find((c) => c.id === 20)!.stores.nl.url_key = 'horloges';
    const paths = categoryUrlPaths(categories, 'nl');
    expect(paths.get(10)).toBe('horloges');
    expect(paths.get(20)).toBe('horloges-20');
    expect(paths.get(21)).toBe('horloges-20/ringen');
  });
});

describe('importCatalogue', () => {
  it('stores the catalogue and registers url mappings for both stores', async () => {
    const summary = await importCatalogue(db, fixtureCatalogue(), { useUrlKeys: true, now });
    expect(summary).toMatchObject({ products: 8, categories: 7 });
    const snapshot = await loadCatalogueSnapshot(db);
    expect(snapshot.urlRewrites.nl.get('horloges/heren')).toEqual({ type: 'category', id: 11 });
    expect(snapshot.urlRewrites.en.get('watches/men/omega-seamaster-aqua-terra')).toEqual({ type: 'product', id: 1 });
    expect(snapshot.categoriesById.get(10)?.level).toBe(2);
    expect(snapshot.productsBySku.get('W-1')?.category_positions.get(10)).toBe(1);
    expect(snapshot.productsBySku.get('W-2')?.category_positions.get(10)).toBe(2);
  });

  it('uses slugified name plus id when url keys are off, and keeps url paths unique', async () => {
    const catalogue = fixtureCatalogue();
    catalogue.products[1]!.stores.en.url_key = catalogue.products[0]!.stores.en.url_key;
    catalogue.products[1]!.stores.en.name = catalogue.products[0]!.stores.en.name;
    await importCatalogue(db, catalogue, { useUrlKeys: true, now });
    let snapshot = await loadCatalogueSnapshot(db);
    const [first, second] = [snapshot.productsBySku.get('W-1')!, snapshot.productsBySku.get('W-2')!];
    expect(first.texts.en.url_path).toBe('watches/men/omega-seamaster-aqua-terra');
    expect(second.texts.en.url_path).toBe('watches/men/omega-seamaster-aqua-terra-2');

    await importCatalogue(db, fixtureCatalogue(), { useUrlKeys: false, now });
    snapshot = await loadCatalogueSnapshot(db);
    expect(snapshot.productsBySku.get('W-4')?.texts.nl.url_path).toBe('horloges/rolex-day-date-goud-4');
  });

  it('replaces the previous catalogue as a whole and bumps the version', async () => {
    const before = (await loadCatalogueSnapshot(db)).version;
    const smaller = fixtureCatalogue();
    smaller.products = smaller.products.filter((p) => p.sku.startsWith('W-'));
    await importCatalogue(db, smaller, { useUrlKeys: true, now });
    const snapshot = await loadCatalogueSnapshot(db);
    expect(snapshot.products.map((p) => p.sku)).toEqual(['W-1', 'W-2', 'W-3', 'W-4', 'W-5']);
    expect(snapshot.version).toBeGreaterThan(before);
    expect([...snapshot.urlRewrites.nl.keys()].some((p) => p.includes('gouden-ring'))).toBe(false);
  });
});
