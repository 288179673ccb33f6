import type { CurrencyCode, RenderListItem, RenderListResult, VisitorLocation } from '@shop/shared';
import { DEFAULT_LOCATION_COUNTRY, EU_VAT_RATE, locationForCountry } from '@shop/shared/location/location';
import { DEFAULT_CURRENCY_RATES } from '@shop/shared/location/currency-prices';
import { RENDER_LIST_MAX_SKUS } from '@shop/shared/location/render-list.schema';
import { apiGet } from '../../app/api.ts';
import { cached, peekCached } from '../../app/resource.ts';
import { CATALOGUE_PRICES, COUNTRY_KEY, PENDING_PRICES, storedCountry, type VisitorPrices } from './visitor-prices.ts';

const LOCATION_URL = '/api/location';

/** The location known now: the service's answer if it came, else the remembered country's, else NL's (spec 2 §9). */
function knownLocation(): VisitorLocation {
  return peekCached<VisitorLocation>(LOCATION_URL) ?? locationForCountry(storedCountry() ?? DEFAULT_LOCATION_COUNTRY);
}

/** GET /api/location, asked once (then cached); its country is remembered. Offline, the known location. */
export async function loadVisitorLocation(): Promise<VisitorLocation> {
  try {
    const answer = await cached(LOCATION_URL, () => apiGet<VisitorLocation>(LOCATION_URL));
    try {
      localStorage.setItem(COUNTRY_KEY, answer.country_code);
    } catch {
      // Private mode may refuse storage; the location still applies to this visit.
    }
    return answer;
  } catch {
    return knownLocation();
  }
}

/** The catalogue holds prices in the store's currency with the shop's VAT: right for such a visitor as they are. */
function usesCatalogue(location: VisitorLocation, storeCurrency: CurrencyCode): boolean {
  return location.currency === storeCurrency && location.vat === EU_VAT_RATE;
}

function renderListUrl(list: string, storeId: number, currency: CurrencyCode): string {
  return `/api/catalog/render-list?skus=${encodeURIComponent(list)}&currencyCode=${currency}&storeId=${storeId}`;
}

function pricesOf(result: RenderListResult): VisitorPrices {
  return { active: true, bySku: new Map(result.items.map((item) => [item.sku, item])), pending: false };
}

/** The visitor's prices as far as they are known without waiting (for a page shown again). */
export function knownPrices(list: string | null, storeId: number, storeCurrency: CurrencyCode): VisitorPrices {
  const location = knownLocation();
  if (usesCatalogue(location, storeCurrency)) return CATALOGUE_PRICES;
  const result = list === null ? undefined : peekCached<RenderListResult>(renderListUrl(list, storeId, location.currency));
  return result ? pricesOf(result) : PENDING_PRICES;
}

/**
 * The visitor's prices of the comma list `list` (null: not known yet) from the render list, in the visitor's currency.
 * On failure the map stays empty, so the catalogue's prices show (spec 1 §7: empty items on failure).
 */
export async function loadVisitorPrices(list: string | null, storeId: number, storeCurrency: CurrencyCode): Promise<VisitorPrices> {
  const location = await loadVisitorLocation();
  if (usesCatalogue(location, storeCurrency)) return CATALOGUE_PRICES;
  if (list === null) return PENDING_PRICES;
  if (list === '') return { ...PENDING_PRICES, pending: false };
  const url = renderListUrl(list, storeId, location.currency);
  try {
    return pricesOf(await cached(url, () => apiGet<RenderListResult>(url)));
  } catch {
    return { ...PENDING_PRICES, pending: false };
  }
}

/** The currency of the visitor's prices, or null when the catalogue's own prices are the visitor's. */
export async function loadVisitorCurrency(storeCurrency: CurrencyCode): Promise<CurrencyCode | null> {
  const location = await loadVisitorLocation();
  return usesCatalogue(location, storeCurrency) ? null : location.currency;
}

/** Units of `currency` per catalogue euro as the shop converts: the rate the server announced, else the default. */
export async function loadVisitorRate(currency: CurrencyCode): Promise<number> {
  const location = await loadVisitorLocation();
  return location.currency === currency && location.rate !== undefined ? location.rate : DEFAULT_CURRENCY_RATES[currency];
}

/**
 * The visitor's prices of any number of skus in `currency`, asked in sorted lists of at most RENDER_LIST_MAX_SKUS
 * (each list cached like any answer). Unlike the prices of a page, a failure throws: a caller filtering by these
 * prices must not take a missing price for a price outside its range.
 */
export async function loadVisitorPriceList(skus: readonly string[], storeId: number, currency: CurrencyCode): Promise<RenderListItem[]> {
  const sorted = [...new Set(skus)].sort();
  const lists: string[] = [];
  for (let start = 0; start < sorted.length; start += RENDER_LIST_MAX_SKUS) lists.push(sorted.slice(start, start + RENDER_LIST_MAX_SKUS).join(','));
  const answers = await Promise.all(
    lists.map((list) => {
      const url = renderListUrl(list, storeId, currency);
      return cached(url, () => apiGet<RenderListResult>(url));
    }),
  );
  return answers.flatMap((answer) => answer.items);
}
