/**
 * The "your account could not be created" notice of an order (checkout-account.tsx) outlives the trip to a payment
 * provider: it is kept in this tab's sessionStorage with its order id, and the order-status page the provider sends
 * the shopper back to shows it. Only the latest order's notice is kept; nothing secret is in it (the address and why).
 */
import type { AccountNotice } from './checkout-account.tsx';

const KEY = 'shop.accountNotice';

export function rememberAccountNotice(orderId: string, notice: AccountNotice, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  try {
    storage.setItem(KEY, JSON.stringify({ orderId, notice }));
  } catch {
    // Storage refused: the confirmation in this page still shows it.
  }
}

/** The notice of this order, if this tab placed it and its account could not be made. */
export function readAccountNotice(orderId: string, storage: Pick<Storage, 'getItem'> = sessionStorage): AccountNotice | null {
  try {
    const stored = JSON.parse(storage.getItem(KEY) ?? 'null') as { orderId?: unknown; notice?: Partial<AccountNotice> } | null;
    const notice = stored?.notice;
    if (stored?.orderId !== orderId || typeof notice?.email !== 'string' || typeof notice.problem?.reason !== 'string') return null;
    return notice as AccountNotice;
  } catch {
    return null;
  }
}
