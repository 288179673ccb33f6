import { ERROR_CODES } from '@shop/shared/errors';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function text(language: string, namespace: string, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), files[`./${language}/${namespace}.json`]);
}

/**
 * The error codes of the sync task queue and the forms (issue 17), where the pages look them up: the account pages'
 * failureMessage reads `account:errors.<code>`, the forms' refusalText `forms:errors.<code>`; a slot taken meanwhile is
 * shown on the slot field (`forms:validation.slotTaken`).
 */
const WHERE: Array<[string, string]> = [
  ['account', 'errors.task_id_reused'],
  ['forms', 'errors.task_id_reused'],
  ['forms', 'errors.upload_not_picture'],
  ['forms', 'errors.upload_missing'],
  ['forms', 'errors.form_not_found'],
  ['forms', 'validation.slotTaken'],
];

describe('texts of the queue’s and the forms’ error codes', () => {
  it('are error codes both sides share', () => {
    for (const code of ['task_id_reused', 'slot_taken', 'upload_not_picture', 'upload_missing', 'form_not_found']) expect(ERROR_CODES).toContain(code);
  });

  it.each(['en', 'nl', 'de'])('have a text in %s where the page looks for it', (language) => {
    for (const [namespace, path] of WHERE) expect(text(language, namespace, path), `${language} ${namespace}:${path}`).toMatch(/\S{3}/);
  });

  it('keep the shop’s English words for a slot taken meanwhile', () => {
    expect(text('en', 'forms', 'validation.slotTaken')).toBe('This time was just booked by someone else. Please choose another time.');
  });
});
