/**
 * The order-confirmation mail (spec 2 §4: "confirmation ... will be emailed"), in the language the shopper placed the
 * order in (their interface language, else their store's), its link into the order's store.
 */
import { CURRENCY_SIGNS, roundMoney, type CurrencyCode, type Language } from '@shop/shared';
import type { OutgoingMail } from '../mail/mailer.ts';

type MailLanguage = Language;

const TEXTS: Record<MailLanguage, { subject: (number: string) => string; greeting: (name: string) => string; body: string; total: string; status: string; locale: string }> = {
  en: {
    subject: (number) => `Your order #${number}`,
    greeting: (name) => `Hello ${name},`,
    body: 'Thank you for your order. We have received it and will let you know when it ships.',
    total: 'Grand Total',
    status: 'Follow your order here:',
    locale: 'en-GB',
  },
  nl: {
    subject: (number) => `Uw bestelling #${number}`,
    greeting: (name) => `Beste ${name},`,
    body: 'Bedankt voor uw bestelling. We hebben hem ontvangen en laten u weten wanneer hij verzonden wordt.',
    total: 'Totaal',
    status: 'Volg uw bestelling hier:',
    locale: 'nl-NL',
  },
  de: {
    subject: (number) => `Ihre Bestellung #${number}`,
    greeting: (name) => `Hallo ${name},`,
    body: 'Vielen Dank für Ihre Bestellung. Wir haben sie erhalten und geben Ihnen Bescheid, sobald sie versandt wird.',
    total: 'Gesamtsumme',
    status: 'Verfolgen Sie Ihre Bestellung hier:',
    locale: 'de-DE',
  },
};

/** One formatter per locale, made once (making an Intl formatter costs more than placing the order). */
const formatters = new Map<string, Intl.NumberFormat>();

function money(amount: number, currency: string, locale: string): string {
  let format = formatters.get(locale);
  if (!format) formatters.set(locale, (format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })));
  const sign = CURRENCY_SIGNS[currency as CurrencyCode] ?? `${currency} `;
  return `${amount < 0 ? '-' : ''}${sign}${format.format(Math.abs(roundMoney(amount)))}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface ConfirmationValues {
  to: string;
  store: string;
  language: MailLanguage;
  firstname: string;
  incrementId: string;
  currency: string;
  grandTotal: number;
  items: ReadonlyArray<{ name: string; qty: number; row_total_incl_tax: number }>;
  statusUrl: string;
}

export function orderConfirmationMail(values: ConfirmationValues): OutgoingMail {
  const t = TEXTS[values.language];
  const lines = values.items.map((item) => `${item.qty} × ${item.name}: ${money(item.row_total_incl_tax, values.currency, t.locale)}`);
  const total = `${t.total}: ${money(values.grandTotal, values.currency, t.locale)}`;
  return {
    to: values.to,
    subject: t.subject(values.incrementId),
    kind: 'order-confirmation',
    text: `${t.greeting(values.firstname)}\n\n${t.body}\n\n${lines.join('\n')}\n${total}\n\n${t.status}\n${values.statusUrl}\n`,
    html:
      `<p>${escapeHtml(t.greeting(values.firstname))}</p><p>${escapeHtml(t.body)}</p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` +
      `<p><strong>${escapeHtml(total)}</strong></p><p>${escapeHtml(t.status)} <a href="${escapeHtml(values.statusUrl)}">${escapeHtml(values.statusUrl)}</a></p>`,
  };
}
