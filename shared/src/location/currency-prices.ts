import { roundMoney, type CurrencyCode } from '../money/money.ts';
import { pricesFromAmounts, type ProductPrices } from '../pricing/prices.ts';

/** Units of each currency for 1 EUR (the catalogue's currency), e.g. USD 1.17. EUR is always 1. */
export type CurrencyRates = Readonly<Record<CurrencyCode, number>>;

/**
 * Used when the configuration gives no rate (approximate rates of early 2026). A shop sets its own with
 * `CURRENCY_RATES`; prices are shown as whole numbers, so rates need no more than a few decimals.
 */
export const DEFAULT_CURRENCY_RATES: CurrencyRates = { EUR: 1, GBP: 0.87, USD: 1.17, SEK: 10.95, DKK: 7.46 };

/** Prices a product carries for a market instead of a conversion (spec 1 §3 flags), excluding tax like `price`. */
export interface CustomPrices {
  customprice_usd?: number | undefined;
  customprice_gbp?: number | undefined;
}

/** The product's own price in `currency` (USD: customprice_usd, GBP: customprice_gbp), or null when it has none. */
export function customPriceFor(product: CustomPrices, currency: CurrencyCode): number | null {
  const amount = currency === 'USD' ? product.customprice_usd : currency === 'GBP' ? product.customprice_gbp : undefined;
  return amount !== undefined && Number.isFinite(amount) && amount > 0 ? amount : null;
}

/** An EUR amount in another currency at the given rates, rounded by the one money rule. */
export function convertFromEur(amount: number, currency: CurrencyCode, rates: CurrencyRates): number {
  const rate = rates[currency];
  if (!(Number.isFinite(rate) && rate > 0)) throw new RangeError(`No exchange rate for ${currency}`);
  return roundMoney(amount * rate);
}

export interface LocalPrices extends ProductPrices {
  currency: CurrencyCode;
  /** The tax rate (percent) in the *_incl_tax and *_tax fields. */
  tax_rate: number;
  /** True when the amounts come from the product's own price for this currency rather than a conversion. */
  custom_price: boolean;
}

/**
 * A product's prices in the visitor's currency and with the visitor's tax rate.
 *
 * `base` holds the catalogue's amounts excluding tax, in EUR, with the special price already checked (only below the
 * price and inside its dates, else 0). A product carrying its own price for the currency (customprice_usd,
 * customprice_gbp) shows that amount as its price; while a special price applies, it keeps the same proportion of
 * the custom price as of the EUR price (a 10% sale is a 10% sale in every currency). Otherwise every amount is the
 * EUR amount converted at `rates`. Tax is added last, to the amounts in the target currency.
 */
export function pricesInCurrency(
  base: Pick<ProductPrices, 'price' | 'special_price'>,
  product: CustomPrices,
  options: { currency: CurrencyCode; taxRate: number; rates: CurrencyRates },
): LocalPrices {
  const { currency, taxRate, rates } = options;
  const custom = customPriceFor(product, currency);
  const onSpecial = base.special_price > 0 && base.special_price < base.price;
  const price = custom ?? convertFromEur(base.price, currency, rates);
  let special = 0;
  if (onSpecial) special = custom === null ? convertFromEur(base.special_price, currency, rates) : roundMoney((custom * base.special_price) / base.price);
  // Rounding can bring a special price level with the price; a special price only counts when it is below it.
  if (!(special < price)) special = 0;
  return { currency, tax_rate: taxRate, custom_price: custom !== null, ...pricesFromAmounts(price, special, taxRate) };
}
