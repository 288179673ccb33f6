import type { StoreCode } from '@shop/shared';
import en from './banners/en.json';
import nl from './banners/nl.json';

/**
 * Spec 2 §7: banners come from local JSON per store code. Texts are i18n keys (`{textKey}.title|text|cta`),
 * links are store-relative paths dispatched through the URL map like any other.
 */
export interface Banner {
  id: string;
  image: string;
  textKey: string;
  link: string;
  tone: 'dark' | 'light';
}

const BANNERS: Record<StoreCode, Banner[]> = { nl: nl as Banner[], en: en as Banner[] };

export function bannersFor(store: StoreCode): Banner[] {
  return BANNERS[store];
}
