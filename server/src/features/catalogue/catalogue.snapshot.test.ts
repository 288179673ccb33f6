import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../storage/database.ts';
import { openTestDatabase } from '../../test/open-test-database.ts';
import { generateCatalogue } from '../../storage/seed/generator/generate-catalogue.ts';
import { importCatalogue } from './catalogue.import.ts';
import { loadCatalogueSnapshot, loadSearchTexts } from './catalogue.snapshot.ts';

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
});
