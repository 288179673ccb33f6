import { describe, expect, it } from 'vitest';
import { addTax, formatPrice, roundMoney } from './money.ts';

describe('roundMoney', () => {
  it('rounds half up to two decimals', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(10.004)).toBe(10);
    expect(roundMoney(-1.005)).toBe(-1.01);
  });
  it('refuses amounts that are not numbers', () => {
    expect(() => roundMoney(Number.NaN)).toThrow(RangeError);
  });
});

describe('addTax', () => {
  it('adds a percentage and rounds once', () => {
    expect(addTax(100, 21)).toBe(121);
    expect(addTax(4.13, 21)).toBe(5);
    expect(addTax(99.99, 0)).toBe(99.99);
  });
});

describe('formatPrice', () => {
  it('shows whole numbers with the sign before the amount', () => {
    expect(formatPrice(1249.5, 'EUR', 'nl-NL')).toBe('€1.250');
    expect(formatPrice(1249.4, 'EUR', 'en-GB')).toBe('€1,249');
    expect(formatPrice(980, 'GBP', 'en-GB')).toBe('£980');
  });
});
