import type { RenderListItem } from '@shop/shared';
import { createContext, useEffect, useState } from 'react';
import { useStoreView } from '../../app/store-context.tsx';
import type * as Loader from './load-visitor-prices.ts';

/** Spec 2 §4: the location's country is remembered, and restored on the next load before the service answers. */
export const COUNTRY_KEY = 'countryCode';

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
 * visitor's currency or VAT differs from the catalogue's. Before the location service answers, the remembered country
 * counts: a first visit, or one from the store's own country, shows the catalogue's prices at once (NL, EUR).
 */
export function useRenderedPrices(skus: readonly string[] | null): VisitorPrices {
  const { i18n, storeId } = useStoreView();
  const list = skus?.join(',') ?? null;
  const [state, setState] = useState(() => {
    const country = storedCountry();
    const start = country === null || country === i18n.country ? CATALOGUE_PRICES : PENDING_PRICES;
    return { list, prices: loader?.knownPrices(list, storeId, i18n.currencyCode) ?? start };
  });
  useEffect(() => {
    let live = true;
    import('./load-visitor-prices.ts')
      .then((module) => {
        loader = module;
        // Nothing is asked for a page already left.
        return live ? module.loadVisitorPrices(list, storeId, i18n.currencyCode) : null;
      })
      .then(
        (prices) => prices && live && setState({ list, prices }),
        // The chunk could not load (offline): the catalogue's prices.
        () => live && setState({ list, prices: CATALOGUE_PRICES }),
      );
    return () => {
      live = false;
    };
  }, [list, storeId, i18n]);
  // A new list keeps the prices it shares with the last one while the others load.
  return state.list === list || !state.prices.active ? state.prices : { ...state.prices, pending: true };
}
