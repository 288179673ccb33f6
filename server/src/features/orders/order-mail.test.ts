import { describe, expect, it } from 'vitest';
import { orderConfirmationMail, type ConfirmationValues } from './order-mail.ts';

const values: ConfirmationValues = {
  to: 'anna@example.com',
  store: 'nl',
  language: 'nl',
  firstname: 'Anna',
  incrementId: '000000042',
  currency: 'EUR',
  grandTotal: 1215,
  // 23:30 UTC on 31 January: 00:30 on 1 February in Amsterdam.
  placedAt: Date.parse('2026-01-31T23:30:00Z'),
  items: [{ name: 'Gouden ring', qty: 1, row_total_incl_tax: 1210 }],
  statusUrl: 'http://shop.test/nl/order-status/t?hash=h',
};

describe('order mails', () => {
  it('say when the order was placed, as the mail’s language writes dates (Dutch HH:mm D/M/YYYY), at the time in Amsterdam', () => {
    const mail = orderConfirmationMail(values);
    expect(mail.text).toContain('\nBesteldatum: 00:30 1/2/2026\n');
    expect(mail.html).toContain('<p>Besteldatum: 00:30 1/2/2026</p>');
    expect(orderConfirmationMail({ ...values, language: 'en' }).text).toContain('\nOrder date: 01/02/2026 00:30\n');
    expect(orderConfirmationMail({ ...values, language: 'de', kind: 'paid' }).text).toContain('\nBestelldatum: 01.02.2026 00:30\n');
  });
});
