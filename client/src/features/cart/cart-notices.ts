/**
 * The cart's notifications (spec 1 §8, spec 2 §3, §9): the spec's texts (translated; English is the fallback), an OK
 * action on each, and 'Proceed to checkout' beside a success only when the checkout is the shop's own (spec 1 §2).
 */
import { CART_MESSAGES, type CartLineDoc, type CartProblem } from '@shop/shared/cart/index';
import type { StoreCode } from '@shop/shared';
import type { TFunction } from 'i18next';
import { checkoutConfig } from '../checkout/checkout-config.ts';
import type { Notification } from '../../ui/notifications.tsx';
import type { CartNotice } from './add-to-cart.ts';

/** Product errors the catalogue reports in English, and their keys in the `cart` texts. */
const PRODUCT_ERRORS: Readonly<Record<string, string>> = { 'No available product variants': 'problems.noVariants' };

/** A cart problem in the interface language, with the numbers it names; the server's English text is the fallback. */
export function cartProblemText(t: TFunction, problem: CartProblem): string {
  const key = problem.code === 'cart_product_error' ? PRODUCT_ERRORS[problem.message] : `problems.${problem.code}`;
  return key ? t(key, { ns: 'cart', ...problem.values, defaultValue: problem.message }) : problem.message;
}

/** Where a success notice's 'Proceed to checkout' goes, and whether it is offered at all. */
export interface CheckoutOffer {
  externalCheckout: boolean;
  checkoutHref: string;
}

/**
 * The checkout as the server configures it (GET /api/checkout/config): with the external checkout on, the notices
 * offer no 'Proceed to checkout' (spec 1 §2, §8). When the server cannot be asked (offline, nothing asked before),
 * the shop's own checkout is the one /checkout opens, so it is offered.
 */
export async function checkoutOffer(store: StoreCode): Promise<CheckoutOffer> {
  const externalCheckout = await checkoutConfig(store).then(
    (config) => config.externalCheckout,
    () => false,
  );
  return { externalCheckout, checkoutHref: `/${store}/checkout` };
}

export function cartNotification(notice: CartNotice, t: TFunction, options: CheckoutOffer): Notification {
  const ok = { label: t('notices.ok', { defaultValue: 'OK' }) };
  if (notice.kind === 'problem') {
    const { problem } = notice;
    return { type: problem.severity, message: cartProblemText(t, problem), action1: ok };
  }
  const message = notice.kind === 'added' ? t('notices.added', { defaultValue: CART_MESSAGES.added }) : t('notices.qtyUpdated', { defaultValue: CART_MESSAGES.qtyUpdated });
  return {
    type: 'success',
    message,
    action1: ok,
    ...(options.externalCheckout ? {} : { action2: { label: t('notices.proceedToCheckout', { defaultValue: 'Proceed to checkout' }), href: options.checkoutHref } }),
  };
}

/** What the stock sync did to a line that the shopper must hear about: lowered, marked out of stock, or removed. */
export type StockNotice = { kind: 'lowered'; name: string; maxQuantity: number } | { kind: 'outOfStock'; name: string } | { kind: 'removed'; name: string };

/**
 * The stock notes that arrived since the lines were last looked at (`seen`: line id → note time, updated here). A
 * line is never lowered, marked or removed without the shopper being told; a plain "In stock!" needs no notice.
 */
export function newStockNotices(seen: Map<string, number>, lines: readonly CartLineDoc[]): StockNotice[] {
  const notices: StockNotice[] = [];
  for (const line of lines) {
    const note = line.stockNote;
    if (!note || seen.get(line.id) === note.at) continue;
    seen.set(line.id, note.at);
    const name = line.snapshot.value.name;
    if (note.removed) notices.push({ kind: 'removed', name });
    else if (note.status === 'out_of_stock') notices.push({ kind: 'outOfStock', name });
    else if (note.loweredFrom !== undefined && note.maxQuantity !== undefined && line.qty === note.maxQuantity) notices.push({ kind: 'lowered', name, maxQuantity: note.maxQuantity });
  }
  return notices;
}

/** A stock notice as a warning that stays until the shopper dismisses it. */
export function stockNotification(notice: StockNotice, t: TFunction): Notification {
  const message =
    notice.kind === 'removed'
      ? t('stock.removed', { name: notice.name })
      : t('stock.lineNotice', {
          name: notice.name,
          message: notice.kind === 'lowered' ? t('problems.cart_qty_only_available', { maxQuantity: notice.maxQuantity, defaultValue: CART_MESSAGES.qtyOnlyAvailable }) : t('stock.outOfStock', { defaultValue: CART_MESSAGES.lineOutOfStock }),
        });
  return { type: 'warning', message, action1: { label: t('notices.ok', { defaultValue: 'OK' }) }, hasNoTimeout: true };
}
