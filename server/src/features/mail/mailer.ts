/**
 * E-mail for the whole shop (decision content). Every mail is written to the `outbox` table first, so nothing is
 * lost and developers can read it on /dev/mailbox; when SMTP is configured it is then delivered and marked sent or
 * failed. Delivery runs after `send` answers, so a slow mail server never slows a shopper's request.
 *
 * A mail that belongs to a database change (an order's confirmation) is `queue`d in that change's transaction: it
 * exists exactly when the change committed. `flush` after the commit delivers it; one left queued by a crash is
 * delivered by the `flush` at start.
 *
 * A delivery the mail server refuses for a while (a 4xx reply, no connection, a timeout) stays queued and is tried
 * again after RETRY_DELAYS_MS; a permanent refusal (a 5xx reply, such as an unknown mailbox) or the last failed try
 * marks the mail failed, with the reason.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Trx } from '../../storage/database.ts';
import type { OutboxRepository, QueuedMail } from './outbox.repository.ts';

/** The waits before the 2nd, 3rd, ... try of a delivery refused for a while; after the last one it has failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
}

export interface Mailer {
  /** Writes the mail to the outbox and starts its delivery. */
  send(mail: OutgoingMail): Promise<void>;
  /** Writes the mail to the outbox inside the caller's transaction; `flush` once it committed. */
  queue(trx: Trx | Db, mail: OutgoingMail): Promise<void>;
  /** Starts the delivery of every queued mail not being delivered yet (none without SMTP). */
  flush(): Promise<void>;
}

/** What delivers a mail: nodemailer's transporter in production, a fake in tests. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
}

export class OutboxMailer implements Mailer {
  private readonly pending = new Set<Promise<void>>();
  /** Outbox ids whose delivery runs now: a flush beside a send never delivers one twice. */
  private readonly delivering = new Set<number>();
  /** The timer of the next retry, and when it fires. */
  private retry: { timer: NodeJS.Timeout; at: number } | null = null;
  private closed = false;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly options: { from: string; transport: MailTransport | null; now: () => number; log?: FastifyBaseLogger; retryDelaysMs?: readonly number[] },
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    const fit = checked(mail);
    const id = await this.outbox.add(fit, this.options.now());
    const transport = this.options.transport;
    if (transport) this.start(transport, { id, ...fit, attempts: 0 });
  }

  async queue(trx: Trx | Db, mail: OutgoingMail): Promise<void> {
    await this.outbox.add(checked(mail), this.options.now(), trx);
  }

  async flush(): Promise<void> {
    const transport = this.options.transport;
    if (!transport || this.closed) return;
    const now = this.options.now();
    for (let after = 0; ; ) {
      const page = await this.outbox.due(now, FLUSH_PAGE, after);
      for (const mail of page) this.start(transport, mail);
      if (page.length < FLUSH_PAGE) break;
      after = page.at(-1)!.id;
    }
    const next = await this.outbox.nextRetryAt();
    if (next !== null && next > now) this.retryAt(next);
  }

  /** Stops the retry timer (the server is closing); deliveries already running finish (`settled`). */
  close(): void {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry.timer);
    this.retry = null;
  }

  /** Resolves when every delivery started so far has finished (tests; closing the server). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  /** Delivers one outbox mail unless its delivery runs already. */
  private start(transport: MailTransport, mail: QueuedMail): void {
    if (this.delivering.has(mail.id)) return;
    this.delivering.add(mail.id);
    const delivery = this.deliver(transport, mail).finally(() => {
      this.delivering.delete(mail.id);
      this.pending.delete(delivery);
    });
    this.pending.add(delivery);
  }

  private async deliver(transport: MailTransport, { id, html, attempts, ...mail }: QueuedMail): Promise<void> {
    const attempt = attempts + 1;
    // A flush may have read the row just before an earlier delivery of it finished: only a mail still queued with the
    // attempts it was read with goes out.
    if (!(await this.outbox.stillQueued(id, attempts).catch(() => false))) return;
    try {
      await transport.sendMail({ from: this.options.from, ...mail, ...(html === null ? {} : { html }) });
      await this.outbox.markSent(id, this.options.now(), attempt);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const delay = (this.options.retryDelaysMs ?? RETRY_DELAYS_MS)[attempt - 1];
      try {
        if (isTemporary(error) && delay !== undefined) {
          const at = this.options.now() + delay;
          this.options.log?.warn({ mailId: id, attempt, err: message }, 'mail delivery refused for now: it is tried again later');
          await this.outbox.markDeferred(id, message, attempt, at);
          this.retryAt(at);
        } else {
          this.options.log?.warn({ mailId: id, attempt, err: message }, 'mail delivery failed');
          await this.outbox.markFailed(id, message, attempt);
        }
      } catch {
        // The database is closing: the mail stays queued and goes out at the next start.
      }
    }
  }

  /** Makes sure a flush runs at `at` (or earlier); the timer never keeps the process alive. */
  private retryAt(at: number): void {
    if (this.closed || (this.retry && this.retry.at <= at)) return;
    if (this.retry) clearTimeout(this.retry.timer);
    const timer = setTimeout(() => {
      this.retry = null;
      void this.flush().catch((error: unknown) => this.options.log?.error({ err: error }, 'the mail retry could not run'));
    }, Math.max(0, at - this.options.now()));
    timer.unref();
    this.retry = { timer, at };
  }
}

/**
 * Whether a delivery failure may pass if tried later: an SMTP 4xx reply, or no reply at all (no connection, a
 * timeout, a dropped connection, a failed login the operator can fix). A 5xx reply is the mail server's final word.
 */
export function isTemporary(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  // nodemailer's own refusals of the message or its envelope (before any server spoke) do not pass later either.
  return code !== 'EENVELOPE' && code !== 'EMESSAGE';
}

/** Queued mails read per page while flushing. */
const FLUSH_PAGE = 100;

/** A mail fit for one SMTP envelope: one recipient, a one-line subject. */
function checked(mail: OutgoingMail): { to: string; subject: string; text: string; html: string | null; kind: string } {
  const to = mail.to.trim();
  if (!to || /[\r\n]/.test(to) || /[\r\n]/.test(mail.subject)) throw new Error('A mail needs one recipient and a one-line subject');
  return { to, subject: mail.subject, text: mail.text, html: mail.html ?? null, kind: mail.kind };
}
