/**
 * `pnpm --filter @shop/server bench:heap`: the memory the catalogue keeps per product (JS heap and typed arrays'
 * buffers: the index's columns live outside the heap), the snapshot and the search index apart, read on this thread
 * from the catalogue databases `bench:scale` generated (BENCH_DATA, default the temp folder's shop-bench-scale;
 * BENCH_SIZES, default 20000,100000). Per size: read and index time, then memory in total and per product, each
 * taken after full collections (the script needs --expose-gc). Each size is read in a process of its own: in one
 * process, what an earlier size left behind skewed the next.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/storage/database.ts';
import { loadCatalogueWithSources } from '../src/features/catalogue/catalogue.snapshot.ts';
import { ProductIndex } from '../src/features/catalogue/search/product-index.ts';

const sizes = (process.env.BENCH_SIZES ?? '20000,100000').split(',').map(Number);
const dataRoot = process.env.BENCH_DATA ?? path.join(os.tmpdir(), 'shop-bench-scale');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('bench:heap needs node --expose-gc');

const heap = () => {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

if (sizes.length > 1) {
  for (const size of sizes) {
    execFileSync(process.execPath, [...process.execArgv, process.argv[1]!], { env: { ...process.env, BENCH_SIZES: String(size) }, stdio: 'inherit' });
  }
  process.exit(0);
}

for (const size of sizes) {
  const file = path.join(dataRoot, String(size), 'shop.sqlite');
  if (!fs.existsSync(file)) {
    console.log(`\n${size} products: no catalogue at ${file} (run bench:scale with BENCH_SIZES=${size} once)`);
    continue;
  }
  const db = await openDatabase({ engine: 'sqlite', file });
  const before = heap();
  const started = performance.now();
  const { snapshot, sources } = await loadCatalogueWithSources(db, { ownConnection: true });
  const loaded = performance.now();
  const held: { index?: ProductIndex } = { index: ProductIndex.build(snapshot, new Date(), sources, 'NL') };
  const indexed = performance.now();
  // The index sources (descriptions, listings) are let go after the build, as the service does.
  (sources as { descriptions?: unknown }).descriptions = undefined;
  (sources as { categoryListings?: unknown }).categoryListings = undefined;
  const withIndex = heap();
  const n = snapshot.products.length;
  // The snapshot alone: the index is let go (the snapshot does not point at it).
  delete held.index;
  const snapshotOnly = heap();
  console.log(`\n${n} products (read on this thread, node ${process.version})`);
  console.log(`  read ${((loaded - started) / 1000).toFixed(1)} s, index ${((indexed - loaded) / 1000).toFixed(1)} s`);
  console.log(`  snapshot ${mb(snapshotOnly - before)} = ${((snapshotOnly - before) / n).toFixed(0)} B per product`);
  console.log(`  index    ${mb(withIndex - snapshotOnly)} = ${((withIndex - snapshotOnly) / n).toFixed(0)} B per product`);
  console.log(`  together ${mb(withIndex - before)} = ${((withIndex - before) / n).toFixed(0)} B per product`);
  await db.destroy();
}
