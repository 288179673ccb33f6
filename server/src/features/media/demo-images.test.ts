import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../storage/database.ts';
import { openTestDatabase } from '../../test/open-test-database.ts';
import { generateCatalogue } from '../../storage/seed/generator/generate-catalogue.ts';
import { seedDemoIfEmpty } from '../../storage/seed/seed-demo.ts';
import { writeDemoImages } from './demo-images.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-demo-images-'));
  dirs.push(dir);
  return dir;
}

function filesBelow(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => fs.statSync(path.join(dir, name)).isFile());
}

describe('writeDemoImages', () => {
  it('writes one SVG file per picture the products and categories name, at the path they name', async () => {
    const dataDir = tempDir();
    const catalogue = generateCatalogue({ seed: 5, productCount: 150 });
    const named = new Set([...catalogue.products.flatMap((p) => p.images.map((i) => i.path)), ...catalogue.categories.flatMap((c) => [c.image, c.thumbnail].filter((p): p is string => typeof p === 'string'))]);
    const summary = await writeDemoImages(dataDir, catalogue);
    expect(summary.files).toBe(named.size);
    const written = filesBelow(path.join(dataDir, 'media', 'catalog')).map((name) => `/media/catalog/${name.split(path.sep).join('/')}`);
    expect(new Set(written)).toEqual(named);
    const first = [...named][0]!;
    expect(fs.readFileSync(path.join(dataDir, first), 'utf8')).toMatch(/^<svg [^>]*viewBox="0 0 800 800"/);
  });

  it('skips paths it cannot draw instead of failing the seed', async () => {
    const dataDir = tempDir();
    const catalogue = generateCatalogue({ seed: 5, productCount: 20 });
    const [product] = catalogue.products;
    product!.images = [{ path: 'https://cdn.example.com/x.jpg' }, { path: '/media/catalog/../../escape/R-1-1.svg' }];
    const summary = await writeDemoImages(dataDir, { products: [product!], categories: [] });
    expect(summary.files).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'escape'))).toBe(false);
  });
});

describe('seedDemoIfEmpty', () => {
  it('writes the demo pictures under DATA_DIR when it seeds, and none when told no folder', async () => {
    for (const withImages of [true, false]) {
      const dataDir = tempDir();
      const db = await openTestDatabase(dataDir);
      await migrateToLatest(db);
      const summary = await seedDemoIfEmpty(db, { seed: 9, productCount: 80, useUrlKeys: true, now: new Date('2026-06-15T12:00:00Z'), ...(withImages ? { dataDir } : {}) });
      await db.destroy();
      expect(summary).not.toBeNull();
      const catalogue = generateCatalogue({ seed: 9, productCount: 80 });
      const named = new Set([...catalogue.products.flatMap((p) => p.images.map((i) => i.path)), ...catalogue.categories.flatMap((c) => [c.image, c.thumbnail].filter((p): p is string => typeof p === 'string'))]);
      const media = path.join(dataDir, 'media', 'catalog');
      expect(fs.existsSync(media) ? filesBelow(media).length : 0).toBe(withImages ? named.size : 0);
    }
  });
});
