import { describe, expect, it } from 'vitest';
import { totalChangedSince } from './total-changed.ts';

describe('totalChangedSince', () => {
  it('a total the shopper would see differently has changed: another whole amount, or another currency', () => {
    expect(totalChangedSince({ total: 7295, currency: 'GBP' }, { total: 7296, currency: 'GBP' })).toBe(true);
    expect(totalChangedSince({ total: 7295.49, currency: 'GBP' }, { total: 7295.5, currency: 'GBP' })).toBe(true);
    expect(totalChangedSince({ total: 8385, currency: 'EUR' }, { total: 7295, currency: 'GBP' })).toBe(true);
    expect(totalChangedSince({ total: 7295, currency: 'EUR' }, { total: 7295, currency: 'GBP' })).toBe(true);
  });

  it('one shown the same (cents apart, or a float’s last digits) has not', () => {
    expect(totalChangedSince({ total: 7294.95, currency: 'GBP' }, { total: 7295.04, currency: 'GBP' })).toBe(false);
    expect(totalChangedSince({ total: 0.1 + 0.2, currency: 'EUR' }, { total: 0.3, currency: 'EUR' })).toBe(false);
    expect(totalChangedSince({ total: 7295, currency: 'GBP' }, { total: 7295, currency: 'GBP' })).toBe(false);
  });
});
