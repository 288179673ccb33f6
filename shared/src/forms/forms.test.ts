import { describe, expect, it } from 'vitest';
import { checkName, FIELD_MESSAGES } from '../account/account-fields.ts';
import { MUST_BE_ABOVE_ZERO } from '../catalogue/filters.ts';
import { checkContact, CONTACT_LABELS, ContactFormSchema } from './contact.schema.ts';
import { checkCustomForm, customFormContact, CustomFormDefinitionSchema, customFormValues, type CustomFormDefinition } from './custom-form.schema.ts';
import { checkAboveZero, checkTerms, checkYear, checkYearSince, fieldErrorList, FORM_BODY_MAX_BYTES, INQUIRY_SUBMITTED } from './form-fields.ts';
import { checkInvoiceRequest, InvoiceRequestSchema } from './invoice.schema.ts';
import { checkTradeIn, TradeInFormSchema, type TradeInValues } from './trade-in.schema.ts';

const NOW = new Date('2026-05-10T12:00:00Z');

describe('form messages', () => {
  it('keep the exact texts of spec 2 §5 and §7', () => {
    expect(FIELD_MESSAGES.termsRequired).toBe('You must accept the terms and conditions');
    expect(FIELD_MESSAGES.mustBeAboveZero).toBe(MUST_BE_ABOVE_ZERO);
    expect(FIELD_MESSAGES.mustBeAboveZero).toBe('Must be greater than 0');
    expect(FIELD_MESSAGES.required).toBe('Field is required');
    expect(FIELD_MESSAGES.phoneRequired).toBe('Phone number is required');
    expect(FIELD_MESSAGES.slotTaken).toBe('This time was just booked by someone else. Please choose another time.');
    expect(FIELD_MESSAGES.slotUnavailable).toBe('This time is not available. Please choose another time.');
    expect(INQUIRY_SUBMITTED).toBe('inquiry submitted');
    expect(FORM_BODY_MAX_BYTES).toBe(65_536);
  });

  it('a name of 3 letters says so in its message', () => {
    expect(checkName('Bo', 3)).toBe('nameMinLength3');
    expect(checkName('B')).toBe('nameMinLength');
    expect(checkName('Bo')).toBeNull();
    expect(checkName('Bob', 3)).toBeNull();
  });

  it('lists field errors with their key and English message in the form order', () => {
    expect(fieldErrorList({ email: 'emailInvalid', name: 'required' }, ['name', 'email'] as const)).toEqual([
      { path: 'name', key: 'required', message: 'Field is required' },
      { path: 'email', key: 'emailInvalid', message: 'Please provide valid e-mail address' },
    ]);
  });
});

describe('field checks', () => {
  it('terms must be ticked', () => {
    expect(checkTerms(true)).toBeNull();
    expect(checkTerms('true')).toBeNull();
    for (const value of [false, undefined, null, '', 'false', 'yes?']) expect(checkTerms(value)).toBe('termsRequired');
  });

  it('an amount is a whole number above zero', () => {
    expect(checkAboveZero('2500')).toBeNull();
    expect(checkAboveZero(1)).toBeNull();
    expect(checkAboveZero('')).toBe('required');
    for (const value of ['0', 0, '-5', '12.5', 'abc', '1e5', '9999999999']) expect(checkAboveZero(value)).toBe('mustBeAboveZero');
  });

  it('a year is from 1900 to this year; a maintenance not before it', () => {
    expect(checkYear('1998', NOW)).toBeNull();
    expect(checkYear('2026', NOW)).toBeNull();
    expect(checkYear('2027', NOW)).toBe('yearInvalid');
    expect(checkYear('1899', NOW)).toBe('yearInvalid');
    expect(checkYear('98', NOW)).toBe('yearInvalid');
    expect(checkYear('', NOW)).toBe('required');
    expect(checkYearSince('', '1998', NOW)).toBeNull();
    expect(checkYearSince('2020', '1998', NOW)).toBeNull();
    expect(checkYearSince('1990', '1998', NOW)).toBe('maintenanceBeforeYear');
    expect(checkYearSince('2030', '1998', NOW)).toBe('yearInvalid');
    expect(checkYearSince('2020', 'junk', NOW)).toBeNull();
  });
});

