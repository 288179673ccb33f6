/**
 * SMTP delivery through nodemailer, from an address such as smtp://user:password@mail.example.com:587. nodemailer is
 * loaded only when SMTP is configured: a shop that reads its mails in the outbox never holds it in memory.
 *
 * A delivery renews its claim on the mail while the send runs (mailer.ts); the connection, greeting and socket
 * time-outs end a stuck send, so a mail server that stopped answering never holds a mail for good.
 */
import type { MailTransport } from './mailer.ts';

/** nodemailer's time-outs (its default socket time-out is 10 minutes). */
export const SMTP_TIMEOUTS = { connectionTimeout: 60_000, greetingTimeout: 30_000, socketTimeout: 2 * 60_000 } as const;

export async function smtpTransport(url: string): Promise<MailTransport & { close(): void }> {
  const { default: nodemailer } = await import('nodemailer');
  // The address's own settings (?socketTimeout=…) win over these.
  return nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
}

