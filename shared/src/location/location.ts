import type { CurrencyCode } from '../money/money.ts';
import { DEFAULT_TAX_COUNTRY, EU_COUNTRIES, type TaxRule } from '../tax/tax-rule.schema.ts';
import { taxRateFor } from '../tax/tax.ts';
import type { VisitorLocation } from './location.schema.ts';

/** Where a visitor is taken to be when the location service cannot tell (spec 2 §9). */
export const DEFAULT_LOCATION_COUNTRY = 'NL';

/** The VAT rate (percent) spec 2 §9 gives NL and the EU list; every other country gets 0. */
export const EU_VAT_RATE = 21;

const CURRENCY_BY_COUNTRY: ReadonlyMap<string, CurrencyCode> = new Map([
  ['GB', 'GBP'],
  ['US', 'USD'],
  ['SE', 'SEK'],
  ['DK', 'DKK'],
]);

const EU = new Set<string>(EU_COUNTRIES);

/**
 * Values a geo-IP proxy sends when it does not know the country: Cloudflare's XX (unknown) and T1 (Tor), and the
 * ISO "user-assigned" ZZ. They mean "no country", not a country.
 */
const UNKNOWN_COUNTRIES = new Set(['XX', 'T1', 'ZZ']);

function normalize(country: string): string {
  return country.trim().toUpperCase();
}

/** GB gives GBP, US gives USD, SE gives SEK, DK gives DKK, all others EUR (spec 2 §9). */
export function currencyForCountry(country: string): CurrencyCode {
  return CURRENCY_BY_COUNTRY.get(normalize(country)) ?? 'EUR';
}

/** 21 for NL and the EU list, otherwise 0 (spec 2 §9). */
export function vatRateForCountry(country: string): number {
  return EU.has(normalize(country)) ? EU_VAT_RATE : 0;
}

export function locationForCountry(country: string): VisitorLocation {
  const country_code = normalize(country);
  return { country_code, vat: vatRateForCountry(country_code), currency: currencyForCountry(country_code) };
}

/**
 * The country a request header names (e.g. `x-country-code: nl` or Cloudflare's `cf-ipcountry: GB`), in capitals,
 * or null when the header is missing, is not a two-letter code, or is a proxy's "unknown" value. A repeated
 * header counts by its first value.
 */
export function countryFromHeader(value: string | readonly string[] | undefined): string | null {
  const first = typeof value === 'string' ? value : value?.[0];
  if (first === undefined) return null;
  const country = normalize(first);
  return /^[A-Z]{2}$/.test(country) && !UNKNOWN_COUNTRIES.has(country) ? country : null;
}

/** The visitor's location: the header's country when it names one, otherwise the configured default. */
export function resolveLocation(headerValue: string | readonly string[] | undefined, defaultCountry: string): VisitorLocation {
  return locationForCountry(countryFromHeader(headerValue) ?? defaultCountry);
}

/**
 * The tax rate (percent) a visitor from `country` pays on a product of a given tax class. The catalogue's tax rules
 * decide first (spec 1 §5: class above 0, country equal to the rate's country). A country the rules do not list
 * follows spec 2 §9: inside the EU the shop charges its own country's rate for the class, outside it no VAT.
 */
export function visitorTaxRate(rules: readonly TaxRule[], productTaxClassId: number, country: string, shopCountry: string = DEFAULT_TAX_COUNTRY): number {
  if (!(productTaxClassId > 0)) return 0;
  const visitorCountry = normalize(country);
  const own = taxRateFor(rules, { productTaxClassId, countryId: visitorCountry });
  if (own) return own.rate;
  if (vatRateForCountry(visitorCountry) === 0) return 0;
  return taxRateFor(rules, { productTaxClassId, countryId: shopCountry })?.rate ?? 0;
}
