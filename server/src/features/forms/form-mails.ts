/**
 * The mails of the shop's forms: the shop's notification (to FORMS_NOTIFY_TO, in FORMS_NOTIFY_LANGUAGE) with every
 * field labelled and the inbox id, and the shopper's confirmation in the shopper's language. Neither carries photo
 * bytes: the notification counts them, and the operator opens them from the inbox (`pnpm shop inbox show <id>`).
 * Mails with attachments (the appointment's calendar file) pass them in `extra.attachments`.
 */
import { CURRENCY_SIGNS, formatShopDate, roundMoney, type CurrencyCode, type Language } from '@shop/shared';
import { formatIban } from '@shop/shared/orders/bank-transfer';
import { CONTACT_LABELS } from '@shop/shared/forms/contact.schema';
import { TRADE_IN_LABELS } from '@shop/shared/forms/trade-in.schema';
import { escapeHtml } from '../mail/mailbox.page.ts';
import type { OutgoingMail } from '../mail/mailer.ts';

/** The kinds of submission the inbox keeps (`inbox_submissions.kind`). */
export type FormKind = 'contact' | 'tradeIn' | 'appointment' | 'customForm' | 'invoice' | 'sendInvoice';

/** One labelled line of a notification: its label by language, its value as typed (or a label by language). */
export interface MailField {
  label: Readonly<Record<Language, string>>;
  value: string | Readonly<Record<Language, string>>;
}

const FORM_NAMES: Record<FormKind, Record<Language, string>> = {
  contact: { en: 'Contact form', nl: 'Contactformulier', de: 'Kontaktformular' },
  tradeIn: { en: 'Trade-in of a watch', nl: 'Inruil van een horloge', de: 'Inzahlungnahme einer Uhr' },
  appointment: { en: 'Appointment', nl: 'Afspraak', de: 'Termin' },
  customForm: { en: 'Form', nl: 'Formulier', de: 'Formular' },
  invoice: { en: 'Invoice request', nl: 'Factuuraanvraag', de: 'Rechnungsanfrage' },
  sendInvoice: { en: 'Invoice', nl: 'Factuur', de: 'Rechnung' },
};

const TEXTS: Record<Language, { notifySubject: (form: string, id: number) => string; notifyIntro: string; inbox: (id: number) => string; photos: (n: number) => string; confirmSubject: (form: string) => string; greeting: (name: string | null) => string; confirmBody: string; copy: string; signature: string; yes: string; no: string }> = {
  en: {
    notifySubject: (form, id) => `${form} #${id}`,
    notifyIntro: 'A shopper sent this form through the shop:',
    inbox: (id) => `Inbox: pnpm shop inbox show ${id}`,
    photos: (n) => `Photos: ${n} (in the inbox)`,
    confirmSubject: (form) => `We have received your message: ${form}`,
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    confirmBody: 'Thank you! Your inquiry has been submitted. We will come back to you as soon as possible.',
    copy: 'What you sent us:',
    signature: 'Horloge & Diamant',
    yes: 'Yes',
    no: 'No',
  },
  nl: {
    notifySubject: (form, id) => `${form} #${id}`,
    notifyIntro: 'Een klant heeft dit formulier via de winkel verstuurd:',
    inbox: (id) => `Inbox: pnpm shop inbox show ${id}`,
    photos: (n) => `Foto's: ${n} (in de inbox)`,
    confirmSubject: (form) => `Wij hebben uw bericht ontvangen: ${form}`,
    greeting: (name) => (name ? `Beste ${name},` : 'Beste klant,'),
    confirmBody: 'Dank u! Uw aanvraag is verzonden. Wij nemen zo snel mogelijk contact met u op.',
    copy: 'Wat u ons stuurde:',
    signature: 'Horloge & Diamant',
    yes: 'Ja',
    no: 'Nee',
  },
  de: {
    notifySubject: (form, id) => `${form} #${id}`,
    notifyIntro: 'Ein Kunde hat dieses Formular über den Shop gesendet:',
    inbox: (id) => `Posteingang: pnpm shop inbox show ${id}`,
    photos: (n) => `Fotos: ${n} (im Posteingang)`,
    confirmSubject: (form) => `Wir haben Ihre Nachricht erhalten: ${form}`,
    greeting: (name) => (name ? `Hallo ${name},` : 'Guten Tag,'),
    confirmBody: 'Vielen Dank! Ihre Anfrage wurde gesendet. Wir melden uns so bald wie möglich bei Ihnen.',
    copy: 'Was Sie uns gesendet haben:',
    signature: 'Horloge & Diamant',
    yes: 'Ja',
    no: 'Nein',
  },
};

