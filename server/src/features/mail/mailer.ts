/**
 * E-mail for the whole shop (decision content). Every mail is written to the `outbox` table first, so nothing is
 * lost and developers can read it on /dev/mailbox; when SMTP is configured it is then delivered and marked sent or
 * failed. Delivery runs after `send` answers, so a slow mail server never slows a shopper's request.
 *
 * A mail that belongs to a database change (an order's confirmation) is `queue`d in that change's transaction: it
 * exists exactly when the change committed. `flush` after the commit delivers it; one left queued by a crash is
 * delivered by the `flush` at start.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Trx } from '../../storage/database.ts';
import type { OutboxRepository } from './outbox.repository.ts';

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

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly options: { from: string; transport: MailTransport | null; now: () => number; log?: FastifyBaseLogger },
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    const fit = checked(mail);
    const id = await this.outbox.add(fit, this.options.now());
    const transport = this.options.transport;
    if (transport) this.start(transport, { id, ...fit });
  }

  async queue(trx: Trx | Db, mail: OutgoingMail): Promise<void> {
    await this.outbox.add(checked(mail), this.options.now(), trx);
  }

  async flush(): Promise<void> {
    const transport = this.options.transport;
    if (!transport) return;
    for (let after = 0; ; ) {
      const page = await this.outbox.queued(FLUSH_PAGE, after);
      for (const mail of page) this.start(transport, mail);
      if (page.length < FLUSH_PAGE) return;
      after = page.at(-1)!.id;
    }
  }

  /** Resolves when every delivery started so far has finished (tests; closing the server). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  /** Delivers one outbox mail unless its delivery runs already. */
  private start(transport: MailTransport, mail: { id: number; to: string; subject: string; text: string; html: string | null }): void {
    if (this.delivering.has(mail.id)) return;
    this.delivering.add(mail.id);
    const delivery = this.deliver(transport, mail).finally(() => {
      this.delivering.delete(mail.id);
      this.pending.delete(delivery);
    });
    this.pending.add(delivery);
  }

  private async deliver(transport: MailTransport, { id, html, ...mail }: { id: number; to: string; subject: string; text: string; html: string | null }): Promise<void> {
    try {
      await transport.sendMail({ from: this.options.from, ...mail, ...(html === null ? {} : { html }) });
      await this.outbox.markSent(id, this.options.now());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.options.log?.warn({ mailId: id, err: message }, 'mail delivery failed');
      await this.outbox.markFailed(id, message).catch(() => undefined);
    }
  }
}

/** Queued mails read per page while flushing. */
const FLUSH_PAGE = 100;

/** A mail fit for one SMTP envelope: one recipient, a one-line subject. */
function checked(mail: OutgoingMail): { to: string; subject: string; text: string; html: string | null; kind: string } {
  const to = mail.to.trim();
  if (!to || /[\r\n]/.test(to) || /[\r\n]/.test(mail.subject)) throw new Error('A mail needs one recipient and a one-line subject');
  return { to, subject: mail.subject, text: mail.text, html: mail.html ?? null, kind: mail.kind };
}
