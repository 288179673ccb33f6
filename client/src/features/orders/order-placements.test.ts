import { beforeEach, describe, expect, it } from 'vitest';
import { afterOrderStep, markFinished, PLACEMENT_KEEP_MS, PLACEMENTS_KEY, placementOf, prunePlacements, recordPlacement } from './order-placements.ts';

const placed = { transmited: true, resultCode: 200 };

describe('the after-order steps of an order', () => {
  it('clear the cart the order was placed from', () => {
    expect(afterOrderStep(placed, { cart: 'cart-1', at: 1 }, 'cart-1')).toBe('clear');
    // Without a server cart any more (the connection dropped the token), the cart on the device is still that one.
    expect(afterOrderStep(placed, { cart: 'cart-1', at: 1 }, null)).toBe('clear');
    expect(afterOrderStep(placed, { cart: null, at: 1 }, 'cart-2')).toBe('clear');
  });

  it('run once', () => {
    expect(afterOrderStep(placed, { cart: 'cart-1', at: 1, finishedAt: 2 }, 'cart-1')).toBe('none');
  });

  it('never clear a cart with another token: they are only remembered as done', () => {
    expect(afterOrderStep(placed, { cart: 'cart-1', at: 1 }, 'cart-2')).toBe('remember');
  });

  it('do nothing for an order this device did not place, nor for one not placed', () => {
    expect(afterOrderStep(placed, undefined, 'cart-1')).toBe('none');
    expect(afterOrderStep({ transmited: false }, { cart: 'cart-1', at: 1 }, 'cart-1')).toBe('none');
    expect(afterOrderStep({ transmited: true, resultCode: 409 }, { cart: 'cart-1', at: 1 }, 'cart-1')).toBe('none');
    expect(afterOrderStep({ transmited: true, resultCode: 500 }, { cart: 'cart-1', at: 1 }, 'cart-1')).toBe('none');
  });
});

describe('the placements this device remembers', () => {
  beforeEach(() => localStorage.clear());

  it('keep the cart an order was first placed from, and when its steps ran', () => {
    recordPlacement('o-1', 'cart-1', 1_000);
    recordPlacement('o-1', 'cart-2', 2_000);
    expect(placementOf('o-1')).toEqual({ cart: 'cart-1', at: 1_000 });
    markFinished('o-1', 3_000);
    expect(placementOf('o-1')).toEqual({ cart: 'cart-1', at: 1_000, finishedAt: 3_000 });
    markFinished('o-1', 4_000);
    expect(placementOf('o-1')?.finishedAt).toBe(3_000);
    expect(JSON.parse(localStorage.getItem(PLACEMENTS_KEY)!)).toEqual({ 'o-1': { cart: 'cart-1', at: 1_000, finishedAt: 3_000 } });
  });

  it('forget records after a while, so the list does not grow for ever', () => {
    const now = 10 * PLACEMENT_KEEP_MS;
    expect(
      prunePlacements({ old: { cart: 'a', at: 0, finishedAt: now - PLACEMENT_KEEP_MS }, fresh: { cart: 'b', at: 0, finishedAt: now - 1 }, waiting: { cart: 'c', at: now - 5 } }, now),
    ).toEqual({ fresh: { cart: 'b', at: 0, finishedAt: now - 1 }, waiting: { cart: 'c', at: now - 5 } });
  });

  it('take stored data of another shape as no record', () => {
    localStorage.setItem(PLACEMENTS_KEY, JSON.stringify({ 'o-1': { cart: 7 }, 'o-2': { cart: 'cart-2', at: 5 } }));
    expect(placementOf('o-1')).toBeUndefined();
    expect(placementOf('o-2')).toEqual({ cart: 'cart-2', at: 5 });
    localStorage.setItem(PLACEMENTS_KEY, 'not json');
    expect(placementOf('o-2')).toBeUndefined();
  });
});
