/**
 * The account mails in the shop's three languages: the shopper's interface language, else their store's (/nl in
 * Dutch, /en in English), with links into the store they used (features/mail/mail-locale.ts).
 */
import type { Language } from '@shop/shared';
import type { OutgoingMail } from '../mail/mailer.ts';

export type MailLanguage = Language;

const RESET_TEXTS: Record<MailLanguage, { subject: string; greeting: (name: string) => string; body: string; ignore: string }> = {
  en: {
    subject: 'Reset your password',
    greeting: (name) => `Hello ${name},`,
    body: 'Someone asked to reset the password of your account. Choose a new password with this link; it works once, for one hour:',
    ignore: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  },
  nl: {
    subject: 'Stel uw wachtwoord opnieuw in',
    greeting: (name) => `Beste ${name},`,
    body: 'Er is gevraagd het wachtwoord van uw account opnieuw in te stellen. Kies een nieuw wachtwoord met deze link; hij werkt één keer, een uur lang:',
    ignore: 'Heeft u dit niet gevraagd? Negeer deze e-mail dan: uw wachtwoord blijft zoals het is.',
  },
  de: {
    subject: 'Passwort zurücksetzen',
    greeting: (name) => `Hallo ${name},`,
    body: 'Es wurde angefordert, das Passwort Ihres Kontos zurückzusetzen. Wählen Sie mit diesem Link ein neues Passwort; er gilt einmal, eine Stunde lang:',
    ignore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function resetPasswordMail(language: MailLanguage, values: { to: string; firstname: string; url: string }): OutgoingMail {
  const t = RESET_TEXTS[language];
  const greeting = t.greeting(values.firstname);
  return {
    to: values.to,
    subject: t.subject,
    kind: 'reset-password',
    text: `${greeting}\n\n${t.body}\n\n${values.url}\n\n${t.ignore}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(t.body)}</p><p><a href="${escapeHtml(values.url)}">${escapeHtml(values.url)}</a></p><p>${escapeHtml(t.ignore)}</p>`,
  };
}

const WELCOME_TEXTS: Record<MailLanguage, { subject: string; greeting: (name: string) => string; body: (email: string) => string; account: string }> = {
  en: {
    subject: 'Welcome to Horloge & Diamant',
    greeting: (name) => `Hello ${name},`,
    body: (email) => `Your account has been created. Log in with ${email} to follow your orders and keep your addresses and wishlist on every device.`,
    account: 'Your account:',
  },
  nl: {
    subject: 'Welkom bij Horloge & Diamant',
    greeting: (name) => `Beste ${name},`,
    body: (email) => `Uw account is aangemaakt. Log in met ${email} om uw bestellingen te volgen en uw adressen en verlanglijst op elk apparaat te bewaren.`,
    account: 'Uw account:',
  },
  de: {
    subject: 'Willkommen bei Horloge & Diamant',
    greeting: (name) => `Hallo ${name},`,
    body: (email) => `Ihr Konto wurde angelegt. Melden Sie sich mit ${email} an, um Ihre Bestellungen zu verfolgen und Ihre Adressen und Ihre Wunschliste auf jedem Gerät zu behalten.`,
    account: 'Ihr Konto:',
  },
};

/** The mail a new account gets, with a link to the account pages of the store it was created in. */
export function accountWelcomeMail(language: MailLanguage, values: { to: string; firstname: string; url: string }): OutgoingMail {
  const t = WELCOME_TEXTS[language];
  const greeting = t.greeting(values.firstname);
  const body = t.body(values.to);
  return {
    to: values.to,
    subject: t.subject,
    kind: 'account-welcome',
    text: `${greeting}\n\n${body}\n\n${t.account} ${values.url}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p>${escapeHtml(t.account)} <a href="${escapeHtml(values.url)}">${escapeHtml(values.url)}</a></p>`,
  };
}
