/**
 * The cart's notifications (spec 1 §8, spec 2 §3, §9): the spec's texts (translated; English is the fallback), an OK
 * action on each, and 'Proceed to checkout' beside a success only when the checkout is the shop's own (spec 1 §2).
 */
import { CART_MESSAGES, type CartProblem } from '@shop/shared/cart/index';
import type { TFunction } from 'i18next';
import type { Notification } from '../../ui/notifications.tsx';
import type { CartNotice } from './add-to-cart.ts';

/** Product errors the catalogue reports in English, and their keys in the `cart` texts. */
const PRODUCT_ERRORS: Readonly<Record<string, string>> = { 'No available product variants': 'problems.noVariants' };

/** A cart problem in the interface language, with the numbers it names; the server's English text is the fallback. */
export function cartProblemText(t: TFunction, problem: CartProblem): string {
  const key = problem.code === 'cart_product_error' ? PRODUCT_ERRORS[problem.message] : `problems.${problem.code}`;
  return key ? t(key, { ns: 'cart', ...problem.values, defaultValue: problem.message }) : problem.message;
}

export function cartNotification(notice: CartNotice, t: TFunction, options: { externalCheckout: boolean; checkoutHref: string }): Notification {
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
