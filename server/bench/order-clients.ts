/**
 * The shoppers of the orders bench (bench/orders.ts): each takes the next order, pushes it through
 * /api/replication/orders/push and pushes the same write again (a retry: must change nothing). Runs on the server's
 * thread, or as a worker thread (`clientsInWorker` in orders.ts, BENCH_ORDER_CLIENTS_WORKER=1).
 */
import { randomUUID } from 'node:crypto';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

export const SKUS = ['BENCH-A', 'BENCH-B', 'BENCH-C', 'BENCH-D'];

export interface ClientJob {
  base: string;
  carts: string[];
  orders: number;
}

export interface ClientReport {
  /** Milliseconds of each placing push (the first push of an order). */
  times: number[];
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
  const push = async (cart: string, doc: ReturnType<typeof order>) => {
    const response = await fetch(`${job.base}/api/replication/orders/push?cartId=${cart}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ assumedMasterState: null, newDocumentState: doc }]),
    });
    if (response.status !== 200) throw new Error(`push failed ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  };
  const times: number[] = [];
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
        times.push(performance.now() - t0);
        await push(cart, doc);
      }
    }),
  );
  return { times, pushed, elapsed: performance.now() - start };
}

if (!isMainThread && (workerData as ClientJob | null)?.carts) parentPort?.postMessage(await runClients(workerData as ClientJob));
