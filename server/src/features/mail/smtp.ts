/**
 * SMTP delivery through nodemailer, from an address such as smtp://user:password@mail.example.com:587. nodemailer is
 * loaded only when SMTP is configured: a shop that reads its mails in the outbox never holds it in memory.
 *
 * A delivery holds its mail for DELIVERY_LEASE_MS (mailer.ts): the connection, greeting and socket time-outs end a
 * stuck send well before that, so no other instance starts the same mail while this one may still send it.
 */
import { DELIVERY_LEASE_MS, type MailTransport } from './mailer.ts';

/** nodemailer's time-outs (its default socket time-out, 10 minutes, would equal the lease). */
export const SMTP_TIMEOUTS = { connectionTimeout: 60_000, greetingTimeout: 30_000, socketTimeout: 2 * 60_000 } as const;

export async function smtpTransport(url: string): Promise<MailTransport & { close(): void }> {
  const { default: nodemailer } = await import('nodemailer');
  // The address's own settings (?socketTimeout=…) win over these.
  return nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
}

// A send that waits once on each phase must still end inside its lease.
if (SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + 2 * SMTP_TIMEOUTS.socketTimeout >= DELIVERY_LEASE_MS) {
  throw new Error('The SMTP time-outs must end a send before its delivery lease');
}
