/**
 * The account pages' texts (the `account` namespace), loaded from this lazy chunk on first use and then for every
 * language switched to; like cart.json they are not part of the first load.
 */
import { lazyTexts } from '../texts/lazy-texts.ts';

const texts = lazyTexts('account', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/account.json'));

export const loadAccountTexts = texts.load;
export const useAccountTexts = texts.useReady;
