import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { DEFAULT_FILTERS, SORT_OPTIONS, normalizeSearchRequest, type NormalizedSearch } from '@shop/shared';
import { migrateToLatest, openSqlite } from '../src/storage/database.ts';
import { importCatalogue } from '../src/features/catalogue/catalogue.import.ts';
import { CatalogueService } from '../src/features/catalogue/catalogue.service.ts';
import { generateCatalogue } from '../src/storage/seed/generator/generate-catalogue.ts';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p-'));
const db = openSqlite(path.join(dir, 'x.sqlite')); await migrateToLatest(db);
const src = generateCatalogue({ seed: 1, productCount: 50000 });
await importCatalogue(db, src, { useUrlKeys: true, now: new Date() });
const svc = new CatalogueService(db, { useUrlKeys: true, clock: () => new Date() });
await svc.refresh();
const cats = src.categories.filter((c) => c.is_active && c.id > 2).map((c) => c.id);
for (const f of DEFAULT_FILTERS) {
  const req = normalizeSearchRequest({ type: 'product', storeCode: 'nl', filters: { category_ids: [3] }, aggregate: [f], size: 50 }, 'nl') as NormalizedSearch;
  svc.search(req); svc.search(req);
  const t = performance.now(); svc.search(req); console.log(f, (performance.now() - t).toFixed(1));
}
