/**
 * Order placing over real HTTP on loopback: 20 shoppers at once, each pushing confirmed orders through
 * /api/replication/orders/push (every order pushed twice, as a retry would), for products whose stock runs out
 * during the run. The first BENCH_ORDER_WARMUP orders (default 400) warm up the JIT and the statement cache: they are
 * placed and checked like the rest, and their times are printed apart. Prints orders placed per second, the p50/p95
 * latency of one placing push and the CPU time the process (server and clients) spent per order, then checks the
 * outcome against the database and throws when any check fails:
 * no stock below 0 and per sku sold == reserved; every order answered once (placed or refused), each placed order
 * with one order row, its own reservation and a number of the gap-free sequence; no order refused while its stock
 * would have covered it; the retries wrote nothing; one confirmation mail per placed order.
 * The shoppers run in a worker thread with node:http keep-alive clients, so the server's event loop is not also the
 * load generator's (decision 024); BENCH_ORDER_CLIENTS_WORKER=0 puts them on the server's thread. The server thread's
 * busy time per order (event-loop utilisation) is printed beside the process CPU.
 * BENCH_ORDERS (default 2000, timed), BENCH_ORDER_WARMUP (default 400) and BENCH_ORDER_CLIENTS (default 20) size it.
 * Runs alone with
 * `node --expose-gc --import tsx bench/orders.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { importCatalogue } from '../src/features/catalogue/catalogue.import.ts';
import { withOrderTables } from '../src/features/orders/orders.tables.ts';
import { runClients, SKUS, type ClientJob, type ClientReport } from './order-clients.ts';
import { fixtureCatalogue } from '../src/test/fixture-catalogue.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000);
const CLIENTS = Number(process.env.BENCH_ORDER_CLIENTS ?? 20);
const WARMUP = Number(process.env.BENCH_ORDER_WARMUP ?? 400);
const CLIENTS_IN_WORKER = process.env.BENCH_ORDER_CLIENTS_WORKER !== '0';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function catalogue() {
  const source = fixtureCatalogue();
  const template = source.products.find((p) => p.sku === 'W-1')!;
  // Stock for about 80% of all orders (one or two pieces each): the last pieces are fought over in the timed part.
  const stockEach = Math.floor(((WARMUP + ORDERS) * 1.5 * 0.8) / SKUS.length);
  SKUS.forEach((sku, i) => {
    const { special_price: _none, ...plain } = template;
    source.products.push({ ...plain, id: 900 + i, sku, stores: { nl: { name: sku, url_key: sku.toLowerCase() }, en: { name: sku, url_key: sku.toLowerCase() } }, price: 100 + i, stock: { qty: stockEach, is_in_stock: true, manage_stock: true, backorders: false } });
  });
  return { source, stockEach };
}

export async function benchOrders(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-orders-'));
  const app = await buildApp(testConfig({ dataDir, seedDemo: false }));
  const { source, stockEach } = catalogue();
  await importCatalogue(app.db, source, { mode: 'replace', useUrlKeys: true, now: new Date(), origin: 'bench' });
  await app.catalogue.refresh();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const carts = await Promise.all(
    Array.from({ length: CLIENTS }, async () => ((await (await fetch(`${base}/api/cart/create`, { method: 'POST' })).json()) as { result: string }).result),
  );
  const job: ClientJob = { base, carts, orders: WARMUP + ORDERS, warmup: WARMUP };
  global.gc?.();
  const cpuBefore = process.cpuUsage();
  const loopBefore = performance.eventLoopUtilization();
  const { times, warmupTimes, pushed, elapsed } = CLIENTS_IN_WORKER ? await clientsInWorker(job) : await runClients(job);
  const cpu = process.cpuUsage(cpuBefore);
  const loop = performance.eventLoopUtilization(loopBefore);

  const failures = await checkOutcome(app, pushed, stockEach);
  times.sort((a, b) => a - b);
  const everything = [...warmupTimes, ...times].sort((a, b) => a - b);
  const placed = failures.placed;
  console.log(`\norders (${CLIENTS} concurrent clients over HTTP ${CLIENTS_IN_WORKER ? 'in a worker thread' : 'on the server thread'}, ${WARMUP} + ${ORDERS} orders each pushed twice, stock for ~80%):`);
  console.log(`  placed ${placed} of ${pushed.length}, ${Math.round(pushed.length / (elapsed / 1000)).toLocaleString('en')} orders/s handled, ${Math.round(placed / (elapsed / 1000)).toLocaleString('en')} orders/s placed with stock reservation`);
  console.log(`  placing push p50 ${percentile(times, 50).toFixed(2)} ms   p95 ${percentile(times, 95).toFixed(2)} ms   (n=${times.length}, after ${warmupTimes.length} warm-up orders)`);
  if (everything.length > times.length) console.log(`  with the warm-up: p50 ${percentile(everything, 50).toFixed(2)} ms   p95 ${percentile(everything, 95).toFixed(2)} ms   (n=${everything.length})`);
  console.log(`  server thread busy ${(loop.active / pushed.length).toFixed(2)} ms per order (2 pushes${CLIENTS_IN_WORKER ? '' : ', clients included'}); process CPU ${((cpu.user + cpu.system) / 1000 / pushed.length).toFixed(2)} ms per order; ${(elapsed / 1000).toFixed(1)} s`);
  console.log(`  checks: ${failures.messages.length === 0 ? 'all ok (no oversell, no undersell, no duplicate, retries wrote nothing, one mail per order)' : `FAILED:\n    ${failures.messages.join('\n    ')}`}`);
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (failures.messages.length > 0) throw new Error(`orders bench: ${failures.messages.length} check(s) failed (oversell, undersell or duplicate)`);
}

/** Runs the shoppers in a worker thread and answers their report; a failed push fails the bench. */
function clientsInWorker(job: ClientJob): Promise<ClientReport> {
  return new Promise((resolve, reject) => {
    // A worker does not inherit `--import tsx`: it registers tsx itself, then loads the clients' module.
    const clients = JSON.stringify(new URL('./order-clients.ts', import.meta.url).href);
    const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${clients}); })`, { eval: true, workerData: job });
    worker.once('message', (report: ClientReport) => resolve(report));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the order clients' worker stopped (exit code ${code}) before reporting`)));
  });
}

