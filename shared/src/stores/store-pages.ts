/**
 * The storefront's addresses (spec 2 §2), one table for the client's router and the server. The server answers a
 * page load with the app shell: 200 for an address the shop has, 404 for one it has not, so search engines do not
 * index it (the shell renders the not-found page either way). A store path that is no page of the app is a
 * catalogue address, known when the URL map has it.
 */
import { DEFAULT_STORE, isStoreCode, type StoreCode } from './stores.ts';

/**
 * The pages under a store outside the catalogue, in the router's path syntax: `$name` is one segment, a final `$`
 * the rest of the address (none included). The client's route table is checked against this list (router.test.tsx).
 */
export const STORE_PAGES = [
  'compare',
  'my-account/$',
  'create-password',
  'customer/account/forgotpassword',
  'checkout',
  'order-success/$',
  'order-status/$order_token',
  'orderstatus',
  'error',
  // The shop's forms (issue 17): contact, trade-in (both languages' addresses render in either store; spec 1 §2,
  // spec 2 §2), appointment, the store locator, the invoice request and the forms the shop defines in content.
  'contacts',
  'ruil-uw-horloge-in-bij-ace',
  'ruil-uw-horloge-in',
  'trade-in-or-sell-your-watch',
  'trade-in-your-watch',
  'afspraak-maken',
  'make-an-appointment',
  'store-locator',
  'invoices',
  'forms/$slug',
  // Content (issue 18): CMS pages (spec 2 §2 `/i/{slug}`), the magazine (its index, categories, search and posts under
  // one splat) and the testimonials. Landing pages at catalogue-like addresses go through the URL map.
  'i/$slug',
  'magazine/$',
  'testimonial',
  // The search results page (issue 19): `?q=` with the filters and sort of a category page.
  'search',
] as const;
export type StorePagePath = (typeof STORE_PAGES)[number];

/** The sections of /my-account (its first segment after `my-account/`); '' and 'profile' are the start page. */
export const MY_ACCOUNT_SECTIONS = ['', 'profile', 'shipping-details', 'newsletter', 'orders', 'recently-viewed', 'product-reviews', 'stock-alerts'] as const;

/**
 * The first segments of the pages opened without a store (`/checkout`, a provider's return to
 * `/orderstatus?transactionid=`, an old bookmark): they are the default store's page, query kept.
 */
export const STORELESS_PAGES: ReadonlySet<string> = new Set([
  'checkout',
  'order-success',
  'order-status',
  'orderstatus',
  'compare',
  'my-account',
  'create-password',
  'customer',
  'error',
  'contacts',
  'invoices',
  'afspraak-maken',
  'make-an-appointment',
  'store-locator',
  'forms',
  'i',
  'magazine',
  'testimonial',
  'search',
]);

/**
 * Store-less pages whose address is in one store's language (spec 2 §2: `/ruil-uw-horloge-in-bij-ace` is Dutch,
 * `/trade-in-or-sell-your-watch` English): opened without a store they go to that store, whatever the shopper chose.
 */
export const STORELESS_PAGE_STORES: Readonly<Record<string, StoreCode>> = {
  'ruil-uw-horloge-in-bij-ace': 'nl',
  'ruil-uw-horloge-in': 'nl',
  'trade-in-or-sell-your-watch': 'en',
  'trade-in-your-watch': 'en',
};

/** The store a store-less page's first segment opens: its own language's store, else `chosen` (null: no page). */
export function storelessPageStore(first: string, chosen: StoreCode): StoreCode | null {
  return STORELESS_PAGE_STORES[first] ?? (STORELESS_PAGES.has(first) ? chosen : null);
}

/** Aliases of Home (spec 2 §2): `/pwa.html` and `/<store>/pwa.html`. */
export const HOME_ALIAS = 'pwa.html';

/** Paths the server answers itself (the API, pictures, its own pages, the sitemap and robots.txt): never a storefront address. */
export const SERVER_PATHS = /^\/(?:(api|media|health|documentation|dev|sandbox-pay)(\/|$)|(sitemap\.xml|robots\.txt)$)/;

/** A file address (sw.js, an icon): never a page, even when typed into the address bar. `.html` is a page. */
export const FILE_ADDRESS = /\.(?!html$)[a-z0-9]+$/i;

export interface StorePageOptions {
  /** With the external checkout in use, /order-success is a page (spec 2 §2); otherwise it is not found. */
  externalCheckout: boolean;
}

export type StorefrontAddress =
  /** A page the app has: Home, an alias of Home, a page outside the catalogue, or a store-less page's redirect. */
  | { kind: 'page' }
  /** A store path the URL map decides: a category or product when it maps one, else not found. */
  | { kind: 'catalogue'; store: StoreCode; url: string }
  | { kind: 'unknown' };

function matches(pattern: StorePagePath, segments: readonly string[], options: StorePageOptions): boolean {
  const parts = pattern.split('/');
  const rest = parts.at(-1) === '$';
  const fixed = rest ? parts.slice(0, -1) : parts;
  if (rest ? segments.length < fixed.length : segments.length !== fixed.length) return false;
  if (!fixed.every((part, n) => part.startsWith('$') || part === segments[n])) return false;
  if (pattern === 'my-account/$') return (MY_ACCOUNT_SECTIONS as readonly string[]).includes(segments[1] ?? '');
  if (pattern === 'order-success/$') return options.externalCheckout;
  return true;
}

/** The page of the app a store-relative path (`checkout`, `my-account/orders/12`) opens, or null. */
export function storePageOf(path: string, options: StorePageOptions): StorePagePath | null {
  const segments = path.split('/').filter(Boolean);
  if (segments.length === 0) return null;
  return STORE_PAGES.find((pattern) => matches(pattern, segments, options)) ?? null;
}

/**
 * What a page load's path (no query; as sent, percent-encoded) is: trailing and doubled slashes do not count, as
 * for the URL dispatch (spec 2 §2).
 */
export function storefrontAddress(pathname: string, options: StorePageOptions): StorefrontAddress {
  const segments = pathname.split('/').filter(Boolean);
  const [first, ...rest] = segments;
  if (first === undefined || (segments.length === 1 && first === HOME_ALIAS)) return { kind: 'page' };
  if (isStoreCode(first)) {
    const path = rest.join('/');
    if (path === '' || path === HOME_ALIAS || storePageOf(path, options)) return { kind: 'page' };
    return { kind: 'catalogue', store: first, url: path };
  }
  const store = storelessPageStore(first, DEFAULT_STORE);
  if (store) return storefrontAddress(`/${store}/${segments.join('/')}`, options);
  return { kind: 'unknown' };
}
