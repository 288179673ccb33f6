/**
 * The order mails (spec 2 §4: "confirmation ... will be emailed"), in the language the shopper placed the order in
 * (their interface language, else their store's), their links into the order's store. Each says what actually
 * happened: placed (shipped when ready), placed and waiting for an online payment (with the link to pay or
 * follow it), placed and waiting for a bank transfer (with the account, amount and reference), paid, or canceled.
 */
import { CURRENCY_SIGNS, formatShopDate, roundMoney, type CurrencyCode, type Language } from '@shop/shared';
import { formatIban, type BankTransferInstructions } from '@shop/shared/orders/bank-transfer';
import { lineOptionRows, type LineOptionsSource } from '@shop/shared/cart/line-options';
import type { OutgoingMail } from '../mail/mailer.ts';

type MailLanguage = Language;

/** What the mail tells: at placing (placed, awaitingPayment, awaitingTransfer), or on a later status (paid, canceled). */
export type OrderMailKind = 'placed' | 'awaitingPayment' | 'awaitingTransfer' | 'paid' | 'canceled';

interface MailTexts {
  subject: Record<OrderMailKind, (number: string) => string>;
  body: Record<OrderMailKind, string>;
  greeting: (name: string) => string;
  total: string;
  placedAt: string;
  status: string;
  transfer: { amount: string; iban: string; bic: string; holder: string; reference: string };
  size: string;
  locale: string;
}

