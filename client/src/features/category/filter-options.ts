import type { Aggregation, Attribute, CurrencyCode, FilterState } from '@shop/shared';
import { CURRENCY_SIGNS } from '@shop/shared/money/money';
import { DEFAULT_FILTERS, priceBucketLabel, priceBuckets } from '@shop/shared/catalogue/filters';

export interface FilterOption {
  value: string;
  label: string;
  count: number;
  selected: boolean;
}

export interface FilterGroup {
  attribute: string;
  /** Null for price, whose title is an interface text rather than an attribute label. */
  label: string | null;
  options: FilterOption[];
}

/**
 * Facets to show, in the order of DEFAULT_FILTERS: options with products, plus any selected option even when
 * its count fell to zero, so the shopper can always untick what they ticked.
 */
export function filterGroups(aggregations: Readonly<Record<string, Aggregation>>, metadata: readonly Attribute[], state: FilterState, currency: CurrencyCode): FilterGroup[] {
  const groups: FilterGroup[] = [];
  for (const attribute of DEFAULT_FILTERS) {
    const aggregation = aggregations[attribute];
    const selected = state[attribute] ?? [];
    const options: FilterOption[] = [];
    if (attribute === 'price') {
      const counts = new Map(aggregation?.type === 'range' ? aggregation.buckets.map((b) => [b.key, b.count]) : []);
      for (const bucket of priceBuckets()) {
        const count = counts.get(bucket.key) ?? 0;
        const isSelected = selected.includes(bucket.key);
        if (count > 0 || isSelected) options.push({ value: bucket.key, label: priceBucketLabel(bucket, CURRENCY_SIGNS[currency]), count, selected: isSelected });
      }
      if (options.length) groups.push({ attribute, label: null, options });
      continue;
    }
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
    if (options.length) groups.push({ attribute, label: meta?.frontend_label ?? attribute, options });
  }
  return groups;
}

function optionLabel(meta: Attribute | undefined, value: string): string {
  return meta?.options.find((o) => o.value === value)?.label ?? value;
}
