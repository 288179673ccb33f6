import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../storage/database.ts';
import { openTestDatabase } from '../../test/open-test-database.ts';
import { generateCatalogue } from '../../storage/seed/generator/generate-catalogue.ts';
import { importCatalogue } from './catalogue.import.ts';
import { DECODED_DETAILS_KEPT, loadCatalogueSnapshot, loadSearchTexts, productDetails, type StoredProduct } from './catalogue.snapshot.ts';

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
      expect(product.image).toBe(data.images?.[0]?.path ?? '');
      const expected = Object.fromEntries(detailKeys.filter((key) => data[key] !== undefined).map((key) => [key, data[key]]));
      expect(productDetails(product)).toEqual({ images: [], ...expected });
      if ((data.images?.length ?? 0) > 1) withPictures++;
      if (data.related_links) withRelated++;
    }
    expect(withPictures).toBeGreaterThan(50);
    expect(withRelated).toBeGreaterThan(50);
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
