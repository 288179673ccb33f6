/**
 * The checkout's texts (the `checkout` namespace: the steps, the field messages, the offline order notice and the
 * server's `orders.messages.*` / `orders.status.*`), loaded with the checkout's code and for every language switched to.
 */
import { lazyTexts } from '../texts/lazy-texts.ts';

const texts = lazyTexts('checkout', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/checkout.json'));

export const loadCheckoutTexts = texts.load;
export const useCheckoutTexts = texts.useReady;
