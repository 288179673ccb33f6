import { describe, expect, it } from 'vitest';
import { calendarFile, escapeText, foldLine, icsTime } from './ics.ts';

/** UTF-8 octets, counted independently of the code under test. */
const octets = (line: string) => encodeURIComponent(line).replace(/%[0-9A-F]{2}/g, '.').length;

/** The expected file, line by line as RFC 5545 folds it (a continuation line starts with one space). */
const GOLDEN = `${[
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Horloge & Diamant//Appointments//EN",
  "CALSCALE:GREGORIAN",
  "METHOD:PUBLISH",
  "BEGIN:VEVENT",
  "UID:appointment-42@shop.example",
  "DTSTAMP:20260615T120000Z",
  "DTSTART:20260617T080000Z",
  "DTEND:20260617T083000Z",
  "SUMMARY:Afspraak bij Horloge & Diamant Amsterdam: bezichtiging",
  "DESCRIPTION:Reden: bezichtiging\\; met: Anna Müller\\, tel. 06-12345678\\nOpm",
  " erking: \"graag de Daytona\\\\Submariner tonen\" — één uur vóór sluiting",
  " stijd?",
  "LOCATION:Horloge & Diamant Amsterdam\\, P.C. Hooftstraat 12\\, 1071 BX Amster",
  " dam\\, NL",
  "STATUS:CONFIRMED",
  "TRANSP:OPAQUE",
  "END:VEVENT",
  "END:VCALENDAR",
].join('\r\n')}\r\n`;

const EVENT = {
  uid: 'appointment-42@shop.example',
  stamp: Date.parse('2026-06-15T12:00:00Z'),
  start: Date.parse('2026-06-17T08:00:00Z'),
  end: Date.parse('2026-06-17T08:30:00Z'),
  summary: 'Afspraak bij Horloge & Diamant Amsterdam: bezichtiging',
  description: 'Reden: bezichtiging; met: Anna Müller, tel. 06-12345678\nOpmerking: "graag de Daytona\\Submariner tonen" — één uur vóór sluitingstijd?',
  location: 'Horloge & Diamant Amsterdam, P.C. Hooftstraat 12, 1071 BX Amsterdam, NL',
};

describe('calendarFile', () => {
  it('writes the golden file: CRLF line ends, folded lines, escaped text', () => {
    expect(calendarFile(EVENT)).toBe(GOLDEN);
  });

  it('ends every line in CRLF and keeps every line within 75 octets', () => {
    const file = calendarFile(EVENT);
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = file.split('\r\n').slice(0, -1);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    // Unfolding (RFC 5545 §3.1: drop CRLF + one space) gives the escaped values back.
    const unfolded = file.replace(/\r\n /g, '');
    expect(unfolded).toContain(`DESCRIPTION:${escapeText(EVENT.description)}\r\n`);
    expect(unfolded).toContain('DTSTART:20260617T080000Z\r\nDTEND:20260617T083000Z\r\n');
    expect(unfolded).toContain('METHOD:PUBLISH\r\n');
  });
});

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });
});

describe('foldLine', () => {
  it('leaves a 75-octet line whole and folds the 76th octet onto a continuation line', () => {
    const line = 'X'.repeat(75);
    expect(foldLine(line)).toBe(line);
    expect(foldLine(`${line}Y`)).toBe(`${line}\r\n Y`);
    // Continuation lines hold 74 octets after their space.
    expect(foldLine('Z'.repeat(75 + 74 + 1)).split('\r\n').map(octets)).toEqual([75, 75, 2]);
  });

  it('never cuts a UTF-8 character', () => {
    const folded = foldLine(`SUMMARY:${'é'.repeat(40)}`);
    const lines = folded.split('\r\n');
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(lines[0]).toBe(`SUMMARY:${'é'.repeat(33)}`); // 8 + 66 octets: a 34th é would make 76
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'é'.repeat(40)}`);
  });
});

describe('icsTime', () => {
  it('writes UTC in the basic format', () => {
    expect(icsTime(Date.parse('2026-03-29T01:30:00.000Z'))).toBe('20260329T013000Z');
  });
});
