/**
 * A change reaching a shopper's second device through another server instance: two bundled servers on one PostgreSQL
 * database (bench/instances.ts). Device A pushes a new cart line to instance 1; device B listens on the cart's
 * replication stream (a stream ticket, then server-sent events) on instance 2. One round is the time from A's push
 * to the line arriving on B's stream; BENCH_CROSS_ROUNDS rounds (default 200) one after another, after 10 untimed
 * ones. The same with B on instance 1 is printed first, for reference: what a stream on the writing instance sees.
 * A round that does not arrive within BENCH_CROSS_TIMEOUT_MS (default 2000) counts as lost; after 3 lost rounds and
 * none delivered the variant stops and reports a failure, rather than waiting 200 times.
 * Runs alone (with its own throwaway cluster) through `node --import tsx bench/scale-out.ts`.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { startInstances, type BenchCluster } from './instances.ts';
import { EventStreamReader } from '../src/features/replication/event-stream-reader.ts';

const ROUNDS = Number(process.env.BENCH_CROSS_ROUNDS ?? 200);
const WARMUP = 10;
const TIMEOUT_MS = Number(process.env.BENCH_CROSS_TIMEOUT_MS ?? 2000);
const GIVE_UP_AFTER = 3;

export interface CrossFigures {
  label: string;
  /** Rounds whose change arrived in time. */
  delivered: number;
  lost: number;
  p50: number;
  p95: number;
  /** Why the variant failed (a change lost), or null. */
  failure: string | null;
}

interface EventStream {
  /** Resolves with the first event `match` accepts (events before it are dropped), or null after `ms`. */
  until(match: (data: unknown) => boolean, ms: number): Promise<unknown>;
  close(): void;
}

/** A stream of the cart collection for `cart` on `base`, opened as the browser does: a ticket, then the events. */
async function openStream(base: string, cart: string): Promise<EventStream> {
  const answer = await fetch(`${base}/api/replication/cart/stream-ticket`, { method: 'POST', headers: { 'x-cart-id': cart } });
  if (!answer.ok) throw new Error(`stream ticket refused ${answer.status}: ${await answer.text()}`);
  const { ticket } = ((await answer.json()) as { result: { ticket: string } }).result;
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/api/replication/cart/stream?ticket=${encodeURIComponent(ticket)}`, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream refused ${response.statusCode}`));
      // Events not yet asked for wait here (RESYNC comes with the headers, before anyone asks).
      const queue: unknown[] = [];
      let waiter: { match: (data: unknown) => boolean; done: (data: unknown) => void } | null = null;
      const reader = new EventStreamReader();
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        for (const value of reader.take(chunk)) {
          if (waiter) {
            if (waiter.match(value)) waiter.done(value);
          } else queue.push(value);
        }
      });
      resolve({
        until: (match, ms) =>
          new Promise((done) => {
            while (queue.length > 0) {
              const value = queue.shift();
              if (match(value)) return done(value);
            }
            const timer = setTimeout(() => {
              waiter = null;
              done(null);
            }, ms);
            waiter = {
              match,
              done: (value) => {
                clearTimeout(timer);
                waiter = null;
                done(value);
              },
            };
          }),
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

function cartLine(round: number) {
  const writeId = randomUUID();
  const sku = `CROSS-${round}`;
  return {
    id: `${sku}:0123456789abcdef`,
    updatedAt: 0,
    writeId,
    sku,
    checksum: '0123456789abcdef',
    type_id: 'simple',
    snapshot: { value: { name: `Bench watch ${round}`, price_incl_tax: 1210, image: '/media/bench.svg', url_path: `cross-${round}` }, at: Date.now(), replica: 'bench' },
    ops: [{ id: writeId, kind: 'add', qty: 1, at: Date.now(), replica: 'bench' }],
    qty: 1,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Rounds of "push on `writer`, wait for it on a stream on `reader`"; `first` numbers this variant's cart lines. */
async function rounds(label: string, writer: string, reader: string, cart: string, first: number): Promise<CrossFigures> {
  const stream = await openStream(reader, cart);
  // Every stream starts with RESYNC; only then is it listening.
  if ((await stream.until((data) => data === 'RESYNC', 10_000)) === null) throw new Error(`${label}: the stream sent no RESYNC`);
  const times: number[] = [];
  let lost = 0;
  let failure: string | null = null;
  try {
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      const line = cartLine(first + round);
      const arrived = stream.until((data) => (data as { documents?: Array<{ id: string; writeId?: string }> } | null)?.documents?.some((doc) => doc.id === line.id && doc.writeId === line.writeId) === true, TIMEOUT_MS);
      const started = performance.now();
      const pushed = await fetch(`${writer}/api/replication/cart/push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-cart-id': cart },
        body: JSON.stringify([{ assumedMasterState: null, newDocumentState: line }]),
      });
      if (!pushed.ok) throw new Error(`${label}: push failed ${pushed.status}: ${await pushed.text()}`);
      if ((await arrived) === null) {
        lost++;
        if (times.length === 0 && lost >= GIVE_UP_AFTER) {
          failure = `no change reached the stream within ${TIMEOUT_MS} ms in ${lost} tries (stopped there): the stream only hears writes its own instance made`;
          break;
        }
        continue;
      }
      if (round >= WARMUP) times.push(performance.now() - started);
    }
  } finally {
    stream.close();
  }
  if (!failure && lost > 0) failure = `${lost} of ${WARMUP + ROUNDS} changes did not reach the stream within ${TIMEOUT_MS} ms`;
  times.sort((a, b) => a - b);
  return { label, delivered: times.length, lost, p50: percentile(times, 50), p95: percentile(times, 95), failure };
}

/** Both variants on a fresh database of `cluster` with two instances; prints and answers their figures. */
export async function benchCrossInstance(cluster: BenchCluster): Promise<CrossFigures[]> {
  const servers = await startInstances(cluster.database('cross'), 2);
  try {
    const [one, two] = servers.urls as [string, string];
    const cart = ((await (await fetch(`${one}/api/cart/create`, { method: 'POST' })).json()) as { result: string }).result;
    console.log(`\na cart change reaching a second device (push on instance 1, stream ticket + server-sent events; ${ROUNDS} rounds after ${WARMUP} untimed):`);
    const figures: CrossFigures[] = [];
    for (const [label, reader, first] of [
      ['same instance (reference)', one, 0],
      ['through another instance', two, 10_000],
    ] as const) {
      const result = await rounds(label, one, reader, cart, first);
      figures.push(result);
      const timing = result.delivered > 0 ? `p50 ${result.p50.toFixed(2)} ms   p95 ${result.p95.toFixed(2)} ms   (n=${result.delivered})` : 'no timing';
      console.log(`  ${label.padEnd(28)} ${timing}${result.failure ? `\n    FAILED: ${result.failure}` : ''}`);
    }
    return figures;
  } finally {
    await servers.stop();
  }
}
