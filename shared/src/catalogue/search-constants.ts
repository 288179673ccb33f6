import { STORE_CODES } from '../stores/stores.ts';

/** Search constants of spec 1 §9. */
export const SEARCH = {
  defaultSize: 50,
  attributeListSize: 150,
  groupedFetchSize: 200,
  maxFilterQuerySize: 999,
  aggregationSize: 10,
  minimumScore: 0.02,
  fuzziness: 2,
  boosts: { name: 4, sku: 2, 'category.name': 1, fulltext: 3 },
  defaultSort: 'updated_at:desc',
  clientTimeoutMs: 5000,
  serverTimeoutMs: 1000,
  cacheTtlSeconds: 500,
  /** The largest page one request may ask for. */
  maxSize: 4000,
} as const;

export const SEARCH_MAX_AGGREGATION_SIZE = 200;

export const BASE_ENTITY_TYPES = ['product', 'category', 'attribute', 'taxrule'] as const;
export type BaseEntityType = (typeof BASE_ENTITY_TYPES)[number];
export const ENTITY_TYPES = [
  ...BASE_ENTITY_TYPES,
  ...STORE_CODES.flatMap((store) => [`product-${store}`, `category-${store}`] as const),
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** The server's answer when a search takes longer than `SEARCH.serverTimeoutMs` (a 503 `search_timeout`). */
export const SEARCH_TIMEOUT_MESSAGE = 'The search took too long. Please try again.';

/**
 * The server's answer while it loads its catalogue (at start, before the first catalogue is in): a 503
 * `catalogue_loading`, with `details.retryAfter` seconds. Everything else the shop serves meanwhile answers as usual.
 */
export const CATALOGUE_LOADING_MESSAGE = 'The catalogue is loading. Please try again in a few seconds.';
export const CATALOGUE_LOADING_RETRY_SECONDS = 3;
