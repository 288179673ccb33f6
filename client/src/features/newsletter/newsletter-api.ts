/**
 * The newsletter calls (spec 2 §7): the status of an e-mail address, subscribing (with the captcha value in
 * `g-recaptcha-key`; the answer carries the 10% coupon in `meta.coupon`, only the first time) and unsubscribing.
 * Status and unsubscription prove the address: the logged-in customer's token (the API gate adds it) for their own
 * address, or the token of the link the shop mailed to it (`X-Newsletter-Token`). Unsubscribing without either
 * mails that link and answers 'confirmation-sent'.
 */
import type { NewsletterStatus } from '@shop/shared/content/newsletter.schema';
import { shopperLocaleQuery } from '@shop/shared/stores/shopper-locale';
import type { StoreCode } from '@shop/shared/stores/stores';
import i18next from 'i18next';
import { apiRequest } from '../../app/api.ts';
import { sessionReady } from '../account/session-loader.ts';

const PATH = '/api/ext/mailchimp-subscribe/subscribe';

/** The token of the mailed link, sent as a header (never in the address, where logs would keep it). */
export const NEWSLETTER_TOKEN_HEADER = 'x-newsletter-token';

const proofHeaders = (linkToken: string | null | undefined): Record<string, string> => (linkToken ? { [NEWSLETTER_TOKEN_HEADER]: linkToken } : {});

/** The status of an address: with the mailed link's token, or (null) as the logged-in customer for their own. */
export async function newsletterStatus(email: string, linkToken: string | null, signal?: AbortSignal): Promise<NewsletterStatus> {
  await sessionReady();
  const answer = await apiRequest<NewsletterStatus>(`${PATH}?email=${encodeURIComponent(email)}`, { headers: proofHeaders(linkToken), ...(signal ? { signal } : {}) });
  return answer.result;
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

export type UnsubscribeAnswer = 'unsubscribed' | 'confirmation-sent';

/** Unsubscribes with the proof at hand; without one the shop mails a confirmation link (in the shopper's language). */
export async function unsubscribe(input: { email: string; linkToken: string | null; store: StoreCode }): Promise<UnsubscribeAnswer> {
  await sessionReady();
  const answer = await apiRequest<string>(`${PATH}?${shopperLocaleQuery(input.store, i18next.language)}`, {
    method: 'DELETE',
    body: JSON.stringify({ email: input.email }),
    headers: { 'content-type': 'application/json', ...proofHeaders(input.linkToken) },
  });
  return answer.result === 'confirmation-sent' ? 'confirmation-sent' : 'unsubscribed';
}
