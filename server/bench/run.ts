/**
 * `pnpm bench`: catalogue search latency at the demo size and at 50,000 products, measured through the real app
 * (`inject`: routing, validation, search, documents, JSON), catalogue import throughput and resident memory,
 * replication push throughput over loopback HTTP, orders placed per second on SQLite and on PostgreSQL with 1 and 2
 * server instances, a change reaching a second device through another instance (bench/scale-out.ts), and the gzipped
 * JavaScript each client route loads first.
 * Prints medians and 95th percentiles; nothing here asserts a time (machines are shared and noisy).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { DEFAULT_FILTERS, PRODUCT_LISTING_FIELDS, SORT_OPTIONS, type SearchRequest } from '@shop/shared';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { importCatalogue } from '../src/features/catalogue/catalogue.import.ts';
import { generateCatalogue } from '../src/storage/seed/generator/generate-catalogue.ts';
import { benchImages } from './images.ts';
import { benchServerMemory } from './server-memory.ts';
import { benchReplication } from './replication.ts';
import { benchOrders } from './orders.ts';
import { benchScaleOut } from './scale-out.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const sizes = (process.env.BENCH_SIZES ?? '1600,50000').split(',').map(Number);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 400);

const TEXT_QUERIES = [
  'omega seamastr',
  'rolx submariner',
  'diamant ring',
  'saphire',
  'cartier tank',
  'speedmaster',
  'geelgoud',
  'briljant oorbellen',
  'patek calatrava',
  'vintage horloge',
  'smaragd',
  'tudor black bay',
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
function perSecond(count: number, elapsedMs: number): string {
  return Math.round(count / (elapsedMs / 1000)).toLocaleString('en');
}
function ms(n: number): string {
  return `${n.toFixed(2)} ms`;
}

async function measure(label: string, requests: SearchRequest[], run: (r: SearchRequest) => Promise<unknown>) {
  for (let i = 0; i < 30; i++) await run(requests[i % requests.length]!);
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const request = requests[i % requests.length]!;
    const start = process.hrtime.bigint();
    await run(request);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  console.log(`  ${label.padEnd(44)} p50 ${ms(percentile(times, 50)).padStart(10)}   p95 ${ms(percentile(times, 95)).padStart(10)}   (n=${times.length})`);
}

async function benchCatalogue(productCount: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const t0 = performance.now();
  const source = generateCatalogue({ seed: 20261122, productCount });
  const t1 = performance.now();
  // The search cache is off: these figures are the engine's, not the cache's (the cache is measured apart below).
  const app = await buildApp(testConfig({ dataDir, seedDemo: false, searchCacheTtlSeconds: 0 }));
  await importCatalogue(app.db, source, { mode: 'replace', useUrlKeys: true, now: new Date(), origin: 'bench' });
  const t2 = performance.now();
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  await app.catalogue.refresh();
  const t3 = performance.now();
  global.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;

  console.log(`\n${productCount} products: generate ${(t1 - t0).toFixed(0)} ms, import ${(t2 - t1).toFixed(0)} ms, load + index ${(t3 - t2).toFixed(0)} ms, heap +${((heapAfter - heapBefore) / 1e6).toFixed(0)} MB`);
  // The bench process also holds the generated source, so its resident size is an upper bound for a server's.
  const rss = process.memoryUsage().rss;
  console.log(`  import ${perSecond(productCount, t2 - t1)} products/s (checked, written, URL mappings); resident ${(rss / 1e6).toFixed(0)} MB with the index loaded, peak ${((process.resourceUsage().maxRSS * 1024) / 1e6).toFixed(0)} MB so far`);
  const t4 = performance.now();
  const again = await importCatalogue(app.db, source, { mode: 'upsert', useUrlKeys: true, now: new Date(), origin: 'bench' });
  const t5 = performance.now();
  console.log(`  re-import as upsert over the stored catalogue: ${(t5 - t4).toFixed(0)} ms, ${perSecond(again.updated.products, t5 - t4)} products/s`);

  const categories = source.categories.filter((c) => c.is_active && c.id > 2).map((c) => c.id);
  // What the storefront asks: the fields of a product card, every default facet on a category page.
  const includeFields = [...PRODUCT_LISTING_FIELDS];
  const aggregate = [...DEFAULT_FILTERS];
  const listing: SearchRequest[] = categories.flatMap((id, i) => {
    const sort = SORT_OPTIONS[i % SORT_OPTIONS.length]!.sort;
    return [{ type: 'product', storeCode: i % 2 ? 'en' : 'nl', filters: { category_ids: [id] }, aggregate, sort, size: 50, includeFields }];
  });
  const text: SearchRequest[] = TEXT_QUERIES.map((query, i) => ({ type: 'product', storeCode: i % 3 === 0 ? 'en' : 'nl', query, size: 24, includeFields }));

  const viaHttp = (request: SearchRequest) => app.inject({ method: 'POST', url: '/api/catalog/search', payload: request }).then((r) => {
    if (r.statusCode !== 200) throw new Error(`search failed ${r.statusCode}: ${r.body}`);
  });
  await measure('(a) category listing, all facets (HTTP)', listing, viaHttp);
  await measure('(b) fuzzy text query (HTTP)', text, viaHttp);
  await app.close();
  const cached = await buildApp(testConfig({ dataDir, seedDemo: false }));
  const viaCache = (request: SearchRequest) => cached.inject({ method: 'POST', url: '/api/catalog/search', payload: request }).then(() => undefined);
  await measure('(a) again, answered from the search cache', listing, viaCache);
  await cached.close();
  await benchServerMemory(dataDir, productCount, [...listing.slice(0, 40), ...text]);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The client's own measurement (client/scripts/measure-bundle.mjs) reads the Vite manifest of the last build; a second
 * build with VITE_DEVTOOLS=off (no developers' visualizer) shows that its code leaves the home page's first load as it
 * was (issue 15).
 */
function bundleReport() {
  const script = path.resolve(here, '../../client/scripts/measure-bundle.mjs');
  console.log('\nclient JavaScript loaded first (gzip -9, 1 kB = 1000 bytes):');
  const without = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-client-no-devtools-'));
  try {
    execFileSync('pnpm', ['--filter', '@shop/client', 'exec', 'vite', 'build', '--outDir', without, '--emptyOutDir', '--logLevel', 'error'], {
      env: { ...process.env, VITE_DEVTOOLS: 'off' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    console.log(execFileSync(process.execPath, [script, '--compare', without], { encoding: 'utf8' }).trimEnd());
  } catch {
    console.log('  no client build found: run `pnpm build` first (pnpm bench does)');
  } finally {
    fs.rmSync(without, { recursive: true, force: true });
  }
}

for (const size of sizes) await benchCatalogue(size);
await benchImages();
await benchReplication();
await benchScaleOut(await benchOrders());
bundleReport();
console.log(`\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
