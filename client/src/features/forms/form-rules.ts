/**
 * What only the browser needs of the forms: the request body of each form, made from the text its fields hold. The
 * field rules, choices and messages are the shared ones (shared/src/forms, FIELD_MESSAGES); a page checks the very
 * body it sends with the check the server runs on it (`checkContact(contactBody(values))`), so the two cannot
 * disagree.
 */
import { CONTACT_FIELDS, type ContactField } from '@shop/shared/forms/contact.schema';
import type { CustomFormDefinition } from '@shop/shared/forms/custom-form.schema';
import { isBlank } from '@shop/shared/forms/form-fields';
import { INVOICE_FIELDS, type InvoiceField } from '@shop/shared/forms/invoice.schema';
import { OTHER_BRAND, TRADE_IN_FIELDS, type TradeInField } from '@shop/shared/forms/trade-in.schema';

/** A form's fields as the page holds them: text as typed; a tick box is 'yes' or ''. */
export type Values<Name extends string> = Record<Name, string>;

/** The trade-in's typed fields (its photos are picked, not typed). */
export type TradeInTextField = Exclude<TradeInField, 'photos'>;
export const TRADE_IN_TEXT_FIELDS = TRADE_IN_FIELDS.filter((name): name is TradeInTextField => name !== 'photos');

/** A definition as `GET /api/forms/definitions/:slug` answers it. */
export type LoadedFormDefinition = CustomFormDefinition & { slug: string };
export type CustomFormField = CustomFormDefinition['fields'][number];

/** Digits are sent as a number; anything else as typed (the check names it); nothing as nothing. */
function numberOrText(value: string): number | string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  return /^\d{1,9}$/.test(text) ? Number(text) : text;
}

/** A yes/no question: a tick once answered, nothing before (so 'Field is required' still shows). */
function answer(value: string): boolean | undefined {
  return isBlank(value) ? undefined : value === 'yes';
}

export function contactBody(values: Values<ContactField>) {
  return Object.fromEntries(CONTACT_FIELDS.map((name) => [name, values[name].trim()])) as Record<ContactField, string>;
}

export function tradeInBody(values: Values<TradeInTextField>, photos: readonly string[]) {
  return {
    brand: values.brand,
    ...(values.brand === OTHER_BRAND ? { brand_other: values.brand_other.trim() } : {}),
    model: values.model.trim(),
    year: numberOrText(values.year),
    maintenance_year: numberOrText(values.maintenance_year),
    desired_amount: numberOrText(values.desired_amount),
    intent: values.intent,
    receipt: answer(values.receipt),
    warranty_card: answer(values.warranty_card),
    box: answer(values.box),
    comments: values.comments.trim(),
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    terms: values.terms === 'yes',
    photos: [...photos],
  };
}

export function invoiceBody(values: Values<InvoiceField>) {
  return Object.fromEntries(INVOICE_FIELDS.map((name) => [name, values[name].trim()])) as Record<InvoiceField, string>;
}

export function customFormBody(definition: CustomFormDefinition, values: Record<string, string>) {
  return {
    version: definition.version ?? 1,
    values: Object.fromEntries(definition.fields.map((field) => [field.name, field.type === 'checkbox' ? values[field.name] === 'yes' : (values[field.name] ?? '').trim()])) as Record<string, string | boolean>,
  };
}
