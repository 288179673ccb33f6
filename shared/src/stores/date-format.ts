import { DATE_FORMATS, SHOP_TIME_ZONE, type Language } from './stores.ts';

type Part = 'year' | 'month' | 'day' | 'hour' | 'minute';

// One formatter per time zone, made once: making an Intl formatter costs more than formatting with it.
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(value: Date, timeZone: string): Record<Part, number> {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23', numberingSystem: 'latn' });
    wallClocks.set(timeZone, format);
  }
  const parts = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const part of format.formatToParts(value)) if (part.type in parts) parts[part.type as Part] = Number(part.value);
  return parts;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date and time as the shopper's language writes it (DATE_FORMATS, the store views' `i18n.dateFormat`), at the
 * shop's time zone unless another is given: the same moment reads the same in the browser, in a mail and on the
 * server, whatever their own clocks' zones. A value that is no date gives ''.
 */
export function formatShopDate(value: Date | number | string, language: Language, timeZone: string = SHOP_TIME_ZONE): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const at = wallClock(date, timeZone);
  const tokens: Record<string, string> = {
    YYYY: String(at.year),
    MM: pad(at.month),
    M: String(at.month),
    DD: pad(at.day),
    D: String(at.day),
    HH: pad(at.hour),
    H: String(at.hour),
    mm: pad(at.minute),
  };
  return DATE_FORMATS[language].replace(/YYYY|MM|M|DD|D|HH|H|mm/g, (token) => tokens[token]!);
}
