import type { RenderListItem } from '@shop/shared';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCache } from '../../app/resource.ts';
import { installFakeCatalogue, product, renderShop } from '../../test/shop-test-utils.tsx';
import { loadVisitorLocation } from './load-visitor-prices.ts';
import { COUNTRY_KEY, LOCATION_KEY, rememberLocation, resetShopperMarketForTests, setShipToMarket, SHIP_TO_KEY, shopperMarket, shopRate, subscribeShopperMarket } from './shopper-country.ts';

const GB = { country_code: 'GB', vat: 20, currency: 'GBP' as const, rate: 0.86 };

/** Another tab wrote `key`: the browser tells this one with a storage event. */
function otherTabWrites(key: string, value: unknown): void {
  const text = JSON.stringify(value);
  localStorage.setItem(key, text);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: text }));
}

describe('the shopper’s country', () => {
  beforeEach(() => {
    localStorage.clear();
    resetShopperMarketForTests();
    clearCache();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is the location answer, remembered whole, until the checkout’s shipping country replaces it', () => {
    const heard = vi.fn();
    const stop = subscribeShopperMarket(heard);
    expect(shopperMarket()).toBeNull();

    rememberLocation(GB);
    expect(shopperMarket()).toEqual({ country: 'GB', currency: 'GBP', rate: 0.86 });
    expect(JSON.parse(localStorage.getItem(LOCATION_KEY)!)).toEqual(GB);
    expect(localStorage.getItem(COUNTRY_KEY)).toBe('GB');
    expect(heard).toHaveBeenCalledTimes(1);

    rememberLocation(GB);
    expect(heard).toHaveBeenCalledTimes(1);

    setShipToMarket({ country: 'DE', currency: 'EUR', rate: 1 });
    expect(shopperMarket()).toMatchObject({ country: 'DE', currency: 'EUR' });
    expect(heard).toHaveBeenCalledTimes(2);

    setShipToMarket(null);
    expect(shopperMarket()).toMatchObject({ country: 'GB', currency: 'GBP' });
    expect(heard).toHaveBeenCalledTimes(3);
    stop();
  });

  it('knows the shop’s rate for every currency from the location answer, also after a reload', () => {
    expect(shopRate('GBP')).toBeUndefined();
    rememberLocation({ country_code: 'NL', vat: 21, currency: 'EUR', rate: 1, rates: { EUR: 1, GBP: 0.9, USD: 1.2, SEK: 11, DKK: 7.5 } });
    expect(shopRate('GBP')).toBe(0.9);
    resetShopperMarketForTests();
    expect(shopRate('SEK')).toBe(11);
    localStorage.setItem(LOCATION_KEY, JSON.stringify({ country_code: 'NL', vat: 21, currency: 'EUR', rate: 1, rates: { GBP: -1, XYZ: 2 } }));
    resetShopperMarketForTests();
    expect(shopRate('GBP')).toBeUndefined();
    expect(shopRate('EUR')).toBe(1);
  });

  it('follows a change made in another tab', () => {
    rememberLocation(GB);
    const heard = vi.fn();
    const stop = subscribeShopperMarket(heard);
    otherTabWrites(SHIP_TO_KEY, { country: 'US', currency: 'USD', rate: 1.17 });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(shopperMarket()).toEqual({ country: 'US', currency: 'USD', rate: 1.17 });
    otherTabWrites(LOCATION_KEY, { country_code: 'NL', vat: 21, currency: 'EUR', rate: 1 });
    // The shipping country still wins over the location.
    expect(shopperMarket()).toMatchObject({ country: 'US' });
    stop();
  });

  it('ignores stored values that are not a market', () => {
    localStorage.setItem(LOCATION_KEY, '{"country_code":"Great Britain","vat":20,"currency":"GBP"}');
    localStorage.setItem(SHIP_TO_KEY, '{"country":"DE","currency":"XYZ"}');
    expect(shopperMarket()).toBeNull();
  });

  it('starts offline with the last full location answer, not the flat VAT of the country', async () => {
    rememberLocation(GB);
    resetShopperMarketForTests();
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await loadVisitorLocation()).toEqual(GB);
  });

  it('re-prices the page when the country changes, asking the render list for the new country', async () => {
    const priced = (country: string | null, currency: string) => (sku: string): RenderListItem => {
      const amount = currency === 'GBP' ? 870 : country === 'DE' ? 983 : 1000;
      return {
        id: 1, sku, currency: currency as RenderListItem['currency'], tax_rate: 0, custom_price: false,
        price: amount, price_incl_tax: amount, price_tax: 0, original_price: amount, original_price_incl_tax: amount, original_price_tax: 0,
        special_price: 0, special_price_incl_tax: 0, special_price_tax: 0, final_price: amount, final_price_incl_tax: amount, final_price_tax: 0,
      };
    };
    const { fetchMock } = installFakeCatalogue({
      products: [product({ id: 1, name: 'Diver', sku: 'W-1', new: true, is_bestseller: true })],
      location: GB,
      renderList: (skus, currency, country) => [...new Set(skus)].map(priced(country, currency)),
    });
    await renderShop('/en');
    expect(await screen.findAllByText('£870')).toHaveLength(2);

    act(() => otherTabWrites(SHIP_TO_KEY, { country: 'DE', currency: 'EUR', rate: 1 }));
    expect(await screen.findAllByText('€983')).toHaveLength(2);
    expect(screen.queryByText('£870')).toBeNull();
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://shop.test')).filter((url) => url.pathname === '/api/catalog/render-list');
    expect(asked.map((url) => `${url.searchParams.get('country')}:${url.searchParams.get('currencyCode')}`)).toEqual(['GB:GBP', 'DE:EUR']);
  });
});
