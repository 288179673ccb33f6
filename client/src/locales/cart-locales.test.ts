import { CART_MESSAGES } from '@shop/shared/cart/index';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./*/cart.json', { eager: true, import: 'default' });

describe('cart texts', () => {
  it('keep the spec messages word for word in English', () => {
    const cart = files['./en/cart.json'] as { notices: Record<string, string>; problems: Record<string, string>; coupon: Record<string, string>; remove: Record<string, string> };
    expect(cart.notices.added).toBe(CART_MESSAGES.added);
    expect(cart.notices.qtyUpdated).toBe(CART_MESSAGES.qtyUpdated);
    expect(cart.notices.proceedToCheckout).toBe('Proceed to checkout');
    expect(cart.problems.cart_price_unknown).toBe(CART_MESSAGES.priceUnknown);
    expect(cart.problems.cart_out_of_stock).toBe(CART_MESSAGES.outOfStock);
    expect(cart.problems.cart_qty_negative).toBe(CART_MESSAGES.qtyNegative);
    expect(cart.problems.cart_bundle_options).toBe(CART_MESSAGES.bundleOptions);
    // The spec's {name} placeholders are i18next's {{name}}.
    expect(cart.problems.cart_qty_too_large).toBe(CART_MESSAGES.qtyTooLarge.replace('{quantity}', '{{quantity}}'));
    expect(cart.problems.cart_qty_not_more_than).toBe(CART_MESSAGES.qtyNotMoreThan.replace('{quantity}', '{{quantity}}'));
    expect(cart.problems.cart_qty_only_available).toBe(CART_MESSAGES.qtyOnlyAvailable.replace('{maxQuantity}', '{{maxQuantity}}'));
    expect((files['./en/cart.json'] as { add: { priceUnknown: string } }).add.priceUnknown).toBe('Product price is unknown so it cannot be added to the cart');
    expect(cart.problems.cart_qty_not_above_zero).toBe(CART_MESSAGES.qtyNotAboveZero);
    expect(cart.problems.cart_qty_not_integer).toBe(CART_MESSAGES.qtyNotInteger);
    expect(cart.coupon.invalid).toBe("You've entered an incorrect coupon code");
  });

  it('say unchecked stock as a shopper would, without the jargon of "volatile" stock or "pre-reservation"', () => {
    for (const language of ['en', 'nl', 'de']) {
      const { problems } = files[`./${language}/cart.json`] as { problems: Record<string, string> };
      for (const code of ['cart_stock_volatile', 'cart_unsafe_quantity']) {
        expect(problems[code], `${language} ${code}`).not.toMatch(/volati|reserv|system|systeem/i);
      }
    }
  });
});
