/**
 * The field rules of spec 2 §5 for account forms (register, login, password, profile, addresses), as pure checks that
 * answer a message key or null. The client translates `validation.<key>`; `FIELD_MESSAGES` holds the spec's English
 * text, which the server answers and the client falls back to.
 */

export const FIELD_MESSAGES = {
  required: 'Field is required',
  alphabetOnly: 'Accepts only alphabet characters',
  nameMinLength: 'Name must have at least 2 letters',
  /** Spec 2 §5 "3 in some forms": the name a review is published under. */
  nameMinLength3: 'Name must have at least 3 letters',
  passwordMinLength: 'Password must have at least 8 letters',
  passwordsIdentical: 'Passwords must be identical',
  emailInvalid: 'Please provide valid e-mail address',
  /** A new password found in a list of breached passwords (OWASP ASVS 5.0 V6.2.4); checked by the server. */
  passwordBreached: 'This password appears in a list of leaked passwords; please choose another one',
  cityInvalid: 'Please provide valid city name',
  zipMinLength: 'Zip-code must have at least 3 letters',
  taxIdMinLength: 'Tax ID must have at least 3 letters',
  phoneRequired: 'Phone number is required',
  countryNotShipped: 'We do not ship to this country',
  termsRequired: 'You must accept the terms and conditions',
  /** An appointment slot booked by someone else meanwhile (a 409). */
  slotTaken: 'This time was just booked by someone else. Please choose another time.',
  /** An appointment slot the boutique does not offer (closed, too soon, past, or no slot time). */
  slotUnavailable: 'This time is not available. Please choose another time.',
} as const;
export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

export const NAME_MIN_LETTERS = 2;
/** The name shown with a public review: "3 in some forms" (spec 2 §5, §9), so that it says who wrote it. */
export const NICKNAME_MIN_LETTERS = 3;
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing it costs nothing extra. */
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
export const ZIP_MIN_LENGTH = 3;
export const TAX_ID_MIN_LENGTH = 3;

/** The i18n key of a field message: `validation.<key>`. */
export function fieldMessageKey(key: FieldMessageKey): `validation.${FieldMessageKey}` {
  return `validation.${key}`;
}

export function fieldMessage(key: FieldMessageKey): string {
  return FIELD_MESSAGES[key];
}

function blank(value: string | null | undefined): value is null | undefined | '' {
  return value === null || value === undefined || value.trim() === '';
}

/**
 * A first or last name: letters of any alphabet (with accents), joined by spaces, hyphens or apostrophes, and at least
 * `minLetters` letters (2; the spec allows 3 in some forms).
 */
export function checkName(value: string | null | undefined, minLetters = NAME_MIN_LETTERS): FieldMessageKey | null {
  if (blank(value)) return 'required';
  const name = value.trim();
  if (!/^[\p{L}\p{M}]+(?:[ '’-][\p{L}\p{M}]+)*$/u.test(name)) return 'alphabetOnly';
  if ((name.match(/\p{L}/gu) ?? []).length < minLetters || name.length > NAME_MAX_LENGTH) return 'nameMinLength';
  return null;
}

/**
 * The name a review is published under: any characters (a nickname may hold digits), with at least 3 letters.
 * Account and address names keep 2 (checkName): a customer called "Bo" can still register and order.
 */
export function checkNickname(value: string | null | undefined): FieldMessageKey | null {
  if (blank(value)) return 'required';
  return (value.match(/\p{L}/gu) ?? []).length < NICKNAME_MIN_LETTERS ? 'nameMinLength3' : null;
}

/** One address with a dot in its domain; no spaces; at most 254 characters (RFC 5321). */
/** With the u flag a well-formed surrogate pair is one code point: only a lone surrogate matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export function checkEmail(value: string | null | undefined): FieldMessageKey | null {
  if (blank(value)) return 'required';
  const email = value.trim();
  // A lone UTF-16 surrogate is no character at all (it cannot be encoded, in a URL or in UTF-8).
  if (email.length > EMAIL_MAX_LENGTH || LONE_SURROGATE.test(email)) return 'emailInvalid';
  return /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/.test(email) ? null : 'emailInvalid';
}

/** A new password: at least 8 characters (spaces count; nothing is trimmed from a password). */
export function checkPassword(value: string | null | undefined): FieldMessageKey | null {
  if (value === null || value === undefined || value === '') return 'required';
  return value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH ? 'passwordMinLength' : null;
}

/** The repeated password of a form: required, then identical to the first. */
export function checkPasswordRepeat(password: string | null | undefined, repeat: string | null | undefined): FieldMessageKey | null {
  if (repeat === null || repeat === undefined || repeat === '') return 'required';
  return password === repeat ? null : 'passwordsIdentical';
}

export function checkRequired(value: string | null | undefined): FieldMessageKey | null {
  return blank(value) ? 'required' : null;
}

/** A city: letters, spaces, dots, hyphens and apostrophes (e.g. "'s-Hertogenbosch", "St. Gallen"). */
export function checkCity(value: string | null | undefined): FieldMessageKey | null {
  if (blank(value)) return 'required';
  return /^[\p{L}\p{M}][\p{L}\p{M} .'’()-]*$/u.test(value.trim()) && value.trim().length <= NAME_MAX_LENGTH ? null : 'cityInvalid';
}

export function checkZipCode(value: string | null | undefined): FieldMessageKey | null {
  if (blank(value)) return 'required';
  return value.trim().length < ZIP_MIN_LENGTH ? 'zipMinLength' : null;
}

/** A tax id is optional; when given it has at least 3 characters. */
export function checkTaxId(value: string | null | undefined): FieldMessageKey | null {
  if (blank(value)) return null;
  return value.trim().length < TAX_ID_MIN_LENGTH ? 'taxIdMinLength' : null;
}

/** A country the shop ships to (the server's ship-to list, as the checkout has it): an address book offers no other. */
export function checkShipToCountry(value: string | null | undefined, countries: readonly string[]): FieldMessageKey | null {
  if (blank(value)) return 'required';
  return countries.includes(value.trim().toUpperCase()) ? null : 'countryNotShipped';
}

export function checkPhone(value: string | null | undefined): FieldMessageKey | null {
  return blank(value) ? 'phoneRequired' : null;
}

/** The canonical form an e-mail address is stored and compared in. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}
