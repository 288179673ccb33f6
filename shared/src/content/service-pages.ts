/**
 * The shop's six service pages (spec 2 §2: About us, Customer service, Legal notice, Privacy policy, Return policy,
 * Terms and conditions) and their CMS identifiers in each store (`/nl/i/over-ons`, `/en/i/about-us`). The footer and
 * the menu link them; the demo content seeds them under these identifiers, with `content_key` set to the key so each
 * page knows its counterpart in the other store (hreflang, the languages modal).
 */
import type { StoreCode } from '../stores/stores.ts';

export const SERVICE_PAGE_KEYS = ['about-us', 'customer-service', 'legal-notice', 'privacy-policy', 'return-policy', 'terms-and-conditions'] as const;
export type ServicePageKey = (typeof SERVICE_PAGE_KEYS)[number];

export const SERVICE_PAGES: Readonly<Record<ServicePageKey, Readonly<Record<StoreCode, string>>>> = {
  'about-us': { nl: 'over-ons', en: 'about-us' },
  'customer-service': { nl: 'klantenservice', en: 'customer-service' },
  'legal-notice': { nl: 'juridische-informatie', en: 'legal-notice' },
  'privacy-policy': { nl: 'privacybeleid', en: 'privacy-policy' },
  'return-policy': { nl: 'retourbeleid', en: 'return-policy' },
  'terms-and-conditions': { nl: 'algemene-voorwaarden', en: 'terms-and-conditions' },
};

/** The CMS hierarchy node (`cms_hierarchy`) the service pages hang under, in both stores. */
export const SERVICE_HIERARCHY_ROOT = 'service';

/**
 * The CMS blocks the storefront places (issue 18): the home page's story, a category page's story (when the category
 * names no `landing_page` block), and the intros of the trade-in and store-locator pages. Same identifier in each
 * store; each store has its own text.
 */
export const CMS_BLOCK_IDS = {
  homeStory: 'home-story',
  tradeInIntro: 'trade-in-intro',
  storeLocatorIntro: 'store-locator-intro',
  /** A category's story, by the category's id (the same in both stores; its url path is not). */
  category: (categoryId: number) => `category-${categoryId}`,
} as const;
