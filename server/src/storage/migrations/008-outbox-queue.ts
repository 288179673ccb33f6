import { sql, type Kysely } from 'kysely';

/**
 * Mail delivery with retries (decision 024):
 * - `attempts` and `next_attempt_at` on `outbox`: a delivery refused for a while (an SMTP 4xx reply, no connection)
 *   stays `queued` and is tried again after a growing delay; `error` keeps the last reason.
 * - a partial index on the rows in status `queued`, so the delivery after each commit (and at start) finds them without
 *   reading every mail the shop ever sent;
 * - an index on `created_at` for removing mails past their keeping time;
 * - the mails written while no SMTP was set (left `queued` until now) become `kept`: setting SMTP_URL later must not
 *   send them (old reset links, old confirmations).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update outbox set status = 'kept' where status = 'queued'`.execute(db);
  await db.schema.alterTable('outbox').addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('outbox').addColumn('next_attempt_at', 'bigint').execute();
  await db.schema.createIndex('outbox_queued_idx').on('outbox').column('id').where(sql.ref('status'), '=', 'queued').execute();
  await db.schema.createIndex('outbox_created_idx').on('outbox').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update outbox set status = 'queued' where status = 'kept'`.execute(db);
  await db.schema.dropIndex('outbox_created_idx').execute();
  await db.schema.dropIndex('outbox_queued_idx').execute();
  await db.schema.alterTable('outbox').dropColumn('next_attempt_at').execute();
  await db.schema.alterTable('outbox').dropColumn('attempts').execute();
}
