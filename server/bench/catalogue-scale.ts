/**
 * `pnpm --filter @shop/server bench:scale`: the catalogue at sizes beyond the demo (BENCH_SIZES, default 50000,200000),
 * in the bundled server as `pnpm start` runs it. Per size: the time to the first answer (/health), the time until the
 * catalogue is loaded and indexed (the first search answered), resident memory and its peak, listing and text search
 * latency (search cache off: the engine's figures), and how the server answers while a reload runs.
 * Catalogue databases are generated once into BENCH_DATA (default the temp folder) and reused by later runs.
 * BENCH_SERVER names another bundle to run (an older build, for a before/after comparison).
 * Prints medians and 95th percentiles; nothing here asserts a time.
 */
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_FILTERS, PRODUCT_LISTING_FIELDS, SORT_OPTIONS, type SearchRequest } from '@shop/shared';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { importCatalogue } from '../src/features/catalogue/catalogue.import.ts';
import { generateCatalogue } from '../src/storage/seed/generator/generate-catalogue.ts';
// @ts-expect-error a plain ES module without types; it holds the flags `pnpm start` runs the server with
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sizes = (process.env.BENCH_SIZES ?? '50000,200000').split(',').map(Number);
const dataRoot = process.env.BENCH_DATA ?? path.join(os.tmpdir(), 'shop-bench-scale');
const port = Number(process.env.BENCH_PORT ?? 3940);
const bundle = process.env.BENCH_SERVER ? path.resolve(process.env.BENCH_SERVER) : path.join(serverRoot, 'dist/server.mjs');
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const TEXT_QUERIES = ['omega seamastr', 'rolx submariner', 'diamant ring', 'saphire', 'cartier tank', 'speedmaster', 'geelgoud', 'briljant oorbellen', 'patek calatrava', 'vintage horloge', 'smaragd', 'tudor black bay'];

function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  return Number(line?.match(/(\d+)/)?.[1] ?? Number.NaN) / 1000;
}
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The data folder of a catalogue of `size` products, generated and imported the first time. */
async function catalogueData(size: number): Promise<{ dataDir: string; categories: number[] }> {
  const dataDir = path.join(dataRoot, String(size));
  const categoriesFile = path.join(dataDir, 'bench-categories.json');
  if (fs.existsSync(categoriesFile)) return { dataDir, categories: JSON.parse(fs.readFileSync(categoriesFile, 'utf8')) as number[] };
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const started = performance.now();
  const source = generateCatalogue({ seed: 20261122, productCount: size });
  const app = await buildApp(testConfig({ dataDir, seedDemo: false }));
  await importCatalogue(app.db, source, { mode: 'replace', useUrlKeys: true, now: new Date(), origin: 'bench' });
  await app.close();
  const categories = source.categories.filter((c) => c.is_active && c.id > 2).map((c) => c.id);
  fs.writeFileSync(categoriesFile, JSON.stringify(categories));
  console.log(`  (generated and imported ${size} products in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  return { dataDir, categories };
}

async function post(base: string, request: SearchRequest): Promise<number> {
  const response = await fetch(`${base}/api/catalog/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
  await response.arrayBuffer();
  return response.status;
}

/** Times of the answered searches, sorted, and how many answered the 503 `search_timeout` (over 1 s, spec 1 §9). */
async function timed(base: string, requests: SearchRequest[]): Promise<{ times: number[]; late: number }> {
  for (let i = 0; i < 20; i++) await post(base, requests[i % requests.length]!);
  const times: number[] = [];
  let late = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    const t = performance.now();
    const status = await post(base, requests[i % requests.length]!);
    if (status === 503) late++;
    else if (status !== 200) throw new Error(`search failed: ${status}`);
    else times.push(performance.now() - t);
  }
  return { times: times.sort((a, b) => a - b), late };
}

/**
 * Marks the catalogue changed (a row in catalogue_changes, as an import through the CLI writes) and searches on until
 * the server serves the new version: how many answers came meanwhile and the longest wait for one.
 */
