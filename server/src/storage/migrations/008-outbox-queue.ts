import { sql, type Kysely } from 'kysely';

/**
 * The mails still to deliver: a partial index on the `outbox` rows in status `queued`, so the delivery after each
 * commit (and at start) finds them without reading every mail the shop ever sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('outbox_queued_idx')
    .on('outbox')
    .column('id')
    .where(sql.ref('status'), '=', 'queued')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_queued_idx').execute();
}
