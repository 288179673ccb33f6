import { describe, expect, it } from 'vitest';
import type { RecordingImportError } from './recording.ts';

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/devtools.json', { eager: true, import: 'default' });

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe("the visualizer's texts", () => {
  it('have the same keys in en, nl and de', () => {
    const english = keys(files['../../locales/en/devtools.json']).sort();
    expect(english.length).toBeGreaterThan(60);
    expect(keys(files['../../locales/nl/devtools.json']).sort()).toEqual(english);
    expect(keys(files['../../locales/de/devtools.json']).sort()).toEqual(english);
  });

  it('have a message for every way an import can fail', () => {
    const codes: Record<RecordingImportError['code'], true> = { 'too-large': true, 'not-json': true, 'not-a-recording': true, 'too-new': true, invalid: true };
    for (const language of ['en', 'nl', 'de']) {
      const errors = (files[`../../locales/${language}/devtools.json`] as { recording: { errors: Record<string, string> } }).recording.errors;
      expect(Object.keys(errors).sort()).toEqual(Object.keys(codes).sort());
    }
  });
});
