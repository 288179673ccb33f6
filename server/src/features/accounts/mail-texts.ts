/** The account mails in the shop's three languages (the store decides: /nl in Dutch, /en in English). */
import type { OutgoingMail } from '../mail/mailer.ts';

export const MAIL_LANGUAGES = ['en', 'nl', 'de'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

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
