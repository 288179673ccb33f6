/**
 * The 'Payment service 1' calls of spec 2 §7, each with ?store= (default nl when empty): the methods, iDEAL's
 * issuers, the payment creation and the order comment. Answers are the envelope, so the flow can read `code`.
 */
import { DEFAULT_STORE } from '@shop/shared/stores/stores';
import type { OrderCommentBody, PaymentServiceIssuer, PaymentServiceMethod, PostPaymentBody, PostPaymentResult } from '@shop/shared/payments/index';
import type { ApiSuccess } from '@shop/shared';
import { apiRequest } from '../../app/api.ts';
import { PAYMENT_CONFIG } from './payment-config.ts';

function url(path: string, store: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ store: store.trim() === '' ? DEFAULT_STORE : store, ...extra });
  return `${PAYMENT_CONFIG.serviceBase}/${path}?${query.toString()}`;
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', 'x-client': 'shop-pwa' },
});

export async function loadServiceMethods(store: string): Promise<PaymentServiceMethod[]> {
  return (await apiRequest<{ data: PaymentServiceMethod[] }>(url('payment-methods', store), {})).result.data;
}

export async function loadIssuers(store: string, method: string): Promise<PaymentServiceIssuer[]> {
  return (await apiRequest<{ data: PaymentServiceIssuer[] }>(url('fetch-issuers', store, { method }), {})).result.data;
}

export function postPayment(store: string, body: PostPaymentBody): Promise<ApiSuccess<PostPaymentResult>> {
  return apiRequest<PostPaymentResult>(url('post-payment', store), json(body));
}

export async function postOrderComment(store: string, body: OrderCommentBody): Promise<void> {
  await apiRequest<string>(url('order-comments', store), json(body));
}
