import { describe, expect, it } from 'vitest';
import de from '../../locales/de/forms.json';
import en from '../../locales/en/forms.json';
import nl from '../../locales/nl/forms.json';
import { ALL_FORM_MESSAGES, checkContact, checkCustomForm, checkTradeIn, sniffImageType, TRADE_IN_FIELDS, type CustomFormDefinition } from './form-rules.ts';
import { fitWithin } from './photo-resize.ts';

const bytes = (...values: Array<number | string>) => new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((c) => c.charCodeAt(0)) : [value])));

describe('sniffImageType', () => {
  it('tells JPEG, PNG, WebP and HEIC by their first bytes', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe1, 0, 0))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d))).toBe('image/png');
    expect(sniffImageType(bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
    for (const brand of ['heic', 'heix', 'mif1']) expect(sniffImageType(bytes(0, 0, 0, 0x18, 'ftyp', brand, 0, 0, 0, 0))).toBe('image/heic');
  });

  it('refuses AVIF, SVG, text, a program and a truncated header', () => {
    for (const head of [bytes(0, 0, 0, 0x1c, 'ftypavif', 0, 0, 0, 0), bytes('<svg xmlns="http'), bytes('hello, world....'), bytes('MZ', 0x90, 0), bytes(0xff, 0xd8), bytes('RIFF', 0, 0)]) {
      expect(sniffImageType(head)).toBeNull();
    }
  });
});

describe('the forms’ rules', () => {
  const contact = { salutation: 'mr', name: 'Jan', phone: '', email: 'jan@example.com', subject: 'sales', message: 'Hello', preference: 'email' };
  it('contact: the phone is required only for a call', () => {
    expect(checkContact(contact)).toEqual({});
    expect(checkContact({ ...contact, preference: 'phone' })).toEqual({ phone: 'phoneRequired' });
    expect(checkContact({ ...contact, name: 'J', email: 'jan@', subject: '' })).toEqual({ name: 'nameMinLength', email: 'emailInvalid', subject: 'required' });
  });

  it('trade-in: years between 1900 and now, a service not before the watch, a whole amount above 0, the terms', () => {
    const valid = { ...(Object.fromEntries(TRADE_IN_FIELDS.map((name) => [name, ''])) as Record<(typeof TRADE_IN_FIELDS)[number], string>), brand: 'Rolex', model: 'GMT', year: '2010', desired_amount: '5000', intent: 'sale', receipt: 'yes', warranty_card: 'no', box: 'yes', name: 'Jan', email: 'jan@example.com', terms: 'yes' };
    expect(checkTradeIn(valid, 2026)).toEqual({});
    expect(checkTradeIn({ ...valid, year: '2027', maintenance_year: '2005', desired_amount: '12.5', terms: '' }, 2026)).toEqual({ year: 'yearInvalid', desired_amount: 'mustBeAboveZero', terms: 'termsRequired' });
    expect(checkTradeIn({ ...valid, maintenance_year: '2005' }, 2026)).toEqual({ maintenance_year: 'maintenanceBeforeYear' });
    expect(checkTradeIn({ ...valid, brand: 'other' }, 2026)).toEqual({ brand_other: 'required' });
  });

  it('custom forms: each field’s rule, 3 letters where the definition says so', () => {
    const definition: CustomFormDefinition = {
      slug: 'x',
      title: { en: 'X', nl: 'X', de: 'X' },
      fields: [
        { name: 'name', type: 'text', required: true, rule: 'name', minLetters: 3, label: { en: 'Name', nl: 'Naam', de: 'Name' } },
        { name: 'city', type: 'text', rule: 'city', label: { en: 'City', nl: 'Plaats', de: 'Ort' } },
        { name: 'terms', type: 'checkbox', rule: 'terms', label: { en: 'Terms', nl: 'Voorwaarden', de: 'AGB' } },
      ],
    };
    expect(checkCustomForm(definition, { name: 'Bo', city: '', terms: '' })).toEqual({ name: 'nameMinLength3', terms: 'termsRequired' });
    expect(checkCustomForm(definition, { name: 'Bob', city: '123', terms: 'yes' })).toEqual({ city: 'cityInvalid' });
  });
});

describe('the forms’ texts', () => {
  const keys = (value: unknown, prefix = ''): string[] =>
    typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key)) : [prefix];
  it('have the same keys in en, nl and de, and every field message', () => {
    expect(keys(nl).sort()).toEqual(keys(en).sort());
    expect(keys(de).sort()).toEqual(keys(en).sort());
    for (const key of Object.keys(ALL_FORM_MESSAGES).filter((key) => !key.startsWith('password') && key !== 'countryNotShipped')) expect(keys(en), key).toContain(`validation.${key}`);
  });

  it('keep the spec’s and the forms’ English messages word for word', () => {
    for (const [key, text] of Object.entries(en.validation)) {
      if (key in ALL_FORM_MESSAGES) expect(text, key).toBe(ALL_FORM_MESSAGES[key as keyof typeof ALL_FORM_MESSAGES].replace('{name}', '{{name}}'));
    }
    expect(Object.values(en.contact.subjects)).toEqual(['After Sales Service', 'General questions', 'Business-to-Business', 'Enquiry for trade-in of a watch', 'Sales']);
    expect([en.contact.salutations.mr, en.contact.salutations.mrs, en.contact.preferences.phone, en.contact.preferences.email]).toEqual(['Mr.', 'Miss/Mrs.', 'by phone', 'by e-mail']);
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
