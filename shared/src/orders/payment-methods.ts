/**
 * The payment methods a cart is offered (spec 2 §3 "Payment method", §4, §5): only the codes listed in the shop's
 * mapping, optionally sorted by a configured order, AFTERPAY shown as 'Riverty - pay later', cash on delivery
 * hidden when the cart holds only virtual or downloadable items. The payment service's methods (`is_server_method`)
 * are placed through the payment flow, and are offered only when the active provider takes them; purchase-order
 * payment carries a po_number (default 000000000).
 */
import { providerMethodId } from '../payments/provider-methods.ts';
import type { StoreCode } from '../stores/stores.ts';

export interface OfferedPaymentMethod {
  code: string;
  title: string;
  cost: number;
  cost_incl_tax: number;
  default: boolean;
  offline: boolean;
  is_server_method: boolean;
  /** The provider's own method id, for the payment service's methods. */
  pspMethod?: string;
}

export const PURCHASE_ORDER_CODE = 'purchaseorder';
export const CASH_ON_DELIVERY_CODE = 'cashondelivery';
export const DEFAULT_PO_NUMBER = '000000000';
export const AFTERPAY_TITLE = 'Riverty - pay later';

/** Every method the shop knows; the mapping picks from these. Codes are lower case (spec 2 §3). */
export const KNOWN_PAYMENT_METHODS: readonly OfferedPaymentMethod[] = Object.freeze([
  { code: 'banktransfer', title: 'Bank transfer', cost: 0, cost_incl_tax: 0, default: false, offline: true, is_server_method: false },
  { code: 'checkmo', title: 'Check / Money order', cost: 0, cost_incl_tax: 0, default: false, offline: true, is_server_method: false },
  { code: PURCHASE_ORDER_CODE, title: 'Purchase order', cost: 0, cost_incl_tax: 0, default: false, offline: true, is_server_method: false },
  { code: CASH_ON_DELIVERY_CODE, title: 'Cash on delivery', cost: 0, cost_incl_tax: 0, default: false, offline: true, is_server_method: false },
  { code: 'afterpay', title: 'AFTERPAY', cost: 0, cost_incl_tax: 0, default: false, offline: false, is_server_method: true, pspMethod: 'AFTERPAY' },
  { code: 'multisafepay_ideal', title: 'iDEAL', cost: 0, cost_incl_tax: 0, default: false, offline: false, is_server_method: true, pspMethod: 'IDEAL' },
  { code: 'multisafepay_creditcard', title: 'Credit card', cost: 0, cost_incl_tax: 0, default: false, offline: false, is_server_method: true, pspMethod: 'CREDITCARD' },
  { code: 'multisafepay_paypal', title: 'PayPal', cost: 0, cost_incl_tax: 0, default: false, offline: false, is_server_method: true, pspMethod: 'PAYPAL' },
]);

export const BANK_TRANSFER_CODE = 'banktransfer';

export const DEFAULT_PAYMENT_MAPPING = [
  BANK_TRANSFER_CODE,
  'checkmo',
  PURCHASE_ORDER_CODE,
  CASH_ON_DELIVERY_CODE,
  'afterpay',
  'multisafepay_ideal',
  'multisafepay_creditcard',
  'multisafepay_paypal',
] as const;

/**
 * The methods that leave the shop holding nothing until the piece is handed over or a cheque clears: not offered for an
 * order above the operator's limit (`PAYMENT_OFFLINE_MAX`, euros incl. VAT), and refused when such an order is placed.
 */
export const HIGH_VALUE_LIMITED_METHODS: readonly string[] = Object.freeze(['checkmo', CASH_ON_DELIVERY_CODE]);
/** The limit (euros, incl. VAT) above which cheque and cash on delivery are not offered, unless the operator sets another. */
export const DEFAULT_OFFLINE_PAYMENT_MAX = 1000;

/**
 * Each store's own order, used while the operator configures none (`PAYMENT_METHODS_ORDER`): the Dutch store puts
 * iDEAL first (how the Dutch pay online), then cards and PayPal; the English store cards and PayPal first. Methods not
 * named keep their known order after these.
 */
export const STORE_PAYMENT_ORDER: Readonly<Record<StoreCode, readonly string[]>> = Object.freeze({
  nl: ['multisafepay_ideal', 'multisafepay_creditcard', 'multisafepay_paypal', BANK_TRANSFER_CODE, 'afterpay'],
  en: ['multisafepay_creditcard', 'multisafepay_paypal', 'multisafepay_ideal', BANK_TRANSFER_CODE, 'afterpay'],
});