async function duringReload(base: string, dataDir: string, requests: SearchRequest[]): Promise<{ answered: number; longest: number; ms: number }> {
  const version = async () => ((await (await fetch(`${base}/health`)).json()) as { catalogue: { version?: number } }).catalogue.version;
  const before = await version();
  const db = new Database(path.join(dataDir, 'shop.sqlite'));
  db.prepare("insert into catalogue_changes (kind, detail, created_at) values ('bench', 'reload', ?)").run(new Date().toISOString());
  db.close();
  const started = performance.now();
  let answered = 0;
  let longest = 0;
  for (let i = 0; (await version()) === before && performance.now() - started < 600_000; i++) {
    const t = performance.now();
    if ((await post(base, requests[i % requests.length]!)) === 200) answered++;
    longest = Math.max(longest, performance.now() - t);
  }
  return { answered, longest, ms: performance.now() - started };
}

async function benchSize(size: number): Promise<void> {
  const { dataDir, categories } = await catalogueData(size);
  const includeFields = [...PRODUCT_LISTING_FIELDS];
  const listing: SearchRequest[] = categories.map((id, i) => ({
    type: 'product',
    storeCode: i % 2 ? 'en' : 'nl',
    filters: { category_ids: [id] },
    aggregate: [...DEFAULT_FILTERS],
    sort: SORT_OPTIONS[i % SORT_OPTIONS.length]!.sort,
    size: 50,
    includeFields,
  }));
  const text: SearchRequest[] = TEXT_QUERIES.map((query, i) => ({ type: 'product', storeCode: i % 3 === 0 ? 'en' : 'nl', query, size: 24, includeFields }));
  const started = performance.now();
  const child = spawn(process.execPath, [...(SERVER_NODE_FLAGS as string[]), bundle], {
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'false', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEARCH_CACHE_TTL: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    let firstAnswer = Number.NaN;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const status = await fetch(`${base}/health`).then((r) => r.status, () => 0);
      if (status > 0 && Number.isNaN(firstAnswer)) firstAnswer = performance.now() - started;
      if (status > 0 && (await post(base, text[0]!)) === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const ready = performance.now() - started;
    const { times: listingTimes, late: listingLate } = await timed(base, listing);
    const { times: textTimes, late: textLate } = await timed(base, text);
    await new Promise((r) => setTimeout(r, 1000));
    const rss = statusMb(child.pid!, 'VmRSS');
    const peak = statusMb(child.pid!, 'VmHWM');
    const reload = await duringReload(base, dataDir, text);
    console.log(`\n${size} products (bundled server, node ${(SERVER_NODE_FLAGS as string[]).join(' ')}, search cache off)`);
    console.log(`  first answer ${(firstAnswer / 1000).toFixed(1)} s, catalogue ready ${(ready / 1000).toFixed(1)} s; resident ${rss.toFixed(0)} MB, peak ${peak.toFixed(0)} MB`);
    console.log(`  listing, all facets   p50 ${percentile(listingTimes, 50).toFixed(2)} ms   p95 ${percentile(listingTimes, 95).toFixed(2)} ms (n=${listingTimes.length}, ${listingLate} over 1 s)`);
    console.log(
      `  a reload (the watcher sees a new catalogue version): ${reload.answered} searches answered while it ran ${(reload.ms / 1000).toFixed(1)} s, ` +
        `longest wait for an answer ${reload.longest.toFixed(0)} ms; peak resident afterwards ${statusMb(child.pid!, 'VmHWM').toFixed(0)} MB`,
    );
    console.log(`  fuzzy text query      p50 ${percentile(textTimes, 50).toFixed(2)} ms   p95 ${percentile(textTimes, 95).toFixed(2)} ms (n=${textTimes.length}, ${textLate} over 1 s)`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

if (!process.env.BENCH_SERVER) execFileSync(process.execPath, [path.join(serverRoot, 'scripts/build.mjs')], { stdio: 'ignore' });
for (const size of sizes) await benchSize(size);
console.log(`\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
