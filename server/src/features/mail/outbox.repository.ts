/** The `outbox` table (migrations 005, 008): every e-mail the shop sends, newest last, with its delivery status. */
import type { Generated, Selectable } from 'kysely';
import type { Db, Trx } from '../../storage/database.ts';

/** queued: to deliver; sent, failed: delivered or given up; kept: written while no SMTP was set, never delivered. */
export type OutboxStatus = 'queued' | 'sent' | 'failed' | 'kept';

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
  /** Deliveries tried so far. */
  attempts: Generated<number>;
  /** A queued mail whose delivery was refused for a while is not tried before this time; null: at once. */
  next_attempt_at: number | null;
}

/** A queued mail as the delivery needs it. */
export interface QueuedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
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
  attempts: number;
  /** When a queued mail refused for a while is tried again. */
  nextAttemptAt: string | null;
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
    attempts: Number(row.attempts),
    nextAttemptAt: row.next_attempt_at === null ? null : new Date(Number(row.next_attempt_at)).toISOString(),
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

  /** Writes a mail (queued unless told), on `trx` when it belongs to a transaction; answers its id. */
  async add(
    mail: { to: string; subject: string; text: string; html: string | null; kind: string },
    at: number,
    options: { status?: 'queued' | 'kept'; trx?: Trx | Db } = {},
  ): Promise<number> {
    const row = await (options.trx ? withOutbox(options.trx) : this.db)
      .insertInto('outbox')
      .values({ ...mail, created_at: at, status: options.status ?? 'queued', error: null, sent_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** The oldest queued mails due at `now` (not waiting for a retry) after the id `after`, at most `limit`. */
  async due(now: number, limit: number, after = 0): Promise<QueuedMail[]> {
    const rows = await this.db
      .selectFrom('outbox')
      .select(['id', 'to', 'subject', 'text', 'html', 'attempts'])
      .where('status', '=', 'queued')
      .where('id', '>', after)
      .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }));
  }

  /** Whether the mail is still queued after `attempts` tries (no delivery finished since it was read). */
  async stillQueued(id: number, attempts: number): Promise<boolean> {
    const row = await this.db.selectFrom('outbox').select('id').where('id', '=', id).where('status', '=', 'queued').where('attempts', '=', attempts).executeTakeFirst();
    return row !== undefined;
  }

  /** When the next queued mail waiting for a retry is due, or null when none waits. */
  async nextRetryAt(): Promise<number | null> {
    const row = await this.db.selectFrom('outbox').select((eb) => eb.fn.min('next_attempt_at').as('at')).where('status', '=', 'queued').executeTakeFirst();
    return row?.at === null || row?.at === undefined ? null : Number(row.at);
  }

  async markSent(id: number, at: number, attempts: number): Promise<void> {
    await this.db.updateTable('outbox').set({ status: 'sent', sent_at: at, error: null, attempts, next_attempt_at: null }).where('id', '=', id).execute();
  }

  /** A delivery refused for a while: the mail stays queued until `retryAt`, with the reason. */
  async markDeferred(id: number, error: string, attempts: number, retryAt: number): Promise<void> {
    await this.db.updateTable('outbox').set({ error: error.slice(0, 1000), attempts, next_attempt_at: retryAt }).where('id', '=', id).execute();
  }

  async markFailed(id: number, error: string, attempts: number): Promise<void> {
    await this.db.updateTable('outbox').set({ status: 'failed', error: error.slice(0, 1000), attempts, next_attempt_at: null }).where('id', '=', id).execute();
  }

  /** Removes the mails written before `before` (whatever their status); answers how many. */
  async prune(before: number): Promise<number> {
    const result = await this.db.deleteFrom('outbox').where('created_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
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
