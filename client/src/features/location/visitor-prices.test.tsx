import type { RenderListItem } from '@shop/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeCatalogue, product, renderShop } from '../../test/shop-test-utils.tsx';
import { COUNTRY_KEY } from './visitor-prices.ts';
import { resetShopperMarketForTests } from './shopper-country.ts';

const watch = product({ id: 1, name: 'Diver', sku: 'W-1', new: true, is_bestseller: true });

/** What the server answers for a US visitor: USD at 1.17, no VAT. */
const usd = (sku: string): RenderListItem => ({
  id: 1,
  sku,
  currency: 'USD',
  tax_rate: 0,
  custom_price: false,
  price: 1170,
  price_incl_tax: 1170,
  price_tax: 0,
  original_price: 1170,
  original_price_incl_tax: 1170,
  original_price_tax: 0,
  special_price: 0,
  special_price_incl_tax: 0,
  special_price_tax: 0,
  final_price: 1170,
  final_price_incl_tax: 1170,
  final_price_tax: 0,
});

const calls = (fetchMock: ReturnType<typeof installFakeCatalogue>['fetchMock'], path: string) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://shop.test')).filter((url) => url.pathname === path);

describe('prices in the visitor’s currency', () => {
  beforeEach(() => {
    localStorage.clear();
    resetShopperMarketForTests();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a US visitor the render list’s dollar prices, asked once for the whole home page', async () => {
    const { fetchMock } = installFakeCatalogue({
      products: [watch],
      location: { country_code: 'US', vat: 0, currency: 'USD' },
      renderList: (skus, currency) => (currency === 'USD' ? [...new Set(skus)].map(usd) : []),
    });
    await renderShop('/en');

    expect(await screen.findAllByText('$1,170')).toHaveLength(2);
    expect(screen.queryByText('€1,000')).toBeNull();
    const renderLists = calls(fetchMock, '/api/catalog/render-list');
    expect(renderLists).toHaveLength(1);
    expect(renderLists[0]?.searchParams.get('currencyCode')).toBe('USD');
    expect(renderLists[0]?.searchParams.get('storeId')).toBe('1');
    expect(localStorage.getItem(COUNTRY_KEY)).toBe('US');
  });

  it('shows an NL visitor the catalogue’s euro prices without asking the render list', async () => {
    const { fetchMock } = installFakeCatalogue({ products: [watch], location: { country_code: 'NL', vat: 21, currency: 'EUR' }, renderList: () => [] });
    await renderShop('/en');

    expect(await screen.findAllByText('€1,000')).toHaveLength(2);
    await waitFor(() => expect(localStorage.getItem(COUNTRY_KEY)).toBe('NL'));
    expect(calls(fetchMock, '/api/location')).toHaveLength(1);
    expect(calls(fetchMock, '/api/catalog/render-list')).toHaveLength(0);
  });

  it('falls back to the catalogue’s euro prices when the render list fails, for a remembered US visitor offline', async () => {
    localStorage.setItem(COUNTRY_KEY, 'US');
    const { fetchMock } = installFakeCatalogue({ products: [watch] });
    await renderShop('/en');

    expect(await screen.findAllByText('€1,000')).toHaveLength(2);
    expect(calls(fetchMock, '/api/catalog/render-list')).toHaveLength(1);
  });
});
