/** Puts the newsletter feature together for app.ts: the configured provider and the coupon issuer. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../storage/database.ts';
import type { FetchLike } from '../captcha/captcha.ts';
import { MailchimpNewsletter } from './mailchimp.ts';
import { LocalNewsletter, type NewsletterProvider } from './newsletter.provider.ts';

export function createNewsletterProvider(config: AppConfig['newsletter'], deps: { db: Db; now: () => number; fetch?: FetchLike; log?: FastifyBaseLogger }): NewsletterProvider {
  if (config.provider === 'mailchimp') {
    if (!config.mailchimpApiKey || !config.mailchimpListId) throw new Error('NEWSLETTER_PROVIDER=mailchimp needs MAILCHIMP_API_KEY and MAILCHIMP_LIST_ID');
    return new MailchimpNewsletter({
      apiKey: config.mailchimpApiKey,
      listId: config.mailchimpListId,
      fetch: deps.fetch ?? (globalThis.fetch as FetchLike),
      ...(deps.log ? { log: deps.log } : {}),
    });
  }
  return new LocalNewsletter(deps.db, deps.now);
}
