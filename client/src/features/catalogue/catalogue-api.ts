import type { Attribute, Category, Product, ProductListItem, SearchRequest, SearchResult, StoreCode } from '@shop/shared';
import type { CmsPage } from '@shop/shared/content/content.schema';
import { PRODUCT_LISTING_FIELDS } from '@shop/shared/catalogue/listing';
import { SEARCH, SEARCH_TIMEOUT_MESSAGE } from '@shop/shared/catalogue/search-constants';
import { ApiError, apiGet, apiPost } from '../../app/api.ts';
import { cached } from '../../app/resource.ts';

/** GET, so that answers can be cached by the browser and the server later; the key is the request itself. */
export function searchUrl(request: SearchRequest): string {
  return `/api/catalog/search?request=${encodeURIComponent(JSON.stringify(request))}`;
}

export function searchCatalogue<T>(request: SearchRequest): Promise<SearchResult<T>> {
  const url = searchUrl(request);
  return cached(url, () => giveUpAfter(SEARCH.clientTimeoutMs, (signal) => apiGet<SearchResult<T>>(url, signal)));
}

/**
 * Spec 1 §9: the search client waits at most `ms` for an answer, then stops the request and fails with the code the
 * server uses for a search that took too long (`search_timeout`), so the shopper is told and may retry.
 */
function giveUpAfter<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ApiError(0, 'search_timeout', SEARCH_TIMEOUT_MESSAGE));
      controller.abort();
    }, ms);
    run(controller.signal).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export function searchProducts(request: Omit<SearchRequest, 'type'>): Promise<SearchResult<Product>> {
  return searchCatalogue<Product>({ type: 'product', ...request });
}

/** A listing asks only for what a product card shows (see PRODUCT_LISTING_FIELDS). */
export function listingRequest(request: Omit<SearchRequest, 'type' | 'includeFields'>): SearchRequest {
  return { type: 'product', ...request, includeFields: [...PRODUCT_LISTING_FIELDS] };
}

export function searchListing(request: SearchRequest): Promise<SearchResult<ProductListItem>> {
  return searchCatalogue<ProductListItem>(request);
}

export function categoriesRequest(store: StoreCode): SearchRequest {
  return { type: 'category', storeCode: store, filters: { is_active: true }, sort: 'position:asc', size: 4000 };
}

export async function loadCategories(store: StoreCode): Promise<Category[]> {
  return (await searchCatalogue<Category>(categoriesRequest(store))).items;
}

export async function loadAttributes(store: StoreCode, codes: readonly string[]): Promise<Attribute[]> {
  if (codes.length === 0) return [];
  const request: SearchRequest = { type: 'attribute', storeCode: store, filters: { attribute_code: [...codes].sort() } };
  return (await searchCatalogue<Attribute>(request)).items;
}

/** The member products of a grouped product or a bundle, whatever their own visibility (spec 1 §4). */
export function loadMembers(store: StoreCode, sku: string): Promise<Product[]> {
  const url = `/api/catalog/product/members?storeCode=${encodeURIComponent(store)}&sku=${encodeURIComponent(sku)}`;
  return cached(url, () => apiGet<Product[]>(url));
}

export type UrlTarget =
  | { _type: 'category'; _source: Category }
  | { _type: 'product'; _source: Product; redirect?: { sku: string; url_path: string } }
  // A CMS page at its own address: a curated landing page (`swiss-watches/vintage`), or `i/{identifier}` (issue 18).
  | { _type: 'cms_page'; _source: CmsPage };

/** Maps a store-relative path to a category, product or CMS page; null when nothing is mapped (the server answers 404). */
export function resolveUrl(path: string, store: StoreCode): Promise<UrlTarget | null> {
  return cached(`url-map:${store}:${path}`, async () => {
    try {
      return await apiPost<UrlTarget>('/api/url/map', { url: path, storeCode: store });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  });
}

/** A product or category page, by what names it in every store. */
export interface PageIdentity {
  type: 'product' | 'category';
  id: number;
}

/**
 * The path of the same product or category in another store (their url keys differ per store; ids do not), or null
 * when that store does not show it.
 */
export async function alternatePath(store: StoreCode, page: PageIdentity): Promise<string | null> {
  const request: SearchRequest = { type: page.type, storeCode: store, filters: page.type === 'category' ? { id: page.id, is_active: true } : { id: page.id }, includeFields: ['id', 'url_path'], size: 1 };
  const answer = await searchCatalogue<{ id: number; url_path?: string }>(request);
  return answer.items.find((item) => item.id === page.id)?.url_path ?? null;
}

/** Spec 2 §2: trailing slashes and query strings are removed before dispatch. */
export function dispatchPath(splat: string): string {
  return splat.split(/[?#]/)[0]!.replace(/^\/+|\/+$/g, '');
}

export function mediaUrl(path: string): string {
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:')) return path;
  return path.startsWith('/') ? path : `/${path}`;
}