/** Compares what the database holds with what was pushed; answers one message per broken rule. */
async function checkOutcome(app: Awaited<ReturnType<typeof buildApp>>, pushed: ReadonlyArray<{ id: string; sku: string; qty: number }>, stockEach: number) {
  const messages: string[] = [];
  const fail = (message: string) => messages.length < 20 && messages.push(message);
  const db = withOrderTables(app.db);
  const orderRows = await db.selectFrom('orders').select(['id', 'increment_id']).execute();
  const reservations = await db.selectFrom('stock_reservations').select(['order_id', 'sku', 'qty', 'released_at']).execute();
  const stock = new Map((await app.db.selectFrom('stock_items').select(['sku', 'qty']).where('sku', 'in', SKUS).execute()).map((row) => [row.sku, Number(row.qty)]));
  const documents = new Map(
    (await app.db.selectFrom('replicated_documents').select(['id', 'data']).where('collection', '=', 'orders').execute()).map((row) => [row.id, JSON.parse(row.data) as { resultCode?: number; increment_id?: string }]),
  );
  const events = await app.db.selectFrom('replication_events').select((eb) => eb.fn.countAll<number>().as('n')).where('collection', '=', 'orders').executeTakeFirstOrThrow();
  const mails = await sql<{ n: number }>`select count(*) as n from outbox where kind = 'order-confirmation'`.execute(app.db);

  // Stock: every sku there, none below 0, and per sku what left the shelf is what the orders reserved.
  for (const sku of SKUS) {
    const left = stock.get(sku);
    if (left === undefined) { fail(`no stock row for ${sku}`); continue; }
    if (left < 0) fail(`${sku} oversold: ${left} left`);
    const reserved = reservations.filter((row) => row.sku === sku && row.released_at === null).reduce((sum, row) => sum + Number(row.qty), 0);
    if (stockEach - left !== reserved) fail(`${sku}: sold ${stockEach - left} but reserved ${reserved}`);
  }
  // Every order answered once: placed (200, with its order row and reservation) or refused for lack of stock (409).
  const rows = new Map(orderRows.map((row) => [row.id, row]));
  const pushedIds = new Set(pushed.map((p) => p.id));
  if (pushedIds.size !== pushed.length) fail('the bench made two orders with one id');
  let refused = 0;
  for (const { id, sku, qty } of pushed) {
    const doc = documents.get(id);
    const row = rows.get(id);
    const mine = reservations.filter((r) => r.order_id === id);
    if (doc?.resultCode === 200) {
      if (!row) fail(`${id} answered placed but has no order row`);
      else if (doc.increment_id !== row.increment_id) fail(`${id} answered ${doc.increment_id} but its order row says ${row.increment_id}`);
      if (mine.length !== 1 || mine[0]!.sku !== sku || Number(mine[0]!.qty) !== qty) fail(`${id} reserved ${JSON.stringify(mine)} for ${qty} × ${sku}`);
    } else if (doc?.resultCode === 409) {
      refused++;
      if (row || mine.length > 0) fail(`${id} was refused but has an order row or a reservation`);
      // Stock only goes down: a refusal is right only if even the final stock cannot cover the order.
      if ((stock.get(sku) ?? 0) >= qty) fail(`${id} refused for ${qty} × ${sku} while ${stock.get(sku)} are left (undersold)`);
    } else fail(`${id} has no final answer (resultCode ${String(doc?.resultCode)})`);
  }
  for (const id of rows.keys()) if (!pushedIds.has(id)) fail(`order row ${id} was never pushed`);
  // Numbers: one per placed order, gap-free from 1 (a refused order gives its number back with the savepoint).
  const numbers = orderRows.map((row) => Number(row.increment_id)).sort((a, b) => a - b);
  if (numbers.some((n, i) => n !== i + 1)) fail(`increment ids are not 1..${numbers.length}`);
  if (Number(events.n) !== pushed.length) fail(`${events.n} order writes logged for ${pushed.length} orders: a retry was applied again`);
  if (Number(mails.rows[0]?.n) !== orderRows.length) fail(`${mails.rows[0]?.n} confirmation mails for ${orderRows.length} placed orders`);
  if (refused + orderRows.length !== pushed.length) fail(`${orderRows.length} placed + ${refused} refused != ${pushed.length} pushed`);
  return { messages, placed: orderRows.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await benchOrders();
