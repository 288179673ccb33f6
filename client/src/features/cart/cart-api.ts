/**
 * The server cart calls the storefront makes itself (spec 1 §7, spec 2 §7); the lines travel by replication.
 * Every call names the cart with the `X-Cart-Id` header.
 */
import type { CurrencyCode, StockResult, StockStatus, StoreCode } from '@shop/shared';
import { ApiError, apiGet, apiPost, cartHeaders } from '../../app/api.ts';
import type { CartUpdateTime } from './cart-polling.ts';

/** A line of the server quote's totals: its unit price incl. tax as shown, in the quote's currency. */
export interface ServerTotalsItem {
  item_id: number | null;
  sku: string;
  qty: number;
  price_incl_tax: number;
  product_option?: unknown;
}

/**
 * The server quote's totals (GET /api/cart/totals, POST /api/cart/collect-totals), as far as the storefront reads
 * them: every amount in `quote_currency_code` with the VAT of `tax_country` (the shopper's market).
 */
export interface ServerCartTotals {
  grand_total: number;
  subtotal_incl_tax: number;
  discount_amount: number;
  shipping_incl_tax: number;
  payment_incl_tax?: number;
  tax_amount?: number;
  coupon_code: string | null;
  items_qty: number;
  items_count: number;
  quote_currency_code?: CurrencyCode;
  base_to_quote_rate?: number;
  tax_country?: string;
  items?: ServerTotalsItem[];
}

/** The shipping and payment methods the checkout chose, for totals with their costs. */
export interface TotalsMethods {
  shippingCarrierCode?: string | undefined;
  shippingMethodCode?: string | undefined;
  paymentMethod?: string | undefined;
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

/**
 * The quote's totals priced for the shopper's `country` (its currency and VAT); with `methods`, the chosen shipping
 * and payment methods' costs count (collect-totals), else the default shipping.
 */
export function cartTotals(token: string, store: StoreCode, country: string | null, signal?: AbortSignal, methods?: TotalsMethods): Promise<ServerCartTotals> {
  const query = `storeCode=${store}${country ? `&country=${encodeURIComponent(country)}` : ''}`;
  if (!methods) return apiGet<ServerCartTotals>(`/api/cart/totals?${query}`, signal, cartHeaders(token));
  const chosen = {
    ...(methods.shippingCarrierCode && methods.shippingMethodCode ? { shippingCarrierCode: methods.shippingCarrierCode, shippingMethodCode: methods.shippingMethodCode } : {}),
    ...(methods.paymentMethod ? { paymentMethod: { method: methods.paymentMethod } } : {}),
  };
  return apiPost<ServerCartTotals>(`/api/cart/collect-totals?${query}`, { methods: chosen }, signal, cartHeaders(token));
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
