/** SMTP delivery through nodemailer, from an address such as smtp://user:password@mail.example.com:587. */
import nodemailer from 'nodemailer';
import type { MailTransport } from './mailer.ts';

export function smtpTransport(url: string): MailTransport & { close(): void } {
  return nodemailer.createTransport(url);
}
