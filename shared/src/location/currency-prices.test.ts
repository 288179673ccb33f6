import { describe, expect, it } from 'vitest';
import { formatPrice } from '../money/money.ts';
import { DEFAULT_CURRENCY_RATES, convertFromEur, customPriceFor, pricesInCurrency, type CurrencyRates } from './currency-prices.ts';
import { RenderListItemSchema } from './render-list.schema.ts';

const rates: CurrencyRates = { EUR: 1, GBP: 0.85, USD: 1.1, SEK: 11.5, DKK: 7.46 };

describe('convertFromEur', () => {
  it('multiplies by the rate and rounds to cents', () => {
    expect(convertFromEur(1000, 'USD', rates)).toBe(1100);
    expect(convertFromEur(1000, 'EUR', rates)).toBe(1000);
    expect(convertFromEur(99.99, 'SEK', rates)).toBe(1149.89);
    expect(convertFromEur(0.5, 'DKK', rates)).toBe(3.73);
  });

  it('refuses a missing or non-positive rate', () => {
    expect(() => convertFromEur(10, 'USD', { ...rates, USD: 0 })).toThrow(/No exchange rate for USD/);
  });

  it('has a default rate for every currency, EUR at 1', () => {
    expect(DEFAULT_CURRENCY_RATES.EUR).toBe(1);
    for (const rate of Object.values(DEFAULT_CURRENCY_RATES)) expect(rate).toBeGreaterThan(0);
  });
});

describe('customPriceFor', () => {
  const product = { customprice_usd: 1200, customprice_gbp: 900 };
  it('gives the product’s own USD and GBP prices', () => {
    expect(customPriceFor(product, 'USD')).toBe(1200);
    expect(customPriceFor(product, 'GBP')).toBe(900);
  });
  it('has none for other currencies, or when missing or not above 0', () => {
    expect(customPriceFor(product, 'EUR')).toBeNull();
    expect(customPriceFor(product, 'SEK')).toBeNull();
    expect(customPriceFor({}, 'USD')).toBeNull();
    expect(customPriceFor({ customprice_usd: 0 }, 'USD')).toBeNull();
  });
});

describe('pricesInCurrency', () => {
  it('keeps EUR amounts and adds the visitor’s tax: 1000 at 21% shows 1210', () => {
    const prices = pricesInCurrency({ price: 1000, special_price: 0 }, {}, { currency: 'EUR', taxRate: 21, rates });
    expect(prices).toEqual({
      currency: 'EUR',
      tax_rate: 21,
      custom_price: false,
      price: 1000,
      price_incl_tax: 1210,
      price_tax: 210,
      original_price: 1000,
      original_price_incl_tax: 1210,
      original_price_tax: 210,
      special_price: 0,
      special_price_incl_tax: 0,
      special_price_tax: 0,
      final_price: 1000,
      final_price_incl_tax: 1210,
      final_price_tax: 210,
    });
    expect(RenderListItemSchema.safeParse({ id: 1, sku: 'W-1', ...prices }).success).toBe(true);
  });

  it('converts every amount when the product has no price of its own', () => {
    const prices = pricesInCurrency({ price: 5000, special_price: 4500 }, {}, { currency: 'SEK', taxRate: 21, rates });
    expect(prices).toMatchObject({ currency: 'SEK', custom_price: false, price: 57500, special_price: 51750, final_price: 51750, final_price_incl_tax: 62617.5, price_incl_tax: 69575 });
    expect(formatPrice(prices.final_price_incl_tax, 'SEK', 'en-GB')).toBe('kr62,618');
  });

  it('shows a product’s custom USD price instead of a conversion, without VAT outside the EU', () => {
    const prices = pricesInCurrency({ price: 5000, special_price: 0 }, { customprice_usd: 6000 }, { currency: 'USD', taxRate: 0, rates });
    expect(prices).toMatchObject({ currency: 'USD', custom_price: true, price: 6000, price_incl_tax: 6000, price_tax: 0, final_price_incl_tax: 6000, special_price: 0 });
    expect(formatPrice(prices.final_price_incl_tax, 'USD', 'en-GB')).toBe('$6,000');
  });

  it('converts when the product only has a price for another currency', () => {
    const prices = pricesInCurrency({ price: 5000, special_price: 0 }, { customprice_usd: 6000 }, { currency: 'GBP', taxRate: 0, rates });
    expect(prices).toMatchObject({ custom_price: false, price: 4250, final_price: 4250 });
  });

  it('keeps a special price’s proportion of a custom price', () => {
    // 10% off in EUR is 10% off the custom GBP price
    const prices = pricesInCurrency({ price: 5000, special_price: 4500 }, { customprice_gbp: 4400 }, { currency: 'GBP', taxRate: 0, rates });
    expect(prices).toMatchObject({ custom_price: true, price: 4400, original_price: 4400, special_price: 3960, final_price: 3960, final_price_incl_tax: 3960 });
  });

  it('adds tax to a custom price like to any price excluding tax', () => {
    const prices = pricesInCurrency({ price: 5000, special_price: 0 }, { customprice_usd: 6000 }, { currency: 'USD', taxRate: 21, rates });
    expect(prices).toMatchObject({ price: 6000, price_incl_tax: 7260, price_tax: 1260 });
  });

  it('ignores a special price that is not below the price', () => {
    const prices = pricesInCurrency({ price: 100, special_price: 100 }, {}, { currency: 'USD', taxRate: 0, rates });
    expect(prices).toMatchObject({ special_price: 0, final_price: 110 });
  });

  it('drops a special price that rounding brings level with the price', () => {
    // 0.04 and 0.03 EUR are both 0.03 GBP at 0.85
    const prices = pricesInCurrency({ price: 0.04, special_price: 0.03 }, {}, { currency: 'GBP', taxRate: 0, rates });
    expect(prices).toMatchObject({ price: 0.03, special_price: 0, final_price: 0.03 });
  });
});
