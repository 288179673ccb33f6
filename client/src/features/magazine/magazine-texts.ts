/**
 * The magazine's texts (the `magazine` namespace), loaded with the magazine's own chunk (and with the product page's
 * "In the magazine" section), never with the first load.
 */
import { lazyTexts } from '../texts/lazy-texts.ts';

const texts = lazyTexts('magazine', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/magazine.json'));

export const loadMagazineTexts = texts.load;
export const useMagazineTexts = texts.useReady;
