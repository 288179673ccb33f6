/**
 * Order placing over real HTTP on loopback: on SQLite in this process (`benchOrders`), and on PostgreSQL with one or
 * more bundled server instances as child processes (`benchOrdersOnPostgres`, run by bench/scale-out.ts). 20 shoppers at once, each pushing confirmed orders through
 * /api/replication/orders/push (every order pushed twice, as a retry would), for products whose stock runs out
 * during the run. The first BENCH_ORDER_WARMUP orders (default 400) warm up the JIT and the statement cache: they are
 * placed and checked like the rest, and their times are printed apart. Prints orders placed per second, the p50/p95
 * latency of one placing push and where the CPU time went per order (the server thread, or each instance and PostgreSQL;
 * the bench process with the clients), then checks the
 * outcome against the database and throws when any check fails:
 * no stock below 0 and per sku sold == reserved; every order answered once (placed or refused), each placed order
 * with one order row, its own reservation and a number of the gap-free sequence; no order refused while its stock
 * would have covered it; the retries wrote nothing; one confirmation mail per placed order.
 * The shoppers run in a worker thread with node:http keep-alive clients, so the server's event loop is not also the
 * load generator's (decision 024); BENCH_ORDER_CLIENTS_WORKER=0 puts them on the server's thread.
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
import { migrateToLatest, openDatabase, type Db } from '../src/storage/database.ts';
import { startInstances, treeCpuSeconds, type BenchCluster, type Instances } from './instances.ts';

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

/** What one run of the orders bench measured (printed as it ends; `pnpm bench` sums the variants up). */
export interface OrdersFigures {
  label: string;
  placedPerSecond: number;
  handledPerSecond: number;
  p50: number;
  p95: number;
  failures: string[];
}

/** On SQLite, in this process (the shop's default and the figures before issue 16). */
export async function benchOrders(): Promise<OrdersFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-orders-'));
  const app = await buildApp(testConfig({ dataDir, seedDemo: false, database: { engine: 'sqlite', file: path.join(dataDir, 'shop.sqlite') } }));
  const stockEach = await importBenchCatalogue(app.db);
  await app.catalogue.refresh();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const loopBefore = performance.eventLoopUtilization();
    return await runOrders({
      label: 'SQLite, 1 instance (in process)',
      bases: [base],
      db: app.db,
      stockEach,
      where: () => {
        const loop = performance.eventLoopUtilization(loopBefore);
        return `server thread busy ${loop.active.toFixed(0)} ms in all`;
      },
    });
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * On PostgreSQL: a fresh database on `cluster`, the catalogue imported before the instances start, then `instances`
 * bundled servers (child processes, bench/instances.ts) that the clients push to round robin. The outcome is
 * checked through the bench's own connection (openDatabase), as on SQLite.
 */
export async function benchOrdersOnPostgres(cluster: BenchCluster, instances: number): Promise<OrdersFigures> {
  const url = cluster.database(`orders_${instances}`);
  const db = await openDatabase({ engine: 'postgres', url, poolSize: 2, createIfMissing: false });
  let servers: Instances | null = null;
  try {
    await migrateToLatest(db);
    const stockEach = await importBenchCatalogue(db);
    servers = await startInstances(url, instances);
    const pids = servers.pids;
    const cpu = () => ({ instances: pids.map(treeCpuSeconds), postgres: cluster.postmaster ? treeCpuSeconds(cluster.postmaster) : Number.NaN });
    let before = cpu();
    const waits = sampleWaits(db);
    return await runOrders({
      label: `PostgreSQL, ${instances} instance${instances > 1 ? 's' : ''}`,
      bases: servers.urls,
      db,
      stockEach,
      started: () => {
        before = cpu();
        waits.start();
      },
      where: (orders) => {
        const after = cpu();
        const waiting = waits.stop();
        const perOrder = (seconds: number) => `${((seconds * 1000) / orders).toFixed(2)} ms`;
        const each = after.instances.map((t, i) => perOrder(t - before.instances[i]!));
        return `CPU per order: instance${each.length > 1 ? 's' : ''} ${each.join(' + ')}, PostgreSQL ${Number.isNaN(after.postgres) ? 'not measured (BENCH_POSTGRES_URL)' : perOrder(after.postgres - before.postgres)}\n  ${waiting}`;
      },
    });
  } finally {
    await servers?.stop();
    await db.destroy();
  }
}

/**
 * What the shop's PostgreSQL connections were doing, sampled every 20 ms from pg_stat_activity during the timed load:
 * per state and wait event, the mean number of connections in it (the bench's own connection left out). Connections
 * "idle in transaction" hold a transaction open while the instance does something else; "Lock" waits are row or
 * advisory locks (shown with the start of the waiting statement); "IO: WALSync" is the commit's flush.
 */
