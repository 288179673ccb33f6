import { sql, type Kysely } from 'kysely';
import { autoId, float } from './dialect.ts';

/**
 * The sync task queue's server side and the shop's forms (decisions 042–044):
 * - `task_receipts`: the first answer of every queued request, by its task id (`X-Task-Id`), so a task sent again
 *   (a retry, a second tab, a reload mid-send) has its effect once and gets that answer back.
 * - `inbox_submissions`: what shoppers sent through the forms (contact, trade-in, appointment, custom form, invoice
 *   request), with the personal columns apart so the retention sweep can blank them; `inbox_files`: the pictures of a
 *   trade-in (stored under DATA_DIR, linked to their submission when the form arrives).
 * - `boutiques` and `appointments`: the store locator and the appointment book. At most one active appointment per
 *   boutique and slot (a partial unique index): a slot once taken is gone, on both engines.
 * - `form_definitions`: the custom forms the shop defines in content; `stats_events`: the queued statistics log.
 * - `outbox.attachments`: a mail's attached files (an appointment's calendar file), JSON.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('task_receipts')
    .addColumn('task_id', 'text', (c) => c.primaryKey())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('task_receipts_created_idx').on('task_receipts').column('created_at').execute();

  await db.schema
    .createTable('inbox_submissions')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('task_id', 'text', (c) => c.notNull().unique())
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'integer')
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('matched_order', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('handled_at', 'bigint')
    .addColumn('redacted_at', 'bigint')
    .execute();
  await db.schema.createIndex('inbox_submissions_created_idx').on('inbox_submissions').column('created_at').execute();
  await db.schema.createIndex('inbox_submissions_kind_idx').on('inbox_submissions').columns(['kind', 'status', 'created_at']).execute();

  await db.schema
    .createTable('inbox_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('submission_id', 'integer', (c) => c.references('inbox_submissions.id'))
    .addColumn('task_id', 'text')
    .addColumn('position', 'integer')
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('normalised', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inbox_files_submission_idx').on('inbox_files').column('submission_id').execute();
  await db.schema.createIndex('inbox_files_created_idx').on('inbox_files').column('created_at').execute();

  await db.schema
    .createTable('boutiques')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('latitude', float(db))
    .addColumn('longitude', float(db))
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('opening_hours', 'text', (c) => c.notNull())
    .addColumn('slot_minutes', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('stores', 'text', (c) => c.notNull().defaultTo('*'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('appointments')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('submission_id', 'integer', (c) => c.notNull().unique().references('inbox_submissions.id'))
    .addColumn('boutique_id', 'text', (c) => c.notNull().references('boutiques.id'))
    .addColumn('slot_local', 'text', (c) => c.notNull())
    .addColumn('slot_start', 'bigint', (c) => c.notNull())
    .addColumn('slot_end', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('canceled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('appointments_slot_uq')
    .on('appointments')
    .columns(['boutique_id', 'slot_start'])
    .unique()
    .where(sql.ref('canceled_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('form_definitions')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('stats_events')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('store', 'text')
    .addColumn('sku', 'text')
    .addColumn('data', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stats_events_created_idx').on('stats_events').column('created_at').execute();

  await db.schema.alterTable('outbox').addColumn('attachments', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('attachments').execute();
  await db.schema.dropTable('stats_events').execute();
  await db.schema.dropTable('form_definitions').execute();
  await db.schema.dropTable('appointments').execute();
  await db.schema.dropTable('boutiques').execute();
  await db.schema.dropTable('inbox_files').execute();
  await db.schema.dropTable('inbox_submissions').execute();
  await db.schema.dropTable('task_receipts').execute();
}
