/**
 * The review calls (spec 2 §7, contract): the approved reviews of a product with their average, creating a review
 * (sent with the customer's token when logged in, by the API gate), and the customer's own reviews with their status.
 */
import type { StoreCode } from '@shop/shared';
import type { Review, ReviewList } from '@shop/shared/content/review.schema';
import { apiGet, apiRequest } from '../../app/api.ts';
import { captchaHeaders } from '../captcha/throttle.ts';
import { sessionReady } from '../account/session-loader.ts';

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

/** `store` tells the shop which store view the review was written in; `captcha` goes along when the throttle asked. */
export async function createReview(review: NewReview, store: StoreCode, captcha: string | null = null): Promise<{ id: number; review_status: number }> {
  await sessionReady();
  const init = { method: 'POST', body: JSON.stringify({ review }), headers: { 'content-type': 'application/json', ...captchaHeaders(captcha) } };
  return (await apiRequest<{ id: number; review_status: number }>(`/api/review/create?storeCode=${store}`, init)).result;
}

export async function myReviews(signal?: AbortSignal): Promise<Review[]> {
  await sessionReady();
  const answer = await apiGet<Review[] | { items: Review[] }>('/api/review/mine', signal);
  return Array.isArray(answer) ? answer : answer.items;
}
