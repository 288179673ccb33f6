import { describe, expect, it } from 'vitest';
import { shownAmount } from '../money/money.ts';
import type { TaxRule } from '../tax/tax-rule.schema.ts';
import { DEFAULT_CURRENCY_RATES } from './currency-prices.ts';
import { marketAmount, marketFor, marketLocation, marketPrices, marketTaxRate, STANDARD_PRODUCT_TAX_CLASS, type MarketSettings } from './market.ts';

const MARGIN = 5;
const rate = (id: number, country: string, percent: number) => ({ id, code: `${country}-${percent}`, rate: percent, tax_country_id: country, tax_region_id: 0 });
const RULES: TaxRule[] = [
  {
    id: 1,
    code: 'standard',
    priority: 0,
    product_tax_class_ids: [STANDARD_PRODUCT_TAX_CLASS],
    customer_tax_class_ids: [3],
    rates: [rate(1, 'NL', 21), rate(2, 'DE', 19), rate(3, 'GB', 20), rate(4, 'SE', 25), rate(5, 'DK', 25), rate(6, 'US', 0)],
  },
  { id: 2, code: 'margin', priority: 0, product_tax_class_ids: [MARGIN], customer_tax_class_ids: [3], rates: [rate(7, 'NL', 0), rate(8, 'DE', 0)] },
];
const SETTINGS: MarketSettings = { taxRules: RULES, rates: { EUR: 1, GBP: 0.86, USD: 1.17, SEK: 10.95, DKK: 7.46 }, shopCountry: 'NL' };
const WATCH = { price: 12_000, special_price: 0, tax_class_id: STANDARD_PRODUCT_TAX_CLASS };

describe('marketFor', () => {
  it('gives each country its currency and the shop’s rate for it', () => {
    expect(marketFor('GB', SETTINGS.rates)).toEqual({ country: 'GB', currency: 'GBP', rate: 0.86 });
    expect(marketFor('us', SETTINGS.rates)).toEqual({ country: 'US', currency: 'USD', rate: 1.17 });
    expect(marketFor('SE', SETTINGS.rates)).toEqual({ country: 'SE', currency: 'SEK', rate: 10.95 });
    expect(marketFor('DK', SETTINGS.rates)).toEqual({ country: 'DK', currency: 'DKK', rate: 7.46 });
    for (const country of ['NL', 'DE', 'BE', 'CH', 'JP']) expect(marketFor(country, SETTINGS.rates)).toEqual({ country, currency: 'EUR', rate: 1 });
  });

  it('refuses a currency without a usable rate rather than pricing at nothing', () => {
    expect(() => marketFor('GB', { ...DEFAULT_CURRENCY_RATES, GBP: 0 })).toThrow(RangeError);
  });
});

describe('marketTaxRate', () => {
  it('takes the country’s own rate from the tax rules (DE 19, GB 20, not a flat 21)', () => {
    expect(marketTaxRate(marketFor('DE', SETTINGS.rates), SETTINGS, STANDARD_PRODUCT_TAX_CLASS)).toBe(19);
    expect(marketTaxRate(marketFor('GB', SETTINGS.rates), SETTINGS, STANDARD_PRODUCT_TAX_CLASS)).toBe(20);
    expect(marketTaxRate(marketFor('NL', SETTINGS.rates), SETTINGS, STANDARD_PRODUCT_TAX_CLASS)).toBe(21);
    expect(marketTaxRate(marketFor('US', SETTINGS.rates), SETTINGS, STANDARD_PRODUCT_TAX_CLASS)).toBe(0);
  });

  it('falls back to spec 2 §9 for a country the rules do not list: the shop’s rate inside the EU, none outside', () => {
    expect(marketTaxRate(marketFor('BE', SETTINGS.rates), SETTINGS, STANDARD_PRODUCT_TAX_CLASS)).toBe(21);
    expect(marketTaxRate(marketFor('CH', SETTINGS.rates), SETTINGS, STANDARD_PRODUCT_TAX_CLASS)).toBe(0);
  });

  it('keeps a class’s own rate (margin-scheme goods carry none)', () => {
    expect(marketTaxRate(marketFor('DE', SETTINGS.rates), SETTINGS, MARGIN)).toBe(0);
    expect(marketTaxRate(marketFor('NL', SETTINGS.rates), SETTINGS, 0)).toBe(0);
  });
});

describe('marketLocation', () => {
  it('reports as VAT the rate the visitor’s prices carry', () => {
    expect(marketLocation('DE', SETTINGS)).toEqual({ country_code: 'DE', vat: 19, currency: 'EUR', rate: 1, rates: SETTINGS.rates });
    expect(marketLocation('GB', SETTINGS)).toEqual({ country_code: 'GB', vat: 20, currency: 'GBP', rate: 0.86, rates: SETTINGS.rates });
    expect(marketLocation('US', SETTINGS)).toEqual({ country_code: 'US', vat: 0, currency: 'USD', rate: 1.17, rates: SETTINGS.rates });
    expect(marketLocation('nl', SETTINGS)).toEqual({ country_code: 'NL', vat: 21, currency: 'EUR', rate: 1, rates: SETTINGS.rates });
  });
});

describe('marketPrices', () => {
  it('converts the euro price and adds the country’s VAT', () => {
    expect(shownAmount(marketPrices(WATCH, marketFor('NL', SETTINGS.rates), SETTINGS).final_price_incl_tax)).toBe(14_520);
    expect(shownAmount(marketPrices(WATCH, marketFor('DE', SETTINGS.rates), SETTINGS).final_price_incl_tax)).toBe(14_280);
    // 12000 EUR × 0.86 = 10320 GBP, plus 20% = 12384.
    const gb = marketPrices(WATCH, marketFor('GB', SETTINGS.rates), SETTINGS);
    expect(gb).toMatchObject({ currency: 'GBP', tax_rate: 20, final_price: 10_320, final_price_incl_tax: 12_384 });
    expect(marketPrices(WATCH, marketFor('US', SETTINGS.rates), SETTINGS)).toMatchObject({ currency: 'USD', tax_rate: 0, final_price_incl_tax: 14_040 });
  });

  it('uses a product’s own GBP price instead of a conversion', () => {
    const own = marketPrices({ ...WATCH, customprice_gbp: 10_000 }, marketFor('GB', SETTINGS.rates), SETTINGS);
    expect(own).toMatchObject({ custom_price: true, final_price: 10_000, final_price_incl_tax: 12_000 });
  });

  it('converts at the market’s own rate (an order keeps the rate it was placed at)', () => {
    const then = { country: 'GB', currency: 'GBP' as const, rate: 0.9 };
    expect(marketPrices(WATCH, then, SETTINGS).final_price).toBe(10_800);
  });
});

describe('marketAmount', () => {
  it('converts an amount the shop sets in euros', () => {
    expect(marketAmount(5, marketFor('NL', SETTINGS.rates))).toBe(5);
    expect(marketAmount(5, marketFor('SE', SETTINGS.rates))).toBe(54.75);
    expect(marketAmount(100, marketFor('GB', SETTINGS.rates))).toBe(86);
  });
});