/**
 * Whether a method may pay an order of this total (in euros incl. VAT): cheque and cash on delivery only up to `max`;
 * `max` null: the operator turned the limit off.
 */
export function paymentAllowedForTotal(code: string, baseGrandTotal: number, max: number | null): boolean {
  if (max === null || !HIGH_VALUE_LIMITED_METHODS.includes(code.trim().toLowerCase())) return true;
  return baseGrandTotal <= max;
}

const VIRTUAL_TYPES = new Set(['virtual', 'downloadable']);

/** True when the cart holds items and every one is virtual or downloadable (nothing to hand over at the door). */
export function onlyVirtualItems(typeIds: readonly string[]): boolean {
  return typeIds.length > 0 && typeIds.every((type) => VIRTUAL_TYPES.has(type));
}

/** AFTERPAY is relabelled; every other title stays. */
export function paymentMethodTitle(method: Pick<OfferedPaymentMethod, 'code' | 'title'>): string {
  return method.code.toLowerCase() === 'afterpay' || method.title.toUpperCase() === 'AFTERPAY' ? AFTERPAY_TITLE : method.title;
}

export interface PaymentOfferOptions {
  /** The configured mapping: the codes offered. A method not listed is never offered. */
  mapping: readonly string[];
  /**
   * Sorting on: the listed codes come first in that order, the rest keep their place after them. Sorting off (null or
   * empty): the methods keep the order of `available`.
   */
  sortOrder?: readonly string[] | null;
  /** The type ids of the cart's items. */
  itemTypes: readonly string[];
  /** The methods to choose from (default: the known ones). */
  available?: readonly OfferedPaymentMethod[];
  /**
   * The provider method ids the active payment provider takes (`PROVIDER_METHODS`): a payment-service method it does
   * not take is not offered. Null or absent: none is offered (no provider known, e.g. offline).
   */
  providerMethods?: readonly string[] | null;
  /** The store: its own order (`STORE_PAYMENT_ORDER`) applies while no `sortOrder` is configured. */
  store?: StoreCode;
  /** The cart's grand total in euros incl. VAT: with it, cheque and cash on delivery are left out above `offlineMax`. */
  baseGrandTotal?: number;
  /** The limit for cheque and cash on delivery (default `DEFAULT_OFFLINE_PAYMENT_MAX`); null: no limit. */
  offlineMax?: number | null;
}

/** The methods offered for a cart, the first one marked default. */
export function offerPaymentMethods(options: PaymentOfferOptions): OfferedPaymentMethod[] {
  const mapped = new Set(options.mapping.map((code) => code.trim().toLowerCase()));
  const hideCod = onlyVirtualItems(options.itemTypes);
  const takes = new Set(options.providerMethods ?? []);
  let offered = (options.available ?? KNOWN_PAYMENT_METHODS).filter(
    (method) =>
      mapped.has(method.code.toLowerCase()) &&
      !(hideCod && method.code === CASH_ON_DELIVERY_CODE) &&
      (!method.is_server_method || takes.has(providerMethodId(method.code))) &&
      (options.baseGrandTotal === undefined || paymentAllowedForTotal(method.code, options.baseGrandTotal, options.offlineMax === undefined ? DEFAULT_OFFLINE_PAYMENT_MAX : options.offlineMax)),
  );
  const sortOrder = options.sortOrder && options.sortOrder.length > 0 ? options.sortOrder : options.store ? STORE_PAYMENT_ORDER[options.store] : null;
  if (sortOrder) {
    const rank = new Map(sortOrder.map((code, index) => [code.trim().toLowerCase(), index]));
    offered = offered
      .map((method, index) => ({ method, index }))
      .sort((a, b) => (rank.get(a.method.code) ?? rank.size + a.index) - (rank.get(b.method.code) ?? rank.size + b.index))
      .map(({ method }) => method);
  }
  return offered.map((method, index) => ({ ...method, title: paymentMethodTitle(method), default: index === 0 }));
}

/** A purchase order's number: the one given, else 000000000 (spec 2 §4, §9). */
export function purchaseOrderNumber(given: string | null | undefined): string {
  const trimmed = given?.trim() ?? '';
  return trimmed === '' ? DEFAULT_PO_NUMBER : trimmed;
}
