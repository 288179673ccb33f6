/**
 * The order this device handed to the payment flow and that is not known to be paid (issue 12): the browser's Back
 * from the provider, a reload or a failed payment bring the shopper back to an empty checkout, which shows this order
 * to pay again or take back instead of an empty cart. Kept in localStorage (every tab) until the order is paid,
 * taken back or canceled; the shop's answer on the order-status call is what decides, this only remembers where to ask.
 */
export const UNPAID_ORDER_KEY = 'shop.payment.unpaidOrder';

export interface UnpaidOrderRef {
  orderId: string;
  incrementId: string;
  email: string;
  store: string;
  token: string;
  hash: string;
  grandTotal?: number;
  currency?: string;
  at: number;
}

export function readUnpaidOrder(): UnpaidOrderRef | null {
  try {
    const value = JSON.parse(localStorage.getItem(UNPAID_ORDER_KEY) ?? 'null') as UnpaidOrderRef | null;
    return value && typeof value.orderId === 'string' && typeof value.token === 'string' && typeof value.hash === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function rememberUnpaidOrder(order: UnpaidOrderRef): void {
  try {
    localStorage.setItem(UNPAID_ORDER_KEY, JSON.stringify(order));
  } catch {
    // Storage refused: a Back from the provider shows the empty cart, the mail still links the order.
  }
}

/** Forgets the order (paid, taken back or canceled); only that order, so a newer one is kept. */
export function forgetUnpaidOrder(orderId: string): void {
  if (readUnpaidOrder()?.orderId !== orderId) return;
  try {
    localStorage.removeItem(UNPAID_ORDER_KEY);
  } catch {
    // Nothing to do.
  }
}
