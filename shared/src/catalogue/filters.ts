import { shownAmount } from '../money/money.ts';
import type { FilterValue, RangeFilter } from './search.schema.ts';

/** Price buckets of spec 1 §9: steps of 2500 from 0 to 30000, then one open-ended bucket. */
export const PRICE_BUCKET_STEP = 2500;
export const PRICE_BUCKET_MAX = 30000;
/** The price a shopper sees and filters by. */
export const PRICE_FILTER_FIELD = 'final_price_incl_tax';

export interface PriceBucket {
  key: string;
  from: number | null;
  to: number | null;
}

export function priceBuckets(): PriceBucket[] {
  const buckets: PriceBucket[] = [];
  for (let from = 0; from < PRICE_BUCKET_MAX; from += PRICE_BUCKET_STEP) {
    buckets.push({ key: `${from}-${from + PRICE_BUCKET_STEP}`, from, to: from + PRICE_BUCKET_STEP });
  }
  buckets.push({ key: `${PRICE_BUCKET_MAX}-`, from: PRICE_BUCKET_MAX, to: null });
  return buckets;
}

/** '< {currency}{to}' for the first bucket, '> {currency}{from}' for the open-ended last one, '{from} - {to}' between. */
export function priceBucketLabel(bucket: Pick<PriceBucket, 'from' | 'to'>, currencySign: string): string {
  if (bucket.to === null) return `> ${currencySign}${bucket.from ?? 0}`;
  if (!bucket.from) return `< ${currencySign}${bucket.to}`;
  return `${bucket.from} - ${bucket.to}`;
}

/**
 * Buckets hold products by the whole amount a price shows as (`shownAmount`, the money rule), so a price of 14999.99,
 * shown as 15000, is in the bucket from 15000 and not in the one below it.
 */
export { shownAmount };

/**
 * The buckets in another currency at `rate` units per catalogue unit (EUR): the same keys, so a filtered URL names
 * the same bucket in every currency, with the edges converted and rounded like a shown price (2500 at 1.17: 2925).
 */
export function priceBucketsAt(rate: number): PriceBucket[] {
  const edge = (amount: number | null) => (amount === null ? null : shownAmount(amount * rate));
  return priceBuckets().map((bucket) => ({ key: bucket.key, from: edge(bucket.from), to: edge(bucket.to) }));
}

/** Whether a shown whole amount lies in the bucket: from ≤ amount < to; the first has no floor, the last no ceiling. */
export function inPriceBucket(bucket: Pick<PriceBucket, 'from' | 'to'>, amount: number): boolean {
  return (!bucket.from || amount >= bucket.from) && (bucket.to === null || amount < bucket.to);
}

/**
 * The bucket as a range on unrounded prices that holds exactly the prices showing inside it: a price shows as at
 * least n when it is at least n - 0.5 (prices are whole cents, and half a unit rounds up).
 */
export function shownPriceRange(bucket: Pick<PriceBucket, 'from' | 'to'>): RangeFilter {
  const range: RangeFilter = {};
  if (bucket.from) range.gte = bucket.from - 0.5;
  if (bucket.to !== null) range.lt = bucket.to - 0.5;
  return range;
}

export interface PricedProduct {
  id: number;
  /** The price the shopper sees (in their currency, with their tax), before rounding to a whole amount. */
  amount: number;
}

export interface PriceFacetBucket extends PriceBucket {
  count: number;
  /** The products in the bucket, by id ascending (a stable search filter). */
  ids: number[];
}

/** Counts, and lists, the products of each bucket by the whole amount they show. */
export function priceFacet(buckets: readonly PriceBucket[], products: Iterable<PricedProduct>): PriceFacetBucket[] {
  const facet = buckets.map((bucket): PriceFacetBucket => ({ ...bucket, count: 0, ids: [] }));
  for (const product of products) {
    const shown = shownAmount(product.amount);
    const bucket = facet.find((b) => inPriceBucket(b, shown));
    if (!bucket) continue;
    bucket.count++;
    bucket.ids.push(product.id);
  }
  for (const bucket of facet) bucket.ids.sort((a, b) => a - b);
  return facet;
}

export function parsePriceBucketKey(key: string): { from: number; to: number | null } | null {
  const match = /^(\d+)-(\d*)$/.exec(key);
  if (!match) return null;
  const from = Number(match[1]);
  const to = match[2] ? Number(match[2]) : null;
  if (to !== null && to <= from) return null;
  return { from, to };
}

/** Filters shown on category pages, in order. `price` is the price range; the rest are attribute codes. */
export const DEFAULT_FILTERS = [
  'price',
  'brand',
  'watch_movement',
  'case_diameter',
  'material',
  'gender',
  'condition',
  'colour_watch_dial',
  'watch_strap',
  'type_jewel',
  'gem_stones',
  'cut_diamonds',
  'clarity_diamonds',
  'colour_diamonds',
] as const;

/** System filters are set or cleared (spec 1 §4); single-select filters replace their list; the rest are lists. */
export const SYSTEM_FILTERS = ['sort'] as const;
export const SINGLE_SELECT_FILTERS = ['price'] as const;
/**
 * Measures chosen as a range (spec 1 §9 "an oculus_diameter range"), set or cleared like a system filter. The route
 * query holds 'from-to' in the measure's unit, either end optional: `oculus_diameter=30-36.5`, `oculus_diameter=30-`.
 */
