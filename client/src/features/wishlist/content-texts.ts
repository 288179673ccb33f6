/**
 * The texts of the shopper's own lists and content features (`wishlist` for the wishlist and compare, `reviews`,
 * `newsletter` with the captcha), loaded by the lazy chunks that need them, never with the first paint, and then
 * for every language switched to (as the cart and offline texts are).
 */
import { lazyTexts } from '../texts/lazy-texts.ts';

export type ContentNamespace = 'wishlist' | 'reviews' | 'newsletter';

const files = import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/*/wishlist.json', '../../locales/*/reviews.json', '../../locales/*/newsletter.json']);
const texts: Record<ContentNamespace, ReturnType<typeof lazyTexts>> = {
  wishlist: lazyTexts('wishlist', files),
  reviews: lazyTexts('reviews', files),
  newsletter: lazyTexts('newsletter', files),
};

export function loadContentTexts(namespace: ContentNamespace): Promise<void> {
  return texts[namespace].load();
}

/** Whether a namespace's texts are in; each caller names one namespace for good, as hooks must be called alike. */
export function useContentTexts(namespace: ContentNamespace): boolean {
  return texts[namespace].useReady();
}
