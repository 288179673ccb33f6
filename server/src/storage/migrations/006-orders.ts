import type { Kysely } from 'kysely';
import { autoId, float } from './dialect.ts';

/**
 * Placed orders (decision orders):
 * - `orders`: one row per order document the shop placed, keyed by the client-made order id (the idempotency key
 *   from the browser to the payment provider); `write_id` names the client write that placed it. Amounts are in the
 *   order's currency; `order_token` opens the order-status page.
 * - `order_sequences`: the last increment id number handed out per store.
 * - `order_items`: the lines as priced by the shop.
 * - `stock_reservations`: what an order took from stock, per sku; `released_at` is set once when it goes back.
 * - `order_comments`: the status history (spec 2 §3 "Order comment payload").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('write_id', 'text', (c) => c.notNull())
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('increment_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('shipping_method', 'text', (c) => c.notNull())
    .addColumn('grand_total', float(db), (c) => c.notNull())
    .addColumn('totals', 'text', (c) => c.notNull())
    .addColumn('addresses', 'text', (c) => c.notNull())
    .addColumn('po_number', 'text')
    .addColumn('order_token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('mailed_at', 'bigint')
    .execute();
  await db.schema.createIndex('orders_owner_idx').on('orders').columns(['owner', 'created_at']).execute();

  await db.schema
    .createTable('order_sequences')
    .addColumn('store', 'text', (c) => c.primaryKey())
    .addColumn('last_value', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('order_items')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('price', float(db), (c) => c.notNull())
    .addColumn('price_incl_tax', float(db), (c) => c.notNull())
    .addColumn('row_total_incl_tax', float(db), (c) => c.notNull())
    .addColumn('tax_percent', float(db), (c) => c.notNull())
    .addPrimaryKeyConstraint('order_items_pk', ['order_id', 'position'])
    .execute();

  await db.schema
    .createTable('stock_reservations')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('released_at', 'bigint')
    .addPrimaryKeyConstraint('stock_reservations_pk', ['order_id', 'sku'])
    .execute();

  await db.schema
    .createTable('order_comments')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('is_customer_notified', 'integer', (c) => c.notNull())
    .addColumn('is_visible_on_front', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_comments_order_idx').on('order_comments').columns(['order_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['order_comments', 'stock_reservations', 'order_items', 'order_sequences', 'orders']) {
    await db.schema.dropTable(table).execute();
  }
}
