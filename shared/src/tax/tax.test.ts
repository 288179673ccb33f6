import { describe, expect, it } from 'vitest';
import { taxDefaultCountry, taxRateFor } from './tax.ts';
import type { TaxRule } from './tax-rule.schema.ts';

const rules: TaxRule[] = [
  {
    id: 1,
    code: 'goods',
    priority: 0,
    product_tax_class_ids: [2],
    customer_tax_class_ids: [3],
    rates: [
      { id: 1, code: 'NL', rate: 21, tax_country_id: 'NL', tax_region_id: 0 },
      { id: 2, code: 'US-CA', rate: 7.25, tax_country_id: 'US', tax_region_id: 12 },
      { id: 3, code: 'DE', rate: 19, tax_country_id: 'DE' },
    ],
  },
];

describe('taxDefaultCountry', () => {
  it('uses the configured country, PL when none is configured', () => {
    expect(taxDefaultCountry('nl')).toBe('NL');
    expect(taxDefaultCountry(undefined)).toBe('PL');
    expect(taxDefaultCountry('  ')).toBe('PL');
  });
});

describe('taxRateFor', () => {
  it('applies a country rate to a taxable class', () => {
    expect(taxRateFor(rules, { productTaxClassId: 2, countryId: 'NL' })?.rate).toBe(21);
    expect(taxRateFor(rules, { productTaxClassId: 2, countryId: 'DE', regionId: 80 })?.rate).toBe(19);
  });
  it('applies no rate when the tax class is 0 or not in the rule', () => {
    expect(taxRateFor(rules, { productTaxClassId: 0, countryId: 'NL' })).toBeNull();
    expect(taxRateFor(rules, { productTaxClassId: 4, countryId: 'NL' })).toBeNull();
  });
  it('needs the region to match unless the rate has region 0 or none', () => {
    expect(taxRateFor(rules, { productTaxClassId: 2, countryId: 'US', regionId: 12 })?.rate).toBe(7.25);
    expect(taxRateFor(rules, { productTaxClassId: 2, countryId: 'US', regionId: 43 })).toBeNull();
  });
  it('checks the customer class only with user-group tax on', () => {
    expect(taxRateFor(rules, { productTaxClassId: 2, countryId: 'NL', userGroupTax: true, customerTaxClassId: 5 })).toBeNull();
    expect(taxRateFor(rules, { productTaxClassId: 2, countryId: 'NL', userGroupTax: true, customerTaxClassId: 3 })?.rate).toBe(21);
  });
});
