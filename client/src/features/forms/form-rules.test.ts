import { FIELD_MESSAGES } from '@shop/shared/account/account-fields';
import { checkContact, ContactFormSchema, CONTACT_FIELDS, CONTACT_LABELS } from '@shop/shared/forms/contact.schema';
import { checkCustomForm, CustomFormDefinitionSchema, CustomFormSubmissionSchema } from '@shop/shared/forms/custom-form.schema';
import { checkInvoiceRequest, INVOICE_FIELDS, InvoiceRequestSchema } from '@shop/shared/forms/invoice.schema';
import { checkTradeIn, TradeInFormSchema } from '@shop/shared/forms/trade-in.schema';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de/forms.json';
import en from '../../locales/en/forms.json';
import nl from '../../locales/nl/forms.json';
import { contactBody, customFormBody, invoiceBody, TRADE_IN_TEXT_FIELDS, tradeInBody, type TradeInTextField } from './form-rules.ts';
import { fitWithin } from './photo-resize.ts';

const NOW = new Date('2026-05-10T12:00:00Z');
/** What the server checks: the body as it arrives (JSON) and as its schema parses it. */
const arrived = <T>(schema: { parse(value: unknown): T }, body: unknown): T => schema.parse(JSON.parse(JSON.stringify(body)));

describe('the page and the server check the same body alike', () => {
  const contact = { salutation: 'mr', name: 'Jan', phone: '', email: 'jan@example.com', subject: 'sales', message: 'Hello', preference: 'email' };
  const contacts = [
    contact,
    { ...contact, preference: 'phone' },
    { ...contact, name: ' J ', email: 'jan@', subject: '' },
    { ...contact, salutation: '', message: '   ', preference: '' },
    Object.fromEntries(CONTACT_FIELDS.map((name) => [name, ''])) as typeof contact,
  ];
  it('contact', () => {
    for (const values of contacts) expect(checkContact(contactBody(values)), JSON.stringify(values)).toEqual(checkContact(arrived(ContactFormSchema, contactBody(values))));
    expect(checkContact(contactBody(contacts[1]!))).toEqual({ phone: 'phoneRequired' });
  });

  const empty = Object.fromEntries(TRADE_IN_TEXT_FIELDS.map((name) => [name, ''])) as Record<TradeInTextField, string>;
  const tradeIn = { ...empty, brand: 'Rolex', model: 'GMT', year: '2010', desired_amount: '5000', intent: 'sale', receipt: 'yes', warranty_card: 'no', box: 'yes', name: 'Jan', email: 'jan@example.com', terms: 'yes' };
  const tradeIns = [
    tradeIn,
    empty,
    { ...tradeIn, year: '2027', maintenance_year: '2005', desired_amount: '12.5', terms: '' },
    { ...tradeIn, year: '98', maintenance_year: 'abc', desired_amount: '0' },
    { ...tradeIn, maintenance_year: '2005' },
    { ...tradeIn, brand: 'other' },
    { ...tradeIn, receipt: '', warranty_card: 'no', box: '' },
  ];
  it('trade-in: typed years and amounts, yes/no answers and the terms tick', () => {
    for (const values of tradeIns) {
      const body = tradeInBody(values, ['7d0b1f2c-3c4a-4b8e-9a55-0c1d2e3f4a5b']);
      expect(checkTradeIn(body, NOW), JSON.stringify(values)).toEqual(checkTradeIn(arrived(TradeInFormSchema, body), NOW));
    }
    expect(checkTradeIn(tradeInBody(tradeIn, []), NOW)).toEqual({});
    expect(checkTradeIn(tradeInBody(tradeIns[2]!, []), NOW)).toEqual({ year: 'yearInvalid', desired_amount: 'mustBeAboveZero', terms: 'termsRequired' });
    expect(checkTradeIn(tradeInBody(tradeIns[6]!, []), NOW)).toEqual({ receipt: 'required', box: 'required' });
    expect(tradeInBody(tradeIn, [])).toMatchObject({ year: 2010, desired_amount: 5000, receipt: true, warranty_card: false, box: true, terms: true });
  });

  it('invoice request', () => {
    const valid = { order_number: '000000123', email: 'anna@example.nl', name: 'Anna', company: '', vat_id: '', street: 'Kalverstraat 1', zip: '1012 NX', city: 'Amsterdam', country: 'NL' };
    for (const values of [valid, { ...valid, vat_id: 'NL', zip: '12', city: '1234' }, Object.fromEntries(INVOICE_FIELDS.map((name) => [name, ''])) as typeof valid]) {
      expect(checkInvoiceRequest(invoiceBody(values), ['NL']), JSON.stringify(values)).toEqual(checkInvoiceRequest(arrived(InvoiceRequestSchema, invoiceBody(values)), ['NL']));
    }
  });

  it('custom forms: a tick box is a tick, 3 letters where the definition says so', () => {
    const definition = CustomFormDefinitionSchema.parse({
      title: { en: 'X', nl: 'X', de: 'X' },
      fields: [
        { name: 'name', type: 'text', required: true, rule: 'name', minLetters: 3, label: { en: 'Name', nl: 'Naam', de: 'Name' } },
        { name: 'city', type: 'text', rule: 'city', label: { en: 'City', nl: 'Plaats', de: 'Ort' } },
        { name: 'terms', type: 'checkbox', rule: 'terms', label: { en: 'Terms', nl: 'Voorwaarden', de: 'AGB' } },
      ],
    });
    const cases = [
      { name: 'Bo', city: '', terms: '' },
      { name: 'Bob', city: '123', terms: 'yes' },
      { name: 'Bob', city: 'Utrecht', terms: 'yes' },
    ];
    for (const values of cases) {
      const body = customFormBody(definition, values);
      expect(checkCustomForm(definition, body.values), JSON.stringify(values)).toEqual(checkCustomForm(definition, arrived(CustomFormSubmissionSchema, body).values));
    }
    expect(checkCustomForm(definition, customFormBody(definition, cases[0]!).values)).toEqual({ name: 'nameMinLength3', terms: 'termsRequired' });
    expect(checkCustomForm(definition, customFormBody(definition, cases[2]!).values)).toEqual({});
  });
});

