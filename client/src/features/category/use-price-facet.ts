import type { FilterState, StoreCode } from '@shop/shared';
import { useResource } from '../../app/resource.ts';
import { useStoreView } from '../../app/store-context.tsx';
import { marketKey, useShopperMarket } from '../location/shopper-country.ts';
import { searchUrl } from '../catalogue/catalogue-api.ts';
import { CATALOGUE_PRICE, priceFacetRequest, type ListingPrice, type ListingScope } from './category-query.ts';
import { loadPriceFacet, type PriceFacet } from './price-facet.ts';

const CATALOGUE: PriceFacet = { by: 'catalogue' };

/**
 * The price filter of a listing, a category's or a search's (see price-facet.ts). `visitorPrices`: the visitor is (or is remembered as)
 * shown prices other than the catalogue's. The facet is undefined until known; `listing` is null while a chosen
 * bucket cannot be applied yet, and the listing then waits rather than show the catalogue's bucket.
 */
export function usePriceFacet(store: StoreCode, scope: ListingScope, state: FilterState, visitorPrices: boolean): { facet: PriceFacet | undefined; listing: ListingPrice | null } {
  const { storeId, i18n } = useStoreView();
  const category = priceFacetRequest(store, scope, {});
  const filtered = priceFacetRequest(store, scope, state);
  const others = searchUrl(filtered) === searchUrl(category) ? null : filtered;
  const request = visitorPrices ? (others ?? category) : null;
  // The shopper's market changes the prices bucketed: a new market is a new facet.
  const market = marketKey(useShopperMarket());
  const resource = useResource(request && `price-facet:${storeId}:${market}:${searchUrl(request)}`, async () =>
    // The location feature's own chunk, which the page's prices load anyway.
    loadPriceFacet(await import('../location/load-visitor-prices.ts'), { category, filtered: others }, storeId, i18n.currencyCode, i18n.country),
  );
  // Offline the render list fails and cards fall back to the catalogue's prices: so does the filter.
  if (!request || resource.error) return { facet: CATALOGUE, listing: CATALOGUE_PRICE };
  const facet = resource.data;
  const bucket = state.price?.[0];
  // Without a chosen bucket the listing is the same for every visitor (and may already be prefetched).
  if (bucket === undefined) return { facet, listing: CATALOGUE_PRICE };
  if (resource.loading || facet === undefined) return { facet, listing: null };
  if (facet.by !== 'visitor') return { facet, listing: facet.by === 'none' ? facet : CATALOGUE_PRICE };
  return { facet, listing: { by: 'ids', ids: facet.ids[bucket] ?? [] } };
}
