import type { ProductListItem, SearchRequest, SearchResult } from '@shop/shared';
import { searchListing } from '../catalogue/catalogue-api.ts';
import { isOfflineMiss } from '../offline/offline-fallback.ts';
import { isShopOnline } from '../../app/network.ts';

/** A search answer; `offline` marks the empty one made up while there is no connection. */
export type SearchAnswer = SearchResult<ProductListItem> & { offline?: true };

/**
 * Spec 1 §8: a search that fails online raises the error; offline it answers an empty result marked offline (never
 * kept: back online, the same search asks the shop again).
 */
export async function searchOrOffline(request: SearchRequest): Promise<SearchAnswer> {
  try {
    return await searchListing(request);
  } catch (error) {
    if (!isOfflineMiss(error, isShopOnline())) throw error;
    return { items: [], total: 0, start: request.start ?? 0, size: request.size ?? 0, aggregations: {}, attributeMetadata: [], offline: true };
  }
}