/** The labels of the shop's own forms' fields. */
export const FIELD_LABELS: Record<string, Record<Language, string>> = {
  salutation: { en: 'Salutation', nl: 'Aanhef', de: 'Anrede' },
  name: { en: 'Name', nl: 'Naam', de: 'Name' },
  phone: { en: 'Phone', nl: 'Telefoon', de: 'Telefon' },
  email: { en: 'E-mail', nl: 'E-mail', de: 'E-Mail' },
  subject: { en: 'Subject', nl: 'Onderwerp', de: 'Betreff' },
  message: { en: 'Message', nl: 'Bericht', de: 'Nachricht' },
  preference: { en: 'Contact preference', nl: 'Contactvoorkeur', de: 'Kontaktwunsch' },
  brand: { en: 'Brand', nl: 'Merk', de: 'Marke' },
  model: { en: 'Model', nl: 'Model', de: 'Modell' },
  year: { en: 'Year', nl: 'Bouwjaar', de: 'Baujahr' },
  maintenance_year: { en: 'Last maintenance', nl: 'Laatste onderhoud', de: 'Letzte Wartung' },
  desired_amount: { en: 'Desired amount (EUR)', nl: 'Gewenst bedrag (EUR)', de: 'Wunschbetrag (EUR)' },
  intent: { en: 'Sale or trade-in', nl: 'Verkoop of inruil', de: 'Verkauf oder Inzahlungnahme' },
  receipt: { en: 'Receipt present', nl: 'Aankoopbon aanwezig', de: 'Kaufbeleg vorhanden' },
  warranty_card: { en: 'Warranty card present', nl: 'Garantiekaart aanwezig', de: 'Garantiekarte vorhanden' },
  box: { en: 'Box available', nl: 'Doos aanwezig', de: 'Box vorhanden' },
  comments: { en: 'Comments', nl: 'Opmerkingen', de: 'Bemerkungen' },
  order_number: { en: 'Order number', nl: 'Bestelnummer', de: 'Bestellnummer' },
  company: { en: 'Company', nl: 'Bedrijf', de: 'Firma' },
  vat_id: { en: 'VAT number', nl: 'Btw-nummer', de: 'USt-IdNr.' },
  street: { en: 'Street', nl: 'Straat', de: 'Straße' },
  zip: { en: 'Zip-code', nl: 'Postcode', de: 'Postleitzahl' },
  city: { en: 'City', nl: 'Plaats', de: 'Ort' },
  country: { en: 'Country', nl: 'Land', de: 'Land' },
  matched_order: { en: 'Order found', nl: 'Bestelling gevonden', de: 'Bestellung gefunden' },
};

/** The choices' labels in every language (the English ones are the issue's). */
export const CHOICE_LABELS: Record<string, Record<string, Record<Language, string>>> = {
  salutation: {
    mr: { en: CONTACT_LABELS.salutation.mr, nl: 'Dhr.', de: 'Herr' },
    mrs: { en: CONTACT_LABELS.salutation.mrs, nl: 'Mevr.', de: 'Frau' },
  },
  subject: {
    afterSales: { en: CONTACT_LABELS.subject.afterSales, nl: 'Klantenservice na aankoop', de: 'Kundendienst nach dem Kauf' },
    general: { en: CONTACT_LABELS.subject.general, nl: 'Algemene vragen', de: 'Allgemeine Fragen' },
    b2b: { en: CONTACT_LABELS.subject.b2b, nl: 'Zakelijk (B2B)', de: 'Geschäftskunden (B2B)' },
    tradeIn: { en: CONTACT_LABELS.subject.tradeIn, nl: 'Vraag over inruil van een horloge', de: 'Anfrage zur Inzahlungnahme einer Uhr' },
    sales: { en: CONTACT_LABELS.subject.sales, nl: 'Verkoop', de: 'Verkauf' },
  },
  preference: {
    phone: { en: CONTACT_LABELS.preference.phone, nl: 'telefonisch', de: 'telefonisch' },
    email: { en: CONTACT_LABELS.preference.email, nl: 'per e-mail', de: 'per E-Mail' },
  },
  intent: {
    sale: { en: TRADE_IN_LABELS.intent.sale, nl: 'Verkoop', de: 'Verkauf' },
    tradeIn: { en: TRADE_IN_LABELS.intent.tradeIn, nl: 'Inruil', de: 'Inzahlungnahme' },
  },
};

const YES_NO_FIELDS = new Set(['receipt', 'warranty_card', 'box']);

