import type { FilterState, ProductListItem, StoreCode } from '@shop/shared';
import { useState } from 'react';
import { useResource } from '../../app/resource.ts';
import { searchListing, searchUrl } from '../catalogue/catalogue-api.ts';
import { listingProductsRequest, type ListingPrice, type ListingScope } from './category-query.ts';

/** Pages loaded with "Load more", kept per first-page request so coming back restores the list (and scroll). */
const morePages = new Map<string, ProductListItem[]>();

/**
 * A listing's products (a category's, or a search's), page by page. `price` null: the chosen price bucket cannot be
 * applied yet; the page keeps showing what it had, as busy.
 */
export function useListingProducts(store: StoreCode, scope: ListingScope, state: FilterState, price: ListingPrice | null) {
  const firstRequest = price && listingProductsRequest(store, scope, state, 0, price);
  const key = firstRequest && searchUrl(firstRequest);
  const first = useResource(key, () => searchListing(firstRequest!));
  const [more, setMore] = useState<{ key: string | null; items: ProductListItem[] }>(() => ({ key, items: (key && morePages.get(key)) || [] }));
  const [moreStatus, setMoreStatus] = useState<'idle' | 'loading' | 'error'>('idle');

  const extra = more.key === key ? more.items : (key && morePages.get(key)) || [];
  const items = first.data ? [...first.data.items, ...extra] : [];
  const total = first.data?.total ?? 0;

  const loadMore = async () => {
    if (!first.data || !key || !price || moreStatus === 'loading') return;
    setMoreStatus('loading');
    try {
      const page = await searchListing(listingProductsRequest(store, scope, state, items.length, price));
      const next = [...extra, ...page.items];
      morePages.set(key, next);
      setMore({ key, items: next });
      setMoreStatus('idle');
    } catch {
      setMoreStatus('error');
    }
  };

  return {
    items,
    total,
    aggregations: first.data?.aggregations ?? {},
    attributeMetadata: first.data?.attributeMetadata ?? [],
    /** A search's corrected query ("did you mean"), when the shop has one. */
    didYouMean: first.data?.didYouMean,
    loading: first.loading || key === null,
    hasData: first.data !== undefined,
    error: first.error,
    retry: first.retry,
    canLoadMore: key !== null && first.data !== undefined && items.length < total,
    loadMore,
    moreStatus,
  };
}
