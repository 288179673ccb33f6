/**
 * What every shop form shares (contact, trade-in, invoice request, custom forms): field checks that answer a
 * `FIELD_MESSAGES` key or null, run by the page as the shopper types and by the server on the request. A form's
 * `checkX(values)` answers `{ field: key }` for every field that is wrong; the server sends them as 400
 * `details.fields: [{ path, key, message }]`, which the page shows on its fields.
 */
import { z } from 'zod/mini';
import { FIELD_MESSAGES, type FieldMessageKey } from '../account/account-fields.ts';

export type FieldErrors<Field extends string> = Partial<Record<Field, FieldMessageKey>>;

/** One field error as the server answers it (400 `details.fields`). */
export interface FieldError {
  path: string;
  key: FieldMessageKey;
  message: string;
}

/** What a form value may be in a request body: text as typed, a number, a tick. */
export type FormValue = string | number | boolean | null | undefined;

/** The success answer of every form (spec 2 §7 'inquiry submitted'). */
export const INQUIRY_SUBMITTED = 'inquiry submitted';

/** The most a form's JSON body may weigh; a larger one is refused with 413 before it is read. */
export const FORM_BODY_MAX_BYTES = 64 * 1024;

/** Longest texts the fields accept (a longer one answers `textTooLong`). */
export const TEXT_MAX = { short: 200, message: 5000, comments: 2000 } as const;

/** The field errors as the server answers them, in the order of `fields`. */
export function fieldErrorList<Field extends string>(errors: FieldErrors<Field>, fields: readonly Field[]): FieldError[] {
  return fields.flatMap((path) => {
    const key = errors[path];
    return key ? [{ path, key, message: FIELD_MESSAGES[key] }] : [];
  });
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

/** A value as the text field shows it: numbers as digits, nothing as ''. */
export function textOf(value: FormValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

export function isBlank(value: FormValue): boolean {
  return textOf(value).trim() === '';
}

/** A required text of at most `max` characters. */
export function checkText(value: FormValue, max: number): FieldMessageKey | null {
  if (isBlank(value)) return 'required';
  return textOf(value).trim().length > max ? 'textTooLong' : null;
}

/** An optional text of at most `max` characters. */
export function checkOptionalText(value: FormValue, max: number): FieldMessageKey | null {
  return textOf(value).trim().length > max ? 'textTooLong' : null;
}

/** One of a list of choices (a select or radio group): nothing chosen, or a value not offered, is 'Field is required'. */
export function checkChoice(value: FormValue, choices: readonly string[]): FieldMessageKey | null {
  return typeof value === 'string' && choices.includes(value) ? null : 'required';
}

/** The terms-and-conditions tick box (spec 2 §5 'You must accept the terms and conditions'). */
export function checkTerms(value: FormValue): FieldMessageKey | null {
  return value === true || value === 'true' || value === 'on' ? null : 'termsRequired';
}

/** A whole number above zero (an amount in euros): 'Must be greater than 0'. */
export function checkAboveZero(value: FormValue): FieldMessageKey | null {
  if (isBlank(value)) return 'required';
  const text = textOf(value).trim();
  if (!/^\d{1,9}$/.test(text)) return 'mustBeAboveZero';
  return Number(text) > 0 ? null : 'mustBeAboveZero';
}

export const FIRST_YEAR = 1900;

/** A year from 1900 to this year (`now` decides "this year"). */
export function checkYear(value: FormValue, now: Date, options: { required: boolean } = { required: true }): FieldMessageKey | null {
  if (isBlank(value)) return options.required ? 'required' : null;
  const text = textOf(value).trim();
  if (!/^\d{4}$/.test(text)) return 'yearInvalid';
  const year = Number(text);
  return year >= FIRST_YEAR && year <= now.getUTCFullYear() ? null : 'yearInvalid';
}

/** A later year than `since` (the last maintenance of a watch made in `since`); optional. */
export function checkYearSince(value: FormValue, since: FormValue, now: Date): FieldMessageKey | null {
  const own = checkYear(value, now, { required: false });
  if (own || isBlank(value)) return own;
  if (checkYear(since, now) !== null) return null;
  return Number(textOf(value).trim()) < Number(textOf(since).trim()) ? 'maintenanceBeforeYear' : null;
}

/** A text field of a request body: text, a number (digits typed as a number) or nothing; longer texts fail the check. */
export const formText = (max: number) => z.optional(z.nullable(z.union([z.string().check(z.maxLength(max * 4, `must be at most ${max} characters`)), z.number()])));
/** A tick box of a request body. */
export const formTick = z.optional(z.nullable(z.union([z.boolean(), z.string().check(z.maxLength(10, 'must be true or false'))])));
