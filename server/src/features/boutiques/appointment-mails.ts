/**
 * The appointment mails (issue 17 §8, §10): the shopper's confirmation in their language and the shop's notification
 * in the shop's, both with the appointment as `appointment.ics` (RFC 5545, shared/src/forms/ics.ts) so either side
 * adds it to a calendar in one click. Times are the boutique's local time, named with its date in words.
 */
import type { Language } from '@shop/shared';
import type { AppointmentReason } from '@shop/shared/forms/appointment.schema';
import { calendarFile, ICS_CONTENT_TYPE } from '@shop/shared/forms/ics';
import type { OutgoingMail } from '../mail/mailer.ts';
import type { StoredBoutique } from './boutiques.repository.ts';

export interface AppointmentMailValues {
  submissionId: number;
  boutique: StoredBoutique;
  reason: AppointmentReason;
  start: number;
  end: number;
  name: string;
  email: string;
  phone: string;
  comments: string;
  /** The host in the calendar uid (`appointment-<id>@<host>`): PUBLIC_URL's. */
  host: string;
  /** When the mails are made (the calendar file's DTSTAMP). */
  now: number;
}

interface Texts {
  locale: string;
  reasons: Record<AppointmentReason, string>;
  confirmationSubject: (boutique: string, when: string) => string;
  greeting: (name: string) => string;
  confirmed: string;
  notificationSubject: (when: string, boutique: string, name: string) => string;
  notificationIntro: string;
  labels: { boutique: string; when: string; reason: string; name: string; email: string; phone: string; comments: string; inbox: string };
  calendar: string;
  change: (phone: string) => string;
  summary: (boutique: string, reason: string) => string;
}

