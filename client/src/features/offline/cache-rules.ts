/**
 * What the service worker does with each request, as one pure table the worker and the tests share.
 * It is an allow-list: an API path not named here (cart, replication, stock, and whatever comes later) is never
 * touched by the worker, so live data always comes from the server or from the local database.
 */
import { FILE_ADDRESS, SERVER_PATHS } from '@shop/shared/stores/store-pages';

export type CacheRule =
  /** A page load: answered by the precached app shell, so every route opens offline. */
  | 'shell'
  /** A catalogue read (GET): network first with a short timeout, then what was seen. */
  | 'catalogue'
  /** POST /api/url/map: like a catalogue read, cached under a key made from its body. */
  | 'url-map'
  /** A product or banner image: cache first, capped. */
  | 'media'
  /**
   * A built file the worker did not precache (the developers' visualizer's, `assets/devtools/`): cache first once
   * fetched, capped; a hashed file never changes. The precached ones never get here (the precache answers first).
   */
  | 'asset'
  /** Not the worker's business: the browser fetches it as if there were no worker. */
  | 'none';

export interface RequestFacts {
  method: string;
  url: string;
  /** `navigate` for page loads. */
  mode?: string;
}

export const CACHE_NAMES = { catalogue: 'shop-catalogue-v1', media: 'shop-media-v1', assets: 'shop-assets-v1' } as const;

const CATALOGUE_READS = /^\/api\/(catalog\/(search|product|product\/variants|product\/members|category|render-list)|location)$/;
/**
 * What the forms read (issue 17): the boutiques and their free slots for an appointment, and the definitions of the
 * shop's own forms, so those forms open offline with what was last seen (the server decides when they are sent).
 */
const FORM_READS = /^\/api\/(boutiques(\/[^/]+\/slots)?|forms\/definitions\/[^/]+)$/;

/**
 * What the content pages read (issue 18): CMS pages, blocks and hierarchy, the magazine's lists and posts, the posts
 * about a product, the testimonials and their rating; so a page read once opens offline (its pictures, under
 * `/media/content/`, are media).
 */
const CONTENT_READS = /^\/api\/(content\/[a-z_]+|ext\/cms-data(\/.+)?|ext\/wordpress\/(post|product)\/[^/]+|ext\/review-ratings)$/;

export function cacheRuleFor(request: RequestFacts, origin: string): CacheRule {
  const url = new URL(request.url, origin);
  if (url.origin !== origin) return 'none';
  const path = url.pathname;
  if (request.method === 'GET' && request.mode === 'navigate') // The server's own paths (the API, pictures, its pages such as the dev mailbox and the sandbox's hosted payment
    // page) and file addresses are no storefront route.
    return SERVER_PATHS.test(path) || FILE_ADDRESS.test(path) ? 'none' : 'shell';
  if (request.method === 'POST') return path === '/api/url/map' ? 'url-map' : 'none';
  if (request.method !== 'GET') return 'none';
  if (CATALOGUE_READS.test(path) || FORM_READS.test(path) || CONTENT_READS.test(path)) return 'catalogue';
  if (path.startsWith('/media/')) return 'media';
  if (path.startsWith('/assets/')) return 'asset';
  return 'none';
}

/**
 * The status of a page load the worker answers with the shell: the server's 404 (an address the shop does not have)
 * stays a 404; anything else, or no answer at all (offline), is the app's page: 200.
 */
export function pageStatus(serverStatus: number | null): 200 | 404 {
  return serverStatus === 404 ? 404 : 200;
}

/**
 * The cache key of a URL-map lookup: a GET address made from the body's fields, so the same page asked twice
 * (whatever the body's key order or spacing) hits one entry. Null for a body that is not a lookup.
 */
export function urlMapCacheKey(body: string, origin: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { url, storeCode } = parsed as { url?: unknown; storeCode?: unknown };
  if (typeof url !== 'string' || (storeCode !== undefined && typeof storeCode !== 'string')) return null;
  const query = new URLSearchParams({ storeCode: storeCode ?? '', url });
  return `${origin}/api/url/map?${query.toString()}`;
}

/** Error code of the worker's answer to a catalogue read that has no network and nothing cached. */
export const OFFLINE_MISS = 'offline_not_cached';

/** That answer, in the API's envelope, so the client's API layer reads it like any other error. */
export function offlineMissBody(path: string) {
  return { code: 504, result: { error: OFFLINE_MISS, message: `Offline: query returned empty result for ${path}` } };
}
