/**
 * The shoppers of the orders bench (bench/orders.ts): each takes the next order, pushes it through
 * /api/replication/orders/push and pushes the same write again (a retry: must change nothing). With several server
 * instances the pushes go round robin over them, so a retry often reaches another instance than its first push.
 * Runs as a worker thread (`clientsInWorker` in orders.ts), or on the server's thread with BENCH_ORDER_CLIENTS_WORKER=0.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

export const SKUS = ['BENCH-A', 'BENCH-B', 'BENCH-C', 'BENCH-D'];

export interface ClientJob {
  /** The server instances' addresses: each push goes to the next one (round robin, as a load balancer would). */
  bases: string[];
  carts: string[];
  /** Orders in all, the warm-up ones included. */
  orders: number;
  /** The first orders, placed like the others but not timed: they warm up the JIT and the statement cache. */
  warmup: number;
}

export interface ClientReport {
  /** Milliseconds of each placing push (the first push of an order) after the warm-up. */
  times: number[];
  /** The same for the warm-up orders. */
  warmupTimes: number[];
  pushed: Array<{ id: string; sku: string; qty: number }>;
  elapsed: number;
}

/** A confirmed order of one line: 1 piece of A or C, 2 of B or D; the client's prices are nonsense on purpose. */
function order(index: number) {
  const address = { firstName: 'Anna', lastName: 'Jansen', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 NX' };
  return {
    id: `bench-order-${randomUUID()}`,
    updatedAt: 0,
    writeId: randomUUID(),
    created_at: Date.now(),
    storeCode: 'nl',
    currency: 'EUR',
    customer_email: `shopper${index}@example.com`,
    personalDetails: { firstName: 'Anna', lastName: 'Jansen', emailAddress: `shopper${index}@example.com` },
    shippingAddress: address,
    billingAddress: address,
    shippingMethod: { carrier_code: 'flatrate', method_code: 'flatrate' },
    paymentMethod: { code: 'banktransfer' },
    items: [{ sku: SKUS[index % SKUS.length], type_id: 'simple', checksum: '0123456789abcdef', qty: 1 + (index % 2), name: 'Bench', price_incl_tax: 1 }],
    totals: { subtotal_incl_tax: 1, shipping_incl_tax: 5, grand_total: 6 },
    confirmed: true,
    transmited: false,
    _deleted: false,
  };
}

/** One shopper per cart, all at once, until `orders` orders were pushed; answers each placing push's milliseconds. */
export async function runClients(job: ClientJob): Promise<ClientReport> {
  // node:http with keep-alive, one socket per shopper: far less garbage than fetch, so the load generator's own
  // collections do not show up as server latency.
  const agents = job.bases.map(() => new http.Agent({ keepAlive: true, maxSockets: job.carts.length }));
  let turn = 0;
  const push = (cart: string, doc: ReturnType<typeof order>) =>
    new Promise<void>((resolve, reject) => {
      const body = JSON.stringify([{ assumedMasterState: null, newDocumentState: doc }]);
      const instance = turn++ % job.bases.length;
      const agent = agents[instance]!;
      const request = http.request(`${job.bases[instance]}/api/replication/orders/push?cartId=${cart}`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`push failed ${response.statusCode}: ${Buffer.concat(parts).toString()}`))));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(body);
    });
  const times: number[] = [];
  const warmupTimes: number[] = [];
  const pushed: ClientReport['pushed'] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    job.carts.map(async (cart) => {
      for (let index = next++; index < job.orders; index = next++) {
        const doc = order(index);
        pushed.push({ id: doc.id, sku: doc.items[0]!.sku!, qty: doc.items[0]!.qty });
        const t0 = performance.now();
        await push(cart, doc);
        (index < job.warmup ? warmupTimes : times).push(performance.now() - t0);
        await push(cart, doc);
      }
    }),
  );
  const elapsed = performance.now() - start;
  for (const agent of agents) agent.destroy();
  return { times, warmupTimes, pushed, elapsed };
}

if (!isMainThread && (workerData as ClientJob | null)?.carts) parentPort?.postMessage(await runClients(workerData as ClientJob));
