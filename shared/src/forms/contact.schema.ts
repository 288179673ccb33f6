/**
 * The contact form (`/contacts`, spec 2 §2; `POST /api/forms/contacts`): salutation, name, phone, e-mail, subject,
 * message and how the shopper wants to be contacted. The phone is required only when they chose "by phone".
 */
import { z } from 'zod/mini';
import { checkEmail, checkName, checkPhone } from '../account/account-fields.ts';
import { checkChoice, checkOptionalText, checkText, formText, TEXT_MAX, textOf, type FieldErrors, type FormValue } from './form-fields.ts';

export const CONTACT_SALUTATIONS = ['mr', 'mrs'] as const;
export const CONTACT_SUBJECTS = ['afterSales', 'general', 'b2b', 'tradeIn', 'sales'] as const;
export const CONTACT_PREFERENCES = ['phone', 'email'] as const;
export type ContactSalutation = (typeof CONTACT_SALUTATIONS)[number];
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
export type ContactPreference = (typeof CONTACT_PREFERENCES)[number];

/** The choices' English labels, as the issue names them (the pages and mails translate them). */
export const CONTACT_LABELS = {
  salutation: { mr: 'Mr.', mrs: 'Miss/Mrs.' },
  subject: { afterSales: 'After Sales Service', general: 'General questions', b2b: 'Business-to-Business', tradeIn: 'Enquiry for trade-in of a watch', sales: 'Sales' },
  preference: { phone: 'by phone', email: 'by e-mail' },
} as const satisfies Record<string, Record<string, string>>;

export const CONTACT_FIELDS = ['salutation', 'name', 'phone', 'email', 'subject', 'message', 'preference'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Partial<Record<ContactField, FormValue>>;

/** The body of `POST /api/forms/contacts`: every field may be missing here; `checkContact` says what is wrong. */
export const ContactFormSchema = z.object({
  salutation: formText(20),
  name: formText(TEXT_MAX.short),
  phone: formText(50),
  email: formText(TEXT_MAX.short * 2),
  subject: formText(40),
  message: formText(TEXT_MAX.message),
  preference: formText(20),
});
export type ContactForm = z.infer<typeof ContactFormSchema>;

export function checkContact(values: ContactValues): FieldErrors<ContactField> {
  const errors: FieldErrors<ContactField> = {};
  const add = (field: ContactField, key: ReturnType<typeof checkText>) => {
    if (key) errors[field] = key;
  };
  add('salutation', checkChoice(values.salutation, CONTACT_SALUTATIONS));
  add('name', checkName(textOf(values.name)));
  add('phone', values.preference === 'phone' ? checkPhone(textOf(values.phone)) : checkOptionalText(values.phone, 50));
  add('email', checkEmail(textOf(values.email)));
  add('subject', checkChoice(values.subject, CONTACT_SUBJECTS));
  add('message', checkText(values.message, TEXT_MAX.message));
  add('preference', checkChoice(values.preference, CONTACT_PREFERENCES));
  return errors;
}
