/**
 * The one price rule from a shopper's country to what they see and pay (decision 037). A country gives a market:
 * its currency (spec 2 §9) at the shop's exchange rate for it, and the VAT of that country for each product tax
 * class (spec 1 §5 tax rules first, spec 2 §9 for a country the rules do not list). The listing, the product page,
 * the cart totals, the placed order and its payment all price through these functions, so the amount shown is the
 * amount charged.
 */
import { roundMoney, type CurrencyCode } from '../money/money.ts';
import { DEFAULT_TAX_COUNTRY, type TaxRule } from '../tax/tax-rule.schema.ts';
import { pricesInCurrency, type CurrencyRates, type CustomPrices, type LocalPrices } from './currency-prices.ts';
import { currencyForCountry, visitorTaxRate } from './location.ts';
import type { VisitorLocation } from './location.schema.ts';
import type { ProductPrices } from '../pricing/prices.ts';

/**
 * The product tax class most of the catalogue carries ("Taxable Goods", id 2 as in the platform's default set): the
 * rate the location answer reports as the visitor's VAT. Other classes (margin-scheme goods at 0%) keep their own.
 */
export const STANDARD_PRODUCT_TAX_CLASS = 2;

/** Where a shopper buys: the country whose VAT applies, the currency shown there and its rate per catalogue euro. */
export interface Market {
  country: string;
  currency: CurrencyCode;
  /** Units of `currency` per catalogue euro (1 for EUR). */
  rate: number;
}

/** What the shop configures once: its tax rules, its exchange rates, its own tax country. */
export interface MarketSettings {
  taxRules: readonly TaxRule[];
  rates: CurrencyRates;
  shopCountry?: string | undefined;
}

/** The market of a country: GB pays in GBP, US in USD, SE in SEK, DK in DKK, every other country in EUR. */
export function marketFor(country: string, rates: CurrencyRates): Market {
  const code = country.trim().toUpperCase();
  const currency = currencyForCountry(code);
  const rate = rates[currency];
  if (!(Number.isFinite(rate) && rate > 0)) throw new RangeError(`No exchange rate for ${currency}`);
  return { country: code, currency, rate };
}

/** The VAT (percent) a product of `taxClassId` carries in the market. */
export function marketTaxRate(market: Market, settings: MarketSettings, taxClassId: number): number {
  return visitorTaxRate(settings.taxRules, taxClassId, market.country, settings.shopCountry ?? DEFAULT_TAX_COUNTRY);
}

/** The rates to convert with: the market's own rate for its currency (an order keeps the rate it was placed at). */
function ratesOf(market: Market, settings: MarketSettings): CurrencyRates {
  return { ...settings.rates, [market.currency]: market.rate };
}

/**
 * A product's prices in the market: its own price for the currency where it has one, else the catalogue's euro
 * price converted; then the market's VAT for its tax class. `product.price` and `special_price` are the catalogue's
 * amounts excluding tax with the special price already checked against its dates.
 */
export function marketPrices(
  product: Pick<ProductPrices, 'price' | 'special_price'> & CustomPrices & { tax_class_id: number },
  market: Market,
  settings: MarketSettings,
): LocalPrices {
  return pricesInCurrency(product, product, {
    currency: market.currency,
    taxRate: marketTaxRate(market, settings, product.tax_class_id),
    rates: ratesOf(market, settings),
  });
}

/** An amount the shop sets in euros (shipping, a payment method's cost, a fixed coupon) in the market's currency. */
export function marketAmount(amountEur: number, market: Market): number {
  return market.currency === 'EUR' ? roundMoney(amountEur) : roundMoney(amountEur * market.rate);
}

/**
 * The location service's answer for a country (spec 2 §9): its currency and rate, and as `vat` the rate the
 * standard tax class carries there, the same the prices shown to the visitor include.
 */
export function marketLocation(country: string, settings: MarketSettings): VisitorLocation {
  const market = marketFor(country, settings.rates);
  return { country_code: market.country, vat: marketTaxRate(market, settings, STANDARD_PRODUCT_TAX_CLASS), currency: market.currency, rate: market.rate, rates: { ...settings.rates } };
}
