/**
 * Where the shop ships and with what (spec 2 §1, spec 1 §9): the ship-to countries and the one default method,
 * 'DPD Courier', flat rate 4 excl. tax, 5 incl. tax. A country outside the list gets no method.
 */
import { DEFAULT_SHIPPING_METHOD, type ShippingMethod } from '../cart/totals.ts';

/**
 * Where the shop ships by default (SHIP_TO_COUNTRIES): spec 2 names Germany, Italy, the Netherlands and the United
 * States among them; the shop also serves its other markets (GB, SE, DK pay in their own currency, decision 037).
 */
export const SHIP_TO_COUNTRIES = ['AT', 'BE', 'CH', 'DE', 'DK', 'ES', 'FR', 'GB', 'IT', 'LU', 'NL', 'SE', 'US'] as const;

export function shipsTo(country: string | null | undefined, countries: readonly string[] = SHIP_TO_COUNTRIES): boolean {
  return typeof country === 'string' && countries.includes(country.trim().toUpperCase());
}

/** The methods for a destination; without a country (the shopper has not chosen yet) the default method is shown. */
export function shippingMethodsFor(
  country: string | null | undefined,
  options: { countries?: readonly string[]; methods?: readonly ShippingMethod[] } = {},
): ShippingMethod[] {
  const methods = options.methods ?? [DEFAULT_SHIPPING_METHOD];
  if (country === null || country === undefined || country.trim() === '') return [...methods];
  return shipsTo(country, options.countries) ? [...methods] : [];
}

export function findShippingMethod(methods: readonly ShippingMethod[], carrierCode: string, methodCode: string): ShippingMethod | undefined {
  return methods.find((method) => method.carrier_code === carrierCode && method.method_code === methodCode);
}