function sampleWaits(db: Db) {
  const seen = new Map<string, number>();
  let samples = 0;
  let timer: NodeJS.Timeout | null = null;
  let busy = false;
  const sample = async () => {
    if (busy) return;
    busy = true;
    try {
      const rows = await sql<{ what: string; n: number }>`
        select state || coalesce(': ' || wait_event_type || ' ' || wait_event, '')
          || case when wait_event_type = 'Lock' then ' (' || left(regexp_replace(query, '\\s+', ' ', 'g'), 60) || '…)' else '' end as what,
          count(*)::int as n
        from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'
        group by 1`.execute(db);
      samples++;
      for (const row of rows.rows) seen.set(row.what, (seen.get(row.what) ?? 0) + Number(row.n));
    } finally {
      busy = false;
    }
  };
  return {
    start() {
      timer = setInterval(() => void sample(), 20);
    },
    stop(): string {
      if (timer) clearInterval(timer);
      const top = [...seen].sort((a, b) => b[1] - a[1]).slice(0, 6);
      if (samples === 0 || top.length === 0) return 'PostgreSQL connections: nothing sampled';
      return `PostgreSQL connections at work, mean over ${samples} samples: ${top.map(([what, n]) => `${(n / samples).toFixed(2)} ${what}`).join(', ')}`;
    },
  };
}

async function importBenchCatalogue(db: Db): Promise<number> {
  const { source, stockEach } = catalogue();
  await importCatalogue(db, source, { mode: 'replace', useUrlKeys: true, now: new Date(), origin: 'bench' });
  return stockEach;
}

interface OrdersRun {
  label: string;
  bases: string[];
  db: Db;
  stockEach: number;
  /** Called as the timed load starts (after the carts were made). */
  started?: () => void;
  /** Where the time went, in one line, once the load is over (`orders`: pushed orders). */
  where: (orders: number) => string;
}

async function runOrders({ label, bases, db, stockEach, started, where }: OrdersRun): Promise<OrdersFigures> {
  const carts = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => ((await (await fetch(`${bases[i % bases.length]}/api/cart/create`, { method: 'POST' })).json()) as { result: string }).result),
  );
  const job: ClientJob = { bases, carts, orders: WARMUP + ORDERS, warmup: WARMUP };
  global.gc?.();
  started?.();
  const cpuBefore = process.cpuUsage();
  const { times, warmupTimes, pushed, elapsed } = CLIENTS_IN_WORKER ? await clientsInWorker(job) : await runClients(job);
  const cpu = process.cpuUsage(cpuBefore);
  const spent = where(pushed.length);

  const failures = await checkOutcome(db, pushed, stockEach);
  times.sort((a, b) => a - b);
  const everything = [...warmupTimes, ...times].sort((a, b) => a - b);
  const placed = failures.placed;
  const figures: OrdersFigures = {
    label,
    placedPerSecond: placed / (elapsed / 1000),
    handledPerSecond: pushed.length / (elapsed / 1000),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    failures: failures.messages,
  };
  console.log(`\norders, ${label} (${CLIENTS} concurrent clients over HTTP ${CLIENTS_IN_WORKER ? 'in a worker thread' : 'on the server thread'}, ${WARMUP} + ${ORDERS} orders each pushed twice, stock for ~80%):`);
  console.log(`  placed ${placed} of ${pushed.length}, ${Math.round(figures.handledPerSecond).toLocaleString('en')} orders/s handled, ${Math.round(figures.placedPerSecond).toLocaleString('en')} orders/s placed with stock reservation`);
  console.log(`  placing push p50 ${figures.p50.toFixed(2)} ms   p95 ${figures.p95.toFixed(2)} ms   (n=${times.length}, after ${warmupTimes.length} warm-up orders)`);
  if (everything.length > times.length) console.log(`  with the warm-up: p50 ${percentile(everything, 50).toFixed(2)} ms   p95 ${percentile(everything, 95).toFixed(2)} ms   (n=${everything.length})`);
  console.log(`  ${spent}; bench process CPU ${((cpu.user + cpu.system) / 1000 / pushed.length).toFixed(2)} ms per order (2 pushes${CLIENTS_IN_WORKER ? '' : ', clients included'}); ${(elapsed / 1000).toFixed(1)} s on ${os.cpus().length} cores`);
  console.log(`  checks: ${failures.messages.length === 0 ? 'all ok (no oversell, no undersell, no duplicate, retries wrote nothing, one mail per order)' : `FAILED:\n    ${failures.messages.join('\n    ')}`}`);
  if (failures.messages.length > 0) throw new Error(`orders bench (${label}): ${failures.messages.length} check(s) failed (oversell, undersell or duplicate)`);
  return figures;
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
async function checkOutcome(db: Db, pushed: ReadonlyArray<{ id: string; sku: string; qty: number }>, stockEach: number) {
  const messages: string[] = [];
  const fail = (message: string) => messages.length < 20 && messages.push(message);
  const orders = withOrderTables(db);
  const orderRows = await orders.selectFrom('orders').select(['id', 'increment_id']).execute();
  const reservations = await orders.selectFrom('stock_reservations').select(['order_id', 'sku', 'qty', 'released_at']).execute();
  const stock = new Map((await db.selectFrom('stock_items').select(['sku', 'qty']).where('sku', 'in', SKUS).execute()).map((row) => [row.sku, Number(row.qty)]));
  const documents = new Map(
    (await db.selectFrom('replicated_documents').select(['id', 'data']).where('collection', '=', 'orders').execute()).map((row) => [row.id, JSON.parse(row.data) as { resultCode?: number; increment_id?: string }]),
  );
  const events = await db.selectFrom('replication_events').select((eb) => eb.fn.countAll<number>().as('n')).where('collection', '=', 'orders').executeTakeFirstOrThrow();
  const mails = await sql<{ n: number }>`select count(*) as n from outbox where kind = 'order-confirmation'`.execute(db);

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