describe('contact form', () => {
  const valid = { salutation: 'mrs', name: 'Anna de Vries', phone: '', email: 'anna@example.nl', subject: 'tradeIn', message: 'I have a watch.', preference: 'email' };

  it('takes a complete form', () => {
    expect(checkContact(valid)).toEqual({});
    expect(ContactFormSchema.safeParse(valid).success).toBe(true);
  });

  it('answers every spec message on its field', () => {
    expect(checkContact({})).toEqual({ salutation: 'required', name: 'required', email: 'required', subject: 'required', message: 'required', preference: 'required' });
    expect(checkContact({ ...valid, name: 'A' }).name).toBe('nameMinLength');
    expect(checkContact({ ...valid, name: 'R2D2' }).name).toBe('alphabetOnly');
    expect(checkContact({ ...valid, email: 'anna@' }).email).toBe('emailInvalid');
    expect(checkContact({ ...valid, subject: 'spam' }).subject).toBe('required');
    expect(checkContact({ ...valid, message: 'x'.repeat(5001) }).message).toBe('textTooLong');
  });

  it('wants a phone number only when the shopper asks to be phoned', () => {
    expect(checkContact({ ...valid, preference: 'phone' }).phone).toBe('phoneRequired');
    expect(checkContact({ ...valid, preference: 'phone', phone: '+31 20 123 4567' })).toEqual({});
  });

  it('labels the choices as the issue names them', () => {
    expect(CONTACT_LABELS.salutation).toEqual({ mr: 'Mr.', mrs: 'Miss/Mrs.' });
    expect(Object.values(CONTACT_LABELS.subject)).toEqual(['After Sales Service', 'General questions', 'Business-to-Business', 'Enquiry for trade-in of a watch', 'Sales']);
    expect(CONTACT_LABELS.preference).toEqual({ phone: 'by phone', email: 'by e-mail' });
  });

  it('refuses only wrong types in the body schema (field rules are the check\'s)', () => {
    expect(ContactFormSchema.safeParse({}).success).toBe(true);
    expect(ContactFormSchema.safeParse({ name: { first: 'x' } }).success).toBe(false);
    expect(ContactFormSchema.safeParse({ message: 'x'.repeat(30_000) }).success).toBe(false);
  });
});

describe('trade-in form', () => {
  const valid: TradeInValues = {
    brand: 'Rolex',
    model: 'Datejust 16234',
    year: '1998',
    maintenance_year: '2021',
    desired_amount: '4500',
    intent: 'tradeIn',
    receipt: 'yes',
    warranty_card: 'no',
    box: 'yes',
    photos: ['7d0b1f2c-3c4a-4b8e-9a55-0c1d2e3f4a5b'],
    comments: '',
    name: 'Jan Jansen',
    email: 'jan@example.nl',
    phone: '',
    terms: true,
  };

  it('takes a complete form', () => {
    expect(checkTradeIn(valid, NOW)).toEqual({});
    expect(TradeInFormSchema.safeParse(valid).success).toBe(true);
  });

  it('answers each rule with its message', () => {
    expect(checkTradeIn({}, NOW)).toMatchObject({ brand: 'required', model: 'required', year: 'required', desired_amount: 'required', intent: 'required', receipt: 'required', warranty_card: 'required', box: 'required', name: 'required', email: 'required', terms: 'termsRequired' });
    expect(checkTradeIn({ ...valid, brand: 'other' }, NOW).brand_other).toBe('required');
    expect(checkTradeIn({ ...valid, brand: 'other', brand_other: 'Universal Genève' }, NOW)).toEqual({});
    expect(checkTradeIn({ ...valid, year: '3000' }, NOW).year).toBe('yearInvalid');
    expect(checkTradeIn({ ...valid, maintenance_year: '1990' }, NOW).maintenance_year).toBe('maintenanceBeforeYear');
    expect(checkTradeIn({ ...valid, desired_amount: '0' }, NOW).desired_amount).toBe('mustBeAboveZero');
    expect(checkTradeIn({ ...valid, terms: false }, NOW).terms).toBe('termsRequired');
    expect(checkTradeIn({ ...valid, comments: 'x'.repeat(2001) }, NOW).comments).toBe('textTooLong');
  });

  it('takes numbers and ticks as a page may send them', () => {
    const sent = { ...valid, year: 1998, maintenance_year: 2021, desired_amount: 4500, receipt: true, warranty_card: false, box: true };
    expect(TradeInFormSchema.safeParse(sent).success).toBe(true);
    expect(checkTradeIn(sent, NOW)).toEqual({});
  });

  it('takes at most 6 photos, each once', () => {
    const ids = Array.from({ length: 7 }, (_, n) => `7d0b1f2c-3c4a-4b8e-9a55-0c1d2e3f4a5${n}`);
    expect(checkTradeIn({ ...valid, photos: ids.slice(0, 6) }, NOW).photos).toBeUndefined();
    expect(checkTradeIn({ ...valid, photos: ids }, NOW).photos).toBe('photosTooMany');
    expect(checkTradeIn({ ...valid, photos: [ids[0]!, ids[0]!] }, NOW).photos).toBe('photosTooMany');
    expect(TradeInFormSchema.safeParse({ photos: ['../../etc/passwd'] }).success).toBe(false);
  });
});

