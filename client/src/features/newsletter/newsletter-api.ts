/**
 * The newsletter calls (spec 2 §7): the status of an e-mail address, subscribing and unsubscribing (queued calls:
 * sync tasks, saved on this device first; the subscription's answer carries the 10% coupon in `meta.coupon`, only the
 * first time).
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
import { readUser } from '../account/session-store.ts';
import { queuedCall } from '../sync/queued-call.ts';

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

/** A queued call that could not go yet: it is saved on this device and goes when the connection returns. */
export const QUEUED = 'queued';

const localeQuery = (store: StoreCode) => shopperLocaleQuery(store, i18next.language);

/**
 * Subscribes, as a public sync task with the captcha (the queue makes a fresh token at send time, in `X-Captcha-Token`,
 * so the task's body is the same on every send); the welcome mail is written in the shopper's language, for their
 * store. `notice` is the text the announcer shows when the answer comes after the page stopped waiting.
 */
export async function subscribe(input: { email: string; firstname?: string | undefined; store: StoreCode; notice: 'subscribed' | 'updated' }): Promise<Subscription | typeof QUEUED> {
  const body = { email: input.email, ...(input.firstname ? { firstname: input.firstname } : {}) };
  const answer = await queuedCall({ kind: 'newsletter', url: `${PATH}?${localeQuery(input.store)}`, method: 'POST', body, auth: 'public', captcha: true, callbackEvent: `newsletter:notices.${input.notice}` });
  if (answer.kind === 'queued') return QUEUED;
  const coupon = answer.meta?.coupon;
  return { status: answer.result as NewsletterStatus, coupon: typeof coupon === 'string' ? coupon : null };
}

export type UnsubscribeAnswer = 'unsubscribed' | 'confirmation-sent';

/**
 * Unsubscribes, as a sync task, with the proof at hand: the mailed link's token (a public task carrying it in
 * `X-Newsletter-Token`; it proves the address only, it is no session), or else the logged-in customer's token (a
 * customer task: the queue adds the bearer token at send time). Without either the shop mails a confirmation link
 * (in the shopper's language).
 */
export async function unsubscribe(input: { email: string; linkToken: string | null; store: StoreCode }): Promise<UnsubscribeAnswer | typeof QUEUED> {
  await sessionReady();
  const asCustomer = !input.linkToken && readUser()?.current != null;
  const answer = await queuedCall({
    kind: 'newsletter',
    url: `${PATH}?${asCustomer ? 'token={{token}}&' : ''}${localeQuery(input.store)}`,
    method: 'DELETE',
    body: { email: input.email },
    ...(input.linkToken ? { headers: proofHeaders(input.linkToken) } : {}),
    auth: asCustomer ? 'customer' : 'public',
    callbackEvent: 'newsletter:notices.updated',
  });
  if (answer.kind === 'queued') return QUEUED;
  return answer.result === 'confirmation-sent' ? 'confirmation-sent' : 'unsubscribed';
}
