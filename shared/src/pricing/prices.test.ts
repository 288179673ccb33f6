import { describe, expect, it } from 'vitest';
import { activeSpecialPrice, bundlePrice, groupedPrice, nextSpecialPriceChange, productPrices } from './prices.ts';

const now = new Date('2026-06-15T12:00:00Z');

describe('activeSpecialPrice', () => {
  it('applies a special price below the price inside its dates', () => {
    expect(activeSpecialPrice({ price: 1000, special_price: 900 }, now)).toBe(900);
    expect(activeSpecialPrice({ price: 1000, special_price: 900, special_from_date: '2026-06-01', special_to_date: '2026-06-15' }, now)).toBe(900);
  });
  it('zeroes a special price that is not below the price', () => {
    expect(activeSpecialPrice({ price: 1000, special_price: 1000 }, now)).toBe(0);
    expect(activeSpecialPrice({ price: 1000, special_price: 1200 }, now)).toBe(0);
  });
  it('zeroes a special price outside its dates', () => {
    expect(activeSpecialPrice({ price: 1000, special_price: 900, special_from_date: '2026-07-01' }, now)).toBe(0);
    expect(activeSpecialPrice({ price: 1000, special_price: 900, special_to_date: '2026-06-14' }, now)).toBe(0);
  });
});

describe('nextSpecialPriceChange', () => {
  it('finds the next start or end of a special price after now', () => {
    const sources = [
      { price: 10, special_price: 9, special_from_date: '2026-06-01', special_to_date: '2026-06-30' },
      { price: 10, special_price: 8, special_from_date: '2026-06-20T08:00:00Z' },
      { price: 10, special_price: null, special_from_date: '2026-06-16' },
    ];
    expect(nextSpecialPriceChange(sources, now)?.toISOString()).toBe('2026-06-20T08:00:00.000Z');
    expect(nextSpecialPriceChange(sources.slice(0, 1), now)?.toISOString()).toBe('2026-07-01T00:00:00.000Z');
    expect(nextSpecialPriceChange([{ price: 10, special_price: 9, special_to_date: '2026-01-01' }], now)).toBeNull();
  });
});

describe('productPrices', () => {
  it('derives incl-tax and final prices with one rounding rule', () => {
    const prices = productPrices({ price: 826.45, special_price: 700 }, 21, now);
    expect(prices.price_incl_tax).toBe(1000);
    expect(prices.special_price_incl_tax).toBe(847);
    expect(prices.final_price).toBe(700);
    expect(prices.final_price_incl_tax).toBe(847);
    expect(prices.final_price_tax).toBe(147);
  });
  it('uses the price as final price without a valid special price', () => {
    const prices = productPrices({ price: 100, special_price: 150 }, 0, now);
    expect(prices).toMatchObject({ special_price: 0, final_price: 100, final_price_incl_tax: 100, price_tax: 0 });
  });
});

describe('grouped and bundle prices (spec 1 §4)', () => {
  const prices = {
    ring: productPrices({ price: 1000 }, 21, now),
    chain: productPrices({ price: 500, special_price: 400 }, 21, now),
    strap: productPrices({ price: 100 }, 21, now),
    winder: productPrices({ price: 300 }, 21, now),
  };
  const member = (sku: string) => (sku in prices ? { type_id: sku === 'winder' ? 'bundle' : 'simple', prices: prices[sku as keyof typeof prices] } : undefined);

  it('adds each associated simple product at qty 1 to a grouped price, from 0', () => {
    const total = groupedPrice([{ sku: 'ring' }, { sku: 'chain' }, { sku: 'missing' }, { sku: 'winder' }], member);
    expect(total).toMatchObject({ price: 1500, final_price: 1400, price_incl_tax: 1815, final_price_incl_tax: 1694, special_price: 1400 });
  });

  it('adds the default link of each bundle option times its qty, or the first link when none is default', () => {
    const total = bundlePrice(
      [
        { links: [{ sku: 'ring', qty: 1, is_default: false }, { sku: 'chain', qty: 1, is_default: true }] },
        { links: [{ sku: 'strap', qty: 2, is_default: false }, { sku: 'winder', qty: 1, is_default: false }] },
        { links: [] },
      ],
      member,
    );
    expect(total).toMatchObject({ price: 700, final_price: 600, final_price_incl_tax: 726 });
  });

  it('starts at 0', () => {
    expect(groupedPrice([], member)).toMatchObject({ price: 0, final_price: 0, special_price: 0 });
    expect(bundlePrice([], member).final_price_incl_tax).toBe(0);
  });
});
