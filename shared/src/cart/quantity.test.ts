import { describe, expect, it } from 'vitest';
import { availableQty, checkBundleChoice, checkQuantity, MAX_LINE_QTY } from './quantity.ts';

const managed = { qty: 3, manage_stock: true, backorders: false };

describe('the quantity rule of spec 2 §5', () => {
  it('takes a whole number above 0, typed or sent', () => {
    expect(checkQuantity('2')).toEqual({ ok: true, qty: 2 });
    expect(checkQuantity(' 7 ')).toEqual({ ok: true, qty: 7 });
    expect(checkQuantity(MAX_LINE_QTY)).toEqual({ ok: true, qty: 9999 });
  });

  it.each([
    ['-1', 'cart_qty_negative', 'Negative quantity not allowed'],
    [-0.5, 'cart_qty_negative', 'Negative quantity not allowed'],
    ['0', 'cart_qty_not_above_zero', 'Quantity must be above 0'],
    ['1.5', 'cart_qty_not_integer', 'Quantity must be positive integer'],
    ['two', 'cart_qty_not_integer', 'Quantity must be positive integer'],
    ['', 'cart_qty_not_integer', 'Quantity must be positive integer'],
    [Number.POSITIVE_INFINITY, 'cart_qty_not_integer', 'Quantity must be positive integer'],
    ['10000', 'cart_qty_too_large', 'Quantity must be below 10000'],
  ])('refuses %s with "%s"', (input, code, message) => {
    expect(checkQuantity(input)).toMatchObject({ ok: false, problem: { code, message, severity: 'error' } });
  });

  it('names the numbers a message holds, for its translation', () => {
    expect(checkQuantity('12000')).toMatchObject({ ok: false, problem: { values: { quantity: 10_000 } } });
    expect(checkQuantity('5', { stock: managed })).toMatchObject({ ok: false, problem: { values: { maxQuantity: 3 } } });
  });

  it('keeps a quantity within managed stock: more than it holds, or more than is left beside the cart', () => {
    expect(checkQuantity('3', { stock: managed })).toEqual({ ok: true, qty: 3 });
    expect(checkQuantity('4', { stock: managed })).toMatchObject({
      ok: false,
      problem: { code: 'cart_qty_only_available', message: 'Only 3 products of this type are available' },
    });
    expect(checkQuantity('2', { stock: managed, inCart: 2 })).toMatchObject({
      ok: false,
      problem: { code: 'cart_qty_not_more_than', message: "Quantity can't be more than 1", values: { quantity: 1 } },
    });
    expect(checkQuantity('1', { stock: managed, inCart: 2 })).toEqual({ ok: true, qty: 1 });
  });

  it('lets stock that is not managed, or that takes backorders, cap nothing', () => {
    expect(availableQty({ qty: 0, manage_stock: false })).toBeNull();
    expect(availableQty({ qty: 0, manage_stock: true, backorders: true })).toBeNull();
    expect(availableQty(null)).toBeNull();
    expect(checkQuantity('50', { stock: { qty: 1, manage_stock: true, backorders: true } })).toEqual({ ok: true, qty: 50 });
  });
});

describe('the bundle choice rule', () => {
  const options = [
    { option_id: 1, required: true },
    { option_id: 2, required: true },
    { option_id: 3, required: false },
  ];

  it('asks for a piece in every required option', () => {
    expect(checkBundleChoice(options, [{ option_id: 1, option_selections: [10] }])).toEqual({
      code: 'cart_bundle_options',
      message: 'Please configure product bundle options (or custom options) and fix the validation errors',
      severity: 'error',
    });
    expect(checkBundleChoice(options, [{ option_id: 1, option_selections: [10] }, { option_id: 2, option_selections: [] }])?.code).toBe('cart_bundle_options');
  });

  it('leaves optional options free', () => {
    expect(checkBundleChoice(options, [{ option_id: 1, option_selections: [10] }, { option_id: 2, option_selections: [20, 21] }])).toBeNull();
  });
});
