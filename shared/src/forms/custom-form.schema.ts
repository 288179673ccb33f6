/**
 * Custom forms (spec 2 §7 `customform`): a form the shop defines in content (`form_definitions`, `pnpm shop forms
 * import`, `PUT /api/admin/forms/:slug`), shown at `/{store}/forms/{slug}` and sent to `POST /api/forms/customform/:slug`.
 * A definition lists its fields with a type, whether they are required, a field rule of spec 2 §5, and labels in
 * every language; `checkCustomForm` applies it the same way in the page and on the server.
 */
import { z } from 'zod/mini';
import { checkCity, checkEmail, checkName, checkPhone, checkTaxId, checkZipCode, type FieldMessageKey } from '../account/account-fields.ts';
import { checkAboveZero, checkChoice, checkOptionalText, checkTerms, checkText, isBlank, textOf, TEXT_MAX, type FieldErrors, type FormValue } from './form-fields.ts';

export const CUSTOM_FIELD_TYPES = ['text', 'textarea', 'email', 'phone', 'select', 'checkbox', 'number', 'date'] as const;
export const CUSTOM_FIELD_RULES = ['name', 'email', 'phone', 'city', 'zip', 'taxId', 'terms', 'aboveZero'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export type CustomFieldRule = (typeof CUSTOM_FIELD_RULES)[number];

/** Text in every interface language. */
export const LabelSchema = z.object({
  en: z.string().check(z.minLength(1), z.maxLength(500)),
  nl: z.string().check(z.minLength(1), z.maxLength(500)),
  de: z.string().check(z.minLength(1), z.maxLength(500)),
});
export type Label = z.infer<typeof LabelSchema>;

/** A slug of a custom form: lower-case words joined by hyphens (it is part of the page's address). */
export const FORM_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const FormSlugSchema = z.string().check(z.maxLength(80), z.regex(FORM_SLUG, 'must be lower-case words joined by hyphens'));

export const CustomFieldSchema = z.object({
  name: z.string().check(z.regex(/^[a-z][a-z0-9_]{0,39}$/, 'must be a lower-case field name')),
  type: z.enum(CUSTOM_FIELD_TYPES),
  required: z.optional(z.boolean()),
  rule: z.optional(z.enum(CUSTOM_FIELD_RULES)),
  /** For rule `name`: 2 letters, or 3 ("3 in some forms", spec 2 §5). */
  minLetters: z.optional(z.union([z.literal(2), z.literal(3)])),
  /** Longest text (default 200; 5000 for a textarea). */
  max: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(TEXT_MAX.message))),
  label: LabelSchema,
  options: z.optional(z.array(z.object({ value: z.string().check(z.minLength(1), z.maxLength(100)), label: LabelSchema })).check(z.minLength(1), z.maxLength(100))),
});
export type CustomField = z.infer<typeof CustomFieldSchema>;

export const CustomFormDefinitionSchema = z
  .object({
    version: z.optional(z.number().check(z.int(), z.minimum(1))),
    title: LabelSchema,
    intro: z.optional(LabelSchema),
    fields: z.array(CustomFieldSchema).check(z.minLength(1), z.maxLength(50)),
  })
  .check(
    z.refine((form) => new Set(form.fields.map((field) => field.name)).size === form.fields.length, { message: 'field names must differ', path: ['fields'] }),
    z.refine((form) => form.fields.every((field) => (field.type === 'select') === (field.options !== undefined)), { message: 'a select field, and only a select field, has options', path: ['fields'] }),
  );
export type CustomFormDefinition = z.infer<typeof CustomFormDefinitionSchema>;

/** The body of `POST /api/forms/customform/:slug`: the values by field name. */
export const CustomFormSubmissionSchema = z.object({
  values: z.record(z.string().check(z.maxLength(40)), z.nullable(z.union([z.string().check(z.maxLength(TEXT_MAX.message * 4)), z.number(), z.boolean()]))),
});
export type CustomFormSubmission = z.infer<typeof CustomFormSubmissionSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkByRule(field: CustomField, value: FormValue): FieldMessageKey | null {
  const text = textOf(value);
  switch (field.rule) {
    case 'name':
      return checkName(text, field.minLetters ?? 2);
    case 'email':
      return checkEmail(text);
    case 'phone':
      return checkPhone(text);
    case 'city':
      return checkCity(text);
    case 'zip':
      return checkZipCode(text);
    case 'taxId':
      return checkTaxId(text);
    case 'terms':
      return checkTerms(value);
    case 'aboveZero':
      return checkAboveZero(value);
    default:
      return null;
  }
}

function checkField(field: CustomField, value: FormValue): FieldMessageKey | null {
  if (field.type === 'checkbox') {
    if (field.rule === 'terms') return checkTerms(value);
    return field.required ? checkTerms(value) : null;
  }
  if (isBlank(value)) {
    // A tax id is optional by its own rule; a phone field says 'Phone number is required' (spec 2 §5).
    if (!field.required) return null;
    return field.rule === 'phone' || field.type === 'phone' ? 'phoneRequired' : 'required';
  }
  const max = field.max ?? (field.type === 'textarea' ? TEXT_MAX.message : TEXT_MAX.short);
  const length = checkOptionalText(value, max);
  if (length) return length;
  if (field.type === 'select') return checkChoice(value, (field.options ?? []).map((option) => option.value));
  if (field.type === 'date' && (!DATE.test(textOf(value).trim()) || Number.isNaN(Date.parse(textOf(value).trim())))) return 'required';
  if (field.type === 'email' && !field.rule) return checkEmail(textOf(value));
  if (field.type === 'number' && !field.rule && !/^-?\d{1,12}(?:[.,]\d{1,6})?$/.test(textOf(value).trim())) return 'required';
  return checkByRule(field, value) ?? (field.type === 'text' || field.type === 'textarea' ? checkText(value, max) : null);
}

export function checkCustomForm(definition: CustomFormDefinition, values: Readonly<Record<string, FormValue>>): FieldErrors<string> {
  const errors: FieldErrors<string> = {};
  for (const field of definition.fields) {
    const key = checkField(field, values[field.name]);
    if (key) errors[field.name] = key;
  }
  return errors;
}

/** The values of the definition's own fields, trimmed; anything else the body carried is dropped. */
export function customFormValues(definition: CustomFormDefinition, values: Readonly<Record<string, FormValue>>): Record<string, string | boolean> {
  return Object.fromEntries(
    definition.fields.map((field) => {
      const value = values[field.name];
      return [field.name, field.type === 'checkbox' ? checkTerms(value) === null : textOf(value).trim()];
    }),
  );
}

/** The shopper a custom form answers to: its first e-mail field, and its first name field. */
export function customFormContact(definition: CustomFormDefinition, values: Readonly<Record<string, FormValue>>): { email: string | null; name: string | null } {
  const emailField = definition.fields.find((field) => field.rule === 'email' || field.type === 'email');
  const nameField = definition.fields.find((field) => field.rule === 'name');
  const email = emailField ? textOf(values[emailField.name]).trim() : '';
  const name = nameField ? textOf(values[nameField.name]).trim() : '';
  return { email: email && checkEmail(email) === null ? email : null, name: name || null };
}
