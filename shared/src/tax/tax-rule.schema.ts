import { z } from 'zod/mini';

export const TaxRateSchema = z.object({
  id: z.number(),
  code: z.string(),
  /** Percent, e.g. 21 for 21%. */
  rate: z.number(),
  tax_country_id: z.string().check(z.length(2)),
  region_name: z.optional(z.string()),
  tax_region_id: z.optional(z.nullable(z.number())),
  tax_postcode: z.optional(z.string()),
});
export type TaxRate = z.infer<typeof TaxRateSchema>;

export const TaxRuleSchema = z.object({
  id: z.number(),
  code: z.string(),
  priority: z.number(),
  product_tax_class_ids: z.array(z.number()),
  customer_tax_class_ids: z.array(z.number()),
  rates: z.array(TaxRateSchema),
});
export type TaxRule = z.infer<typeof TaxRuleSchema>;

export const TaxClassSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(['PRODUCT', 'CUSTOMER']),
});
export type TaxClass = z.infer<typeof TaxClassSchema>;

/** Countries whose VAT is charged as in NL (spec 2 §9 "the EU list"). */
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;
export const DEFAULT_TAX_COUNTRY = 'NL';
