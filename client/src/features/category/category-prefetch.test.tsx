import type { SearchRequest } from '@shop/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchUrl } from '../catalogue/catalogue-api.ts';
import { category, installFakeCatalogue, renderShop } from '../../test/shop-test-utils.tsx';
import { categoryProductsRequest } from './category-query.ts';

const root = category({ id: 2, name: 'Root', level: 1, parent_id: 1, parent_ids: [1], product_count: 0 });
const watches = category({ id: 3, name: 'Watches', url_path: 'watches', position: 1, product_count: 612 });
const jewellery = category({ id: 38, name: 'Jewellery', url_path: 'jewellery', position: 2, product_count: 501 });
const gifts = category({ id: 56, name: 'Gifts', url_path: 'gifts', include_in_menu: false, product_count: 36 });
const men = category({ id: 4, name: "Men's watches", url_path: 'watches/men', parent_id: 3, parent_ids: [1, 2, 3], level: 3, product_count: 464 });

const listingsAsked = (searches: SearchRequest[]) =>
  searches.filter((request) => request.type === 'product' && Array.isArray(request.filters?.category_ids)).map((request) => searchUrl(request));
const firstPageOf = (id: number) => searchUrl(categoryProductsRequest('en', id, {}, 0));

describe('category prefetch (spec 1 §9 "Prefetch level 2")', () => {
  let idle: Array<() => void>;
  beforeEach(() => {
    localStorage.clear();
    idle = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('once the shopper is there and the browser idle, loads the first page of each level-2 menu category as the category page asks for it', async () => {
    const { searches, fetchMock } = installFakeCatalogue({ categories: [root, watches, jewellery, gifts, men] });
    await renderShop('/en');
    await screen.findByRole('button', { name: 'Watches' });
    expect(listingsAsked(searches)).toEqual([]);
    // The shopper's first touch (app/after-interactive.ts), then the browser's idle time.
    window.dispatchEvent(new Event('pointerdown'));
    await waitFor(() => expect(idle.length).toBeGreaterThan(0));
    expect(listingsAsked(searches)).toEqual([]);

    for (const run of idle.splice(0)) run();
    await waitFor(() => expect(listingsAsked(searches)).toEqual([firstPageOf(3), firstPageOf(38)]));
    // The route's URL mapping is asked ahead too, so opening the category needs no round trip.
    const mapped = fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/url/map')).map(([, init]) => JSON.parse(String(init?.body)) as { url: string });
    expect(mapped.map((body) => body.url)).toEqual(['watches', 'jewellery']);

    // From then on, pointing at a menu link prefetches its category.
    fireEvent.pointerOver(screen.getByRole('link', { name: "Men's watches", hidden: true }));
    await waitFor(() => expect(listingsAsked(searches)).toContain(firstPageOf(4)));
  });

  it('prefetches nothing on a connection that asks to save data', async () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { connection: { saveData: true } }));
    const { searches } = installFakeCatalogue({ categories: [root, watches, jewellery] });
    await renderShop('/en');
    await screen.findByRole('link', { name: 'Watches' });
    window.dispatchEvent(new Event('pointerdown'));
    await waitFor(() => expect(idle.length).toBeGreaterThan(0));
    for (const run of idle.splice(0)) run();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listingsAsked(searches)).toEqual([]);
  });
});
