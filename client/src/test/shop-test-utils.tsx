import type { Attribute, Category, Product, RenderListItem, SearchRequest, SyncedPrices, VisitorLocation } from '@shop/shared';
import { render, waitFor } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { expect, vi } from 'vitest';
import { initI18n, loadNamespace } from '../app/i18n.ts';
import { clearCache } from '../app/resource.ts';
import { createShopRouter } from '../app/router.tsx';

export interface FakeCatalogue {
  categories?: Category[];
  attributes?: Attribute[];
  products?: Product[];
  /** Products answered to a free-text query. */
  search?: (query: string) => Product[];
  urls?: Record<string, { _type: 'category'; _source: Category } | { _type: 'product'; _source: Product }>;
  /** The location service's answer; without it the call fails and the shop keeps the catalogue's prices. */
  location?: VisitorLocation;
  /** The render list's prices of the asked skus in the asked currency. */
  renderList?: (skus: string[], currency: string, country: string | null) => RenderListItem[];
  /** The price sync's answer for the asked skus (`GET /api/catalog/prices`), at once or when the promise settles. */
  prices?: (skus: string[]) => SyncedPrices[] | Promise<SyncedPrices[]>;
}

const ok = (result: unknown) => new Response(JSON.stringify({ code: 200, result }), { status: 200, headers: { 'content-type': 'application/json' } });

/** Answers the catalogue calls of the contract from fixed data; every request is recorded for assertions. */
export function installFakeCatalogue(data: FakeCatalogue) {
  const searches: SearchRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    if (url.pathname === '/api/url/map') {
      const body = JSON.parse(String(init?.body)) as { url: string };
      const target = data.urls?.[body.url];
      return target ? ok(target) : new Response(JSON.stringify({ code: 404, result: { error: 'not_found', message: 'No mapping found' } }), { status: 404 });
    }
    if (url.pathname === '/api/catalog/search') {
      const request = JSON.parse(url.searchParams.get('request') ?? '{}') as SearchRequest;
      searches.push(request);
      const items =
        request.type === 'category'
          ? (data.categories ?? [])
          : request.type === 'attribute'
            ? (data.attributes ?? [])
            : request.query
              ? (data.search?.(request.query) ?? [])
              : (data.products ?? []);
      // A page of `size` from `start`, as the shop answers (spec 1 §5: a size below 1 is the default 50).
      const start = Math.max(0, request.start ?? 0);
      const size = request.size !== undefined && request.size >= 1 ? request.size : 50;
      return ok({ items: items.slice(start, start + size), total: items.length, start, size, aggregations: {}, attributeMetadata: data.attributes ?? [] });
    }
    if (url.pathname === '/api/location' && data.location) return ok(data.location);
    if (url.pathname === '/api/catalog/render-list' && data.renderList) {
      return ok({ items: data.renderList((url.searchParams.get('skus') ?? '').split(','), url.searchParams.get('currencyCode') ?? '', url.searchParams.get('country')) });
    }
    if (url.pathname === '/api/catalog/prices' && data.prices) return ok({ items: await data.prices((url.searchParams.get('skus') ?? '').split(',')) });
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, searches };
}

/**
 * Waits until a page of priced pieces has asked where the shopper buys (`/api/location`), which it does once its prices'
 * chunk has loaded: a test that ends on such a page waits for it, so the ask is answered by its fake rather than made
 * after the test, against no server.
 */
export async function pricesAsked(fetchMock: ReturnType<typeof installFakeCatalogue>['fetchMock']): Promise<void> {
  await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/location'))).toBe(true));
}

export async function renderShop(path: string) {
  clearCache();
  await initI18n('en');
  await loadNamespace('catalogue');
  const router = createShopRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

export function category(overrides: Partial<Category> & Pick<Category, 'id' | 'name'>): Category {
  return {
    parent_id: 2,
    parent_ids: [1, 2],
    level: 2,
    slug: overrides.name.toLowerCase(),
    path: '',
    position: 0,
    product_count: 0,
    is_active: true,
    include_in_menu: true,
    url_key: overrides.name.toLowerCase(),
    url_path: overrides.name.toLowerCase(),
    children_count: 0,
    display_mode: 'PRODUCTS',
    ...overrides,
  };
}

const prices = (amount: number) => ({
  price: amount,
  price_incl_tax: amount,
  price_tax: 0,
  original_price: amount,
  original_price_incl_tax: amount,
  original_price_tax: 0,
  special_price: 0,
  special_price_incl_tax: 0,
  special_price_tax: 0,
  special_from_date: null,
  special_to_date: null,
  final_price: amount,
  final_price_incl_tax: amount,
  final_price_tax: 0,
  tax_class_id: 2,
});

export function product(overrides: Partial<Product> & Pick<Product, 'id' | 'name'>): Product {
  return {
    sku: `SKU-${overrides.id}`,
    type_id: 'simple',
    status: 1,
    visibility: 4,
    url_key: `p-${overrides.id}`,
    url_path: `watches/p-${overrides.id}`,
    slug: `p-${overrides.id}`,
    image: `/media/p-${overrides.id}.svg`,
    media_gallery: [],
    description: '',
    short_description: '',
    ...prices(1000),
    tier_prices: [],
    stock: { is_in_stock: true, manage_stock: true, qty: 1 },
    category: [],
    category_ids: [],
    new: false,
    sale: false,
    limited_edition: false,
    hide_price: false,
    is_bestseller: false,
    margin_product: false,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

export function childPrices(amount: number) {
  return prices(amount);
}