/** The labelled lines of one of the shop's own forms, in field order, leaving out what the shopper left empty. */
export function labelledFields(values: Readonly<Record<string, unknown>>, fields: readonly string[]): MailField[] {
  return fields.flatMap((field) => {
    const label = FIELD_LABELS[field];
    const raw = values[field];
    if (!label || raw === undefined || raw === null || raw === '') return [];
    if (YES_NO_FIELDS.has(field)) return [{ label, value: { en: raw === 'yes' ? TEXTS.en.yes : TEXTS.en.no, nl: raw === 'yes' ? TEXTS.nl.yes : TEXTS.nl.no, de: raw === 'yes' ? TEXTS.de.yes : TEXTS.de.no } }];
    const choice = typeof raw === 'string' ? CHOICE_LABELS[field]?.[raw] : undefined;
    return [{ label, value: choice ?? String(raw) }];
  });
}

function valueIn(value: MailField['value'], language: Language): string {
  return typeof value === 'string' ? value : value[language];
}

function lines(fields: readonly MailField[], language: Language): string[] {
  return fields.map((field) => `${field.label[language]}: ${valueIn(field.value, language)}`);
}

function htmlList(fields: readonly MailField[], language: Language): string {
  return `<dl>${fields.map((field) => `<dt>${escapeHtml(field.label[language])}</dt><dd>${escapeHtml(valueIn(field.value, language)).replace(/\n/g, '<br>')}</dd>`).join('')}</dl>`;
}

export interface FormMailValues {
  kind: FormKind;
  submissionId: number;
  /** The custom form's own title (by language); the kind's name otherwise. */
  title?: Readonly<Record<Language, string>>;
  fields: readonly MailField[];
  photoCount?: number;
  attachments?: OutgoingMail['attachments'];
}

/** The shop's notification of a new submission. */
export function shopNotificationMail(to: string, language: Language, values: FormMailValues): OutgoingMail {
  const t = TEXTS[language];
  const form = (values.title ?? FORM_NAMES[values.kind])[language];
  const extra = [...(values.photoCount ? [t.photos(values.photoCount)] : []), t.inbox(values.submissionId)];
  return {
    to,
    subject: t.notifySubject(form, values.submissionId),
    kind: `form-notification`,
    ref: `inbox:${values.submissionId}`,
    text: `${t.notifyIntro}\n\n${lines(values.fields, language).join('\n')}\n\n${extra.join('\n')}\n`,
    html: `<p>${escapeHtml(t.notifyIntro)}</p>${htmlList(values.fields, language)}<p>${extra.map(escapeHtml).join('<br>')}</p>`,
    ...(values.attachments ? { attachments: values.attachments } : {}),
  };
}

/** The shopper's confirmation, with a copy of what they sent. */
export function shopperConfirmationMail(to: string, language: Language, name: string | null, values: FormMailValues): OutgoingMail {
  const t = TEXTS[language];
  const form = (values.title ?? FORM_NAMES[values.kind])[language];
  return {
    to,
    subject: t.confirmSubject(form),
    kind: 'form-confirmation',
    ref: `inbox:${values.submissionId}`,
    text: `${t.greeting(name)}\n\n${t.confirmBody}\n\n${t.copy}\n${lines(values.fields, language).join('\n')}\n\n${t.signature}\n`,
    html: `<p>${escapeHtml(t.greeting(name))}</p><p>${escapeHtml(t.confirmBody)}</p><p>${escapeHtml(t.copy)}</p>${htmlList(values.fields, language)}<p>${escapeHtml(t.signature)}</p>`,
    ...(values.attachments ? { attachments: values.attachments } : {}),
  };
}

