/**
 * The Mailchimp adapter (Marketing API v3): one audience (list); a member is addressed by the MD5 of the lower-case
 * e-mail address; the datacenter is the API key's suffix (`...-us21` -> us21.api.mailchimp.com); basic auth with the
 * key as password. Unsubscribing sets the member's status to 'unsubscribed' (Mailchimp keeps the member).
 */
import { createHash } from 'node:crypto';
import { DomainError } from '@shop/shared';
import type { NewsletterStatus } from '@shop/shared/content/index';
import type { FastifyBaseLogger } from 'fastify';
import type { FetchLike } from '../captcha/captcha.ts';
import type { NewsletterProvider, Subscription } from './newsletter.provider.ts';

export function subscriberHash(email: string): string {
  return createHash('md5').update(email.trim().toLowerCase()).digest('hex');
}

export function mailchimpBaseUrl(apiKey: string): string {
  const datacenter = /-([a-z]+\d+)$/.exec(apiKey)?.[1];
  if (!datacenter) throw new Error('A Mailchimp API key ends in its datacenter, such as -us21');
  return `https://${datacenter}.api.mailchimp.com/3.0`;
}

const UNAVAILABLE = 'An error occurred, please try later';

export class MailchimpNewsletter implements NewsletterProvider {
  readonly name = 'mailchimp' as const;
  private readonly base: string;

  constructor(private readonly options: { apiKey: string; listId: string; fetch: FetchLike; log?: FastifyBaseLogger }) {
    this.base = mailchimpBaseUrl(options.apiKey);
  }

  async status(email: string): Promise<NewsletterStatus> {
    const { status, body } = await this.call('GET', email);
    if (status === 404) return 'not-subscribed';
    this.expectOk(status, body);
    const memberStatus = (body as { status?: unknown }).status;
    if (memberStatus === 'subscribed') return 'subscribed';
    if (memberStatus === 'unsubscribed' || memberStatus === 'cleaned') return 'unsubscribed';
    return 'not-subscribed';
  }

  async subscribe({ email, firstname }: Subscription): Promise<void> {
    const { status, body } = await this.call('PUT', email, {
      email_address: email,
      status_if_new: 'subscribed',
      status: 'subscribed',
      ...(firstname ? { merge_fields: { FNAME: firstname } } : {}),
    });
    this.expectOk(status, body);
  }

  async unsubscribe(email: string): Promise<void> {
    const { status, body } = await this.call('PATCH', email, { status: 'unsubscribed' });
    if (status === 404) return;
    this.expectOk(status, body);
  }

  private async call(method: string, email: string, payload?: unknown): Promise<{ status: number; body: unknown }> {
    const url = `${this.base}/lists/${encodeURIComponent(this.options.listId)}/members/${subscriberHash(email)}`;
    try {
      const response = await this.options.fetch(url, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`shop:${this.options.apiKey}`).toString('base64')}`,
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    } catch (error) {
      this.options.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'Mailchimp call failed');
      throw new DomainError('internal', UNAVAILABLE, { status: 503 });
    }
  }

  /** Mailchimp's 4xx problems (an invalid or forgotten address) are the caller's; anything else is ours. */
  private expectOk(status: number, body: unknown): void {
    if (status >= 200 && status < 300) return;
    const problem = (body ?? {}) as { title?: unknown; detail?: unknown };
    this.options.log?.warn({ status, title: problem.title, detail: problem.detail }, 'Mailchimp refused a call');
    if (status === 400) throw new DomainError('bad_request', typeof problem.detail === 'string' ? problem.detail : 'Mailchimp refused this e-mail address');
    throw new DomainError('internal', UNAVAILABLE, { status: 503 });
  }
}
