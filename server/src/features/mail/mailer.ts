/**
 * E-mail for the whole shop (decision content). Every mail is written to the `outbox` table first, so nothing is
 * lost and developers can read it on /dev/mailbox; when SMTP is configured it is then delivered and marked sent or
 * failed. Delivery runs after `send` answers, so a slow mail server never slows a shopper's request.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRepository } from './outbox.repository.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** What delivers a mail: nodemailer's transporter in production, a fake in tests. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
}

export class OutboxMailer implements Mailer {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly options: { from: string; transport: MailTransport | null; now: () => number; log?: FastifyBaseLogger },
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    const to = mail.to.trim();
    if (!to || /[\r\n]/.test(to) || /[\r\n]/.test(mail.subject)) throw new Error('A mail needs one recipient and a one-line subject');
    const id = await this.outbox.add({ to, subject: mail.subject, text: mail.text, html: mail.html ?? null, kind: mail.kind }, this.options.now());
    const transport = this.options.transport;
    if (!transport) return;
    const delivery = this.deliver(transport, id, { to, subject: mail.subject, text: mail.text, ...(mail.html === undefined ? {} : { html: mail.html }) });
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  /** Resolves when every delivery started so far has finished (tests; closing the server). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  private async deliver(transport: MailTransport, id: number, mail: { to: string; subject: string; text: string; html?: string }): Promise<void> {
    try {
      await transport.sendMail({ from: this.options.from, ...mail });
      await this.outbox.markSent(id, this.options.now());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.options.log?.warn({ mailId: id, err: message }, 'mail delivery failed');
      await this.outbox.markFailed(id, message).catch(() => undefined);
    }
  }
}