const TEXTS: Record<Language, Texts> = {
  en: {
    locale: 'en-GB',
    reasons: { viewing: 'Viewing', service: 'Service', tradeInValuation: 'Trade-in valuation', engagementRing: 'Engagement ring consultation' },
    confirmationSubject: (boutique, when) => `Your appointment at ${boutique} on ${when}`,
    greeting: (name) => `Hello ${name},`,
    confirmed: 'Thank you for your appointment. We look forward to welcoming you:',
    notificationSubject: (when, boutique, name) => `New appointment: ${when}, ${boutique}, ${name}`,
    notificationIntro: 'A shopper booked an appointment through the shop:',
    labels: { boutique: 'Boutique', when: 'Date and time', reason: 'Reason', name: 'Name', email: 'E-mail', phone: 'Phone', comments: 'Comments', inbox: 'Inbox number' },
    calendar: 'The attached file appointment.ics adds the appointment to your calendar.',
    change: (phone) => `To change or cancel it, reply to this mail or call us on ${phone}.`,
    summary: (boutique, reason) => `Appointment at ${boutique}: ${reason}`,
  },
  nl: {
    locale: 'nl-NL',
    reasons: { viewing: 'Bezichtiging', service: 'Service', tradeInValuation: 'Taxatie voor inruil', engagementRing: 'Advies over verlovingsringen' },
    confirmationSubject: (boutique, when) => `Uw afspraak bij ${boutique} op ${when}`,
    greeting: (name) => `Beste ${name},`,
    confirmed: 'Dank u voor uw afspraak. Wij verwelkomen u graag:',
    notificationSubject: (when, boutique, name) => `Nieuwe afspraak: ${when}, ${boutique}, ${name}`,
    notificationIntro: 'Een klant heeft via de webwinkel een afspraak gemaakt:',
    labels: { boutique: 'Boutique', when: 'Datum en tijd', reason: 'Reden', name: 'Naam', email: 'E-mail', phone: 'Telefoon', comments: 'Opmerkingen', inbox: 'Inboxnummer' },
    calendar: 'Met het bijgevoegde bestand appointment.ics zet u de afspraak in uw agenda.',
    change: (phone) => `Wilt u de afspraak wijzigen of annuleren? Beantwoord deze e-mail of bel ons op ${phone}.`,
    summary: (boutique, reason) => `Afspraak bij ${boutique}: ${reason}`,
  },
  de: {
    locale: 'de-DE',
    reasons: { viewing: 'Besichtigung', service: 'Service', tradeInValuation: 'Bewertung für eine Inzahlungnahme', engagementRing: 'Beratung zu Verlobungsringen' },
    confirmationSubject: (boutique, when) => `Ihr Termin bei ${boutique} am ${when}`,
    greeting: (name) => `Hallo ${name},`,
    confirmed: 'Vielen Dank für Ihre Terminbuchung. Wir freuen uns auf Ihren Besuch:',
    notificationSubject: (when, boutique, name) => `Neuer Termin: ${when}, ${boutique}, ${name}`,
    notificationIntro: 'Ein Kunde hat über den Shop einen Termin gebucht:',
    labels: { boutique: 'Boutique', when: 'Datum und Uhrzeit', reason: 'Anlass', name: 'Name', email: 'E-Mail', phone: 'Telefon', comments: 'Anmerkungen', inbox: 'Eingangsnummer' },
    calendar: 'Mit der angehängten Datei appointment.ics tragen Sie den Termin in Ihren Kalender ein.',
    change: (phone) => `Um ihn zu ändern oder abzusagen, antworten Sie auf diese E-Mail oder rufen Sie uns an: ${phone}.`,
    summary: (boutique, reason) => `Termin bei ${boutique}: ${reason}`,
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** "Wednesday 17 June 2026, 10:30" in the boutique's time zone. */
export function appointmentTime(start: number, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(TEXTS[language].locale, { timeZone, dateStyle: 'full', timeStyle: 'short', hourCycle: 'h23' }).format(start);
}

function address(boutique: StoredBoutique): string {
  return `${boutique.name}, ${boutique.street}, ${boutique.zip} ${boutique.city}`;
}

/** The labelled fields of a mail, as text lines and as an HTML table. */
function fieldBlock(rows: Array<[string, string]>): { text: string; html: string } {
  const shown = rows.filter(([, value]) => value.trim() !== '');
  return {
    text: shown.map(([label, value]) => `${label}: ${value.replace(/\r\n|\r|\n/g, '\n  ')}`).join('\n'),
    html: `<table>${shown.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value).replace(/\r\n|\r|\n/g, '<br>')}</td></tr>`).join('')}</table>`,
  };
}

/** The calendar file in one language (its summary and description are read by people). */
export function appointmentCalendar(values: AppointmentMailValues, language: Language): { filename: string; contentType: string; content: string } {
  const t = TEXTS[language];
  const reason = t.reasons[values.reason];
  const description = [`${t.labels.reason}: ${reason}`, `${t.labels.name}: ${values.name}`, `${t.labels.phone}: ${values.phone}`, values.comments ? `${t.labels.comments}: ${values.comments}` : '', `${values.boutique.name}: ${values.boutique.phone}`]
    .filter(Boolean)
    .join('\n');
  return {
    filename: 'appointment.ics',
    contentType: ICS_CONTENT_TYPE,
    content: calendarFile({
      uid: `appointment-${values.submissionId}@${values.host}`,
      stamp: values.now,
      start: values.start,
      end: values.end,
      summary: t.summary(values.boutique.name, reason),
      description,
      location: `${address(values.boutique)}, ${values.boutique.country}`,
    }),
  };
}

/** The shopper's confirmation, in their language. */
export function appointmentConfirmationMail(language: Language, values: AppointmentMailValues): OutgoingMail {
  const t = TEXTS[language];
  const when = appointmentTime(values.start, values.boutique.timezone, language);
  const fields = fieldBlock([
    [t.labels.boutique, address(values.boutique)],
    [t.labels.when, when],
    [t.labels.reason, t.reasons[values.reason]],
    [t.labels.phone, values.phone],
    [t.labels.comments, values.comments],
  ]);
  const greeting = t.greeting(values.name);
  const change = t.change(values.boutique.phone);
  return {
    to: values.email,
    subject: t.confirmationSubject(values.boutique.name, when),
    kind: 'appointment-confirmation',
    ref: String(values.submissionId),
    text: `${greeting}\n\n${t.confirmed}\n\n${fields.text}\n\n${t.calendar}\n${change}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(t.confirmed)}</p>${fields.html}<p>${escapeHtml(t.calendar)}</p><p>${escapeHtml(change)}</p>`,
    attachments: [appointmentCalendar(values, language)],
  };
}

/** The shop's notification, in the shop's language, to the configured address. */
export function appointmentNotificationMail(language: Language, to: string, values: AppointmentMailValues): OutgoingMail {
  const t = TEXTS[language];
  const when = appointmentTime(values.start, values.boutique.timezone, language);
  const fields = fieldBlock([
    [t.labels.boutique, address(values.boutique)],
    [t.labels.when, when],
    [t.labels.reason, t.reasons[values.reason]],
    [t.labels.name, values.name],
    [t.labels.email, values.email],
    [t.labels.phone, values.phone],
    [t.labels.comments, values.comments],
    [t.labels.inbox, String(values.submissionId)],
  ]);
  return {
    to,
    subject: t.notificationSubject(when, values.boutique.name, values.name.replace(/[\r\n]+/g, ' ')),
    kind: 'appointment-notification',
    ref: String(values.submissionId),
    text: `${t.notificationIntro}\n\n${fields.text}\n`,
    html: `<p>${escapeHtml(t.notificationIntro)}</p>${fields.html}`,
    attachments: [appointmentCalendar(values, language)],
  };
}
