import { z } from 'zod/mini';
import type { CurrencyCode } from '../money/money.ts';

/** The currencies prices are shown in (spec 1 §1, §9). */
export const CURRENCY_CODES = ['EUR', 'GBP', 'USD', 'SEK', 'DKK'] as const satisfies readonly CurrencyCode[];
export const CurrencyCodeSchema = z.enum(CURRENCY_CODES);

/** An ISO 3166-1 alpha-2 country code in capitals, e.g. "NL". */
export const CountryCodeSchema = z.string().check(z.regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as NL'));

/** The location service's answer (spec 2 §9): the visitor's country, the VAT rate charged there, its currency. */
export const LocationSchema = z.object({
  country_code: CountryCodeSchema,
  /** Percent: the VAT the visitor's prices carry (the standard tax class's rate in the country, decision 037). */
  vat: z.number(),
  currency: CurrencyCodeSchema,
  /** Units of `currency` per catalogue euro as the shop converts prices (its configured rate); absent offline. */
  rate: z.optional(z.number().check(z.positive())),
  /** The shop's rate for every currency: a shopper who ships to another market is shown its currency at the shop's rate. */
  rates: z.optional(z.partialRecord(CurrencyCodeSchema, z.number().check(z.positive()))),
});
/** Named so it does not shadow the browser's `Location`. */
export type VisitorLocation = z.infer<typeof LocationSchema>;
