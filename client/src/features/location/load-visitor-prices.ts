import type { CurrencyCode, RenderListItem, RenderListResult, VisitorLocation } from '@shop/shared';
import { DEFAULT_LOCATION_COUNTRY, locationForCountry } from '@shop/shared/location/location';
import { DEFAULT_CURRENCY_RATES } from '@shop/shared/location/currency-prices';
import { RENDER_LIST_MAX_SKUS } from '@shop/shared/location/render-list.schema';
import { apiGet } from '../../app/api.ts';
import { cached, peekCached } from '../../app/resource.ts';
import { CATALOGUE_PRICES, PENDING_PRICES, storedCountry, type VisitorPrices } from './visitor-prices.ts';
import { rememberedLocation, rememberLocation, shopperMarket, type ShopperMarket } from './shopper-country.ts';

const LOCATION_URL = '/api/location';

/**
 * The location known now: the service's answer if it came, else the last full answer remembered (an offline start
 * prices as the last visit did), else the remembered country's by spec 2 §9, else NL's.
 */
function knownLocation(): VisitorLocation {
  return peekCached<VisitorLocation>(LOCATION_URL) ?? rememberedLocation() ?? locationForCountry(storedCountry() ?? DEFAULT_LOCATION_COUNTRY);
}

/** GET /api/location, asked once (then cached); the answer is remembered and shared with every tab. Offline, the known location. */
export async function loadVisitorLocation(): Promise<VisitorLocation> {
  try {
    const answer = await cached(LOCATION_URL, () => apiGet<VisitorLocation>(LOCATION_URL));
    rememberLocation(answer);
    return answer;
  } catch {
    return knownLocation();
  }
}

/** The shopper's market once the location is known: the checkout's shipping country, else the location's. */
export async function loadShopperMarket(): Promise<ShopperMarket> {
  const location = await loadVisitorLocation();
  return shopperMarket() ?? { country: location.country_code, currency: location.currency, rate: location.rate };
}

/**
 * The catalogue holds prices in the store's currency with the VAT of the store's own tax country: right as they are
 * only for a shopper of that country paying in that currency (every other shopper is priced by the render list).
 */
export function usesCatalogue(market: Pick<ShopperMarket, 'country' | 'currency'>, storeCountry: string, storeCurrency: CurrencyCode): boolean {
  return market.currency === storeCurrency && market.country === storeCountry.toUpperCase();
}

function renderListUrl(list: string, storeId: number, market: Pick<ShopperMarket, 'country' | 'currency'>): string {
  return `/api/catalog/render-list?skus=${encodeURIComponent(list)}&currencyCode=${market.currency}&storeId=${storeId}&country=${market.country}`;
}

function pricesOf(result: RenderListResult): VisitorPrices {
  return { active: true, bySku: new Map(result.items.map((item) => [item.sku, item])), pending: false };
}

/** The visitor's prices as far as they are known without waiting (for a page shown again). */
export function knownPrices(list: string | null, storeId: number, storeCurrency: CurrencyCode, storeCountry: string): VisitorPrices {
  const located = peekCached<VisitorLocation>(LOCATION_URL) ?? rememberedLocation();
  const market = shopperMarket() ?? (located ? { country: located.country_code, currency: located.currency } : null);
  // Not known yet where the shopper buys: nothing is shown as their price.
  if (!market) return PENDING_PRICES;
  if (usesCatalogue(market, storeCountry, storeCurrency)) return CATALOGUE_PRICES;
  const result = list === null ? undefined : peekCached<RenderListResult>(renderListUrl(list, storeId, market));
  return result ? pricesOf(result) : PENDING_PRICES;
}

/**
 * The visitor's prices of the comma list `list` (null: not known yet) from the render list, in the visitor's currency.
 * On failure the map stays empty, so the catalogue's prices show (spec 1 §7: empty items on failure).
 */
export async function loadVisitorPrices(list: string | null, storeId: number, storeCurrency: CurrencyCode, storeCountry: string): Promise<VisitorPrices> {
  const market = await loadShopperMarket();
  if (usesCatalogue(market, storeCountry, storeCurrency)) return CATALOGUE_PRICES;
  if (list === null) return PENDING_PRICES;
  if (list === '') return { ...PENDING_PRICES, pending: false };
  const url = renderListUrl(list, storeId, market);
  try {
    return pricesOf(await cached(url, () => apiGet<RenderListResult>(url)));
  } catch {
    return { ...PENDING_PRICES, pending: false };
  }
}

/** The currency of the visitor's prices, or null when the catalogue's own prices are the visitor's. */
export async function loadVisitorCurrency(storeCurrency: CurrencyCode, storeCountry: string): Promise<CurrencyCode | null> {
  const market = await loadShopperMarket();
  return usesCatalogue(market, storeCountry, storeCurrency) ? null : market.currency;
}

/** Units of `currency` per catalogue euro as the shop converts: the rate the server announced, else the default. */
export async function loadVisitorRate(currency: CurrencyCode): Promise<number> {
  const market = await loadShopperMarket();
  return market.currency === currency && market.rate !== undefined ? market.rate : DEFAULT_CURRENCY_RATES[currency];
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
  const { country } = await loadShopperMarket();
  const answers = await Promise.all(
    lists.map((list) => {
      const url = renderListUrl(list, storeId, { country, currency });
      return cached(url, () => apiGet<RenderListResult>(url));
    }),
  );
  return answers.flatMap((answer) => answer.items);
}
