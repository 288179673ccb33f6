/**
 * The forms' field rules and request bodies, in one small module: the shared form schemas and checks
 * (shared/src/forms/*.schema.ts, plan §2) and the shared picture sniffing (shared/src/forms/image-type.ts) replace
 * this file's contents at merge; the pages import only from here. Each check answers, per field, a message key of
 * spec 2 §5 (FIELD_MESSAGES) or of the forms (FORM_MESSAGES), or nothing.
 */
import { checkCity, checkEmail, checkName, checkPhone, checkRequired, checkTaxId, checkZipCode, FIELD_MESSAGES, type FieldMessageKey } from '@shop/shared/account/account-fields';

/** The forms' own messages (plan §2); the spec's are FIELD_MESSAGES. */
export const FORM_MESSAGES = {
  termsRequired: 'You must accept the terms and conditions',
  mustBeAboveZero: 'Must be greater than 0',
  yearInvalid: 'Please provide a valid year',
  maintenanceBeforeYear: 'The maintenance year cannot be before the year of the watch',
  photosTooMany: 'You can add at most 6 pictures',
  photoTooLarge: '{name} is larger than 10 MB',
  photoNotPicture: '{name} is not a JPEG, PNG, WebP or HEIC picture',
  uploadsTooLarge: 'The pictures are too large to send',
} as const;
export type FormMessageKey = FieldMessageKey | keyof typeof FORM_MESSAGES;
export const ALL_FORM_MESSAGES: Readonly<Record<FormMessageKey, string>> = { ...FIELD_MESSAGES, ...FORM_MESSAGES };

export type FieldErrors<Name extends string> = Partial<Record<Name, FormMessageKey>>;
export type Values<Name extends string> = Record<Name, string>;

const blank = (value: string | undefined) => value === undefined || value.trim() === '';
const collect = <Name extends string>(entries: Array<[Name, FormMessageKey | null]>): FieldErrors<Name> =>
  Object.fromEntries(entries.filter(([, key]) => key !== null)) as FieldErrors<Name>;

