import type { FilterValue } from './search.schema.ts';

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

/**
 * Applies one click on a filter option (spec 1 §4): a system filter is set, or cleared when the value is empty;
 * a single-select filter replaces its list (a second click on the chosen value clears it); any other filter
 * toggles the value in its list.
 */
export function changeFilter(state: FilterState, change: FilterChange): FilterState {
  const next: Record<string, readonly string[]> = { ...state };
  const current = state[change.attribute] ?? [];
  if (isSystem(change.attribute)) {
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
    if (key === 'price') {
      const valid = values.filter((v) => parsePriceBucketKey(v) !== null).slice(0, 1);
      if (valid.length) state[key] = valid;
    } else if (values.length) {
      state[key] = isSystem(key) || isSingle(key) ? values.slice(0, 1) : values;
    }
  }
  return state;
}

/** Filter state to search filters: attribute lists as option ids, the price bucket as a range on the shown price. */
export function filtersToSearchFilters(state: FilterState): Record<string, FilterValue> {
  const filters: Record<string, FilterValue> = {};
  for (const [key, values] of Object.entries(state)) {
    if (isSystem(key) || values.length === 0) continue;
    if (key === 'price') {
      const bucket = parsePriceBucketKey(values[0] ?? '');
      if (bucket) filters[PRICE_FILTER_FIELD] = bucket.to === null ? { gte: bucket.from } : { gte: bucket.from, lt: bucket.to };
    } else {
      filters[key] = values.map((v) => (/^\d+$/.test(v) ? Number(v) : v));
    }
  }
  return filters;
}
