import { sql, type Kysely } from 'kysely';
import { autoId, byteOrderedText } from './dialect.ts';

/**
 * Replicated documents (decision 010) and the carts that own them:
 * - `replicated_documents`: the current copy of every document, per collection and owner; never hard-deleted.
 * - `replication_events`: the ordered log of every accepted write (client pushes and server-side changes).
 * - `applied_writes`: the client-made write ids already applied, so a repeated push changes nothing.
 * - `replication_clocks`: the last `updatedAt` stamped per owner; its row lock orders one owner's writes on PostgreSQL.
 * - `carts`: guest cart tokens (the owner `guest:<token>`), the applied coupon and the chosen shipping.
 * - `coupons`: discount codes, with one demo code (spec 2 §9: the newsletter offers 10% off).
 * Times are milliseconds since the epoch in `bigint` columns; JSON is stored as text, as in 001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('replicated_documents')
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('id', byteOrderedText(db), (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('replicated_documents_pk', ['collection', 'owner', 'id'])
    .execute();
  // Pull walks one owner's collection by (updated_at, id).
  await db.schema.createIndex('replicated_documents_checkpoint_idx').on('replicated_documents').columns(['collection', 'owner', 'updated_at', 'id']).execute();

  await db.schema
    .createTable('replication_events')
    .addColumn('seq', 'integer', autoId(db))
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('doc_id', 'text', (c) => c.notNull())
    .addColumn('write_id', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('replication_events_owner_idx').on('replication_events').columns(['owner', 'collection', 'seq']).execute();

  await db.schema
    .createTable('applied_writes')
    .addColumn('write_id', 'text', (c) => c.primaryKey())
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('replication_clocks')
    .addColumn('owner', 'text', (c) => c.primaryKey())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('carts')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('purchaser_id', 'text')
    .addColumn('coupon_code', 'text')
    .addColumn('shipping_address', 'text')
    .addColumn('shipping_method', 'text')
    .addColumn('last_item_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('carts_owner_idx').on('carts').column('owner').execute();

  await db.schema
    .createTable('coupons')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', sql`numeric(14, 2)`, (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into coupons (code, kind, amount, active, description) values ('WELCOME10', 'percent', 10, 1, '10% off for newsletter subscribers')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['coupons', 'carts', 'replication_clocks', 'applied_writes', 'replication_events', 'replicated_documents']) {
    await db.schema.dropTable(table).execute();
  }
}
