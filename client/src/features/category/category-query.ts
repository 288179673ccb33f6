import type { FilterChange, FilterState, SearchRequest, StoreCode } from '@shop/shared';
import { changeFilter, DEFAULT_FILTERS, filtersFromRouteQuery, filtersToRouteQuery, filtersToSearchFilters } from '@shop/shared/catalogue/filters';
import { DEFAULT_SORT_OPTION, sortOption } from '@shop/shared/catalogue/sort-options';
import { PRODUCT_LISTING_FIELDS } from '@shop/shared/catalogue/listing';
import { SEARCH } from '@shop/shared/catalogue/search-constants';

/** The glue between a category page's route query and the catalogue search; the rules themselves are shared. */
export const CATEGORY_PAGE_SIZE = SEARCH.defaultSize;
/**
 * Options listed per filter. The API keeps the spec's aggregation size of 10 as its default, but a shopper must be
 * able to pick any brand the category holds (24 in the demo watches), so the category page asks for them all.
 */
export const CATEGORY_FACET_SIZE = 100;

export function filterStateFromQuery(query: Readonly<Record<string, unknown>>): FilterState {
  return filtersFromRouteQuery(query, DEFAULT_FILTERS);
}

export function sortIdOf(state: FilterState): string {
  return sortOption(state.sort?.[0]).id;
}

/** The query after one click; choosing the default sort clears it so the plain URL stays canonical. */
export function queryAfterChange(state: FilterState, change: FilterChange): Record<string, string> {
  const value = change.attribute === 'sort' && change.value === DEFAULT_SORT_OPTION ? '' : change.value;
  return filtersToRouteQuery(changeFilter(state, { attribute: change.attribute, value }));
}

export function queryWithout(state: FilterState, attributes: readonly string[] | 'all-filters'): Record<string, string> {
  const next: Record<string, readonly string[]> = {};
  for (const [key, values] of Object.entries(state)) {
    const drop = attributes === 'all-filters' ? key !== 'sort' : attributes.includes(key);
    if (!drop) next[key] = values;
  }
  return filtersToRouteQuery(next);
}

export function activeFilterCount(state: FilterState): number {
  return Object.entries(state).reduce((sum, [key, values]) => (key === 'sort' ? sum : sum + values.length), 0);
}

export function categoryProductsRequest(store: StoreCode, categoryId: number, state: FilterState, start: number): SearchRequest {
  const request: SearchRequest = {
    type: 'product',
    storeCode: store,
    filters: { category_ids: [categoryId], ...filtersToSearchFilters(state) },
    sort: sortOption(state.sort?.[0]).sort,
    size: CATEGORY_PAGE_SIZE,
    start,
    includeFields: [...PRODUCT_LISTING_FIELDS],
  };
  // Facet counts are only needed with the first page; later pages just append products.
  if (start === 0) {
    request.aggregate = [...DEFAULT_FILTERS];
    request.aggregationSize = CATEGORY_FACET_SIZE;
  }
  return request;
}
