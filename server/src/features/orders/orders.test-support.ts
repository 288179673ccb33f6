/** Helpers of the order tests: a catalogue with known prices and stock, carts, order documents and pushes. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OrderDoc } from '@shop/shared/sync/order.schema';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { importCatalogue } from '../catalogue/catalogue.import.ts';
import { TEST_NOW } from '../../test/build-test-app.ts';
import { cleanUpLater } from '../../test/clean-up.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { testEngine } from '../../test/test-database.ts';
import type { SourceCatalogue } from '../../storage/seed/catalogue-source.ts';

/**
 * Shop instances on one fresh database, with `catalogue` imported: two on PostgreSQL (two pools, as two server
 * instances), one on SQLite (one process owns the file). Requests spread over them run really side by side.
 */
export async function appsOnOneDatabase(catalogue: SourceCatalogue = orderCatalogue()): Promise<{ apps: FastifyInstance[]; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const config = testConfig({ dataDir, seedDemo: false });
  const apps: FastifyInstance[] = [];
  cleanUpLater(async () => {
    for (const app of apps) await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  apps.push(await buildApp(config, { clock: () => TEST_NOW }));
  await importCatalogue(apps[0]!.db, catalogue, { mode: 'replace', useUrlKeys: true, now: TEST_NOW, origin: 'test' });
  await apps[0]!.catalogue.refresh();
  // The second instance starts after the import, so it loads the same catalogue.
  if (testEngine() === 'postgres') {
    apps.push(await buildApp(config, { clock: () => TEST_NOW }));
    await apps[1]!.catalogue.ready();
  }
  return { apps, dataDir };
}

/** The fixture plus RING-1000 (1000 excl. tax, 1210 incl. NL tax, 50 in stock) and LAST-1 (3 in stock). */
export function orderCatalogue(): SourceCatalogue {
  const catalogue = fixtureCatalogue();
  const { special_price: _none, ...plain } = catalogue.products.find((p) => p.sku === 'W-1')!;
  catalogue.products.push(
    {
      ...plain,
      id: 50,
      sku: 'RING-1000',
      stores: { nl: { name: 'Zilveren ring', url_key: 'zilveren-ring' }, en: { name: 'Silver ring', url_key: 'silver-ring' } },
      price: 1000,
      tax_class_id: 2,
      category_ids: [21],
      stock: { qty: 50, is_in_stock: true, manage_stock: true, backorders: false },
    },
    {
      ...plain,
      id: 58,
      sku: 'RING-SIZED',
      stores: { nl: { name: 'Gouden ring', url_key: 'gouden-maatring' }, en: { name: 'Gold ring', url_key: 'gold-sized-ring' } },
      price: 1000,
      tax_class_id: 2,
      category_ids: [21],
      stock: { qty: 50, is_in_stock: true, manage_stock: true, backorders: false },
      custom_size_kind: 'ring',
    },
    {
      ...plain,
      id: 51,
      sku: 'LAST-1',
      stores: { nl: { name: 'Laatste horloge', url_key: 'laatste-horloge' }, en: { name: 'Last watch', url_key: 'last-watch' } },
      price: 100,
      tax_class_id: 2,
      category_ids: [10],
      stock: { qty: 3, is_in_stock: true, manage_stock: true, backorders: false },
    },
  );
  return catalogue;
}

export type OrderRequest = Omit<OrderDoc, 'updatedAt'> & { updatedAt?: number };

const address = { firstName: 'Anna', lastName: 'Jansen', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 NX' };

/** A valid order of one RING-1000 whose client totals are tampered with (1 instead of 1215). */
export function orderDoc(overrides: Partial<OrderDoc> = {}): OrderDoc {
  const id = overrides.id ?? `order-${randomUUID()}`;
  return {
    id,
    updatedAt: 0,
    writeId: `w-${randomUUID()}`,
    created_at: 1_700_000_000_000,
    storeCode: 'nl',
    currency: 'EUR',
    customer_email: 'anna@example.com',
    personalDetails: { firstName: 'Anna', lastName: 'Jansen', emailAddress: 'anna@example.com' },
    shippingAddress: address,
    billingAddress: address,
    shippingMethod: { carrier_code: 'flatrate', method_code: 'flatrate' },
    paymentMethod: { code: 'banktransfer' },
    items: [{ sku: 'RING-1000', type_id: 'simple', checksum: '0123456789abcdef', qty: 1, name: 'Ring', price_incl_tax: 1 }],
    totals: { subtotal_incl_tax: 1, shipping_incl_tax: 0, grand_total: 1 },
    confirmed: true,
    transmited: false,
    ...overrides,
  };
}

export class OrderClient {
  constructor(readonly app: FastifyInstance) {}

  async newCart(): Promise<string> {
    const response = await this.app.inject({ method: 'POST', url: '/api/cart/create' });
    expect(response.statusCode).toBe(200);
    return response.json().result;
  }

  async push(cart: string, rows: Array<{ doc: OrderDoc; assumed?: Record<string, unknown> | null }>) {
    const response = await this.app.inject({
      method: 'POST',
      url: `/api/replication/orders/push?cartId=${cart}`,
      payload: rows.map(({ doc, assumed }) => ({ assumedMasterState: assumed ?? null, newDocumentState: { ...doc, _deleted: false } })),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result as Array<OrderDoc & { _deleted: boolean }>;
  }

  async pull(cart: string): Promise<Array<OrderDoc & { _deleted: boolean; result?: Record<string, unknown> }>> {
    const response = await this.app.inject({ method: 'GET', url: `/api/replication/orders/pull?cartId=${cart}&limit=1000` });
    expect(response.statusCode).toBe(200);
    return response.json().result.documents;
  }

  async order(cart: string, id: string) {
    const found = (await this.pull(cart)).find((doc) => doc.id === id);
    expect(found, `order ${id}`).toBeDefined();
    return found!;
  }

  async stock(sku: string): Promise<number> {
    const row = await this.app.db.selectFrom('stock_items').select('qty').where('sku', '=', sku).executeTakeFirstOrThrow();
    return Number(row.qty);
  }

  async setStock(sku: string, qty: number): Promise<void> {
    await this.app.db.updateTable('stock_items').set({ qty, is_in_stock: qty > 0 ? 1 : 0 }).where('sku', '=', sku).execute();
  }
}
