import { describe, expect, it } from 'vitest';
import type { TaxRule } from '../tax/tax-rule.schema.ts';
import { LocationSchema } from './location.schema.ts';
import {
  DEFAULT_LOCATION_COUNTRY,
  countryFromHeader,
  currencyForCountry,
  locationForCountry,
  resolveLocation,
  vatRateForCountry,
  visitorTaxRate,
} from './location.ts';

describe('currencyForCountry', () => {
  it('gives GBP, USD, SEK and DKK to their countries', () => {
    expect(currencyForCountry('GB')).toBe('GBP');
    expect(currencyForCountry('US')).toBe('USD');
    expect(currencyForCountry('SE')).toBe('SEK');
    expect(currencyForCountry('DK')).toBe('DKK');
  });

  it('gives EUR to every other country', () => {
    for (const country of ['NL', 'DE', 'BE', 'CH', 'NO', 'JP', 'IE']) expect(currencyForCountry(country)).toBe('EUR');
  });

  it('reads lower case', () => {
    expect(currencyForCountry('gb')).toBe('GBP');
  });
});

describe('vatRateForCountry', () => {
  it('is 21 for NL and the EU countries', () => {
    for (const country of ['NL', 'DE', 'BE', 'FR', 'SE', 'DK', 'PL', 'IE']) expect(vatRateForCountry(country)).toBe(21);
  });

  it('is 0 outside the EU', () => {
    for (const country of ['GB', 'US', 'CH', 'NO', 'JP']) expect(vatRateForCountry(country)).toBe(0);
  });
});

describe('locationForCountry', () => {
  it('answers country, VAT and currency', () => {
    expect(locationForCountry('NL')).toEqual({ country_code: 'NL', vat: 21, currency: 'EUR' });
    expect(locationForCountry('gb')).toEqual({ country_code: 'GB', vat: 0, currency: 'GBP' });
    expect(locationForCountry('SE')).toEqual({ country_code: 'SE', vat: 21, currency: 'SEK' });
    expect(locationForCountry('US')).toEqual({ country_code: 'US', vat: 0, currency: 'USD' });
    expect(LocationSchema.safeParse(locationForCountry('DK')).success).toBe(true);
  });
});

describe('countryFromHeader and resolveLocation', () => {
  it('reads a two-letter code in any case', () => {
    expect(countryFromHeader('de')).toBe('DE');
    expect(countryFromHeader(' US ')).toBe('US');
    expect(countryFromHeader(['GB', 'NL'])).toBe('GB');
  });

  it('ignores missing, malformed and unknown values', () => {
    expect(countryFromHeader(undefined)).toBeNull();
    expect(countryFromHeader('')).toBeNull();
    expect(countryFromHeader('NLD')).toBeNull();
    expect(countryFromHeader('N1')).toBeNull();
    expect(countryFromHeader('XX')).toBeNull();
    expect(countryFromHeader('T1')).toBeNull();
  });

  it('falls back to the default country, NL unless configured', () => {
    expect(DEFAULT_LOCATION_COUNTRY).toBe('NL');
    expect(resolveLocation(undefined, DEFAULT_LOCATION_COUNTRY)).toEqual({ country_code: 'NL', vat: 21, currency: 'EUR' });
    expect(resolveLocation('XX', 'BE')).toEqual({ country_code: 'BE', vat: 21, currency: 'EUR' });
    expect(resolveLocation('gb', 'NL')).toEqual({ country_code: 'GB', vat: 0, currency: 'GBP' });
  });
});

describe('visitorTaxRate', () => {
  const rules: TaxRule[] = [
    {
      id: 1,
      code: 'goods',
      priority: 0,
      product_tax_class_ids: [2],
      customer_tax_class_ids: [3],
      rates: [
        { id: 1, code: 'NL', rate: 21, tax_country_id: 'NL', tax_region_id: 0 },
        { id: 2, code: 'DE', rate: 19, tax_country_id: 'DE', tax_region_id: 0 },
      ],
    },
    { id: 2, code: 'margin', priority: 1, product_tax_class_ids: [5], customer_tax_class_ids: [3], rates: [{ id: 3, code: 'NL-0', rate: 0, tax_country_id: 'NL', tax_region_id: 0 }] },
  ];

  it('uses the rate the tax rules give the visitor’s country', () => {
    expect(visitorTaxRate(rules, 2, 'NL')).toBe(21);
    expect(visitorTaxRate(rules, 2, 'de')).toBe(19);
  });

  it('charges the shop’s own rate in an EU country the rules do not list', () => {
    expect(visitorTaxRate(rules, 2, 'BE')).toBe(21);
    expect(visitorTaxRate(rules, 5, 'BE')).toBe(0);
  });

  it('charges nothing outside the EU, for tax class 0, or for a class without rules', () => {
    expect(visitorTaxRate(rules, 2, 'US')).toBe(0);
    expect(visitorTaxRate(rules, 2, 'GB')).toBe(0);
    expect(visitorTaxRate(rules, 0, 'NL')).toBe(0);
    expect(visitorTaxRate(rules, 9, 'NL')).toBe(0);
  });
});
