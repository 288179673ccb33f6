/** The content settings of loadConfig: mail, captcha, newsletter and the admin token. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

describe('content configuration', () => {
  it('defaults: outbox only, proof of work at 18 bits, the local subscriber list, no admin door, mailbox on in development', () => {
    const config = loadConfig({});
    expect(config.mail).toEqual({ smtpUrl: null, from: 'Horloge shop <shop@localhost>', devMailbox: true, keepDays: 30 });
    expect(loadConfig({ MAIL_KEEP_DAYS: '90' }).mail.keepDays).toBe(90);
    expect(config.captcha).toEqual({ provider: 'pow', difficulty: 18, recaptchaSecret: null, recaptchaSiteKey: null });
    expect(config.newsletter).toEqual({ provider: 'local', mailchimpApiKey: null, mailchimpListId: null });
    expect(config.adminToken).toBeNull();
  });

  it('the mailbox is off in production unless DEV_MAILBOX=true', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).mail.devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true' }).mail.devMailbox).toBe(true);
  });

  it('reads every setting', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://user:pw@mail.example.com:587',
      MAIL_FROM: 'Shop <shop@example.com>',
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SECRET: 'secret',
      RECAPTCHA_SITE_KEY: 'site',
      CAPTCHA_DIFFICULTY: '20',
      NEWSLETTER_PROVIDER: 'mailchimp',
      MAILCHIMP_API_KEY: '0123abcd-us21',
      MAILCHIMP_LIST_ID: 'a1b2c3',
      ADMIN_TOKEN: 'a-long-enough-admin-token',
    });
    expect(config.mail.smtpUrl).toBe('smtp://user:pw@mail.example.com:587');
    expect(config.captcha).toEqual({ provider: 'recaptcha', difficulty: 20, recaptchaSecret: 'secret', recaptchaSiteKey: 'site' });
    expect(config.newsletter).toEqual({ provider: 'mailchimp', mailchimpApiKey: '0123abcd-us21', mailchimpListId: 'a1b2c3' });
    expect(config.adminToken).toBe('a-long-enough-admin-token');
  });

  it('stops with a message naming the variable when a value is wrong or a provider lacks its keys', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL'],
      [{ CAPTCHA_PROVIDER: 'hcaptcha' }, 'CAPTCHA_PROVIDER'],
      [{ CAPTCHA_DIFFICULTY: '40' }, 'CAPTCHA_DIFFICULTY'],
      [{ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'site' }, 'RECAPTCHA_SECRET: required when CAPTCHA_PROVIDER=recaptcha'],
      [{ NEWSLETTER_PROVIDER: 'mailchimp', MAILCHIMP_LIST_ID: 'a1' }, 'MAILCHIMP_API_KEY: required when NEWSLETTER_PROVIDER=mailchimp'],
      [{ MAILCHIMP_API_KEY: 'no-datacenter' }, 'MAILCHIMP_API_KEY'],
      [{ ADMIN_TOKEN: 'short' }, 'ADMIN_TOKEN'],
      [{ MAIL_KEEP_DAYS: '0' }, 'MAIL_KEEP_DAYS'],
      [{ MAIL_KEEP_DAYS: 'a month' }, 'MAIL_KEEP_DAYS'],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    }
  });
});
