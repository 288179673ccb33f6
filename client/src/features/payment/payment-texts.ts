/**
 * The payment flow's and the order-status pages' texts (the `payment` namespace), loaded from this lazy chunk on
 * first use and then for every language switched to; never part of the first load.
 */
import { lazyTexts } from '../texts/lazy-texts.ts';

export const PAYMENT_NS = 'payment';

const texts = lazyTexts(PAYMENT_NS, import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/payment.json'));

export const loadPaymentTexts = texts.load;
export const usePaymentTexts = texts.useReady;
