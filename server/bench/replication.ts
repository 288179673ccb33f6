/**
 * Replication push throughput over real HTTP on loopback: batches of cart lines as RxDB pushes them (new lines, then
 * an op added to each, then the same batches again, which must change nothing), one shopper after another and
 * several at once. Each batch is one transaction: stamp, apply, log, record the write ids.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';

const BATCH = Number(process.env.BENCH_PUSH_BATCH ?? 100);
const BATCHES = Number(process.env.BENCH_PUSH_BATCHES ?? 40);
const SHOPPERS = Number(process.env.BENCH_PUSH_SHOPPERS ?? 4);

type Line = Record<string, unknown> & { id: string; writeId: string; ops: Array<Record<string, unknown>>; qty: number };

function newLine(index: number): Line {
  const writeId = randomUUID();
  return {
    id: `BENCH-${index}:0123456789abcdef`,
    updatedAt: 0,
    writeId,
    sku: `BENCH-${index}`,
    checksum: '0123456789abcdef',
    type_id: 'simple',
    snapshot: { value: { name: `Bench watch ${index}`, price_incl_tax: 1210, image: '/media/bench.svg', url_path: `bench-${index}` }, at: Date.now(), replica: 'bench' },
    ops: [{ id: writeId, kind: 'add', qty: 1, at: Date.now(), replica: 'bench' }],
    qty: 1,
  };
}

function withAdd(line: Line): Line {
  const writeId = randomUUID();
  return { ...line, writeId, ops: [...line.ops, { id: writeId, kind: 'add', qty: 1, at: Date.now(), replica: 'bench' }], qty: line.qty + 1 };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Answers docs/s per shopper count and round, for the comparison with the previous run. */
export async function benchReplication(): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-replication-'));
  const app = await buildApp(testConfig({ dataDir, seedDemo: false }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const newCart = async () => ((await (await fetch(`${base}/api/cart/create`, { method: 'POST' })).json()) as { result: string }).result;
  /**
   * A push of new writes is answered with no conflict; a push sent again (writes already applied) with the server's
   * copy of each of its documents, as for a device that never got the first answer, and writes nothing.
   */
  const push = async (cart: string, rows: Array<{ newDocumentState: Line }>, sentBefore: boolean) => {
    const response = await fetch(`${base}/api/replication/cart/push?cartId=${cart}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rows) });
    const body = (await response.json()) as { result: Array<{ id: string; writeId: string }> };
    const expected = sentBefore ? rows.map((row) => `${row.newDocumentState.id} ${row.newDocumentState.writeId}`) : [];
    const answered = response.status === 200 ? body.result.map((doc) => `${doc.id} ${doc.writeId}`) : null;
    if (JSON.stringify(answered) !== JSON.stringify(expected)) throw new Error(`push ${sentBefore ? 'sent again' : 'of new writes'} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  };

  /** One shopper's run: BATCHES batches of new lines, then an add on each line, then the second round again. */
  async function shopper(cart: string, times: Record<string, number[]>): Promise<void> {
    const lines: Line[][] = [];
    for (let b = 0; b < BATCHES; b++) lines.push(Array.from({ length: BATCH }, (_, i) => newLine(b * BATCH + i)));
    const updated = lines.map((batch) => batch.map(withAdd));
    const rounds: Array<[string, (b: number) => Array<{ newDocumentState: Line }>, boolean]> = [
      ['new lines', (b) => lines[b]!.map((line) => ({ assumedMasterState: null, newDocumentState: line })), false],
      ['an op added to each line', (b) => updated[b]!.map((line, i) => ({ assumedMasterState: { ...lines[b]![i]!, _deleted: false }, newDocumentState: line })), false],
      ['the same push repeated (no change)', (b) => updated[b]!.map((line, i) => ({ assumedMasterState: { ...lines[b]![i]!, _deleted: false }, newDocumentState: line })), true],
    ];
    for (const [label, rows, sentBefore] of rounds) {
      for (let b = 0; b < BATCHES; b++) {
        const start = performance.now();
        await push(cart, rows(b), sentBefore);
        (times[label] ??= []).push(performance.now() - start);
      }
    }
  }

  console.log(`\nreplication push over HTTP (loopback), ${BATCH} cart lines per push, ${BATCHES} pushes per round:`);
  // Warm-up: connections, statement caches, JIT.
  await shopper(await newCart(), {});

  for (const shoppers of [1, SHOPPERS]) {
    const times: Record<string, number[]> = {};
    const carts = await Promise.all(Array.from({ length: shoppers }, () => newCart()));
    const started = performance.now();
    await Promise.all(carts.map((cart) => shopper(cart, times)));
    const elapsed = performance.now() - started;
    console.log(`  ${shoppers} shopper${shoppers > 1 ? 's at once' : ''}:`);
    for (const [label, list] of Object.entries(times)) {
      const sorted = [...list].sort((a, b) => a - b);
      const total = list.reduce((sum, t) => sum + t, 0);
      // With several shoppers the pushes overlap: documents/s is the sum over shoppers (per-push time / concurrency).
      const perSecond = Math.round((list.length * BATCH) / (total / shoppers / 1000));
      figures[`push, ${shoppers} shopper${shoppers > 1 ? 's' : ''}: ${label}`] = perSecond;
      console.log(`    ${label.padEnd(36)} ${perSecond.toLocaleString('en').padStart(8)} docs/s   push p50 ${percentile(sorted, 50).toFixed(1)} ms   p95 ${percentile(sorted, 95).toFixed(1)} ms`);
    }
    console.log(`    all rounds: ${Math.round((shoppers * 3 * BATCHES * BATCH) / (elapsed / 1000)).toLocaleString('en')} docs/s overall`);
  }

  const events = await app.db.selectFrom('replication_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  console.log(`  event log: ${Number(events.n).toLocaleString('en')} entries (the repeated pushes added none)`);
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return figures;
}
