import type { FilterState, ProductListItem, StoreCode } from '@shop/shared';
import { useState } from 'react';
import { useResource } from '../../app/resource.ts';
import { searchListing, searchUrl } from '../catalogue/catalogue-api.ts';
import { categoryProductsRequest } from './category-query.ts';

/** Pages loaded with "Load more", kept per first-page request so coming back restores the list (and scroll). */
const morePages = new Map<string, ProductListItem[]>();

export function useCategoryProducts(store: StoreCode, categoryId: number, state: FilterState) {
  const firstRequest = categoryProductsRequest(store, categoryId, state, 0);
  const key = searchUrl(firstRequest);
  const first = useResource(key, () => searchListing(firstRequest));
  const [more, setMore] = useState<{ key: string; items: ProductListItem[] }>(() => ({ key, items: morePages.get(key) ?? [] }));
  const [moreStatus, setMoreStatus] = useState<'idle' | 'loading' | 'error'>('idle');

  const extra = more.key === key ? more.items : (morePages.get(key) ?? []);
  const items = first.data ? [...first.data.items, ...extra] : [];
  const total = first.data?.total ?? 0;

  const loadMore = async () => {
    if (!first.data || moreStatus === 'loading') return;
    setMoreStatus('loading');
    try {
      const page = await searchListing(categoryProductsRequest(store, categoryId, state, items.length));
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
    loading: first.loading,
    hasData: first.data !== undefined,
    error: first.error,
    retry: first.retry,
    canLoadMore: first.data !== undefined && items.length < total,
    loadMore,
    moreStatus,
  };
}
