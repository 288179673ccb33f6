/**
 * Order placing over real HTTP on loopback: 20 shoppers at once, each pushing confirmed orders through
 * /api/replication/orders/push (every order pushed twice, as a retry would), for products whose stock runs out
 * during the run. Prints orders placed per second and the p50/p95 latency of one placing push, then checks the
 * outcome: stock never below 0, sold == reserved, and one order per client order id.
 * BENCH_ORDERS (default 2000) and BENCH_ORDER_CLIENTS (default 20) size it. Runs alone with
 * `node --import tsx bench/orders.ts`.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { importCatalogue } from '../src/features/catalogue/catalogue.import.ts';
import { withOrderTables } from '../src/features/orders/orders.tables.ts';
import { fixtureCatalogue } from '../src/test/fixture-catalogue.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000);
const CLIENTS = Number(process.env.BENCH_ORDER_CLIENTS ?? 20);
const SKUS = ['BENCH-A', 'BENCH-B', 'BENCH-C', 'BENCH-D'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function catalogue() {
  const source = fixtureCatalogue();
  const template = source.products.find((p) => p.sku === 'W-1')!;
  // Stock for about 80% of the orders (one or two pieces each): the last pieces are fought over.
  const stockEach = Math.floor((ORDERS * 1.5 * 0.8) / SKUS.length);
  SKUS.forEach((sku, i) => {
    const { special_price: _none, ...plain } = template;
    source.products.push({ ...plain, id: 900 + i, sku, stores: { nl: { name: sku, url_key: sku.toLowerCase() }, en: { name: sku, url_key: sku.toLowerCase() } }, price: 100 + i, stock: { qty: stockEach, is_in_stock: true, manage_stock: true, backorders: false } });
  });
  return { source, stockEach };
}

function order(index: number): Record<string, unknown> {
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

export async function benchOrders(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-orders-'));
  const app = await buildApp(testConfig({ dataDir, seedDemo: false }));
  const { source, stockEach } = catalogue();
  await importCatalogue(app.db, source, { mode: 'replace', useUrlKeys: true, now: new Date(), origin: 'bench' });
  await app.catalogue.refresh();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const push = async (cart: string, doc: Record<string, unknown>) => {
    const response = await fetch(`${base}/api/replication/orders/push?cartId=${cart}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ assumedMasterState: null, newDocumentState: doc }]),
    });
    if (response.status !== 200) throw new Error(`push failed ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  };

  const carts = await Promise.all(
    Array.from({ length: CLIENTS }, async () => ((await (await fetch(`${base}/api/cart/create`, { method: 'POST' })).json()) as { result: string }).result),
  );
  const times: number[] = [];
  const pushed: string[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    carts.map(async (cart) => {
      for (let index = next++; index < ORDERS; index = next++) {
        const doc = order(index);
        pushed.push(doc.id as string);
        const t0 = performance.now();
        await push(cart, doc);
        times.push(performance.now() - t0);
        // The same write again (a retry): must change nothing.
        await push(cart, doc);
      }
    }),
  );
  const elapsed = performance.now() - start;

  const db = withOrderTables(app.db);
  const placed = await db.selectFrom('orders').select(['id']).execute();
  const reserved = await db.selectFrom('stock_reservations').select(['sku', 'qty']).execute();
  const stock = await app.db.selectFrom('stock_items').select(['sku', 'qty']).where('sku', 'in', SKUS).execute();
  const soldFromStock = stock.reduce((sum, row) => sum + (stockEach - Number(row.qty)), 0);
  const reservedQty = reserved.reduce((sum, row) => sum + Number(row.qty), 0);
  const oversold = stock.some((row) => Number(row.qty) < 0);
  const duplicates = placed.length !== new Set(placed.map((row) => row.id)).size || placed.length !== reserved.length;
  times.sort((a, b) => a - b);
  console.log(`\norders (${CLIENTS} concurrent clients over HTTP, ${ORDERS} orders each pushed twice, stock for ~80%):`);
  console.log(`  placed ${placed.length} of ${pushed.length}, ${Math.round(pushed.length / (elapsed / 1000)).toLocaleString('en')} orders/s handled, ${Math.round(placed.length / (elapsed / 1000)).toLocaleString('en')} orders/s placed with stock reservation`);
  console.log(`  placing push p50 ${percentile(times, 50).toFixed(2)} ms   p95 ${percentile(times, 95).toFixed(2)} ms   (n=${times.length})`);
  console.log(`  check: stock never below 0 ${oversold ? 'FAILED' : 'ok'}; sold ${soldFromStock} == reserved ${reservedQty} ${soldFromStock === reservedQty ? 'ok' : 'FAILED'}; one order per client id ${duplicates ? 'FAILED' : 'ok'}`);
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (oversold || duplicates || soldFromStock !== reservedQty) throw new Error('orders bench: oversell or duplicate order');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await benchOrders();