export const RANGE_FILTERS = ['oculus_diameter'] as const;

export interface MeasureRange {
  from: number | null;
  to: number | null;
}

export function parseMeasureRange(value: string): MeasureRange | null {
  const match = /^(\d+(?:\.\d+)?)?-(\d+(?:\.\d+)?)?$/.exec(value);
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  const from = match[1] === undefined ? null : Number(match[1]);
  const to = match[2] === undefined ? null : Number(match[2]);
  return from !== null && to !== null && to < from ? null : { from, to };
}

/** Spec 2 §5's message for a number that must be positive. */
export const MUST_BE_ABOVE_ZERO = 'Must be greater than 0';

/**
 * One end of a measure range as typed (a dial opening in mm): empty leaves that end open; anything else must be a
 * number above 0 ("Must be greater than 0"), as no measure is 0 or less.
 */
export function measureBoundProblem(text: string): 'mustBeAboveZero' | null {
  const value = text.trim();
  if (value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? null : 'mustBeAboveZero';
}

/** The route query value of a range; '' (cleared) when neither end is set. Reversed ends are swapped. */
export function measureRangeValue(range: MeasureRange): string {
  const { from, to } = range.from !== null && range.to !== null && range.to < range.from ? { from: range.to, to: range.from } : range;
  return from === null && to === null ? '' : `${from ?? ''}-${to ?? ''}`;
}

export type FilterState = Readonly<Record<string, readonly string[]>>;

export interface FilterChange {
  attribute: string;
  value: string;
}

function isSystem(attribute: string): boolean {
  return (SYSTEM_FILTERS as readonly string[]).includes(attribute);
}
function isSingle(attribute: string): boolean {
  return (SINGLE_SELECT_FILTERS as readonly string[]).includes(attribute);
}
function isRange(attribute: string): boolean {
  return (RANGE_FILTERS as readonly string[]).includes(attribute);
}

/**
 * Applies one click on a filter option (spec 1 §4): a system or range filter is set, or cleared when the value is empty;
 * a single-select filter replaces its list (a second click on the chosen value clears it); any other filter
 * toggles the value in its list.
 */
export function changeFilter(state: FilterState, change: FilterChange): FilterState {
  const next: Record<string, readonly string[]> = { ...state };
  const current = state[change.attribute] ?? [];
  if (isSystem(change.attribute) || isRange(change.attribute)) {
    if (change.value === '') delete next[change.attribute];
    else next[change.attribute] = [change.value];
  } else if (isSingle(change.attribute)) {
    if (current.includes(change.value)) delete next[change.attribute];
    else next[change.attribute] = [change.value];
  } else {
    const values = current.includes(change.value) ? current.filter((v) => v !== change.value) : [...current, change.value];
    if (values.length === 0) delete next[change.attribute];
    else next[change.attribute] = values;
  }
  return next;
}

/** Filter state to route query: one key per filter, values joined by commas, keys sorted for stable URLs. */
export function filtersToRouteQuery(state: FilterState): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of Object.keys(state).sort()) {
    const values = state[key];
    if (values && values.length > 0) query[key] = values.join(',');
  }
  return query;
}

/** Route query to filter state; unknown keys and empty values are dropped, so a hand-edited URL cannot break the page. */
export function filtersFromRouteQuery(query: Readonly<Record<string, unknown>>, known: readonly string[]): FilterState {
  const state: Record<string, string[]> = {};
  for (const key of [...known, ...SYSTEM_FILTERS]) {
    const raw = query[key];
    const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : Array.isArray(raw) ? raw.join(',') : '';
    const values = [...new Set(text.split(',').map((v) => v.trim()).filter(Boolean))];
    if (key === 'price' || isRange(key)) {
      const parse = key === 'price' ? parsePriceBucketKey : parseMeasureRange;
      const valid = values.filter((v) => parse(v) !== null).slice(0, 1);
      if (valid.length) state[key] = valid;
    } else if (values.length) {
      state[key] = isSystem(key) || isSingle(key) ? values.slice(0, 1) : values;
    }
  }
  return state;
}

/**
 * Filter state to search filters: attribute lists as option ids, a measure as a range with both ends included, and
 * the price bucket as the range of catalogue prices that show inside it (see `shownPriceRange`).
 */
export function filtersToSearchFilters(state: FilterState): Record<string, FilterValue> {
  const filters: Record<string, FilterValue> = {};
  for (const [key, values] of Object.entries(state)) {
    if (isSystem(key) || values.length === 0) continue;
    if (key === 'price') {
      const bucket = parsePriceBucketKey(values[0] ?? '');
      if (bucket) filters[PRICE_FILTER_FIELD] = shownPriceRange(bucket);
    } else if (isRange(key)) {
      const range = parseMeasureRange(values[0] ?? '');
      if (range) filters[key] = { ...(range.from === null ? {} : { gte: range.from }), ...(range.to === null ? {} : { lte: range.to }) };
    } else {
      filters[key] = values.map((v) => (/^\d+$/.test(v) ? Number(v) : v));
    }
  }
  return filters;
}
