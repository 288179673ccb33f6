import type { Category, Product, SearchRequest } from '@shop/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { category, installFakeCatalogue, product, renderShop } from '../../test/shop-test-utils.tsx';

/** The store switcher on a Dutch page: where its English link leads. */
const ring = product({ id: 6, name: 'Gouden ring', sku: 'R-6', url_path: 'sieraden/gouden-ring' });
const rings = category({ id: 21, name: 'Ringen', url_path: 'sieraden/ringen' });
const english: Record<string, string> = { 'product:6': 'jewellery/gold-ring', 'category:21': 'jewellery/rings' };

function dutchShop() {
  const { fetchMock } = installFakeCatalogue({ categories: [rings], products: [ring], urls: { [ring.url_path]: { _type: 'product', _source: ring as Product }, [rings.url_path]: { _type: 'category', _source: rings as Category } } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://shop.test');
      const request = url.pathname === '/api/catalog/search' ? (JSON.parse(url.searchParams.get('request') ?? '{}') as SearchRequest) : null;
      // The English store's copy of a page, by id.
      if (request?.storeCode === 'en' && request.filters?.id !== undefined) {
        const path = english[`${request.type}:${String(request.filters.id)}`];
        const items = path ? [{ id: request.filters.id, url_path: path }] : [];
        return new Response(JSON.stringify({ code: 200, result: { items, total: items.length } }), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      return fetchMock(input, init);
    }),
  );
}

/** The switcher's links to the English store (named in the interface language, so found by their hreflang). */
const englishLink = async () => {
  await screen.findAllByRole('navigation', {}, { timeout: 5000 });
  return [...document.querySelectorAll('.store-switcher a[hreflang="en"]')];
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('switching store', () => {
  it('leads from a product page to the same product in the other store', async () => {
    dutchShop();
    await renderShop('/nl/sieraden/gouden-ring');
    await screen.findByRole('heading', { level: 1, name: 'Gouden ring' }, { timeout: 5000 });
    await waitFor(async () => expect((await englishLink()).map((link) => link.getAttribute('href'))).toContain('/en/jewellery/gold-ring'), { timeout: 5000 });
  });

  it('leads from a category page to the same category in the other store', async () => {
    dutchShop();
    await renderShop('/nl/sieraden/ringen');
    await screen.findByRole('heading', { level: 1, name: /Ringen/ }, { timeout: 5000 });
    await waitFor(async () => expect((await englishLink()).map((link) => link.getAttribute('href'))).toContain('/en/jewellery/rings'), { timeout: 5000 });
  });

  it('leads elsewhere to the other store’s home page', async () => {
    dutchShop();
    await renderShop('/nl');
    expect((await englishLink()).map((link) => link.getAttribute('href'))).toContain('/en');
  });
});
