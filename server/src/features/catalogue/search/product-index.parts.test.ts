/** The index's parts as a worker thread hands them over: a few buffers to transfer, whatever the catalogue's size. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../storage/database.ts';
import { generateCatalogue } from '../../../storage/seed/generator/generate-catalogue.ts';
import { openTestDatabase } from '../../../test/open-test-database.ts';
import { importCatalogue } from '../catalogue.import.ts';
import { loadCatalogueWithSources } from '../catalogue.snapshot.ts';
import { buildIndexParts, indexTransferables } from './product-index.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-index-parts-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the index parts a worker thread transfers', async () => {
  const db = await openTestDatabase(dir);
  await migrateToLatest(db);
  await importCatalogue(db, generateCatalogue({ seed: 11, productCount: 600 }), { mode: 'replace', useUrlKeys: true, now: new Date('2026-11-01T00:00:00Z'), origin: 'test' });
  const { snapshot, sources } = await loadCatalogueWithSources(db, { ownConnection: false });
  const parts = buildIndexParts(snapshot, new Date('2026-11-01T00:00:00Z'), sources, 'NL');
  afterAll(() => db.destroy());

  it('keeps each keyword field’s document lists in one buffer, so the buffers to transfer do not grow with the keys', () => {
    const lists = [...parts.keywords.values()].reduce((sum, byKey) => sum + byKey.size, 0);
    const parents = parts.keywords.get('parentId')!;
    expect(parents.size).toBeGreaterThan(20);
    expect(new Set([...parents.values()].map((docs) => docs.buffer)).size).toBe(1);
    expect(indexTransferables(parts).length).toBeLessThan(lists / 2);
  });

  it('lists under each key exactly the documents with that value', () => {
    const parents = parts.keywords.get('parentId')!;
    for (const [key, docs] of parents) {
      const expected = snapshot.products.flatMap((p, doc) => (String(p.parent_id ?? 0) === key ? [doc] : []));
      expect([...docs]).toEqual(expected);
    }
    const brands = parts.keywords.get('brand')!;
    for (const [key, docs] of brands) {
      const expected = snapshot.products.flatMap((p, doc) => {
        const value = p.attributes.brand;
        return (Array.isArray(value) ? value : [value]).some((v) => v !== undefined && String(v) === key) ? [doc] : [];
      });
      expect([...docs]).toEqual(expected);
    }
  });
});
