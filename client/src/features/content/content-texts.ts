/**
 * The content pages' texts (the `content` namespace: service page names, CMS page and testimonial texts), loaded
 * with the content code and the footer, never with the first load.
 */
import { lazyTexts } from '../texts/lazy-texts.ts';

const texts = lazyTexts('content', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/content.json'));

export const loadContentTexts = texts.load;
export const useContentTexts = texts.useReady;
