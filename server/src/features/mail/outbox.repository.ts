/** The `outbox` table (migrations 005, 008, 014, 015): every e-mail the shop sends, newest last, with its delivery status. */
import type { Generated, Selectable } from 'kysely';
import type { Db, Trx } from '../../storage/database.ts';
import type { MailAttachment } from './mailer.ts';

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
  /** The instance delivering this mail holds it until then (a lease; null: nobody delivers it now). */
  claimed_until: number | null;
  /** What the mail belongs to: the order id for an order's mails; null for the others. */
  ref: string | null;
  /** The attached files, JSON (MailAttachment[]); null: none. */
  attachments: string | null;
}

function attachmentsOf(value: string | null): MailAttachment[] {
  if (value === null) return [];
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? (parsed as MailAttachment[]) : [];
  } catch {
    return [];
  }
}

/** A queued mail as the delivery needs it. */
export interface QueuedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: MailAttachment[];
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
  /** The attached files. */
  attachments: MailAttachment[];
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
    attachments: attachmentsOf(row.attachments),
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
    mail: { to: string; subject: string; text: string; html: string | null; kind: string; ref?: string | null; attachments?: MailAttachment[] },
    at: number,
    options: { status?: 'queued' | 'kept'; trx?: Trx | Db } = {},
  ): Promise<number> {
    const row = await (options.trx ? withOutbox(options.trx) : this.db)
      .insertInto('outbox')
      .values({
        ...mail,
        ref: mail.ref ?? null,
        attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
        created_at: at,
        status: options.status ?? 'queued',
        error: null,
        sent_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /**
   * The oldest queued mails due at `now` (not waiting for a retry, not held by a delivery running elsewhere) after the
   * id `after`, at most `limit`.
   */
  async due(now: number, limit: number, after = 0): Promise<QueuedMail[]> {
    const rows = await this.db
      .selectFrom('outbox')
      .select(['id', 'to', 'subject', 'text', 'html', 'attachments', 'attempts'])
      .where('status', '=', 'queued')
      .where('id', '>', after)
      .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts), attachments: attachmentsOf(row.attachments) }));
  }

  /**
   * Takes the mail for one delivery until `now + leaseMs`: true when it is still queued after `attempts` tries (no
   * delivery finished since it was read) and no other delivery holds it, here or on another server instance. One
   * conditional update, so of two instances flushing one outbox only one gets it.
   */
  async claim(id: number, attempts: number, now: number, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('outbox')
      .set({ claimed_until: now + leaseMs })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .where('attempts', '=', attempts)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Extends the claim a delivery holds until `heldUntil` to `until`: false when the claim is no longer its own (the
   * mail was marked, or its lease ran out and another delivery took it).
   */
  async renew(id: number, heldUntil: number, until: number): Promise<boolean> {
    const result = await this.db
      .updateTable('outbox')
      .set({ claimed_until: until })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .where('claimed_until', '=', heldUntil)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * When a queued mail next becomes due, or null when none waits: its retry time, or the end of a delivery's lease (a
   * delivery that never recorded its outcome, such as on an instance that was killed).
   */
  async nextRetryAt(): Promise<number | null> {
    const row = await this.db
      .selectFrom('outbox')
      .select((eb) => [eb.fn.min('next_attempt_at').as('retry'), eb.fn.min('claimed_until').as('lease')])
      .where('status', '=', 'queued')
      .executeTakeFirst();
    const times = [row?.retry, row?.lease].filter((at) => at !== null && at !== undefined).map(Number);
    return times.length ? Math.min(...times) : null;
  }

  async markSent(id: number, at: number, attempts: number): Promise<void> {
    await this.db.updateTable('outbox').set({ status: 'sent', sent_at: at, error: null, attempts, next_attempt_at: null, claimed_until: null }).where('id', '=', id).execute();
  }

  /** A delivery refused for a while: the mail stays queued until `retryAt`, with the reason. */
  async markDeferred(id: number, error: string, attempts: number, retryAt: number): Promise<void> {
    await this.db.updateTable('outbox').set({ error: error.slice(0, 1000), attempts, next_attempt_at: retryAt, claimed_until: null }).where('id', '=', id).execute();
  }

  async markFailed(id: number, error: string, attempts: number): Promise<void> {
    await this.db.updateTable('outbox').set({ status: 'failed', error: error.slice(0, 1000), attempts, next_attempt_at: null, claimed_until: null }).where('id', '=', id).execute();
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
