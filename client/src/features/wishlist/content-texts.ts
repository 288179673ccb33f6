/**
 * The texts of the shopper's own lists and content features (`wishlist` for the wishlist and compare, `reviews`,
 * `newsletter` with the captcha), loaded by the lazy chunks that need them, never with the first paint, and then
 * for every language switched to (as the cart and offline texts are).
 */
import { isLanguage } from '@shop/shared/stores/stores';
import i18next from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from '../../app/i18n.ts';

export type ContentNamespace = 'wishlist' | 'reviews' | 'newsletter';

const loaders = import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/*/wishlist.json', '../../locales/*/reviews.json', '../../locales/*/newsletter.json']);
const wanted = new Set<ContentNamespace>();
let following = false;

async function load(language: string, namespace: ContentNamespace): Promise<void> {
  if (!isLanguage(language) || i18next.hasResourceBundle(language, namespace)) return;
  const texts = await loaders[`../../locales/${language}/${namespace}.json`]?.();
  if (texts) i18next.addResourceBundle(language, namespace, texts.default, true, true);
}

export async function loadContentTexts(namespace: ContentNamespace): Promise<void> {
  wanted.add(namespace);
  if (!following) {
    following = true;
    i18next.on('languageChanged', (language) => void Promise.all([...wanted].map((ns) => load(language, ns))));
  }
  await load(i18next.language, namespace);
}

/** Whether the namespace's texts are in; the first component that needs them loads them. */
export function useContentTexts(namespace: ContentNamespace): boolean {
  const { i18n } = useTranslation();
  useEffect(() => {
    void loadContentTexts(namespace);
  }, [namespace]);
  return i18n.hasResourceBundle(i18n.language, namespace);
}
