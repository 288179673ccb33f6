import { describe, expect, it } from 'vitest';
import { CART_MESSAGES } from './cart-errors.ts';
import { cartItemFor } from './cart.ts';
import { checkCustomSize, CUSTOM_SIZE_RANGES } from './custom-size.ts';

const problemOf = (check: ReturnType<typeof checkCustomSize>) => (check.ok ? null : { code: check.problem.code, message: check.problem.message });

describe('checkCustomSize', () => {
  it("asks a ring or bracelet for a size with the spec's 'Please fill your size'", () => {
    for (const missing of [undefined, null, '', '   ']) {
      expect(problemOf(checkCustomSize('ring', missing, 'mm'))).toEqual({ code: 'cart_size_missing', message: 'Please fill your size' });
      expect(problemOf(checkCustomSize('bracelet', missing, 'inch'))?.message).toBe(CART_MESSAGES.sizeMissing);
    }
  });

  it('takes a size in millimetres or inches within the range of its kind, normalised', () => {
    expect(checkCustomSize('ring', '54', 'mm')).toEqual({ ok: true, size: { custom_size: '54', custom_size_unit: 'mm' } });
    expect(checkCustomSize('ring', ' 54,50 ', 'mm')).toEqual({ ok: true, size: { custom_size: '54.5', custom_size_unit: 'mm' } });
    expect(checkCustomSize('ring', '2.13', 'inch')).toEqual({ ok: true, size: { custom_size: '2.13', custom_size_unit: 'inch' } });
    expect(checkCustomSize('ring', 60, 'mm')).toEqual({ ok: true, size: { custom_size: '60', custom_size_unit: 'mm' } });
    expect(checkCustomSize('bracelet', '180', 'mm')).toEqual({ ok: true, size: { custom_size: '180', custom_size_unit: 'mm' } });
    expect(checkCustomSize('bracelet', '7', 'inch')).toEqual({ ok: true, size: { custom_size: '7', custom_size_unit: 'inch' } });
    for (const kind of ['ring', 'bracelet'] as const) {
      for (const unit of ['mm', 'inch'] as const) {
        const { min, max } = CUSTOM_SIZE_RANGES[kind][unit];
        expect(checkCustomSize(kind, String(min), unit).ok).toBe(true);
        expect(checkCustomSize(kind, String(max), unit).ok).toBe(true);
      }
    }
  });

  it('refuses a size out of range with the range in the unit chosen', () => {
    expect(problemOf(checkCustomSize('ring', '17', 'mm'))).toEqual({ code: 'cart_size_range_mm', message: 'Your size must be between 38 and 76 mm' });
    expect(problemOf(checkCustomSize('ring', '54', 'inch'))).toEqual({ code: 'cart_size_range_inch', message: 'Your size must be between 1.5 and 3 inch' });
    expect(problemOf(checkCustomSize('bracelet', '54', 'mm'))).toEqual({ code: 'cart_size_range_mm', message: 'Your size must be between 140 and 250 mm' });
    expect(problemOf(checkCustomSize('bracelet', '10.5', 'inch'))?.code).toBe('cart_size_range_inch');
    expect(problemOf(checkCustomSize('ring', '0', 'mm'))?.code).toBe('cart_size_range_mm');
  });

  it('refuses nonsense: not a number, negative, too precise, an unknown unit', () => {
    for (const nonsense of ['abc', '54mm', '-54', '5e1', '54.5.1', 'NaN', 'Infinity', '1/2', {}, [], true]) {
      expect(problemOf(checkCustomSize('ring', nonsense, 'mm'))?.code, String(nonsense)).toBe('cart_size_not_number');
    }
    expect(problemOf(checkCustomSize('ring', '54.25', 'mm'))).toEqual({ code: 'cart_size_decimals', message: 'Please give your size with at most 1 decimals' });
    expect(problemOf(checkCustomSize('ring', '2.125', 'inch'))?.code).toBe('cart_size_decimals');
    expect(checkCustomSize('ring', '54.50', 'mm').ok).toBe(true);
    for (const unit of [undefined, '', 'cm', 'MM', 3]) expect(problemOf(checkCustomSize('ring', '54', unit))?.code).toBe('cart_size_unit');
  });

  it('refuses a size on a product that takes none, and asks nothing of it otherwise', () => {
    expect(checkCustomSize(undefined, undefined, undefined)).toEqual({ ok: true, size: null });
    expect(checkCustomSize(undefined, '', 'mm')).toEqual({ ok: true, size: null });
    expect(problemOf(checkCustomSize(undefined, '54', 'mm'))).toEqual({ code: 'cart_size_not_taken', message: 'This product does not take a size' });
  });

  it('makes two lines of one ring in two sizes, and one line of one size however it was typed', () => {
    const ring = (size: string) => {
      const check = checkCustomSize('ring', size, 'mm');
      if (!check.ok || !check.size) throw new Error('size refused');
      return cartItemFor({ sku: 'R-1', type_id: 'simple', name: 'Ring', image: '', url_path: 'r', price_incl_tax: 100, ...check.size }, 1);
    };
    expect(ring('52').id).not.toBe(ring('54').id);
    expect(ring('54,0').id).toBe(ring('54').id);
  });
});
