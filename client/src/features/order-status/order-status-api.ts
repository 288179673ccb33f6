/**
 * The order-status page's one call (spec 2 §5): GET /api/order-status/:order_token?hash= or, for the second
 * provider's page, /api/order-status/by-transaction?transactionid=&hash=. Its answer is read as one of the page's
 * outcomes rather than thrown: 404 'Invalid payment token', 403 'Hash is incorrect, this is not good.', no network
 * while the browser is offline 'You are offline', anything else the fetch-failure message.
 */
import type { OrderStatusData } from '@shop/shared/payments/index';
import type { CartItemToAdd } from '@shop/shared/cart/index';
import { ApiError, apiGet, apiPost } from '../../app/api.ts';
import { isShopOnline } from '../../app/network.ts';

export type OrderStatusSource = { kind: 'token'; token: string; hash: string } | { kind: 'transaction'; transactionId: string; hash: string };

export type OrderStatusProblem = 'invalidToken' | 'hashIncorrect' | 'detailsProblem' | 'offline';

export type OrderStatusAnswer = { ok: true; data: OrderStatusData } | { ok: false; problem: OrderStatusProblem };

export function orderStatusPath(source: OrderStatusSource): string {
  const hash = encodeURIComponent(source.hash);
  return source.kind === 'token'
    ? `/api/order-status/${encodeURIComponent(source.token)}?hash=${hash}`
    : `/api/order-status/by-transaction?transactionid=${encodeURIComponent(source.transactionId)}&hash=${hash}`;
}

/** What a failed call means for the page. */
export function statusProblem(error: unknown, online: boolean): OrderStatusProblem {
  if (error instanceof ApiError) {
    if (error.status === 404) return 'invalidToken';
    if (error.status === 403) return 'hashIncorrect';
    if (error.status === 0 && !online) return 'offline';
  }
  return 'detailsProblem';
}

function isStatusData(value: unknown): value is OrderStatusData {
  const data = value as OrderStatusData | null;
  return typeof data?.order?.increment_id === 'string' && typeof data.payment?.status === 'string' && ['success', 'pending', 'failed'].includes(data.payment.group);
}

export async function fetchOrderStatus(source: OrderStatusSource): Promise<OrderStatusAnswer> {
  try {
    const data = await apiGet<unknown>(orderStatusPath(source));
    return isStatusData(data) ? { ok: true, data } : { ok: false, problem: 'detailsProblem' };
  } catch (error) {
    return { ok: false, problem: statusProblem(error, isShopOnline()) };
  }
}

/**
 * "Put the items back in my cart": the shop cancels the unpaid order (its stock goes back) and answers its lines as
 * cart items. A 409 means it is paid, or its payment is under way.
 */
export function takeOrderBack(token: string, hash: string): Promise<{ status: OrderStatusData; items: CartItemToAdd[] }> {
  return apiPost(`/api/order-status/${encodeURIComponent(token)}/cancel?hash=${encodeURIComponent(hash)}`, {});
}
