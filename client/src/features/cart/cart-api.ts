/**
 * The server cart calls the storefront makes itself (spec 1 §7, spec 2 §7); the lines travel by replication.
 * Every call names the cart with the `X-Cart-Id` header.
 */
import type { StockResult, StockStatus, StoreCode } from '@shop/shared';
import { ApiError, apiGet, apiPost, cartHeaders } from '../../app/api.ts';
import type { CartUpdateTime } from './cart-polling.ts';

/** The server quote's totals (GET /api/cart/totals), as far as the minicart reads them. */
export interface ServerCartTotals {
  grand_total: number;
  subtotal_incl_tax: number;
  discount_amount: number;
  shipping_incl_tax: number;
  coupon_code: string | null;
  items_qty: number;
  items_count: number;
}

export function createCart(purchaserId: string | null): Promise<string> {
  return apiPost<string>('/api/cart/create', purchaserId ? { purchaserId } : {});
}

export async function isCartUpdated(token: string): Promise<CartUpdateTime> {
  return (await apiPost<{ body: CartUpdateTime }>('/api/cart/isCartUpdated', {}, undefined, cartHeaders(token))).body;
}

export async function isCartAlreadyOrdered(token: string): Promise<boolean> {
  return (await apiPost<{ body: boolean }>('/api/cart/isCartAlreadyOrdered', {}, undefined, cartHeaders(token))).body === true;
}

export async function applyCoupon(token: string, code: string): Promise<void> {
  await apiPost<boolean>(`/api/cart/apply-coupon?coupon=${encodeURIComponent(code)}`, {}, undefined, cartHeaders(token));
}

export async function deleteCoupon(token: string): Promise<void> {
  await apiPost<boolean>('/api/cart/delete-coupon', {}, undefined, cartHeaders(token));
}

export function cartTotals(token: string, store: StoreCode, signal?: AbortSignal): Promise<ServerCartTotals> {
  return apiGet<ServerCartTotals>(`/api/cart/totals?storeCode=${store}`, signal, cartHeaders(token));
}

/**
 * The stock status for adding (spec 1 §4): what the server says, or 'volatile' when it cannot be verified (offline,
 * or no stock kept for the sku), which adds the item for pre-reservation with a warning.
 */
export async function checkStock(sku: string): Promise<StockStatus> {
  try {
    return (await apiGet<StockResult>(`/api/stock/check?sku=${encodeURIComponent(sku)}`)).status;
  } catch (error) {
    if (error instanceof ApiError) return 'volatile';
    throw error;
  }
}

/** A server cart call before this browser has a server cart (offline, or sync disabled). */
export class CartNotConnectedError extends Error {
  constructor() {
    super('The cart is not connected to the server yet');
    this.name = 'CartNotConnectedError';
  }
}