const INVOICE_TEXTS: Record<Language, { subject: (number: string) => string; greeting: (name: string) => string; body: string; billTo: string; subtotal: string; discount: string; shipping: string; payment: string; vat: string; total: string; vatRate: string; bank: string; iban: string; bic: string; holder: string; date: string; locale: string }> = {
  en: { subject: (n) => `Invoice for your order #${n}`, greeting: (name) => `Hello ${name},`, body: 'As you asked, here is the invoice of your order.', billTo: 'Billed to', subtotal: 'Subtotal', discount: 'Discount', shipping: 'Shipping', payment: 'Payment costs', vat: 'VAT included', total: 'Grand Total', vatRate: 'VAT', bank: 'Our bank account', iban: 'IBAN', bic: 'BIC', holder: 'Account holder', date: 'Order date', locale: 'en-GB' },
  nl: { subject: (n) => `Factuur van uw bestelling #${n}`, greeting: (name) => `Beste ${name},`, body: 'Zoals gevraagd sturen wij u hierbij de factuur van uw bestelling.', billTo: 'Factuuradres', subtotal: 'Subtotaal', discount: 'Korting', shipping: 'Verzending', payment: 'Betaalkosten', vat: 'Inclusief btw', total: 'Totaal', vatRate: 'btw', bank: 'Onze bankrekening', iban: 'IBAN', bic: 'BIC', holder: 'Rekeninghouder', date: 'Besteldatum', locale: 'nl-NL' },
  de: { subject: (n) => `Rechnung zu Ihrer Bestellung #${n}`, greeting: (name) => `Hallo ${name},`, body: 'Wie gewünscht erhalten Sie hier die Rechnung Ihrer Bestellung.', billTo: 'Rechnungsadresse', subtotal: 'Zwischensumme', discount: 'Rabatt', shipping: 'Versand', payment: 'Zahlungskosten', vat: 'Enthaltene MwSt.', total: 'Gesamtsumme', vatRate: 'MwSt.', bank: 'Unser Bankkonto', iban: 'IBAN', bic: 'BIC', holder: 'Kontoinhaber', date: 'Bestelldatum', locale: 'de-DE' },
};

export interface InvoiceMailValues {
  to: string;
  incrementId: string;
  placedAt: number;
  currency: string;
  items: ReadonlyArray<{ name: string; sku: string; qty: number; row_total_incl_tax: number; tax_percent: number }>;
  totals: { subtotal_incl_tax: number; discount_amount?: number; shipping_incl_tax: number; payment_incl_tax?: number; tax_amount: number; grand_total: number };
  billing: { firstName?: string; lastName?: string; company?: string; streetAddress?: string; apartmentNumber?: string; zipCode?: string; city?: string; country?: string; vatId?: string };
  bank: { account_holder: string; iban: string; bic: string };
}

function amount(value: number, currency: string, locale: string): string {
  const sign = CURRENCY_SIGNS[currency as CurrencyCode] ?? `${currency} `;
  const text = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(roundMoney(value)));
  return `${value < 0 ? '-' : ''}${sign}${text}`;
}

/** The invoice of a customer's own order (`send-invoice`): lines with their VAT rate, totals, billing address, bank. */
export function invoiceMail(language: Language, values: InvoiceMailValues): OutgoingMail {
  const t = INVOICE_TEXTS[language];
  const money = (value: number) => amount(value, values.currency, t.locale);
  const b = values.billing;
  const name = [b.firstName, b.lastName].filter(Boolean).join(' ');
  const address = [b.company, name, [b.streetAddress, b.apartmentNumber].filter(Boolean).join(' '), [b.zipCode, b.city].filter(Boolean).join(' '), b.country, b.vatId].filter((line): line is string => Boolean(line && line.trim()));
  const items = values.items.map((item) => `${item.qty} × ${item.name} (${item.sku}): ${money(item.row_total_incl_tax)} (${t.vatRate} ${item.tax_percent}%)`);
  const totals = [
    `${t.subtotal}: ${money(values.totals.subtotal_incl_tax)}`,
    ...(values.totals.discount_amount ? [`${t.discount}: ${money(values.totals.discount_amount)}`] : []),
    `${t.shipping}: ${money(values.totals.shipping_incl_tax)}`,
    ...(values.totals.payment_incl_tax ? [`${t.payment}: ${money(values.totals.payment_incl_tax)}`] : []),
    `${t.total}: ${money(values.totals.grand_total)}`,
    `${t.vat}: ${money(values.totals.tax_amount)}`,
  ];
  const bank = [`${t.holder}: ${values.bank.account_holder}`, `${t.iban}: ${formatIban(values.bank.iban)}`, `${t.bic}: ${values.bank.bic}`];
  const date = `${t.date}: ${formatShopDate(values.placedAt, language)}`;
  const block = (title: string, rows: readonly string[]) => `<p><strong>${escapeHtml(title)}</strong><br>${rows.map(escapeHtml).join('<br>')}</p>`;
  return {
    to: values.to,
    subject: t.subject(values.incrementId),
    kind: 'order-invoice',
    ref: `invoice:${values.incrementId}`,
    text: `${t.greeting(name || values.to)}\n\n${t.body}\n\n${date}\n\n${t.billTo}\n${address.join('\n')}\n\n${items.join('\n')}\n\n${totals.join('\n')}\n\n${t.bank}\n${bank.join('\n')}\n`,
    html: `<p>${escapeHtml(t.greeting(name || values.to))}</p><p>${escapeHtml(t.body)}</p><p>${escapeHtml(date)}</p>${block(t.billTo, address)}<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>${block(t.total, totals)}${block(t.bank, bank)}`,
  };
}
