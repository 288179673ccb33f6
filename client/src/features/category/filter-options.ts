import type { Aggregation, Attribute, CurrencyCode, FilterState, MeasureRange, PriceBucket } from '@shop/shared';
import { CURRENCY_SIGNS } from '@shop/shared/money/money';
import { DEFAULT_FILTERS, parseMeasureRange, priceBucketLabel, priceBuckets } from '@shop/shared/catalogue/filters';

export interface FilterOption {
  value: string;
  label: string;
  count: number;
  selected: boolean;
}

export interface OptionsGroup {
  kind: 'options';
  attribute: string;
  /** Null for price, whose title is an interface text rather than an attribute label. */
  label: string | null;
  options: FilterOption[];
}

/** A measure chosen as a range (oculus_diameter), between the smallest and largest value the other filters leave. */
export interface RangeGroup {
  kind: 'range';
  attribute: string;
  min: number;
  max: number;
  value: MeasureRange | null;
}

export type FilterGroup = OptionsGroup | RangeGroup;

/** The price buckets to offer with their counts, in the currency their edges are in. */
export interface PriceOptions {
  currency: CurrencyCode;
  buckets: ReadonlyArray<PriceBucket & { count: number }>;
}

/** The catalogue's buckets with the search's counts, for a visitor shown the catalogue's prices. */
export function cataloguePriceOptions(aggregation: Aggregation | undefined, currency: CurrencyCode): PriceOptions {
  const counts = new Map(aggregation?.type === 'range' ? aggregation.buckets.map((b) => [b.key, b.count]) : []);
  return { currency, buckets: priceBuckets().map((bucket) => ({ ...bucket, count: counts.get(bucket.key) ?? 0 })) };
}

/** The range group shows right after this filter (the case diameter options, for watches). */
const RANGES_AFTER = 'case_diameter';
const RANGES = ['oculus_diameter'] as const;

/**
 * Facets to show, in the order of DEFAULT_FILTERS: options with products, plus any selected option even when
 * its count fell to zero, so the shopper can always untick what they ticked. `price` null leaves price out (the
 * visitor's buckets are not known yet, or cannot be had).
 */
export function filterGroups(aggregations: Readonly<Record<string, Aggregation>>, metadata: readonly Attribute[], state: FilterState, price: PriceOptions | null): FilterGroup[] {
  const groups: FilterGroup[] = [];
  for (const attribute of DEFAULT_FILTERS) {
    const selected = state[attribute] ?? [];
    const options: FilterOption[] = [];
    if (attribute === 'price') {
      for (const bucket of price?.buckets ?? []) {
        const isSelected = selected.includes(bucket.key);
        if (bucket.count > 0 || isSelected) options.push({ value: bucket.key, label: priceBucketLabel(bucket, CURRENCY_SIGNS[price!.currency]), count: bucket.count, selected: isSelected });
      }
      if (options.length) groups.push({ kind: 'options', attribute, label: null, options });
      continue;
    }
    const aggregation = aggregations[attribute];
    const meta = metadata.find((m) => m.attribute_code === attribute);
    const buckets = aggregation?.type === 'terms' ? aggregation.buckets : [];
    const seen = new Set<string>();
    for (const bucket of buckets) {
      if (bucket.count <= 0 && !selected.includes(bucket.key)) continue;
      seen.add(bucket.key);
      options.push({ value: bucket.key, label: optionLabel(meta, bucket.key), count: bucket.count, selected: selected.includes(bucket.key) });
    }
    for (const value of selected) {
      if (!seen.has(value)) options.push({ value, label: optionLabel(meta, value), count: 0, selected: true });
    }
    if (options.length) groups.push({ kind: 'options', attribute, label: meta?.frontend_label ?? attribute, options });
    if (attribute === RANGES_AFTER) {
      for (const range of RANGES) {
        const group = rangeGroup(range, aggregations[range], state);
        if (group) groups.push(group);
      }
    }
  }
  return groups;
}

/** Shown when the products have the measure (watches), or when a range is chosen, so it can always be cleared. */
function rangeGroup(attribute: string, aggregation: Aggregation | undefined, state: FilterState): RangeGroup | null {
  const value = parseMeasureRange(state[attribute]?.[0] ?? '');
  const stats = aggregation?.type === 'stats' && aggregation.count > 0 ? aggregation : null;
  const min = stats?.min ?? value?.from ?? value?.to;
  const max = stats?.max ?? value?.to ?? value?.from;
  if (min === null || min === undefined || max === null || max === undefined) return null;
  return { kind: 'range', attribute, min, max, value };
}

function optionLabel(meta: Attribute | undefined, value: string): string {
  return meta?.options.find((o) => o.value === value)?.label ?? value;
}
