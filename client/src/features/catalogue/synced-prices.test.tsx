import type { SyncedPrices } from '@shop/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeCatalogue, product, renderShop } from '../../test/shop-test-utils.tsx';
import { forgetSyncedPrices } from './synced-prices.ts';

/** The price sync's answer for W-1: on special at 800 (regular 1000), refreshed now. */
const synced = (sku: string): SyncedPrices => ({
  sku,
  price: 1000,
  price_incl_tax: 1000,
  price_tax: 0,
  original_price: 1000,
  original_price_incl_tax: 1000,
  original_price_tax: 0,
  special_price: 800,
  special_price_incl_tax: 800,
  special_price_tax: 0,
  final_price: 800,
  final_price_incl_tax: 800,
  final_price_tax: 0,
  price_is_current: true,
  price_refreshed_at: '2026-06-15T13:30:00.000Z',
});

const pricesCalls = (fetchMock: ReturnType<typeof installFakeCatalogue>['fetchMock']) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://shop.test')).filter((url) => url.pathname === '/api/catalog/prices');

describe('prices that did not wait for the price sync (spec 1 §4)', () => {
  beforeEach(() => {
    localStorage.clear();
    forgetSyncedPrices();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the indexed price subdued and not yet confirmed, then the synced price in its place', async () => {
    let answer: (items: SyncedPrices[]) => void = () => undefined;
    const { fetchMock } = installFakeCatalogue({
      products: [product({ id: 1, name: 'Diver', sku: 'W-1', new: true, is_bestseller: true, price_is_current: false })],
      prices: () => new Promise((resolve) => (answer = resolve)),
    });
    await renderShop('/en');

    // The home page shows the watch twice (new, best seller): both stale prices wait, asked in one call. (Until the
    // location answers, a first visit shows skeletons in their place.)
    const stale = await waitFor(() => {
      const shown = screen.getAllByText('€1,000').filter((price) => !price.closest('.price--loading'));
      expect(shown).toHaveLength(2);
      return shown;
    });
    for (const price of stale) {
      expect(price.closest('.price')!.classList.contains('price--unconfirmed')).toBe(true);
      expect(price.closest('.price')!.textContent).toBe('€1,000 (price not yet confirmed)');
    }
    await waitFor(() => expect(pricesCalls(fetchMock)).toHaveLength(1));
    expect(pricesCalls(fetchMock)[0]?.searchParams.get('skus')).toBe('W-1');

    answer([synced('W-1')]);
    const fresh = await screen.findAllByText('€800');
    expect(fresh).toHaveLength(2);
    for (const price of fresh) {
      const tag = price.closest('.price')!;
      expect(tag.classList.contains('price--unconfirmed')).toBe(false);
      expect(tag.classList.contains('price--special')).toBe(true);
      expect(tag.querySelector('del')!.textContent).toBe('€1,000');
      expect(tag.textContent).not.toContain('not yet confirmed');
    }
    expect(pricesCalls(fetchMock)).toHaveLength(1);
  });

  it('keeps a price that waited for the sync as it is, asking nothing', async () => {
    const prices = vi.fn(() => [synced('W-1')]);
    const { fetchMock } = installFakeCatalogue({ products: [product({ id: 1, name: 'Diver', sku: 'W-1', new: true, price_is_current: true })], prices });
    await renderShop('/en');

    const shown = await waitFor(() => {
      const prices = screen.getAllByText('€1,000').filter((price) => !price.closest('.price--loading'));
      expect(prices.length).toBeGreaterThan(0);
      return prices;
    });
    for (const price of shown) expect(price.closest('.price')!.classList.contains('price--unconfirmed')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pricesCalls(fetchMock)).toHaveLength(0);
  });

  it('keeps the price shown, not confirmed, when the sync cannot be asked (offline)', async () => {
    const { fetchMock } = installFakeCatalogue({ products: [product({ id: 1, name: 'Diver', sku: 'W-1', new: true, price_is_current: false })] });
    await renderShop('/en');

    await waitFor(() => expect(pricesCalls(fetchMock)).toHaveLength(1));
    const [price] = await screen.findAllByText('€1,000');
    expect(price!.closest('.price')!.classList.contains('price--unconfirmed')).toBe(true);
  });
});
