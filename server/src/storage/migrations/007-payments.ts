import type { Kysely } from 'kysely';
import { autoId } from './dialect.ts';

/**
 * Payments (decision payments):
 * - `payments`: one payment per order (the order id is the key, so a repeated post-payment finds it), with the
 *   provider's payment id, the last fetched provider status and its group, and the group last applied to the order
 *   (so a repeated notification changes nothing). `order_token` finds the order from the order-status page.
 * - `payment_notifications`: event ids of signed notifications already handled (a replay is ignored).
 * - `payment_comments`: the payment flow's order comments, once each per order (a retried call adds none).
 * - `sandbox_payments`: the built-in sandbox provider's own payments and the outcome the payer chose.
 * Amounts are minor units (cents); times are milliseconds since the epoch in `bigint` columns, as in 003.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payments')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text', (c) => c.notNull())
    .addColumn('increment_id', 'text', (c) => c.notNull())
    .addColumn('order_token', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('gateway_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_group', 'text', (c) => c.notNull())
    .addColumn('applied_group', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_provider_id_idx').on('payments').columns(['provider', 'provider_payment_id']).unique().execute();
  await db.schema.createIndex('payments_order_token_idx').on('payments').column('order_token').execute();

  await db.schema
    .createTable('payment_notifications')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_notifications_pk', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('payment_comments')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_comments_once_idx').on('payment_comments').columns(['order_id', 'status', 'comment']).unique().execute();

  await db.schema
    .createTable('sandbox_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().unique())
    .addColumn('increment_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('redirect_url', 'text', (c) => c.notNull())
    .addColumn('notification_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sandbox_payments', 'payment_comments', 'payment_notifications', 'payments']) {
    await db.schema.dropTable(table).execute();
  }
}
