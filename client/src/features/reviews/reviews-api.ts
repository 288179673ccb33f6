/**
 * The review calls (spec 2 §7, contract): the approved reviews of a product with their average, creating a review
 * (a queued call, sent with the customer's token when logged in), and the customer's own reviews with their status.
 */
import type { StoreCode } from '@shop/shared';
import type { Review, ReviewList } from '@shop/shared/content/review.schema';
import { shopperLocaleQuery } from '@shop/shared/stores/shopper-locale';
import i18next from 'i18next';
import { apiGet } from '../../app/api.ts';
import { sessionReady } from '../account/session-loader.ts';
import { readUser } from '../account/session-store.ts';
import { queuedCall } from '../sync/queued-call.ts';

export interface NewReview {
  product_id: number;
  nickname: string;
  title: string;
  detail: string;
  /** Whole stars, 1 to 5. */
  rating: number;
  /** The same score as the spec's votes in percent (stars × 20%). */
  ratings: Array<{ percent: number }>;
}

export function productReviews(productId: number, signal?: AbortSignal): Promise<ReviewList> {
  return apiGet<ReviewList>(`/api/review/list?product_id=${encodeURIComponent(String(productId))}`, signal);
}

/**
 * Creates a review as a sync task (a queued call, spec 2 §7): a logged-in customer's as their task (the queue adds
 * their token at send time, and the shop records them as the author), a guest's as a public task with the captcha
 * (the queue makes a fresh token at send time, which the review throttle takes when it asks for one). `captcha`: the
 * form's guard solved one because the shop asked (a customer past the throttle's limit), so the task carries one too.
 * `store` and the language tell the shop which store view the review was written in.
 */
export async function createReview(review: NewReview, store: StoreCode, captcha: string | null = null): Promise<{ id: number; review_status: number } | 'queued'> {
  await sessionReady();
  const asCustomer = readUser()?.current != null;
  const answer = await queuedCall({
    kind: 'review',
    url: `/api/review/create?${asCustomer ? 'token={{token}}&' : ''}${shopperLocaleQuery(store, i18next.language)}`,
    method: 'POST',
    body: { review },
    auth: asCustomer ? 'customer' : 'public',
    ...(!asCustomer || captcha !== null ? { captcha: true } : {}),
    callbackEvent: 'reviews:notices.submitted',
  });
  return answer.kind === 'queued' ? 'queued' : (answer.result as { id: number; review_status: number });
}

export async function myReviews(signal?: AbortSignal): Promise<Review[]> {
  await sessionReady();
  const answer = await apiGet<Review[] | { items: Review[] }>('/api/review/mine', signal);
  return Array.isArray(answer) ? answer : answer.items;
}
