/**
 * The sort options of spec 1 §9, each mapped to the field and order the search understands. Prices sort by the
 * price incl. tax, the one a shopper sees: tax classes differ (margin goods), so the price excl. tax would not
 * give the order shown.
 */
export const SORT_OPTIONS = [
  { id: 'latest', labelKey: 'sort.latest', label: 'Latest', sort: 'updated_at:desc' },
  { id: 'price-asc', labelKey: 'sort.priceAsc', label: 'Price: Low to high', sort: 'final_price_incl_tax:asc' },
  { id: 'price-desc', labelKey: 'sort.priceDesc', label: 'Price: High to low', sort: 'final_price_incl_tax:desc' },
  { id: 'position', labelKey: 'sort.position', label: 'Position', sort: 'position:asc' },
  { id: 'name', labelKey: 'sort.name', label: 'Name', sort: 'name:asc' },
  { id: 'stock', labelKey: 'sort.stock', label: 'Stock', sort: 'stock.qty:desc' },
] as const;
export type SortOptionId = (typeof SORT_OPTIONS)[number]['id'];
export const DEFAULT_SORT_OPTION: SortOptionId = 'latest';

/** One sort a listing offers; `sort` undefined is the search's own order (best match first). */
export interface SortChoice {
  id: string;
  labelKey: string;
  label: string;
  sort: string | undefined;
}

/**
 * The search results page's sorts (issue 19): best match first (the search's score, its default), then the category
 * page's, without the merchandising position, which only a category has.
 */
export const SEARCH_SORT_OPTIONS: readonly SortChoice[] = [
  { id: 'relevance', labelKey: 'sort.relevance', label: 'Best match', sort: undefined },
  ...SORT_OPTIONS.filter((option) => option.id !== 'position'),
];

/** The option chosen by `id` among `options` (the category page's by default), else the first, their default. */
export function sortOption(id: string | undefined, options: readonly SortChoice[] = SORT_OPTIONS): SortChoice {
  return options.find((option) => option.id === id) ?? options[0]!;
}

/** Spec 2 §5's message for a sort the list does not offer. */
export const SORT_FIELD_REQUIRED = 'Please select the field which You like to sort by';

/**
 * A sort asked for (e.g. by an address, `?sort=`): none means the default; one the list does not offer is a problem
 * the sort control shows ("Please select the field which You like to sort by") while the default order applies.
 */
export function sortChoiceProblem(id: string | undefined, options: readonly SortChoice[] = SORT_OPTIONS): 'sortFieldRequired' | null {
  if (id === undefined) return null;
  return options.some((option) => option.id === id) ? null : 'sortFieldRequired';
}
