import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../storage/database.ts';
import { openTestDatabase } from '../../test/open-test-database.ts';
import { generateCatalogue } from '../../storage/seed/generator/generate-catalogue.ts';
import { importCatalogue } from './catalogue.import.ts';
import type { StoreCode } from '@shop/shared';
import {
  DECODED_DETAILS_KEPT,
  Interner,
  PRODUCT_TEXT_FIELDS,
  flatTexts,
  imagePath,
  isoTime,
  loadCatalogueSnapshot,
  loadSearchTexts,
  productDetails,
  productText,
  productTexts,
  sharedStrings,
  storedImage,
  storedTime,
  timeOf,
  type StoredProduct,
} from './catalogue.snapshot.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-snapshot-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('loading the catalogue in batches', async () => {
  const db = await openTestDatabase(dir);
  await migrateToLatest(db);
  await importCatalogue(db, generateCatalogue({ seed: 7, productCount: 120 }), { mode: 'replace', useUrlKeys: true, now: new Date('2026-11-01T00:00:00Z'), origin: 'test' });

  it('reads the same products and search texts whatever the batch size, including batches that split a product’s texts', async () => {
    const whole = await loadCatalogueSnapshot(db, 100_000);
    const batched = await loadCatalogueSnapshot(db, 7);
    expect(batched.products.length).toBe(whole.products.length);
    expect(batched.products).toEqual(whole.products);
    const texts = await loadSearchTexts(db, 100_000);
    // 3 rows a batch: every batch ends inside a product's two store texts.
    expect(await loadSearchTexts(db, 3)).toEqual(texts);
    expect(texts.size).toBeGreaterThan(100);
  });

  it('keeps a product’s rarely read data as one encoded string and gives it back whole when asked', async () => {
    const snapshot = await loadCatalogueSnapshot(db);
    const rows = await db.selectFrom('products').select(['id', 'data']).execute();
    const detailKeys = ['images', 'ean', 'customprice_usd', 'customprice_gbp', 'allowedcountries', 'configurable_options', 'related_links', 'custom_size_kind'];
    let withPictures = 0;
    let withRelated = 0;
    for (const row of rows) {
      const data = JSON.parse(row.data) as Record<string, unknown> & { images?: Array<{ path: string }> };
      const product = snapshot.productsById.get(row.id)!;
      for (const key of detailKeys) expect(product).not.toHaveProperty(key);
      expect(typeof product.details).toBe('string');
      expect(imagePath(product)).toBe(data.images?.[0]?.path ?? '');
      const expected = Object.fromEntries(detailKeys.filter((key) => data[key] !== undefined).map((key) => [key, data[key]]));
      expect(productDetails(product)).toEqual({ images: [], ...expected });
      if ((data.images?.length ?? 0) > 1) withPictures++;
      if (data.related_links) withRelated++;
    }
    expect(withPictures).toBeGreaterThan(50);
    expect(withRelated).toBeGreaterThan(50);
  });

  it('holds equal attribute lists once, frozen, with the values each product was given', async () => {
    const snapshot = await loadCatalogueSnapshot(db);
    const rows = await db.selectFrom('products').select(['id', 'data']).execute();
    const byValue = new Map<string, unknown>();
    let shared = 0;
    for (const row of rows) {
      const { attributes } = JSON.parse(row.data) as { attributes: Record<string, unknown> };
      const product = snapshot.productsById.get(row.id)!;
      expect(product.attributes).toEqual(attributes);
      for (const value of Object.values(product.attributes)) {
        if (!Array.isArray(value)) continue;
        expect(Object.isFrozen(value)).toBe(true);
        const key = JSON.stringify(value);
        if (byValue.has(key)) {
          expect(value).toBe(byValue.get(key));
          shared++;
        } else byValue.set(key, value);
      }
    }
    expect(shared).toBeGreaterThan(50);
  });

  it('keeps only the most recently decoded details', async () => {
    const [first, ...others] = (await loadCatalogueSnapshot(db)).products;
    const decoded = productDetails(first!);
    expect(productDetails(first!)).toBe(decoded);
    // As many other products as are kept: the first is then the least recently used, and is decoded anew.
    for (let i = 0; i < DECODED_DETAILS_KEPT; i++) productDetails({ ...others[i % others.length]! } satisfies StoredProduct);
    const again = productDetails(first!);
    expect(again).not.toBe(decoded);
    expect(again).toEqual(decoded);
  });
});

