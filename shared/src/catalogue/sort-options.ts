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

export function sortOption(id: string | undefined) {
  return SORT_OPTIONS.find((option) => option.id === id) ?? SORT_OPTIONS[0];
}

/** Spec 2 §5's message for a sort the list does not offer. */
export const SORT_FIELD_REQUIRED = 'Please select the field which You like to sort by';

/**
 * A sort asked for (e.g. by an address, `?sort=`): none means the default; one the list does not offer is a problem
 * the sort control shows ("Please select the field which You like to sort by") while the default order applies.
 */
export function sortChoiceProblem(id: string | undefined): 'sortFieldRequired' | null {
  if (id === undefined) return null;
  return SORT_OPTIONS.some((option) => option.id === id) ? null : 'sortFieldRequired';
}
