/**
 * The texts of what the layout shows after the first paint (the footer): their own small namespace, `layout`,
 * loaded with that code rather than with every first load.
 */
import { lazyTexts } from '../texts/lazy-texts.ts';

const texts = lazyTexts('layout', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/layout.json'));

export const loadLayoutTexts = texts.load;
export const useLayoutTexts = texts.useReady;
