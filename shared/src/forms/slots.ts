/**
 * A boutique's appointment slots (issue 17 §8, plan §4): its opening hours cut into slots of `slotMinutes` (30) on a
 * day of the boutique's own calendar, in its own time zone, whatever the zone of the server or the shopper. A slot
 * is named by its local start (`2026-03-29T10:30`) and keyed by its start in UTC milliseconds (what an appointment
 * stores, and what the database keeps unique per boutique).
 *
 * Wall-clock times become UTC with the zone's offsets from `Intl.DateTimeFormat`. On the day the clocks go forward
 * a local time in the gap does not exist and gives no slot; on the day they go back a local time that happens twice
 * is taken at its first occurrence, so every local name stays one slot. Pure: the clock and the taken slots come in.
 */
import type { OpeningHours, TimeRange, Weekday } from './appointment.schema.ts';

export const SLOT_MINUTES = 30;
/** A slot starts at least this long after now: the boutique gets time to prepare (a watch from the safe). */
export const LEAD_MINUTES = 120;
/** How far ahead a slot may be booked. */
export const HORIZON_DAYS = 60;
/** Most days one slots answer covers. */
export const MAX_SLOT_DAYS = 31;

export interface Slot {
  /** The boutique-local start, `YYYY-MM-DDTHH:mm`: what the shopper picks and the booking sends. */
  slot: string;
  /** Local `HH:mm`. */
  time: string;
  /** Start and end in UTC milliseconds. */
  start: number;
  end: number;
}

export interface SlotOptions {
  /** Now, in UTC milliseconds. */
  now: number;
  slotMinutes?: number;
  leadMinutes?: number;
  horizonDays?: number;
  /** Starts (UTC ms) of slots already booked. */
  taken?: ReadonlySet<number> | readonly number[];
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const WEEKDAYS: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const SLOT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar date `YYYY-MM-DD` as a day number (days since 1970-01-01), or null when it is no real date. */
export function dayNumber(date: string): number | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (year < 1970 || back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

/** The date `days` after `date` (both `YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  const n = dayNumber(date);
  if (n === null) throw new Error(`Not a date: ${date}`);
  return new Date((n + days) * DAY_MS).toISOString().slice(0, 10);
}

/** `HH:mm` as minutes after midnight (24:00 allowed as the end of a day), or null. */
export function minutesOf(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

// One formatter per time zone: making one costs far more than using it.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
      numberingSystem: 'latn',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows `timeZone` (an IANA name such as Europe/Amsterdam). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatIn(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `timeZone` at the instant `utc`, written as if it were UTC (milliseconds). */
function wallClockMs(utc: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(utc)) parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** How far `timeZone` is ahead of UTC at the instant `utc`, in milliseconds. */
function offsetAt(utc: number, timeZone: string): number {
  return wallClockMs(utc, timeZone) - Math.floor(utc / 1000) * 1000;
}

/**
 * The UTC instant of a wall-clock time in `timeZone` (given as if it were UTC), or null when that time does not exist
 * there (the hour skipped when the clocks go forward). A time that happens twice gives its first occurrence.
 */
export function zonedToUtc(wall: number, timeZone: string): number | null {
  const offsets = new Set([offsetAt(wall - DAY_MS / 2, timeZone), offsetAt(wall, timeZone), offsetAt(wall + DAY_MS / 2, timeZone)]);
  const instants = [...offsets].map((offset) => wall - offset).filter((utc) => wallClockMs(utc, timeZone) === wall);
  return instants.length ? Math.min(...instants) : null;
}

/** The date (`YYYY-MM-DD`) it is in `timeZone` at the instant `utc`. */
export function localDate(utc: number, timeZone: string): string {
  return new Date(wallClockMs(utc, timeZone)).toISOString().slice(0, 10);
}

/** The opening hours of one date: the special day's, none on a closed day, else the weekday's. */
export function hoursOn(hours: OpeningHours, date: string): readonly TimeRange[] {
  const n = dayNumber(date);
  if (n === null) return [];
  if (hours.closed?.includes(date)) return [];
  const special = hours.special?.[date];
  if (special) return special;
  return hours.weekly[WEEKDAYS[(((n + 4) % 7) + 7) % 7]!] ?? [];
}

/**
 * The free slots of `date` (the boutique's local calendar day): every start in the opening hours, every
 * `slotMinutes`, whose end is within the same opening range, at least `leadMinutes` after now, on a day from today to
 * `horizonDays` ahead, and not taken.
 */
export function boutiqueSlots(hours: OpeningHours, timeZone: string, date: string, options: SlotOptions): Slot[] {
  const slotMinutes = options.slotMinutes ?? SLOT_MINUTES;
  const day = dayNumber(date);
  if (day === null || slotMinutes <= 0) return [];
  const today = dayNumber(localDate(options.now, timeZone))!;
  if (day < today || day > today + (options.horizonDays ?? HORIZON_DAYS)) return [];
  const earliest = options.now + (options.leadMinutes ?? LEAD_MINUTES) * MINUTE_MS;
  const taken = new Set(options.taken ?? []);
  const slots: Slot[] = [];
  const seen = new Set<number>();
  for (const [open, close] of hoursOn(hours, date)) {
    const from = minutesOf(open);
    const to = minutesOf(close);
    if (from === null || to === null) continue;
    for (let minute = from; minute + slotMinutes <= to; minute += slotMinutes) {
      const start = zonedToUtc(day * DAY_MS + minute * MINUTE_MS, timeZone);
      if (start === null || start < earliest || taken.has(start) || seen.has(start)) continue;
      seen.add(start);
      const time = `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
      slots.push({ slot: `${date}T${time}`, time, start, end: start + slotMinutes * MINUTE_MS });
    }
  }
  return slots.sort((a, b) => a.start - b.start);
}

/** The free slots of `days` days from `from`, day by day (days without a slot included, with none). */
export function slotsForDays(hours: OpeningHours, timeZone: string, from: string, days: number, options: SlotOptions): { date: string; slots: Slot[] }[] {
  const count = Math.max(0, Math.min(MAX_SLOT_DAYS, Math.floor(days)));
  return Array.from({ length: count }, (_, i) => {
    const date = addDays(from, i);
    return { date, slots: boutiqueSlots(hours, timeZone, date, options) };
  });
}

/**
 * The slot a booking names (`YYYY-MM-DDTHH:mm`, boutique-local) when it is one the boutique offers now, taken or not
 * (the caller tells "taken" from "not offered"); null otherwise.
 */
export function findSlot(hours: OpeningHours, timeZone: string, slot: string, options: Omit<SlotOptions, 'taken'>): Slot | null {
  const match = SLOT.exec(slot);
  if (!match) return null;
  return boutiqueSlots(hours, timeZone, match[1]!, options).find((candidate) => candidate.slot === slot) ?? null;
}