describe('texts held once', () => {
  it('keeps every name, url key and url path as it was, whether or not the key ends the path', () => {
    const cases = [
      { name: 'Ring', url_key: 'ring-r-1', url_path: 'ring-r-1' },
      { name: 'Ring', url_key: 'ring-r-1', url_path: 'jewellery/rings/ring-r-1' },
      { name: 'Ring', url_key: 'ring-r-1', url_path: 'jewellery/rings/gold-ring-r-1' },
      { name: 'Ring', url_key: 'ring-r-1', url_path: 'r-1' },
      { name: 'Ring', url_key: 'ring-r-1', url_path: '/ring-r-1' },
      { name: 'Ring', url_key: '', url_path: 'jewellery/' },
    ];
    for (const nl of cases) {
      for (const en of cases) {
        const texts = sharedStrings(flatTexts({ nl: { ...nl }, en: { ...en } }));
        expect(texts).toHaveLength(6);
        expect(productTexts({ texts }, 'nl')).toEqual(nl);
        expect(productTexts({ texts }, 'en')).toEqual(en);
        for (const field of PRODUCT_TEXT_FIELDS) {
          expect(productText({ texts }, 'nl', field)).toBe(nl[field]);
          expect(productText({ texts }, 'en', field)).toBe(en[field]);
        }
      }
    }
  });

  it('reads each store’s texts of every product as the database holds them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-snapshot-texts-'));
    const db = await openTestDatabase(dir);
    try {
      await migrateToLatest(db);
      await importCatalogue(db, generateCatalogue({ seed: 9, productCount: 80 }), { mode: 'replace', useUrlKeys: true, now: new Date('2026-11-01T00:00:00Z'), origin: 'test' });
      const snapshot = await loadCatalogueSnapshot(db);
      const rows = await db.selectFrom('product_texts').select(['product_id', 'store_code', 'name', 'url_key', 'url_path']).execute();
      expect(rows.length).toBe(snapshot.products.length * 2);
      for (const row of rows) {
        const product = snapshot.productsById.get(row.product_id)!;
        expect(productTexts(product, row.store_code as StoreCode)).toEqual({ name: row.name, url_key: row.url_key, url_path: row.url_path });
      }
      // The stores differ, so texts read from the wrong store would show.
      expect(rows.some((row) => row.store_code === 'en' && productText(snapshot.productsById.get(row.product_id)!, 'nl', 'name') !== row.name)).toBe(true);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('first picture paths held around the sku', () => {
  it('gives back every path exactly, whether or not it holds the sku', () => {
    const interner = new Interner();
    const cases: Array<[path: string, sku: string, around: boolean]> = [
      ['/media/catalog/watch/steel-blue-round-index-bracelet-metal/W-000123-1.svg', 'W-000123', true],
      ['/media/catalog/W-1/W-1-1.svg', 'W-1', true],
      ['W-7', 'W-7', true],
      ['/media/catalog/ring/R-9.jpg', 'R-90', false],
      ['/media/catalog/ring/r-9.jpg', 'R-9', false],
      ['', 'W-1', false],
      ['/media/catalog/ring/ring.jpg', '', false],
    ];
    for (const [path, sku, around] of cases) {
      const image = storedImage(path, sku, interner);
      expect(typeof image === 'object', path).toBe(around);
      expect(imagePath({ sku, image })).toBe(path);
    }
  });

  it('shares one per picture folder', () => {
    const interner = new Interner();
    const a = storedImage('/media/catalog/watch/steel-blue/W-1-1.svg', 'W-1', interner);
    const b = storedImage('/media/catalog/watch/steel-blue/W-2-1.svg', 'W-2', interner);
    const c = storedImage('/media/catalog/watch/gold-blue/W-3-1.svg', 'W-3', interner);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
  });

  it('reads every product’s first picture as its details hold it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-snapshot-images-'));
    const db = await openTestDatabase(dir);
    try {
      await migrateToLatest(db);
      await importCatalogue(db, generateCatalogue({ seed: 10, productCount: 200 }), { mode: 'replace', useUrlKeys: true, now: new Date('2026-11-01T00:00:00Z'), origin: 'test' });
      const snapshot = await loadCatalogueSnapshot(db);
      const folders = new Set<unknown>();
      for (const product of snapshot.products) {
        const first = productDetails(product).images[0]?.path ?? '';
        expect(imagePath(product)).toBe(first);
        if (typeof product.image === 'object') folders.add(product.image);
      }
      expect(snapshot.products.filter((p) => typeof p.image === 'object').length).toBeGreaterThan(snapshot.products.length * 0.9);
      expect(folders.size).toBeLessThan(snapshot.products.length);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('moments held as numbers', () => {
  it('gives back the exact text stored and its milliseconds, holding a number only when the text comes back whole', () => {
    const asNumber = ['2024-02-14T19:26:01.000Z', '1970-01-01T00:00:00.000Z', '2025-12-31T23:59:59.999Z', '0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z', '+010000-01-01T00:00:00.000Z'];
    const asText = ['2026-03-01T09:30:00Z', '2026-03-01', '2026-03-01T09:30:00.000+01:00', '2024-02-14T19:26:01.000z', '', 'soon'];
    for (const text of [...asNumber, ...asText]) {
      const stored = storedTime(text);
      expect(typeof stored).toBe(asNumber.includes(text) ? 'number' : 'string');
      expect(isoTime(stored)).toBe(text);
      expect(timeOf(stored)).toBe(Date.parse(text));
    }
  });

  it('are read back as the database holds them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-snapshot-times-'));
    const db = await openTestDatabase(dir);
    try {
      await migrateToLatest(db);
      await importCatalogue(db, generateCatalogue({ seed: 8, productCount: 60 }), { mode: 'replace', useUrlKeys: true, now: new Date('2026-11-01T00:00:00Z'), origin: 'test' });
      const snapshot = await loadCatalogueSnapshot(db);
      const rows = await db.selectFrom('products').select(['id', 'created_at', 'updated_at']).execute();
      for (const row of rows) {
        const product = snapshot.productsById.get(row.id)!;
        expect([isoTime(product.created_at), isoTime(product.updated_at)]).toEqual([row.created_at, row.updated_at]);
      }
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