describe('the forms’ texts', () => {
  const keys = (value: unknown, prefix = ''): string[] =>
    typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key)) : [prefix];
  /** The account's password messages never show on a shop form. */
  const shown = Object.keys(FIELD_MESSAGES).filter((key) => !key.startsWith('password')) as Array<keyof typeof FIELD_MESSAGES>;

  it('have the same keys in en, nl and de, and every field message a form can show', () => {
    expect(keys(nl).sort()).toEqual(keys(en).sort());
    expect(keys(de).sort()).toEqual(keys(en).sort());
    for (const key of shown) expect(keys(en), key).toContain(`validation.${key}`);
  });

  it('show only FIELD_MESSAGES, with the spec’s English words', () => {
    for (const [key, text] of Object.entries(en.validation)) {
      expect(FIELD_MESSAGES, key).toHaveProperty(key);
      expect(text, key).toBe(FIELD_MESSAGES[key as keyof typeof FIELD_MESSAGES]);
    }
    expect(en.contact.subjects).toEqual(CONTACT_LABELS.subject);
    expect(en.contact.salutations).toEqual(CONTACT_LABELS.salutation);
    expect(en.contact.preferences).toEqual(CONTACT_LABELS.preference);
    expect(en.inquirySubmitted).toBe('Thank you! Your inquiry has been submitted.');
  });
});

describe('fitWithin', () => {
  it('brings the long edge down to 2048 px, keeping the proportions, and never enlarges', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3000, 6000)).toEqual({ width: 1024, height: 2048 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
