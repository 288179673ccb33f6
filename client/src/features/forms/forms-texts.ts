/**
 * The forms' texts (the `forms` namespace), loaded from the forms' lazy chunk on first use and then for every
 * language switched to; never part of the first load.
 */
import { lazyTexts } from '../texts/lazy-texts.ts';

const texts = lazyTexts('forms', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/forms.json'));

export const loadFormsTexts = texts.load;
export const useFormsTexts = texts.useReady;
