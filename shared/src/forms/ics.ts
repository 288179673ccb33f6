/**
 * The calendar file of an appointment (`appointment.ics` in its mails), after RFC 5545: lines end in CRLF, a line
 * longer than 75 octets is folded (CRLF and one space, never inside a UTF-8 character), and text values escape
 * backslash, semicolon, comma and line breaks. Times are UTC (`…Z`), so no time zone block is needed. Pure: the
 * stamp and the uid come in.
 */

export interface CalendarEvent {
  /** Unique and stable: `appointment-<submission id>@<shop host>`. */
  uid: string;
  /** When the file was made (UTC ms). */
  stamp: number;
  start: number;
  end: number;
  summary: string;
  description?: string;
  location?: string;
}

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';
const PRODUCT_ID = '-//Horloge & Diamant//Appointments//EN';
const MAX_OCTETS = 75;

/** The UTF-8 length of one code point. */
function utf8Octets(char: string): number {
  const point = char.codePointAt(0)!;
  return point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
}

/** A TEXT value (RFC 5545 §3.3.11): `\` `;` `,` escaped, every line break as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A UTC time in the basic format `20260329T083000Z`. */
export function icsTime(utc: number): string {
  return new Date(utc).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * One content line folded to at most 75 octets a line (RFC 5545 §3.1): the first line holds 75, each continuation a
 * space and 74; a character is never cut (a code point moves whole to the next line).
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char);
    const room = lines.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > room) {
      lines.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n ');
}

/** The VCALENDAR of one event (METHOD:PUBLISH: a calendar adds it, nobody is asked to reply). */
export function calendarFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid.replace(/[\r\n]/g, '')}`,
    `DTSTAMP:${icsTime(event.stamp)}`,
    `DTSTART:${icsTime(event.start)}`,
    `DTEND:${icsTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
