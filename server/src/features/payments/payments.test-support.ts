/**
 * Test support for the payment tests: the real app on a fresh SQLite file with the fixture catalogue, a chosen
 * payment provider and recorded provider answers; and placed orders written straight into the orders table (placing
 * itself is the orders feature's subject), read and changed through the real OrdersService.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig, type AppConfig } from '../../config.ts';
import { importCatalogue } from '../catalogue/catalogue.import.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { TEST_NOW } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import type { PaymentFetch } from './payment-provider.ts';

export const TEST_TOKEN_SECRET = 'payments-test-secret-0123456789abcdefghijklmnop';
export const SHOP = 'http://127.0.0.1:3000';

export async function buildPaymentsApp(options: { payments?: Partial<AppConfig['payments']>; fetch?: PaymentFetch; now?: () => Date } = {}): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-payments-'));
  const base = testConfig({ dataDir, seedDemo: false });
  const config: AppConfig = {
    ...base,
    accounts: { ...base.accounts, tokenSecret: TEST_TOKEN_SECRET, publicUrl: SHOP },
    payments: { ...base.payments, ...options.payments },
  };
  const app = await buildApp(config, { clock: options.now ?? (() => TEST_NOW), ...(options.fetch ? { paymentFetch: options.fetch } : {}) });
  await importCatalogue(app.db, fixtureCatalogue(), { mode: 'replace', useUrlKeys: true, now: TEST_NOW, origin: 'test' });
  await app.catalogue.refresh();
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

export function ordersOf(app: FastifyInstance): OrdersService {
  return (app as unknown as { orders: OrdersService }).orders;
}

let sequence = 0;

/** A placed order of 1250.00 EUR (or `total` in `currency`) with one reserved unit of `sku` when given; a guest's unless `owner` says. */
export async function placeOrder(app: FastifyInstance, options: { status?: string; total?: number; sku?: string; owner?: string; currency?: string } = {}) {
  sequence += 1;
  const id = `order-${sequence}-${Math.random().toString(36).slice(2, 8)}`;
  const incrementId = String(sequence).padStart(9, '0');
  const token = `tok${Math.random().toString(36).slice(2)}${sequence}`;
  const db = app.db.withTables<{
    orders: Record<string, unknown>;
    stock_reservations: Record<string, unknown>;
  }>();
  const at = TEST_NOW.getTime();
  await db
    .insertInto('orders')
    .values({
      id,
      owner: options.owner ?? 'guest:test-cart',
      write_id: `w-${id}`,
      store: 'nl',
      increment_id: incrementId,
      status: options.status ?? 'pending',
      currency: options.currency ?? 'EUR',
      customer_email: 'jane@example.com',
      payment_method: 'multisafepay_ideal',
      shipping_method: 'flatrate_flatrate',
      grand_total: options.total ?? 1250,
      totals: JSON.stringify({ grand_total: options.total ?? 1250 }),
      addresses: JSON.stringify({}),
      po_number: null,
      order_token: token,
      created_at: at,
      updated_at: at,
      mailed_at: at,
    })
    .execute();
  if (options.sku) await db.insertInto('stock_reservations').values({ order_id: id, sku: options.sku, qty: 1, created_at: at, released_at: null }).execute();
  const order = (await ordersOf(app).getOrder(id))!;
  return { id, token, incrementId: order.increment_id, hash: order.status_hash };
}

export async function orderStatus(app: FastifyInstance, id: string): Promise<string | undefined> {
  return (await ordersOf(app).getOrder(id))?.status;
}

export async function comments(app: FastifyInstance, id: string): Promise<Array<{ comment: string; status: string }>> {
  return (await ordersOf(app).comments(id)).map(({ comment, status }) => ({ comment, status }));
}

export async function stockQty(app: FastifyInstance, sku: string): Promise<number> {
  const row = await app.db.selectFrom('stock_items').select('qty').where('sku', '=', sku).executeTakeFirstOrThrow();
  return Number(row.qty);
}

/**
 * The headers by which the order's owner proves it is theirs (its order token, as the placing device has it): for the
 * tests whose subject is not ownership itself (security/payments-ownership.test.ts is).
 */
export async function ownerHeaders(app: FastifyInstance, orderId: string): Promise<Record<string, string>> {
  const order = await ordersOf(app).getOrder(orderId);
  return order ? { 'x-order-token': order.order_token } : {};
}

/** The sandbox page of a gateway address, as the payer's browser opens it (its path and its per-payment key). */
export function gatewayPath(gatewayUrl: string): string {
  const url = new URL(gatewayUrl);
  return `${url.pathname}${url.search}`;
}

/** The body of a post-payment call for an order, returning to the shop's order-status page. */
export function paymentBody(orderId: string, extra: Record<string, unknown> = {}) {
  return { order_id: orderId, currency: 'EUR', description: 'Order', redirectUrl: `${SHOP}/nl/order-status`, method: 'multisafepay_ideal', issuer: 'ideal_ABNANL2A', amount: 1, ...extra };
}
