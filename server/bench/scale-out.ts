/**
 * The scale-out part of `pnpm bench` (issue 16): orders placed per second and their p95 on PostgreSQL with 1 and with
 * 2 server instances (bench/orders.ts), and a cart change reaching a second device through another instance
 * (bench/cross-instance.ts), on one throwaway PostgreSQL cluster with durable settings (or the server
 * BENCH_POSTGRES_URL names). Then a summary beside SQLite's figures and the aim: 2 instances place at least 1.5 times
 * the orders per second of 1, with a p95 under 50 ms. Nothing here tunes anything: the figures are what they are,
 * with the CPU each process spent per order, so a missed aim says where the time went.
 * Without PostgreSQL (no binaries, no BENCH_POSTGRES_URL) it prints one line saying so and measures nothing.
 * Runs alone with `node --expose-gc --import tsx bench/scale-out.ts` (BENCH_SCALE_OUT_SQLITE=1 measures SQLite
 * first, for the summary; BENCH_CROSS=0 leaves out the cross-instance part).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchCrossInstance, type CrossFigures } from './cross-instance.ts';
import { postgresForBench, startBenchCluster } from './instances.ts';
import { benchOrders, benchOrdersOnPostgres, type OrdersFigures } from './orders.ts';

const AIM_RATIO = 1.5;
const AIM_P95_MS = 50;

/** Measures the PostgreSQL variants; `sqlite` (the in-process figures, if measured) joins the summary. */
export async function benchScaleOut(sqlite: OrdersFigures | null): Promise<void> {
  const available = postgresForBench();
  if (!available.ok) {
    console.log(`\nscale-out (PostgreSQL, several instances): skipped, ${available.why} (apt-get install postgresql, or set BENCH_POSTGRES_URL)`);
    return;
  }
  const cluster = await startBenchCluster();
  const orders: OrdersFigures[] = [];
  let cross: CrossFigures[] = [];
  const errors: string[] = [];
  try {
    for (const instances of [1, 2]) {
      try {
        orders.push(await benchOrdersOnPostgres(cluster, instances));
      } catch (error) {
        errors.push(`orders on ${instances} instance(s): ${(error as Error).message}`);
        console.log(`  FAILED: ${(error as Error).message}`);
      }
    }
    if (process.env.BENCH_CROSS === '0') {
      console.log('\ncross-instance: skipped (BENCH_CROSS=0)');
    } else {
      try {
        cross = await benchCrossInstance(cluster);
      } catch (error) {
        errors.push(`cross-instance: ${(error as Error).message}`);
        console.log(`  FAILED: ${(error as Error).message}`);
      }
    }
  } finally {
    cluster.stop();
  }

  console.log('\nscale-out summary (orders: 20 clients, placed orders per second, placing push p95):');
  for (const figures of [...(sqlite ? [sqlite] : []), ...orders]) {
    console.log(`  ${figures.label.padEnd(34)} ${figures.placedPerSecond.toFixed(0).padStart(6)} orders/s   p95 ${figures.p95.toFixed(2).padStart(7)} ms   checks ${figures.failures.length === 0 ? 'ok' : 'FAILED'}`);
  }
  const [one, two] = [orders.find((o) => o.label.endsWith(' 1 instance')), orders.find((o) => o.label.endsWith(' 2 instances'))];
  if (one && two) {
    const ratio = two.placedPerSecond / one.placedPerSecond;
    const met = ratio >= AIM_RATIO && two.p95 < AIM_P95_MS;
    console.log(`  aim (2 instances ≥ ${AIM_RATIO}× the orders/s of 1, p95 < ${AIM_P95_MS} ms): ${ratio.toFixed(2)}×, p95 ${two.p95.toFixed(2)} ms: ${met ? 'met' : 'NOT met'}`);
  }
  for (const figures of cross) {
    console.log(`  change to a second device, ${figures.label.padEnd(26)} ${figures.delivered > 0 ? `p50 ${figures.p50.toFixed(2)} ms   p95 ${figures.p95.toFixed(2)} ms` : 'no timing'}${figures.failure ? `   FAILED: ${figures.failure}` : ''}`);
  }
  for (const error of errors) console.log(`  FAILED: ${error}`);
  if (errors.length > 0 || cross.some((figures) => figures.failure)) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await benchScaleOut(process.env.BENCH_SCALE_OUT_SQLITE === '1' ? await benchOrders() : null);
}
