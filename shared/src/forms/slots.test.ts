import { describe, expect, it } from 'vitest';
import { OpeningHoursSchema, type OpeningHours } from './appointment.schema.ts';
import { addDays, boutiqueSlots, dayNumber, findSlot, hoursOn, localDate, slotsForDays, zonedToUtc } from './slots.ts';

const AMSTERDAM = 'Europe/Amsterdam';
const utc = (iso: string) => Date.parse(iso);
const week = (ranges: [string, string][]): OpeningHours['weekly'] => ({ mon: ranges, tue: ranges, wed: ranges, thu: ranges, fri: ranges, sat: ranges, sun: ranges });
const HOURS: OpeningHours = {
  weekly: { ...week([['10:00', '18:00']]), sun: [['12:00', '17:00']] },
  closed: ['2026-12-25'],
  special: { '2026-12-24': [['10:00', '16:00']] },
};
/** Long before every date tested, with no lead time in the way. */
const EARLY = { now: utc('2026-01-01T00:00:00Z'), horizonDays: 400 };

describe('boutiqueSlots', () => {
  it('cuts a day of opening hours into 30-minute slots, each ending by closing time', () => {
    const slots = boutiqueSlots(HOURS, AMSTERDAM, '2026-06-16', EARLY);
    expect(slots).toHaveLength(16);
    expect(slots[0]).toEqual({ slot: '2026-06-16T10:00', time: '10:00', start: utc('2026-06-16T08:00:00Z'), end: utc('2026-06-16T08:30:00Z') });
    expect(slots.at(-1)!.time).toBe('17:30');
    expect(boutiqueSlots({ weekly: week([['10:00', '10:45']]) }, AMSTERDAM, '2026-06-16', EARLY).map((s) => s.time)).toEqual(['10:00']);
  });

  it('keeps the boutique-local hours across the spring DST day (2026-03-29): the skipped hour has no slot', () => {
    const before = boutiqueSlots(HOURS, AMSTERDAM, '2026-03-28', EARLY)[0]!;
    const dstDay = boutiqueSlots(HOURS, AMSTERDAM, '2026-03-29', EARLY)[0]!;
    expect(before.start).toBe(utc('2026-03-28T09:00:00Z')); // 10:00 CET
    expect(dstDay).toMatchObject({ time: '12:00', start: utc('2026-03-29T10:00:00Z') }); // Sunday 12:00 CEST
    const night = boutiqueSlots({ weekly: week([['01:00', '04:00']]) }, AMSTERDAM, '2026-03-29', EARLY);
    expect(night.map((s) => [s.time, new Date(s.start).toISOString()])).toEqual([
      ['01:00', '2026-03-29T00:00:00.000Z'],
      ['01:30', '2026-03-29T00:30:00.000Z'],
      ['03:00', '2026-03-29T01:00:00.000Z'],
      ['03:30', '2026-03-29T01:30:00.000Z'],
    ]);
    for (const slot of night) expect(slot.end - slot.start).toBe(30 * 60_000);
  });

  it('keeps the boutique-local hours across the autumn DST day (2026-10-25): a repeated time is one slot, its first occurrence', () => {
    expect(boutiqueSlots(HOURS, AMSTERDAM, '2026-10-24', EARLY)[0]!.start).toBe(utc('2026-10-24T08:00:00Z')); // 10:00 CEST
    expect(boutiqueSlots(HOURS, AMSTERDAM, '2026-10-25', EARLY)[0]!.start).toBe(utc('2026-10-25T11:00:00Z')); // Sunday 12:00 CET
    const night = boutiqueSlots({ weekly: week([['01:00', '04:00']]) }, AMSTERDAM, '2026-10-25', EARLY);
    expect(night.map((s) => [s.time, new Date(s.start).toISOString()])).toEqual([
      ['01:00', '2026-10-24T23:00:00.000Z'],
      ['01:30', '2026-10-24T23:30:00.000Z'],
      ['02:00', '2026-10-25T00:00:00.000Z'],
      ['02:30', '2026-10-25T00:30:00.000Z'],
      ['03:00', '2026-10-25T02:00:00.000Z'],
      ['03:30', '2026-10-25T02:30:00.000Z'],
    ]);
    expect(new Set(night.map((s) => s.slot)).size).toBe(night.length);
  });

  it('uses the boutique time zone, not the runtime one', () => {
    const ny = boutiqueSlots({ weekly: week([['09:00', '10:00']]) }, 'America/New_York', '2026-03-08', EARLY);
    // New York goes to summer time on 2026-03-08: 09:00 EDT is 13:00Z.
    expect(ny.map((s) => new Date(s.start).toISOString())).toEqual(['2026-03-08T13:00:00.000Z', '2026-03-08T13:30:00.000Z']);
  });

  it('offers nothing sooner than the lead time, in the past, or beyond the horizon', () => {
    // Monday 2026-06-15 10:10 in Amsterdam: with two hours' lead, the first slot is 12:30.
    const now = utc('2026-06-15T08:10:00Z');
    expect(boutiqueSlots(HOURS, AMSTERDAM, '2026-06-15', { now })[0]!.time).toBe('12:30');
    expect(boutiqueSlots(HOURS, AMSTERDAM, '2026-06-15', { now, leadMinutes: 0 })[0]!.time).toBe('10:30');
    expect(boutiqueSlots(HOURS, AMSTERDAM, '2026-06-14', { now, leadMinutes: 0 })).toEqual([]);
    expect(boutiqueSlots(HOURS, AMSTERDAM, addDays('2026-06-15', 60), { now })).toHaveLength(16);
    expect(boutiqueSlots(HOURS, AMSTERDAM, addDays('2026-06-15', 61), { now })).toEqual([]);
    // Late in the evening in Amsterdam it is already the next day there, though not yet in UTC.
    expect(localDate(utc('2026-06-15T22:30:00Z'), AMSTERDAM)).toBe('2026-06-16');
  });

  it('gives closed dates no slot and special dates their own hours', () => {
    expect(boutiqueSlots(HOURS, AMSTERDAM, '2026-12-25', EARLY)).toEqual([]);
    const eve = boutiqueSlots(HOURS, AMSTERDAM, '2026-12-24', EARLY);
    expect([eve[0]!.time, eve.at(-1)!.time, eve.length]).toEqual(['10:00', '15:30', 12]);
    expect(boutiqueSlots({ weekly: { mon: [['10:00', '12:00']] } }, AMSTERDAM, '2026-06-16', EARLY)).toEqual([]);
    expect(hoursOn(HOURS, 'no date')).toEqual([]);
  });

  it('leaves out taken slots, and two opening ranges give both', () => {
    const split: OpeningHours = { weekly: week([['10:00', '11:00'], ['14:00', '15:00']]) };
    const all = boutiqueSlots(split, AMSTERDAM, '2026-06-16', EARLY);
    expect(all.map((s) => s.time)).toEqual(['10:00', '10:30', '14:00', '14:30']);
    const free = boutiqueSlots(split, AMSTERDAM, '2026-06-16', { ...EARLY, taken: [all[1]!.start, all[2]!.start] });
    expect(free.map((s) => s.time)).toEqual(['10:00', '14:30']);
  });

  it('lists days with their slots and finds a booked slot by its local name', () => {
    const days = slotsForDays(HOURS, AMSTERDAM, '2026-12-23', 3, EARLY);
    expect(days.map((d) => [d.date, d.slots.length])).toEqual([['2026-12-23', 16], ['2026-12-24', 12], ['2026-12-25', 0]]);
    expect(slotsForDays(HOURS, AMSTERDAM, '2026-12-23', 1000, EARLY)).toHaveLength(31);
    expect(findSlot(HOURS, AMSTERDAM, '2026-06-16T10:30', EARLY)?.start).toBe(utc('2026-06-16T08:30:00Z'));
    for (const wrong of ['2026-06-16T10:15', '2026-06-16T18:00', '2026-12-25T10:00', '2026-02-30T10:00', '2026-06-16 10:30', '']) {
      expect(findSlot(HOURS, AMSTERDAM, wrong, EARLY)).toBeNull();
    }
  });
});

describe('dates and zones', () => {
  it('knows real dates only', () => {
    expect(dayNumber('2026-02-29')).toBeNull();
    expect(dayNumber('2028-02-29')).not.toBeNull();
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('answers null for a time in the spring gap and the first instant for a repeated one', () => {
    expect(zonedToUtc(utc('2026-03-29T02:30:00Z'), AMSTERDAM)).toBeNull();
    expect(zonedToUtc(utc('2026-10-25T02:30:00Z'), AMSTERDAM)).toBe(utc('2026-10-25T00:30:00Z'));
  });

  it('accepts the opening hours of the demo shape and refuses a range that closes before it opens', () => {
    expect(OpeningHoursSchema.safeParse(HOURS).success).toBe(true);
    expect(OpeningHoursSchema.safeParse({ weekly: { mon: [['18:00', '10:00']] } }).success).toBe(false);
    expect(OpeningHoursSchema.safeParse({ weekly: { mon: [['25:00', '26:00']] } }).success).toBe(false);
  });
});
