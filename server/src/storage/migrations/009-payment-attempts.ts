import { sql, type Kysely } from 'kysely';

/**
 * Paying an order again (issue 12): a payment that failed, was cancelled or was left open no longer ends the order;
 * the shopper may pay the same order again, with another method. `payments` keeps every attempt: its key becomes
 * (order_id, attempt), the payments made so far are attempt 1. The provider payment id stays unique, so a late
 * notification of an earlier attempt still finds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payments_by_attempt')
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
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
    .addPrimaryKeyConstraint('payments_by_attempt_pk', ['order_id', 'attempt'])
    .execute();
  await sql`insert into payments_by_attempt (order_id, attempt, provider, provider_payment_id, increment_id, order_token, amount, currency, method, gateway_url, status, status_group, applied_group, created_at, updated_at)
    select order_id, 1, provider, provider_payment_id, increment_id, order_token, amount, currency, method, gateway_url, status, status_group, applied_group, created_at, updated_at from payments`.execute(db);
  await db.schema.dropTable('payments').execute();
  await db.schema.alterTable('payments_by_attempt').renameTo('payments').execute();
  await db.schema.createIndex('payments_provider_id_idx').on('payments').columns(['provider', 'provider_payment_id']).unique().execute();
  await db.schema.createIndex('payments_order_token_idx').on('payments').column('order_token').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payments_by_order')
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
  // The latest attempt of each order is its payment.
  await sql`insert into payments_by_order (order_id, provider, provider_payment_id, increment_id, order_token, amount, currency, method, gateway_url, status, status_group, applied_group, created_at, updated_at)
    select order_id, provider, provider_payment_id, increment_id, order_token, amount, currency, method, gateway_url, status, status_group, applied_group, created_at, updated_at
    from payments p where attempt = (select max(attempt) from payments q where q.order_id = p.order_id)`.execute(db);
  await db.schema.dropTable('payments').execute();
  await db.schema.alterTable('payments_by_order').renameTo('payments').execute();
  await db.schema.createIndex('payments_provider_id_idx').on('payments').columns(['provider', 'provider_payment_id']).unique().execute();
  await db.schema.createIndex('payments_order_token_idx').on('payments').column('order_token').execute();
}
