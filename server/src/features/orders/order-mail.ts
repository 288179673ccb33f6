/** The order-confirmation mail (spec 2 §4: "confirmation ... will be emailed"), in the store's language. */
import { CURRENCY_SIGNS, roundMoney, type CurrencyCode } from '@shop/shared';
import { lineOptionRows, type LineOptionsSource } from '@shop/shared/cart/line-options';
import type { OutgoingMail } from '../mail/mailer.ts';

type MailLanguage = 'en' | 'nl';

const TEXTS: Record<MailLanguage, { subject: (number: string) => string; greeting: (name: string) => string; body: string; total: string; status: string; size: string; locale: string }> = {
  en: {
    subject: (number) => `Your order #${number}`,
    greeting: (name) => `Hello ${name},`,
    body: 'Thank you for your order. We have received it and will let you know when it ships.',
    total: 'Grand Total',
    status: 'Follow your order here:',
    size: 'Size',
    locale: 'en-GB',
  },
  nl: {
    subject: (number) => `Uw bestelling #${number}`,
    greeting: (name) => `Beste ${name},`,
    body: 'Bedankt voor uw bestelling. We hebben hem ontvangen en laten u weten wanneer hij verzonden wordt.',
    total: 'Totaal',
    status: 'Volg uw bestelling hier:',
    size: 'Maat',
    locale: 'nl-NL',
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
  firstname: string;
  incrementId: string;
  currency: string;
  grandTotal: number;
  /** Each line with the options chosen for it (line-options.ts), shown under it as in every other place. */
  items: ReadonlyArray<{ name: string; qty: number; row_total_incl_tax: number } & LineOptionsSource>;
  statusUrl: string;
}

export function orderConfirmationMail(values: ConfirmationValues): OutgoingMail {
  const t = TEXTS[values.store === 'en' ? 'en' : 'nl'];
  const lines = values.items.map((item) => ({
    text: `${item.qty} × ${item.name}: ${money(item.row_total_incl_tax, values.currency, t.locale)}`,
    options: lineOptionRows(item, { size: t.size }).map((row) => `${row.label}: ${row.value}`),
  }));
  const total = `${t.total}: ${money(values.grandTotal, values.currency, t.locale)}`;
  const textLines = lines.map((line) => [line.text, ...line.options.map((option) => `   ${option}`)].join('\n'));
  const htmlLines = lines.map((line) => `<li>${escapeHtml(line.text)}${line.options.map((option) => `<br><small>${escapeHtml(option)}</small>`).join('')}</li>`);
  return {
    to: values.to,
    subject: t.subject(values.incrementId),
    kind: 'order-confirmation',
    text: `${t.greeting(values.firstname)}\n\n${t.body}\n\n${textLines.join('\n')}\n${total}\n\n${t.status}\n${values.statusUrl}\n`,
    html:
      `<p>${escapeHtml(t.greeting(values.firstname))}</p><p>${escapeHtml(t.body)}</p><ul>${htmlLines.join('')}</ul>` +
      `<p><strong>${escapeHtml(total)}</strong></p><p>${escapeHtml(t.status)} <a href="${escapeHtml(values.statusUrl)}">${escapeHtml(values.statusUrl)}</a></p>`,
  };
}
