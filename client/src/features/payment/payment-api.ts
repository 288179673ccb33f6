/**
 * The 'Payment service 1' calls of spec 2 §7, each with ?store= (default nl when empty): the methods, iDEAL's
 * issuers, the payment creation and the order comment. Answers are the envelope, so the flow can read `code`.
 * The order calls prove whose order it is in headers (the ownership contract of issue 13): the order's token, or its
 * order-status hash; a logged-in customer's bearer token goes along through the API gate.
 */
import { DEFAULT_STORE } from '@shop/shared/stores/stores';
import { ORDER_HASH_HEADER, ORDER_TOKEN_HEADER, type OrderCommentBody, type PaymentServiceIssuer, type PaymentServiceMethod, type PostPaymentBody, type PostPaymentResult } from '@shop/shared/payments/index';
import type { ApiSuccess } from '@shop/shared';
import { apiRequest } from '../../app/api.ts';
import { PAYMENT_CONFIG } from './payment-config.ts';

function url(path: string, store: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ store: store.trim() === '' ? DEFAULT_STORE : store, ...extra });
  return `${PAYMENT_CONFIG.serviceBase}/${path}?${query.toString()}`;
}

/** What the shopper holds of an order: its token (the order's result, the order-status link) or the link's hash. */
export interface OrderProof {
  orderToken?: string | undefined;
  statusHash?: string | undefined;
}

export function proofHeaders(proof: OrderProof): Record<string, string> {
  return { ...(proof.orderToken ? { [ORDER_TOKEN_HEADER]: proof.orderToken } : {}), ...(proof.statusHash ? { [ORDER_HASH_HEADER]: proof.statusHash } : {}) };
}

const json = (body: unknown, proof: OrderProof): RequestInit => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', 'x-client': 'shop-pwa', ...proofHeaders(proof) },
});

export async function loadServiceMethods(store: string): Promise<PaymentServiceMethod[]> {
  return (await apiRequest<{ data: PaymentServiceMethod[] }>(url('payment-methods', store), {})).result.data;
}

export async function loadIssuers(store: string, method: string): Promise<PaymentServiceIssuer[]> {
  return (await apiRequest<{ data: PaymentServiceIssuer[] }>(url('fetch-issuers', store, { method }), {})).result.data;
}

export function postPayment(store: string, body: PostPaymentBody, proof: OrderProof): Promise<ApiSuccess<PostPaymentResult>> {
  return apiRequest<PostPaymentResult>(url('post-payment', store), json(body, proof));
}

export async function postOrderComment(store: string, body: OrderCommentBody, proof: OrderProof): Promise<void> {
  await apiRequest<string>(url('order-comments', store), json(body, proof));
}
