/**
 * Tax classes and rules. Prices are stored excluding tax (spec 1 §9); the shop adds the rate of the shopper's
 * country. Pre-owned and vintage pieces are sold under the margin scheme: their price already contains the
 * VAT on the dealer's margin, so their class carries 0% everywhere.
 */
import { EU_COUNTRIES, type TaxClass, type TaxRate, type TaxRule } from '@shop/shared';

export const TAXABLE_GOODS = 2;
export const MARGIN_GOODS = 5;
export const RETAIL_CUSTOMER = 3;

/** Standard VAT rates in force on 1 January 2026. */
export const STANDARD_VAT: Record<(typeof EU_COUNTRIES)[number], number> = {
  AT: 20,
  BE: 21,
  BG: 20,
  CY: 19,
  CZ: 21,
  DE: 19,
  DK: 25,
  EE: 24,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GR: 24,
  HR: 25,
  HU: 27,
  IE: 23,
  IT: 22,
  LT: 21,
  LU: 17,
  LV: 21,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SE: 25,
  SI: 22,
  SK: 23,
};

export function buildTaxClasses(): TaxClass[] {
  return [
    { id: TAXABLE_GOODS, name: 'Taxable Goods', type: 'PRODUCT' },
    { id: MARGIN_GOODS, name: 'Margin goods (pre-owned, margin scheme)', type: 'PRODUCT' },
    { id: RETAIL_CUSTOMER, name: 'Retail Customer', type: 'CUSTOMER' },
  ];
}

export function buildTaxRules(): TaxRule[] {
  let rateId = 0;
  const rate = (country: string, percent: number, code: string, regionName?: string): TaxRate => ({
    id: ++rateId,
    code,
    rate: percent,
    tax_country_id: country,
    tax_region_id: 0,
    ...(regionName ? { region_name: regionName } : {}),
  });
  // NL first: it is the default tax country and the rate most lookups hit.
  const euOrder = ['NL', ...EU_COUNTRIES.filter((country) => country !== 'NL')] as Array<(typeof EU_COUNTRIES)[number]>;
  const standard = [
    ...euOrder.map((country) => rate(country, STANDARD_VAT[country], `${country}-VAT-${STANDARD_VAT[country]}`)),
    rate('GB', 20, 'GB-VAT-20'),
    // Goods shipped to the United States leave the EU free of VAT; US sales tax is not collected by this shop.
    rate('US', 0, 'US-*-0', '*'),
  ];
  const margin = euOrder.map((country) => rate(country, 0, `${country}-margin-0`));
  return [
    { id: 1, code: 'Retail - standard VAT', priority: 0, product_tax_class_ids: [TAXABLE_GOODS], customer_tax_class_ids: [RETAIL_CUSTOMER], rates: standard },
    { id: 2, code: 'Retail - margin scheme', priority: 0, product_tax_class_ids: [MARGIN_GOODS], customer_tax_class_ids: [RETAIL_CUSTOMER], rates: margin },
  ];
}