// Contact (spec 2 §3 "Contact request").
export const SALUTATIONS = ['mr', 'mrs'] as const;
export const CONTACT_SUBJECTS = ['afterSales', 'general', 'b2b', 'tradeIn', 'sales'] as const;
export const CONTACT_PREFERENCES = ['phone', 'email'] as const;
export const MESSAGE_MAX_LENGTH = 5000;
export const CONTACT_FIELDS = ['salutation', 'name', 'phone', 'email', 'subject', 'message', 'preference'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export function checkContact(values: Values<ContactField>): FieldErrors<ContactField> {
  return collect<ContactField>([
    ['salutation', checkRequired(values.salutation)],
    ['name', checkName(values.name)],
    // A phone number is needed only when the shopper wants to be called.
    ['phone', values.preference === 'phone' ? checkPhone(values.phone) : null],
    ['email', checkEmail(values.email)],
    ['subject', checkRequired(values.subject)],
    ['message', checkRequired(values.message)],
    ['preference', checkRequired(values.preference)],
  ]);
}

export function contactBody(values: Values<ContactField>) {
  return {
    salutation: values.salutation,
    name: values.name.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    subject: values.subject,
    message: values.message.trim(),
    preference: values.preference,
  };
}

// Trade-in (spec 2 §3 "Trade-in request", plan §2).
export const OTHER_BRAND = 'other';
export const TRADE_IN_INTENTS = ['sale', 'tradeIn'] as const;
export const YES_NO = ['yes', 'no'] as const;
export const COMMENTS_MAX_LENGTH = 2000;
export const FIRST_WATCH_YEAR = 1900;
export const TRADE_IN_FIELDS = ['brand', 'brand_other', 'model', 'year', 'maintenance_year', 'desired_amount', 'intent', 'receipt', 'warranty_card', 'box', 'comments', 'name', 'email', 'phone', 'terms'] as const;
export type TradeInField = (typeof TRADE_IN_FIELDS)[number];

function checkYear(value: string, currentYear: number): FormMessageKey | null {
  if (blank(value)) return 'required';
  const year = Number(value.trim());
  return /^\d{4}$/.test(value.trim()) && year >= FIRST_WATCH_YEAR && year <= currentYear ? null : 'yearInvalid';
}

/** `currentYear` comes from the caller (no clock in a rule). */
export function checkTradeIn(values: Values<TradeInField>, currentYear: number): FieldErrors<TradeInField> {
  const year = checkYear(values.year, currentYear);
  const maintenance = blank(values.maintenance_year)
    ? null
    : (checkYear(values.maintenance_year, currentYear) ?? (year === null && Number(values.maintenance_year) < Number(values.year) ? 'maintenanceBeforeYear' : null));
  const amount = values.desired_amount.trim();
  return collect<TradeInField>([
    ['brand', checkRequired(values.brand)],
    ['brand_other', values.brand === OTHER_BRAND ? checkRequired(values.brand_other) : null],
    ['model', checkRequired(values.model)],
    ['year', year],
    ['maintenance_year', maintenance],
    ['desired_amount', amount === '' ? 'required' : /^\d+$/.test(amount) && Number(amount) > 0 ? null : 'mustBeAboveZero'],
    ['intent', checkRequired(values.intent)],
    ['receipt', checkRequired(values.receipt)],
    ['warranty_card', checkRequired(values.warranty_card)],
    ['box', checkRequired(values.box)],
    ['name', checkName(values.name)],
    ['email', checkEmail(values.email)],
    ['terms', values.terms === 'yes' ? null : 'termsRequired'],
  ]);
}

export function tradeInBody(values: Values<TradeInField>, photos: readonly string[]) {
  return {
    brand: values.brand,
    ...(values.brand === OTHER_BRAND ? { brand_other: values.brand_other.trim() } : {}),
    model: values.model.trim(),
    year: Number(values.year),
    ...(blank(values.maintenance_year) ? {} : { maintenance_year: Number(values.maintenance_year) }),
    desired_amount: Number(values.desired_amount),
    intent: values.intent,
    receipt: values.receipt === 'yes',
    warranty_card: values.warranty_card === 'yes',
    box: values.box === 'yes',
    comments: values.comments.trim(),
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    terms: values.terms === 'yes',
    photos: [...photos],
  };
}

// Invoice request (spec 2 §2 /invoices).
export const INVOICE_FIELDS = ['order_number', 'email', 'name', 'company', 'vat_id', 'street', 'zip', 'city', 'country'] as const;
export type InvoiceField = (typeof INVOICE_FIELDS)[number];

export function checkInvoice(values: Values<InvoiceField>): FieldErrors<InvoiceField> {
  return collect<InvoiceField>([
    ['order_number', checkRequired(values.order_number)],
    ['email', checkEmail(values.email)],
    ['name', checkName(values.name)],
    ['vat_id', checkTaxId(values.vat_id)],
    ['street', checkRequired(values.street)],
    ['zip', checkZipCode(values.zip)],
    ['city', checkCity(values.city)],
    ['country', checkRequired(values.country)],
  ]);
}

export function invoiceBody(values: Values<InvoiceField>) {
  return Object.fromEntries(INVOICE_FIELDS.map((name) => [name, values[name].trim()]));
}

// Custom forms the shop defines in content (spec 2 §7 customform).
export type CustomFieldType = 'text' | 'textarea' | 'email' | 'phone' | 'select' | 'checkbox' | 'number' | 'date';
export type CustomFieldRule = 'name' | 'email' | 'phone' | 'city' | 'zip' | 'taxId' | 'terms' | 'aboveZero';
export interface CustomFormField {
  name: string;
  type: CustomFieldType;
  required?: boolean;
  rule?: CustomFieldRule;
  minLetters?: 2 | 3;
  label: { en: string; nl: string; de: string };
  options?: Array<{ value: string; label: { en: string; nl: string; de: string } }>;
}
export interface CustomFormDefinition {
  slug: string;
  version?: number;
  title: { en: string; nl: string; de: string };
  intro?: { en: string; nl: string; de: string };
  fields: CustomFormField[];
}

function checkCustomField(field: CustomFormField, value: string): FormMessageKey | null {
  if (field.rule === 'terms') return value === 'yes' ? null : 'termsRequired';
  if (blank(value)) return field.required ? (field.rule === 'phone' ? 'phoneRequired' : 'required') : null;
  switch (field.rule ?? (field.type === 'email' ? 'email' : undefined)) {
    case 'name': {
      const key = checkName(value, field.minLetters ?? 2);
      return key === 'nameMinLength' && field.minLetters === 3 ? 'nameMinLength3' : key;
    }
    case 'email':
      return checkEmail(value);
    case 'city':
      return checkCity(value);
    case 'zip':
      return checkZipCode(value);
    case 'taxId':
      return checkTaxId(value);
    case 'aboveZero':
      return Number(value) > 0 ? null : 'mustBeAboveZero';
    default:
      return null;
  }
}

export function checkCustomForm(definition: CustomFormDefinition, values: Record<string, string>): Partial<Record<string, FormMessageKey>> {
  return Object.fromEntries(definition.fields.map((field) => [field.name, checkCustomField(field, values[field.name] ?? '')]).filter(([, key]) => key !== null));
}

export function customFormBody(definition: CustomFormDefinition, values: Record<string, string>) {
  return { version: definition.version ?? 1, values: Object.fromEntries(definition.fields.map((field) => [field.name, field.type === 'checkbox' ? values[field.name] === 'yes' : (values[field.name] ?? '').trim()])) };
}

// Photos (plan §3): the picture types the shop takes, told by their first bytes, not by their name or declared type.
export const MAX_PHOTOS = 6;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** The picture type of a file's first 16 bytes, or null for anything else (AVIF, SVG, text, a truncated header). */
export function sniffImageType(head: Uint8Array): ImageType | null {
  const at = (offset: number, bytes: readonly number[]) => bytes.every((byte, n) => head[offset + n] === byte);
  const ascii = (offset: number, length: number) => String.fromCharCode(...head.slice(offset, offset + length));
  if (head.length >= 3 && at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (head.length >= 8 && at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') return 'image/webp';
  if (head.length >= 12 && ascii(4, 4) === 'ftyp' && HEIF_BRANDS.has(ascii(8, 4))) return 'image/heic';
  return null;
}
