import { describe, expect, it } from 'vitest';
import type { RecordingImportError } from './recording.ts';

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/devtools.json', { eager: true, import: 'default' });

describe("the visualizer's texts", () => {
  it('have a message for every way an import can fail', () => {
    const codes: Record<RecordingImportError['code'], true> = { 'too-large': true, 'not-json': true, 'not-a-recording': true, 'too-new': true, invalid: true };
    for (const language of ['en', 'nl', 'de']) {
      const errors = (files[`../../locales/${language}/devtools.json`] as { recording: { errors: Record<string, string> } }).recording.errors;
      expect(Object.keys(errors).sort()).toEqual(Object.keys(codes).sort());
    }
  });
});
