import type { FilterChange, FilterState, FilterValue, SearchRequest, StoreCode } from '@shop/shared';
import { changeFilter, DEFAULT_FILTERS, filtersFromRouteQuery, filtersToRouteQuery, filtersToSearchFilters, RANGE_FILTERS } from '@shop/shared/catalogue/filters';
import { DEFAULT_SORT_OPTION, SEARCH_SORT_OPTIONS, SORT_OPTIONS, sortOption, type SortChoice } from '@shop/shared/catalogue/sort-options';
import { PRODUCT_LISTING_FIELDS } from '@shop/shared/catalogue/listing';
import { SEARCH } from '@shop/shared/catalogue/search-constants';

/**
 * The glue between a listing's route query and the catalogue search; the rules themselves are shared. A listing is a
 * category's products, or the products a search finds (the search results page, issue 19): its scope.
 */
export type ListingScope = { categoryId: number } | { query: string };

/** The sorts a listing offers, the first its default: a search's starts with best match first. */
export function sortChoices(scope: ListingScope): readonly SortChoice[] {
  return 'query' in scope ? SEARCH_SORT_OPTIONS : SORT_OPTIONS;
}

/** The search request's part that names the listing: the category filter, or the query. */
function scopeOf(scope: ListingScope): { filters: Record<string, FilterValue>; query?: string } {
  return 'query' in scope ? { filters: {}, query: scope.query } : { filters: { category_ids: [scope.categoryId] } };
}

export const CATEGORY_PAGE_SIZE = SEARCH.defaultSize;
/**
 * Options listed per filter. The API keeps the spec's aggregation size of 10 as its default, but a shopper must be
 * able to pick any brand the category holds (24 in the demo watches), so the category page asks for them all.
 */
export const CATEGORY_FACET_SIZE = 100;
/** The most products a visitor's price filter can count: the ids of a bucket go into one search filter. */
export const PRICE_FACET_MAX_PRODUCTS = SEARCH.maxFilterQuerySize;

/**
 * How the listing applies a chosen price bucket: as a range on the catalogue's prices when those are the prices the
 * visitor sees, as the ids of the products whose own price (render list) shows in the bucket, or not at all when the
 * visitor's prices cannot be bucketed (see use-price-facet.ts).
 */
export type ListingPrice = { by: 'catalogue' } | { by: 'ids'; ids: readonly number[] } | { by: 'none' };
export const CATALOGUE_PRICE: ListingPrice = { by: 'catalogue' };

export function filterStateFromQuery(query: Readonly<Record<string, unknown>>): FilterState {
  return filtersFromRouteQuery(query, [...DEFAULT_FILTERS, ...RANGE_FILTERS]);
}

export function sortIdOf(state: FilterState, options: readonly SortChoice[] = SORT_OPTIONS): string {
  return sortOption(state.sort?.[0], options).id;
}

/**
 * The query after one click; choosing the default sort (`defaultSort`: the listing's first) clears it so the plain
 * URL stays canonical.
 */
export function queryAfterChange(state: FilterState, change: FilterChange, defaultSort: string = DEFAULT_SORT_OPTION): Record<string, string> {
  const value = change.attribute === 'sort' && change.value === defaultSort ? '' : change.value;
  return filtersToRouteQuery(changeFilter(state, { attribute: change.attribute, value }));
}

export function queryWithout(state: FilterState, attributes: readonly string[] | 'all-filters'): Record<string, string> {
  return filtersToRouteQuery(stateWithout(state, attributes === 'all-filters' ? (key) => key !== 'sort' : (key) => attributes.includes(key)));
}

function stateWithout(state: FilterState, drop: (key: string) => boolean): FilterState {
  return Object.fromEntries(Object.entries(state).filter(([key]) => !drop(key)));
}

export function activeFilterCount(state: FilterState): number {
  return Object.entries(state).reduce((sum, [key, values]) => (key === 'sort' ? sum : sum + values.length), 0);
}

export function categoryProductsRequest(store: StoreCode, categoryId: number, state: FilterState, start: number, price: ListingPrice = CATALOGUE_PRICE): SearchRequest {
  return listingProductsRequest(store, { categoryId }, state, start, price);
}

/** One page of a listing's products; the first also counts the facets. */
export function listingProductsRequest(store: StoreCode, scope: ListingScope, state: FilterState, start: number, price: ListingPrice = CATALOGUE_PRICE): SearchRequest {
  const base = scopeOf(scope);
  const filters = { ...base.filters, ...filtersToSearchFilters(price.by === 'catalogue' ? state : stateWithout(state, (key) => key === 'price')) };
  const sort = sortOption(state.sort?.[0], sortChoices(scope)).sort;
  const request: SearchRequest = {
    type: 'product',
    storeCode: store,
    ...(base.query === undefined ? {} : { query: base.query }),
    filters: price.by === 'ids' && state.price ? { ...filters, id: [...price.ids] } : filters,
    ...(sort === undefined ? {} : { sort }),
    size: CATEGORY_PAGE_SIZE,
    start,
    includeFields: [...PRODUCT_LISTING_FIELDS],
  };
  // Facet counts are only needed with the first page; later pages just append products.
  if (start === 0) {
    request.aggregate = [...DEFAULT_FILTERS, ...RANGE_FILTERS];
    request.aggregationSize = CATEGORY_FACET_SIZE;
  }
  return request;
}

/** The products of a listing that a visitor's price buckets are counted over: every filter but price; ids and skus. */
export function priceFacetRequest(store: StoreCode, scope: ListingScope, state: FilterState): SearchRequest {
  const base = scopeOf(scope);
  return {
    type: 'product',
    storeCode: store,
    ...(base.query === undefined ? {} : { query: base.query }),
    filters: { ...base.filters, ...filtersToSearchFilters(stateWithout(state, (key) => key === 'price' || key === 'sort')) },
    sort: 'id:asc',
    size: PRICE_FACET_MAX_PRODUCTS,
    includeFields: ['id', 'sku'],
  };
}
