import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatShopDate } from './date-format.ts';
import { STORE_VIEWS } from './stores.ts';

describe('formatShopDate', () => {
  const summer = '2026-07-04T08:05:00Z';

  it('writes Dutch dates as HH:mm D/M/YYYY (spec 1 §9), at the time in Amsterdam', () => {
    expect(formatShopDate(summer, 'nl')).toBe('10:05 4/7/2026');
    expect(formatShopDate(new Date('2026-11-12T13:07:00Z'), 'nl')).toBe('14:07 12/11/2026');
  });

  it('writes English and German dates day first with a 24-hour clock', () => {
    expect(formatShopDate(summer, 'en')).toBe('04/07/2026 10:05');
    expect(formatShopDate(summer, 'de')).toBe('04.07.2026 10:05');
  });

  it('is the store views’ own format', () => {
    expect(STORE_VIEWS.nl.i18n.dateFormat).toBe('HH:mm D/M/YYYY');
    expect(formatShopDate(summer, STORE_VIEWS.en.i18n.language)).toBe('04/07/2026 10:05');
  });

  it('counts the day in Amsterdam, not in UTC: late in the evening is already the next day', () => {
    expect(formatShopDate('2026-01-31T23:30:00Z', 'nl')).toBe('00:30 1/2/2026');
    expect(formatShopDate('2026-12-31T23:59:00Z', 'de')).toBe('01.01.2027 00:59');
  });

  it('follows summer time', () => {
    expect(formatShopDate('2026-03-29T00:59:00Z', 'nl')).toBe('01:59 29/3/2026');
    expect(formatShopDate('2026-03-29T01:00:00Z', 'nl')).toBe('03:00 29/3/2026');
    expect(formatShopDate('2026-10-25T00:30:00Z', 'nl')).toBe('02:30 25/10/2026');
    expect(formatShopDate('2026-10-25T01:30:00Z', 'nl')).toBe('02:30 25/10/2026');
  });

  it('takes milliseconds, Date objects and ISO texts alike, and another time zone when asked', () => {
    const at = Date.parse(summer);
    expect(formatShopDate(at, 'nl')).toBe(formatShopDate(new Date(at), 'nl'));
    expect(formatShopDate(summer, 'nl', 'Europe/London')).toBe('09:05 4/7/2026');
    expect(formatShopDate(summer, 'nl', 'UTC')).toBe('08:05 4/7/2026');
  });

  it('writes midnight as 00, never 24', () => {
    expect(formatShopDate('2026-05-01T22:00:00Z', 'nl')).toBe('00:00 2/5/2026');
  });

  it('gives an empty text for a value that is no date', () => {
    expect(formatShopDate('not a date', 'nl')).toBe('');
    expect(formatShopDate(Number.NaN, 'en')).toBe('');
  });

  it('shows every moment as its Amsterdam wall-clock minute, one or two hours ahead of UTC', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (at) => {
        const match = /^(\d{2}):(\d{2}) (\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(formatShopDate(at, 'nl'));
        expect(match).not.toBeNull();
        const [, hour, minute, day, month, year] = match!.map(Number);
        const ahead = Date.UTC(year!, month! - 1, day!, hour!, minute!) - (at - (at % 60_000));
        expect([3_600_000, 7_200_000]).toContain(ahead);
      }),
    );
  });
});
