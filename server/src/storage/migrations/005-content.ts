import type { Kysely } from 'kysely';
import { autoId } from './dialect.ts';

/**
 * Content and outside-world adapters (decision content):
 * - `outbox`: every e-mail the shop sends, with its delivery status (queued, sent, failed).
 * - `captcha_challenges`: proof-of-work challenges handed out; a challenge is spent once (`used_at`).
 * - `newsletter_subscribers`: the local subscriber list (the default newsletter provider).
 * - `newsletter_coupons`: the one 10% coupon each subscribed e-mail address receives; the code is in `coupons` (003).
 * - `reviews`: product reviews with their moderation status (1 approved, 2 pending, 3 rejected).
 * Times are milliseconds since the epoch in `bigint` columns, as in 003.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema.createIndex('outbox_to_idx').on('outbox').columns(['to', 'id']).execute();

  await db.schema
    .createTable('captcha_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('difficulty', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('captcha_challenges_expiry_idx').on('captcha_challenges').column('expires_at').execute();

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('firstname', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('newsletter_coupons')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('coupon_code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('customer_id', 'integer')
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reviews_product_idx').on('reviews').columns(['product_id', 'status', 'id']).execute();
  await db.schema.createIndex('reviews_customer_idx').on('reviews').columns(['customer_id', 'id']).execute();
  await db.schema.createIndex('reviews_status_idx').on('reviews').columns(['status', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['reviews', 'newsletter_coupons', 'newsletter_subscribers', 'captcha_challenges', 'outbox']) {
    await db.schema.dropTable(table).execute();
  }
}
