/** The `outbox` table (migration 005): every e-mail the shop sends, newest last, with its delivery status. */
import type { Generated, Selectable } from 'kysely';
import type { Db, Trx } from '../../storage/database.ts';

export type OutboxStatus = 'queued' | 'sent' | 'failed';

export interface OutboxTable {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  created_at: number;
  status: OutboxStatus;
  error: string | null;
  sent_at: number | null;
}

/** A mail as the developers' mailbox shows it. */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  createdAt: string;
  status: OutboxStatus;
  error: string | null;
  sentAt: string | null;
}

function fromRow(row: Selectable<OutboxTable>): OutboxMail {
  return {
    id: Number(row.id),
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    kind: row.kind,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    status: row.status,
    error: row.error,
    sentAt: row.sent_at === null ? null : new Date(Number(row.sent_at)).toISOString(),
  };
}

function withOutbox(db: Trx | Db) {
  return db.withTables<{ outbox: OutboxTable }>();
}

export class OutboxRepository {
  private readonly db;

  constructor(db: Db) {
    this.db = withOutbox(db);
  }

  /** Writes a queued mail, on `trx` when it belongs to a transaction; answers its id. */
  async add(mail: { to: string; subject: string; text: string; html: string | null; kind: string }, at: number, trx?: Trx | Db): Promise<number> {
    const row = await (trx ? withOutbox(trx) : this.db)
      .insertInto('outbox')
      .values({ ...mail, created_at: at, status: 'queued', error: null, sent_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** The oldest mails still queued (not sent, not failed) after the id `after`, at most `limit`. */
  async queued(limit: number, after = 0): Promise<Array<{ id: number; to: string; subject: string; text: string; html: string | null }>> {
    const rows = await this.db
      .selectFrom('outbox')
      .select(['id', 'to', 'subject', 'text', 'html'])
      .where('status', '=', 'queued')
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  async markSent(id: number, at: number): Promise<void> {
    await this.db.updateTable('outbox').set({ status: 'sent', sent_at: at, error: null }).where('id', '=', id).execute();
  }

  async markFailed(id: number, error: string): Promise<void> {
    await this.db.updateTable('outbox').set({ status: 'failed', error: error.slice(0, 1000) }).where('id', '=', id).execute();
  }

  /** Newest first; `to` matches the address ignoring case. */
  async list(options: { to?: string; limit: number }): Promise<OutboxMail[]> {
    let query = this.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(options.limit);
    if (options.to) query = query.where((eb) => eb(eb.fn('lower', ['to']), '=', options.to!.trim().toLowerCase()));
    return (await query.execute()).map(fromRow);
  }

  async byId(id: number): Promise<OutboxMail | null> {
    const row = await this.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? fromRow(row) : null;
  }
}