describe('invoice request', () => {
  const valid = { order_number: '000000123', email: 'anna@example.nl', name: 'Anna', company: '', vat_id: '', street: 'Kalverstraat 1', zip: '1012 NX', city: 'Amsterdam', country: 'NL' };

  it('takes a complete request', () => {
    expect(checkInvoiceRequest(valid)).toEqual({});
    expect(checkInvoiceRequest(valid, ['NL', 'BE'])).toEqual({});
    expect(InvoiceRequestSchema.safeParse(valid).success).toBe(true);
  });

  it('answers the address rules of spec 2 §5', () => {
    expect(checkInvoiceRequest({ ...valid, vat_id: 'NL' }).vat_id).toBe('taxIdMinLength');
    expect(FIELD_MESSAGES.taxIdMinLength).toBe('Tax ID must have at least 3 letters');
    expect(checkInvoiceRequest({ ...valid, zip: '12' }).zip).toBe('zipMinLength');
    expect(checkInvoiceRequest({ ...valid, city: '1234' }).city).toBe('cityInvalid');
    expect(checkInvoiceRequest({ ...valid, order_number: ' ' }).order_number).toBe('required');
    expect(checkInvoiceRequest({ ...valid, country: 'US' }, ['NL']).country).toBe('countryNotShipped');
    expect(checkInvoiceRequest({ ...valid, country: '' }).country).toBe('required');
  });
});

describe('custom form', () => {
  const definition: CustomFormDefinition = CustomFormDefinitionSchema.parse({
    title: { en: 'Engraving request', nl: 'Graveeraanvraag', de: 'Gravuranfrage' },
    fields: [
      { name: 'name', type: 'text', required: true, rule: 'name', minLetters: 3, label: { en: 'Name', nl: 'Naam', de: 'Name' } },
      { name: 'email', type: 'email', required: true, label: { en: 'E-mail', nl: 'E-mail', de: 'E-Mail' } },
      { name: 'phone', type: 'phone', required: true, rule: 'phone', label: { en: 'Phone', nl: 'Telefoon', de: 'Telefon' } },
      { name: 'city', type: 'text', rule: 'city', label: { en: 'City', nl: 'Plaats', de: 'Ort' } },
      { name: 'metal', type: 'select', required: true, options: [{ value: 'gold', label: { en: 'Gold', nl: 'Goud', de: 'Gold' } }], label: { en: 'Metal', nl: 'Metaal', de: 'Metall' } },
      { name: 'budget', type: 'number', rule: 'aboveZero', label: { en: 'Budget', nl: 'Budget', de: 'Budget' } },
      { name: 'date', type: 'date', label: { en: 'Date', nl: 'Datum', de: 'Datum' } },
      { name: 'terms', type: 'checkbox', rule: 'terms', label: { en: 'Terms', nl: 'Voorwaarden', de: 'AGB' } },
    ],
  });
  const valid = { name: 'Eva', email: 'eva@example.de', phone: '+49 30 1234', city: 'Köln', metal: 'gold', budget: '300', date: '2026-06-01', terms: true };

  it('takes a complete form and keeps only its own fields', () => {
    expect(checkCustomForm(definition, valid)).toEqual({});
    expect(customFormValues(definition, { ...valid, extra: 'dropped' })).toEqual({ ...valid, terms: true });
    expect(customFormContact(definition, valid)).toEqual({ email: 'eva@example.de', name: 'Eva' });
  });

  it('applies each rule with its spec message', () => {
    expect(checkCustomForm(definition, {})).toEqual({ name: 'required', email: 'required', phone: 'phoneRequired', metal: 'required', terms: 'termsRequired' });
    expect(checkCustomForm(definition, { ...valid, name: 'Bo' }).name).toBe('nameMinLength3');
    expect(checkCustomForm(definition, { ...valid, email: 'x@y' }).email).toBe('emailInvalid');
    expect(checkCustomForm(definition, { ...valid, city: '99' }).city).toBe('cityInvalid');
    expect(checkCustomForm(definition, { ...valid, metal: 'tin' }).metal).toBe('required');
    expect(checkCustomForm(definition, { ...valid, budget: '0' }).budget).toBe('mustBeAboveZero');
    expect(checkCustomForm(definition, { ...valid, date: '1 June' }).date).toBe('required');
  });

  it('refuses a definition with twice the same field or a select without options', () => {
    const label = { en: 'A', nl: 'A', de: 'A' };
    expect(CustomFormDefinitionSchema.safeParse({ title: label, fields: [{ name: 'a', type: 'text', label }, { name: 'a', type: 'text', label }] }).success).toBe(false);
    expect(CustomFormDefinitionSchema.safeParse({ title: label, fields: [{ name: 'a', type: 'select', label }] }).success).toBe(false);
  });
});
