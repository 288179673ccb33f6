import type { TaxRate, TaxRule } from './tax-rule.schema.ts';

/** Spec 1 §9: tax is calculated for the shop's default country, PL when none is configured. */
export const TAX_FALLBACK_COUNTRY = 'PL';

export function taxDefaultCountry(configured: string | null | undefined): string {
  const country = configured?.trim().toUpperCase();
  return country ? country : TAX_FALLBACK_COUNTRY;
}

export interface TaxContext {
  productTaxClassId: number;
  countryId: string;
  regionId?: number | null;
  /** Only used when customer-group tax is on. */
  customerTaxClassId?: number;
  userGroupTax?: boolean;
}

/**
 * The rate (percent) that applies to a product (spec 1 §5): only when its tax class is above 0, the country
 * equals the rate's country, and the region matches or the rate has region 0 or none. With user-group tax on,
 * the rule's customer tax classes must also contain the customer's class. The first matching rule by priority wins.
 */
export function taxRateFor(rules: readonly TaxRule[], context: TaxContext): TaxRate | null {
  if (!(context.productTaxClassId > 0)) return null;
  const ordered = [...rules].sort((a, b) => a.priority - b.priority || a.id - b.id);
  for (const rule of ordered) {
    if (!rule.product_tax_class_ids.includes(context.productTaxClassId)) continue;
    if (context.userGroupTax && !rule.customer_tax_class_ids.includes(context.customerTaxClassId ?? -1)) continue;
    const rate = rule.rates.find(
      (r) =>
        r.tax_country_id === context.countryId &&
        (r.tax_region_id === undefined || r.tax_region_id === null || r.tax_region_id === 0 || r.tax_region_id === context.regionId),
    );
    if (rate) return rate;
  }
  return null;
}