const TEXTS: Record<MailLanguage, MailTexts> = {
  en: {
    subject: {
      placed: (number) => `Your order #${number}`,
      awaitingPayment: (number) => `Your order #${number} is waiting for your payment`,
      awaitingTransfer: (number) => `Your order #${number}: please pay by bank transfer`,
      paid: (number) => `Payment received for your order #${number}`,
      canceled: (number) => `Your order #${number} has been cancelled`,
    },
    body: {
      placed: 'Thank you for your order. We have received it and will let you know when it ships.',
      awaitingPayment: 'We have received your order. It is reserved for you and waits for your payment: it is not paid yet. You can pay it, or pay it again with another method, here:',
      awaitingTransfer: 'Thank you for your order. Please transfer the amount below to our account, with the order number as the reference; we ship your order once it has arrived.',
      paid: 'Thank you for your order: we have received your payment. We will let you know when it ships.',
      canceled: 'Your order has been cancelled and has not been paid; nothing has been charged. The items are no longer reserved for you.',
    },
    greeting: (name) => `Hello ${name},`,
    total: 'Grand Total',
    placedAt: 'Order date',
    status: 'Follow your order here:',
    transfer: { amount: 'Amount', iban: 'IBAN', bic: 'BIC', holder: 'Account holder', reference: 'Reference' },
    size: 'Size',
    locale: 'en-GB',
  },
  nl: {
    subject: {
      placed: (number) => `Uw bestelling #${number}`,
      awaitingPayment: (number) => `Uw bestelling #${number} wacht op uw betaling`,
      awaitingTransfer: (number) => `Uw bestelling #${number}: betaal per bankoverschrijving`,
      paid: (number) => `Betaling ontvangen voor uw bestelling #${number}`,
      canceled: (number) => `Uw bestelling #${number} is geannuleerd`,
    },
    body: {
      placed: 'Bedankt voor uw bestelling. We hebben hem ontvangen en laten u weten wanneer hij verzonden wordt.',
      awaitingPayment: 'We hebben uw bestelling ontvangen. Hij is voor u gereserveerd en wacht op uw betaling: hij is nog niet betaald. U kunt hem hier betalen, of opnieuw betalen met een andere betaalmethode:',
      awaitingTransfer: 'Bedankt voor uw bestelling. Maak het bedrag hieronder over naar onze rekening, met het bestelnummer als kenmerk; we verzenden uw bestelling zodra het bedrag binnen is.',
      paid: 'Bedankt voor uw bestelling: we hebben uw betaling ontvangen. We laten u weten wanneer hij verzonden wordt.',
      canceled: 'Uw bestelling is geannuleerd en niet betaald; er is niets afgeschreven. De artikelen zijn niet langer voor u gereserveerd.',
    },
    greeting: (name) => `Beste ${name},`,
    total: 'Totaal',
    placedAt: 'Besteldatum',
    status: 'Volg uw bestelling hier:',
    transfer: { amount: 'Bedrag', iban: 'IBAN', bic: 'BIC', holder: 'Ten name van', reference: 'Kenmerk' },
    size: 'Maat',
    locale: 'nl-NL',
  },
  de: {
    subject: {
      placed: (number) => `Ihre Bestellung #${number}`,
      awaitingPayment: (number) => `Ihre Bestellung #${number} wartet auf Ihre Zahlung`,
      awaitingTransfer: (number) => `Ihre Bestellung #${number}: bitte per Überweisung bezahlen`,
      paid: (number) => `Zahlung für Ihre Bestellung #${number} erhalten`,
      canceled: (number) => `Ihre Bestellung #${number} wurde storniert`,
    },
    body: {
      placed: 'Vielen Dank für Ihre Bestellung. Wir haben sie erhalten und geben Ihnen Bescheid, sobald sie versandt wird.',
      awaitingPayment: 'Wir haben Ihre Bestellung erhalten. Sie ist für Sie reserviert und wartet auf Ihre Zahlung: Sie ist noch nicht bezahlt. Sie können sie hier bezahlen, auch erneut mit einer anderen Zahlungsart:',
      awaitingTransfer: 'Vielen Dank für Ihre Bestellung. Bitte überweisen Sie den unten genannten Betrag auf unser Konto, mit der Bestellnummer als Verwendungszweck; wir versenden Ihre Bestellung, sobald der Betrag eingegangen ist.',
      paid: 'Vielen Dank für Ihre Bestellung: Wir haben Ihre Zahlung erhalten. Wir geben Ihnen Bescheid, sobald sie versandt wird.',
      canceled: 'Ihre Bestellung wurde storniert und nicht bezahlt; es wurde nichts abgebucht. Die Artikel sind nicht mehr für Sie reserviert.',
    },
    greeting: (name) => `Hallo ${name},`,
    total: 'Gesamtsumme',
    placedAt: 'Bestelldatum',
    status: 'Verfolgen Sie Ihre Bestellung hier:',
    transfer: { amount: 'Betrag', iban: 'IBAN', bic: 'BIC', holder: 'Kontoinhaber', reference: 'Verwendungszweck' },
    size: 'Größe',
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
  /** When the order was placed (ms): shown as the mail's language writes dates, at the shop's time zone. */
  placedAt: number;
  /** Each line with the options chosen for it (line-options.ts), shown under it as in every other place. */
  items: ReadonlyArray<{ name: string; qty: number; row_total_incl_tax: number } & LineOptionsSource>;
  statusUrl: string;
  /** Default 'placed'. */
  kind?: OrderMailKind;
  /** For 'awaitingTransfer': where to transfer what. */
  bankTransfer?: BankTransferInstructions;
}

const OUTBOX_KIND: Record<OrderMailKind, string> = {
  placed: 'order-confirmation',
  awaitingPayment: 'order-confirmation',
  awaitingTransfer: 'order-confirmation',
  paid: 'order-paid',
  canceled: 'order-canceled',
};

export function orderConfirmationMail(values: ConfirmationValues): OutgoingMail {
  const kind = values.kind ?? 'placed';
  const t = TEXTS[values.language];
  const lines = values.items.map((item) => ({
    text: `${item.qty} × ${item.name}: ${money(item.row_total_incl_tax, values.currency, t.locale)}`,
    options: lineOptionRows(item, { size: t.size }).map((row) => `${row.label}: ${row.value}`),
  }));
  const placed = `${t.placedAt}: ${formatShopDate(values.placedAt, values.language)}`;
  const total = `${t.total}: ${money(values.grandTotal, values.currency, t.locale)}`;
  const transfer = kind === 'awaitingTransfer' && values.bankTransfer ? values.bankTransfer : null;
  const transferLines = transfer
    ? [
        `${t.transfer.amount}: ${money(transfer.amount, transfer.currency, t.locale)}`,
        `${t.transfer.iban}: ${formatIban(transfer.iban)}`,
        `${t.transfer.bic}: ${transfer.bic}`,
        `${t.transfer.holder}: ${transfer.account_holder}`,
        `${t.transfer.reference}: ${transfer.reference}`,
      ]
    : [];
  const transferText = transferLines.length ? `\n${transferLines.join('\n')}\n` : '';
  const transferHtml = transferLines.length ? `<p>${transferLines.map(escapeHtml).join('<br>')}</p>` : '';
  const textLines = lines.map((line) => [line.text, ...line.options.map((option) => `   ${option}`)].join('\n'));
  const htmlLines = lines.map((line) => `<li>${escapeHtml(line.text)}${line.options.map((option) => `<br><small>${escapeHtml(option)}</small>`).join('')}</li>`);
  return {
    to: values.to,
    subject: t.subject[kind](values.incrementId),
    kind: OUTBOX_KIND[kind],
    text: `${t.greeting(values.firstname)}\n\n${t.body[kind]}\n${transferText}\n${placed}\n${textLines.join('\n')}\n${total}\n\n${t.status}\n${values.statusUrl}\n`,
    html:
      `<p>${escapeHtml(t.greeting(values.firstname))}</p><p>${escapeHtml(t.body[kind])}</p>${transferHtml}<p>${escapeHtml(placed)}</p><ul>${htmlLines.join('')}</ul>` +
      `<p><strong>${escapeHtml(total)}</strong></p><p>${escapeHtml(t.status)} <a href="${escapeHtml(values.statusUrl)}">${escapeHtml(values.statusUrl)}</a></p>`,
  };
}
