import { describe, expect, it } from 'vitest';
import { toMinorUnits } from '../orders/order-totals.ts';
import { CURRENCY_CODES } from '../location/location.schema.ts';
import { addTax, formatPrice, roundMoney, shownAmount } from './money.ts';

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

describe('shownAmount: the amount shown is the amount charged', () => {
  it('is the whole amount a price is shown as, half up after the cent rounding, away from zero below 0', () => {
    expect(shownAmount(7255.01)).toBe(7255);
    expect(shownAmount(7254.5)).toBe(7255);
    expect(shownAmount(7254.49)).toBe(7254);
    expect(shownAmount(14999.995)).toBe(15000);
    expect(shownAmount(-725.5)).toBe(-726);
    expect(shownAmount(-0.4)).toBe(0);
    expect(Object.is(shownAmount(-0.4), 0)).toBe(true);
  });

  it('in every currency: the shown text, the amount and its minor units agree to the cent', () => {
    expect(CURRENCY_CODES).toEqual(['EUR', 'GBP', 'USD', 'SEK', 'DKK']);
    for (const currency of CURRENCY_CODES) {
      for (const amount of [0.49, 1.5, 7255.01, 7254.5, 12999.99, 100000.004]) {
        const shown = shownAmount(amount);
        // What formatPrice prints is exactly the shown amount, and its cents are whole hundreds.
        expect(formatPrice(amount, currency, 'en-GB')).toBe(formatPrice(shown, currency, 'en-GB'));
        expect(Number(formatPrice(shown, currency, 'en-GB').replace(/[^0-9]/g, ''))).toBe(shown);
        expect(toMinorUnits(shown)).toBe(shown * 100);
      }
    }
  });
});
