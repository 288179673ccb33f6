import type { RenderListItem } from '@shop/shared';
import { createContext, useEffect, useState } from 'react';
import { afterInteractive } from '../../app/after-interactive.ts';
import { useStoreView } from '../../app/store-context.tsx';
import type * as Loader from './load-visitor-prices.ts';
import { COUNTRY_KEY, marketKey, useShopperMarket } from './shopper-country.ts';

export { COUNTRY_KEY };

/** The prices of the products on screen in the visitor's currency, with their VAT (spec 1 §7 render list). */
export interface VisitorPrices {
  /** False when the catalogue's own prices (the store's currency, the shop's VAT) are the visitor's: nothing is asked. */
  active: boolean;
  bySku: ReadonlyMap<string, RenderListItem>;
  /** True while the visitor's prices are on their way: a price not in `bySku` shows a skeleton. */
  pending: boolean;
}

const NONE: ReadonlyMap<string, RenderListItem> = new Map();
export const CATALOGUE_PRICES: VisitorPrices = { active: false, bySku: NONE, pending: false };
export const PENDING_PRICES: VisitorPrices = { active: true, bySku: NONE, pending: true };

/** What PriceTag reads; a page provides the answer of its one `useRenderedPrices` call. */
export const VisitorPricesContext = createContext<VisitorPrices>(CATALOGUE_PRICES);

export function storedCountry(): string | null {
  try {
    return localStorage.getItem(COUNTRY_KEY);
  } catch {
    return null;
  }
}

// The location rules and calls come in their own chunk with the first caller's effect: the shared rules import the
// tax schemas (and zod), which the home page's first load cannot afford (client/scripts/measure-bundle.mjs).
let loader: typeof Loader | undefined;

/**
 * The visitor's prices of `skus` (null while the page does not know them yet): one render-list call per list when the
 * shopper's market (country and currency) is not the store's own. Before the location service answers, the remembered
 * market counts: a visit from the store's own country (NL, EUR) shows the catalogue's prices at once; a first visit
 * shows skeletons until the location answers (never a catalogue euro price to a shopper of another market). When the shopper's market changes (location, checkout's shipping country, another tab), the prices are asked
 * again and a skeleton stands in meanwhile.
 */
export function useRenderedPrices(skus: readonly string[] | null): VisitorPrices {
  const { i18n, storeId } = useStoreView();
  const list = skus?.join(',') ?? null;
  const market = useShopperMarket();
  const key = `${marketKey(market)}|${list ?? ''}`;
  const homeMarket = market !== null && market.country === i18n.country && market.currency === i18n.currencyCode;
  const [state, setState] = useState(() => {
    // Before the shopper's market is known (a first visit) no price is shown as theirs: a skeleton until the location answers.
    const start = homeMarket ? CATALOGUE_PRICES : PENDING_PRICES;
    return { key, list, prices: loader?.knownPrices(list, storeId, i18n.currencyCode, i18n.country) ?? start };
  });
  // A shopper known to be of the store's own market already sees their prices: the check that they still are (the
  // location service) waits until the page is interactive (app/after-interactive.ts). Anyone else waits for it.
  useEffect(() => {
    let live = true;
    const load = () =>
      import('./load-visitor-prices.ts')
        .then((module) => {
          loader = module;
          // Nothing is asked for a page already left.
          return live ? module.loadVisitorPrices(list, storeId, i18n.currencyCode, i18n.country) : null;
        })
        .then(
          (prices) => prices && live && setState({ key, list, prices }),
          // The chunk could not load (offline): the catalogue's prices.
          () => live && setState({ key, list, prices: CATALOGUE_PRICES }),
        );
    let cancel: (() => void) | undefined;
    if (homeMarket && !loader) cancel = afterInteractive(() => void load());
    else void load();
    return () => {
      live = false;
      cancel?.();
    };
    // `key` holds the market and the list.
  }, [key, list, storeId, i18n, homeMarket]);
  if (state.key === key) return state.prices;
  // Another market: nothing shown so far is its price.
  if (!state.key.startsWith(`${marketKey(market)}|`)) {
    const known = loader?.knownPrices(list, storeId, i18n.currencyCode, i18n.country);
    return known ?? PENDING_PRICES;
  }
  // A new list keeps the prices it shares with the last one while the others load.
  return !state.prices.active ? state.prices : { ...state.prices, pending: true };
}
