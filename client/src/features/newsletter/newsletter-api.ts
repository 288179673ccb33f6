/**
 * The newsletter calls (spec 2 §7): the status of an e-mail address, subscribing (with the captcha value in
 * `g-recaptcha-key`; the answer carries the 10% coupon in `meta.coupon`) and unsubscribing.
 */
import type { NewsletterStatus } from '@shop/shared/content/newsletter.schema';
import { shopperLocaleQuery } from '@shop/shared/stores/shopper-locale';
import type { StoreCode } from '@shop/shared/stores/stores';
import i18next from 'i18next';
import { apiGet, apiRequest } from '../../app/api.ts';

const PATH = '/api/ext/mailchimp-subscribe/subscribe';

export function newsletterStatus(email: string, signal?: AbortSignal): Promise<NewsletterStatus> {
  return apiGet<NewsletterStatus>(`${PATH}?email=${encodeURIComponent(email)}`, signal);
}

export interface Subscription {
  status: NewsletterStatus;
  coupon: string | null;
}

/** Subscribes; the welcome mail is written in the shopper's language, for their store. */
export async function subscribe(input: { email: string; firstname?: string | undefined; captcha: string | null; store: StoreCode }): Promise<Subscription> {
  const body = { email: input.email, ...(input.firstname ? { firstname: input.firstname } : {}), 'g-recaptcha-key': input.captcha };
  const answer = await apiRequest<NewsletterStatus>(`${PATH}?${shopperLocaleQuery(input.store, i18next.language)}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const coupon = (answer.meta as { coupon?: unknown } | undefined)?.coupon;
  return { status: answer.result, coupon: typeof coupon === 'string' ? coupon : null };
}

export async function unsubscribe(email: string): Promise<void> {
  await apiRequest<unknown>(PATH, { method: 'DELETE', body: JSON.stringify({ email }), headers: { 'content-type': 'application/json' } });
}
