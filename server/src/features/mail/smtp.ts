/**
 * SMTP delivery through nodemailer, from an address such as smtp://user:password@mail.example.com:587. nodemailer is
 * loaded only when SMTP is configured: a shop that reads its mails in the outbox never holds it in memory.
 */
import type { MailTransport } from './mailer.ts';

export async function smtpTransport(url: string): Promise<MailTransport & { close(): void }> {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport(url);
}
