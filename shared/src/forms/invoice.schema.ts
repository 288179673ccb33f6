/**
 * The invoice request (`/{store}/invoices`, spec 2 §2 and §7 `invoice`; `POST /api/forms/invoice`): anyone may ask
 * for an invoice of an order by its number, with the billing details to put on it. The answer is the same whether the
 * order exists (nobody learns order numbers from it); the shop sees in its inbox whether it matched.
 *
 * And `send-invoice` (spec 2 §7; `POST /api/forms/send-invoice`): a logged-in customer has the invoice of one of
 * their own orders mailed to them.
 */
import { z } from 'zod/mini';
import { checkCity, checkEmail, checkName, checkShipToCountry, checkTaxId, checkZipCode, type FieldMessageKey } from '../account/account-fields.ts';
import { checkOptionalText, checkText, formText, TEXT_MAX, textOf, type FieldErrors, type FormValue } from './form-fields.ts';

export const INVOICE_FIELDS = ['order_number', 'email', 'name', 'company', 'vat_id', 'street', 'zip', 'city', 'country'] as const;
export type InvoiceField = (typeof INVOICE_FIELDS)[number];
export type InvoiceValues = Partial<Record<InvoiceField, FormValue>>;

export const InvoiceRequestSchema = z.object({
  order_number: formText(50),
  email: formText(TEXT_MAX.short * 2),
  name: formText(TEXT_MAX.short),
  company: formText(TEXT_MAX.short),
  vat_id: formText(40),
  street: formText(TEXT_MAX.short),
  zip: formText(20),
  city: formText(100),
  country: formText(2),
});
export type InvoiceRequest = z.infer<typeof InvoiceRequestSchema>;

/** `countries`: the shop's ship-to list (two-letter codes); without it any two-letter code is taken. */
export function checkInvoiceRequest(values: InvoiceValues, countries?: readonly string[]): FieldErrors<InvoiceField> {
  const errors: FieldErrors<InvoiceField> = {};
  const add = (field: InvoiceField, key: FieldMessageKey | null) => {
    if (key) errors[field] = key;
  };
  add('order_number', checkText(values.order_number, 50));
  add('email', checkEmail(textOf(values.email)));
  add('name', checkName(textOf(values.name)));
  add('company', checkOptionalText(values.company, TEXT_MAX.short));
  add('vat_id', checkTaxId(textOf(values.vat_id)) ?? checkOptionalText(values.vat_id, 40));
  add('street', checkText(values.street, TEXT_MAX.short));
  add('zip', checkZipCode(textOf(values.zip)) ?? checkOptionalText(values.zip, 20));
  add('city', checkCity(textOf(values.city)));
  const country = textOf(values.country).trim().toUpperCase();
  add('country', countries ? checkShipToCountry(country, countries) : /^[A-Z]{2}$/.test(country) ? null : 'required');
  return errors;
}

/** The body of `POST /api/forms/send-invoice`: the order's id as the customer's order list shows it. */
export const SendInvoiceSchema = z.object({
  order_id: z.string().check(z.minLength(1, 'Field is required'), z.maxLength(200, 'is not an order id')),
});
export type SendInvoice = z.infer<typeof SendInvoiceSchema>;
