import { describe, expect, it } from 'vitest';
import { awaitsPriceSync, withSyncedPrices, withUnsyncedPrices } from './price-freshness.ts';
import { pricesFromAmounts } from './prices.ts';

describe('price freshness (spec 1 §4)', () => {
  const synced = pricesFromAmounts(5000, 4000, 21);

  it('overwrites only the price fields an answer carries, and marks it current with the refresh time', () => {
    const item = { sku: 'W-1', name: 'Diver', final_price_incl_tax: 6050, special_price: 0, price_is_current: false };
    expect(withSyncedPrices(item, synced, '2026-06-15T13:30:00.000Z')).toEqual({
      sku: 'W-1',
      name: 'Diver',
      final_price_incl_tax: 4840,
      special_price: 4000,
      price_is_current: true,
      price_refreshed_at: '2026-06-15T13:30:00.000Z',
    });
    expect(item.final_price_incl_tax).toBe(6050);
  });

  it('marks an answer that did not wait as not current, without a refresh time', () => {
    expect(withUnsyncedPrices({ sku: 'W-1', price: 5000, price_is_current: true, price_refreshed_at: 'earlier' })).toEqual({ sku: 'W-1', price: 5000, price_is_current: false });
  });

  it('waits for the sync only when the answer says its prices are not current', () => {
    expect(awaitsPriceSync({ price_is_current: false })).toBe(true);
    expect(awaitsPriceSync({ price_is_current: true })).toBe(false);
    expect(awaitsPriceSync({})).toBe(false);
  });
});
