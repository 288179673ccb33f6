import { sql, type Kysely } from 'kysely';
import { autoId, float } from './dialect.ts';

/**
 * Back-in-stock and price-drop alerts (issue 19): a logged-in customer asks to be mailed when a sold-out piece
 * (`sku`) can be bought again (`kind` back_in_stock), or when its price falls below the price they saw (`price_drop`,
 * `subscribed_price`: the final price including the shop's VAT, in euros, as the server computed it then). `store` and
 * `language` say where the link in the mail leads and which language it is written in. `notified_at` is set in the
 * same transaction that writes the alert's one mail to the outbox: an alert is mailed at most once, on any instance.
 * A customer holds at most one pending alert per piece and kind (a partial unique index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stock_alerts')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subscribed_price', float(db))
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('notified_at', 'bigint')
    .addColumn('notified_price', float(db))
    .execute();
  await db.schema
    .createIndex('stock_alerts_pending_uq')
    .on('stock_alerts')
    .columns(['customer_id', 'sku', 'kind'])
    .unique()
    .where(sql.ref('notified_at'), 'is', null)
    .execute();
  await db.schema.createIndex('stock_alerts_sku_pending_idx').on('stock_alerts').column('sku').where(sql.ref('notified_at'), 'is', null).execute();
  await db.schema.createIndex('stock_alerts_customer_idx').on('stock_alerts').columns(['customer_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stock_alerts').execute();
}
