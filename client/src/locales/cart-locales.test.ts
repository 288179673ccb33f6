import { CART_MESSAGES } from '@shop/shared/cart/index';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./*/cart.json', { eager: true, import: 'default' });

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('cart texts', () => {
  it('have the same keys in en, nl and de', () => {
    const english = keys(files['./en/cart.json']).sort();
    expect(english.length).toBeGreaterThan(40);
    expect(keys(files['./nl/cart.json']).sort()).toEqual(english);
    expect(keys(files['./de/cart.json']).sort()).toEqual(english);
  });

  it('keep the spec messages word for word in English', () => {
    const cart = files['./en/cart.json'] as { notices: Record<string, string>; problems: Record<string, string>; coupon: Record<string, string>; remove: Record<string, string> };
    expect(cart.notices.added).toBe(CART_MESSAGES.added);
    expect(cart.notices.qtyUpdated).toBe(CART_MESSAGES.qtyUpdated);
    expect(cart.notices.proceedToCheckout).toBe('Proceed to checkout');
    expect(cart.problems.cart_price_unknown).toBe(CART_MESSAGES.priceUnknown);
    expect(cart.problems.cart_out_of_stock).toBe(CART_MESSAGES.outOfStock);
    expect(cart.problems.cart_stock_volatile).toBe(CART_MESSAGES.volatile);
    expect(cart.problems.cart_qty_not_above_zero).toBe(CART_MESSAGES.qtyNotAboveZero);
    expect(cart.problems.cart_qty_not_integer).toBe(CART_MESSAGES.qtyNotInteger);
    expect(cart.coupon.invalid).toBe("You've entered an incorrect coupon code");
  });
});
