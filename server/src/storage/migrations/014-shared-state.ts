import type { Kysely } from 'kysely';

/**
 * What several server instances on one database must share (decision 041):
 * - `outbox.claimed_until`: the instance delivering a queued mail holds it until then (a lease), so two instances
 *   flushing one outbox never both send it; a lease left by a killed instance runs out and the mail goes out again
 *   (delivery stays at least once). `outbox.ref` names what a mail belongs to (the order id for order mails).
 * - `stream_tickets`: the replication stream's tickets (stream-tickets.ts), so a ticket issued by one instance opens
 *   the stream on another. Only a hash of the ticket is kept; a row lives at most TICKET_TTL_MS.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('claimed_until', 'bigint').execute();
  await db.schema.alterTable('outbox').addColumn('ref', 'text').execute();
  await db.schema
    .createTable('stream_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('credential', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stream_tickets_expiry_idx').on('stream_tickets').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stream_tickets').execute();
  await db.schema.alterTable('outbox').dropColumn('ref').execute();
  await db.schema.alterTable('outbox').dropColumn('claimed_until').execute();
}
