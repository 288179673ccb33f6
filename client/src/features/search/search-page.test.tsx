import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { category, installFakeCatalogue, pricesAsked, product, renderShop } from '../../test/shop-test-utils.tsx';
import { popularCategories } from './popular-categories.ts';

const rolexes = Array.from({ length: 3 }, (_, n) => product({ id: 10 + n, name: `Rolex Submariner ${n}`, url_path: `watches/rolex-${n}` }));
const categories = [
  category({ id: 3, name: 'Watches', level: 2, product_count: 600 }),
  category({ id: 4, name: 'Men', level: 3, parent_id: 3, url_path: 'watches/men', product_count: 400 }),
  category({ id: 9, name: 'Rolex', level: 3, parent_id: 3, url_path: 'watches/rolex', product_count: 60 }),
  category({ id: 50, name: 'Coloured', level: 3, parent_id: 3, url_path: 'diamonds/coloured', product_count: 3, include_in_menu: false }),
  category({ id: 60, name: 'Empty', level: 3, parent_id: 3, url_path: 'watches/empty', product_count: 0 }),
];

/** The fake shop, its search answering "did you mean" as the server does for the words it does not know. */
function shopWithSuggestions() {
  const shop = installFakeCatalogue({ categories, search: (query) => (query.includes('rol') ? rolexes : []) });
  const fake = shop.fetchMock.getMockImplementation()!;
  shop.fetchMock.mockImplementation(async (input, init) => {
    const response = await fake(input, init);
    const url = new URL(String(input), 'http://shop.test');
    const request = JSON.parse(url.searchParams.get('request') ?? '{}') as { query?: string };
    const suggestion = { rolx: 'rolex', rlx: 'rolex' }[request.query ?? ''];
    if (url.pathname !== '/api/catalog/search' || !suggestion) return response;
    const body = (await response.json()) as { code: number; result: object };
    return new Response(JSON.stringify({ ...body, result: { ...body.result, didYouMean: suggestion } }), { status: 200 });
  });
  return shop;
}

describe('the search results page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists what the query finds as product cards, offers the corrected query, and is not for search engines', async () => {
    const { searches, fetchMock } = shopWithSuggestions();
    await renderShop('/en/search?q=rolx');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “rolx”' })).toBeTruthy();
    const list = await screen.findByRole('region', { name: 'Products' });
    expect(within(list).getAllByRole('article').map((card) => card.querySelector('.product-card__name')?.textContent)).toEqual(['Rolex Submariner 0', 'Rolex Submariner 1', 'Rolex Submariner 2']);
    expect(screen.getByText('3 products')).toBeTruthy();
    // The first row's pictures (a phone's two cards, where the largest picture is) load at once and first; the rest lazily.
    const pictures = within(list).getAllByRole('article').map((card) => card.querySelector('img')!);
    expect(pictures.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['lazy', null],
    ]);
    const didYouMean = screen.getByRole('link', { name: 'rolex' });
    expect(didYouMean.getAttribute('href')).toBe('/en/search?q=rolex');
    expect(didYouMean.closest('p')!.textContent).toBe('Did you mean rolex?');
    // Best match first (no sort asked), with the facets counted.
    const first = searches.find((request) => request.query === 'rolx' && request.start === 0 && request.includeFields?.includes('name'));
    expect(first).toMatchObject({ type: 'product', storeCode: 'en', query: 'rolx', filters: {}, size: 50, start: 0 });
    expect(first).not.toHaveProperty('sort');
    expect(first!.aggregate).toContain('brand');
    await waitFor(() => expect(document.title).toBe('Search results for “rolx” | Horloge & Diamant'));
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    await pricesAsked(fetchMock);
  });

  it('keeps the query in the address beside the sort, which offers best match first and no position', async () => {
    const { searches, fetchMock } = shopWithSuggestions();
    const { router } = await renderShop('/en/search?q=rolex');
    const sort = (await screen.findByRole('combobox', { name: 'Sort by' })) as HTMLSelectElement;
    expect([...sort.options].map((option) => option.value)).toEqual(['relevance', 'latest', 'price-asc', 'price-desc', 'name', 'stock']);
    expect(sort.value).toBe('relevance');
    fireEvent.change(sort, { target: { value: 'price-asc' } });
    await waitFor(() => expect(router.state.location.href).toBe('/en/search?q=rolex&sort=price-asc'));
    await waitFor(() => expect(searches.some((request) => request.query === 'rolex' && request.sort === 'final_price_incl_tax:asc')).toBe(true));
    // Back to the default: the plain address again.
    fireEvent.change(sort, { target: { value: 'relevance' } });
    await waitFor(() => expect(router.state.location.href).toBe('/en/search?q=rolex'));
    await pricesAsked(fetchMock);
  });

  it('helps when nothing is found: the corrected query, popular categories and the contact page', async () => {
    shopWithSuggestions();
    await renderShop('/en/search?q=rlx');
    expect(await screen.findByText('No products found for “rlx”.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'rolex' }).getAttribute('href')).toBe('/en/search?q=rolex');
    const popular = screen.getByRole('region', { name: 'Popular categories' });
    await waitFor(() => expect(within(popular).getAllByRole('link').map((link) => link.textContent)).toEqual(['Men', 'Rolex', 'Contact us']));
    expect(within(popular).getByRole('link', { name: 'Rolex' }).getAttribute('href')).toBe('/en/watches/rolex');
    expect(within(popular).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/en/contacts');
  });

  it('asks for 3 characters and searches nothing for a shorter query', async () => {
    const { searches } = shopWithSuggestions();
    await renderShop('/en/search?q=%20ro%20');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeTruthy();
    expect(screen.getByText('Searched term should consist of at least 3 characters')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Popular categories' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(searches.some((request) => request.query !== undefined)).toBe(false);
  });
});

describe('popular categories', () => {
  it('are the menu’s sub-categories with the most products, else its departments', () => {
    expect(popularCategories(categories).map((c) => c.name)).toEqual(['Men', 'Rolex']);
    expect(popularCategories(categories, 1).map((c) => c.name)).toEqual(['Men']);
    expect(popularCategories(categories.filter((c) => c.level === 2)).map((c) => c.name)).toEqual(['Watches']);
  });
});
