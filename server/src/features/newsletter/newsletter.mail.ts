/** The newsletter welcome mail with the subscriber's coupon, in the shopper's language (the store's unless given). */
import type { Language } from '@shop/shared';
import { escapeHtml } from '../mail/mailbox.page.ts';
import type { OutgoingMail } from '../mail/mailer.ts';

type MailLanguage = Language;

const TEXTS: Record<MailLanguage, { subject: string; greeting: (name: string | null) => string; body: string; code: string; closing: string }> = {
  en: {
    subject: 'Welcome to our newsletter: 10% off',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: 'Thank you for subscribing to our newsletter. As a welcome, here is 10% off your next order.',
    code: 'Enter this coupon code in your cart:',
    closing: 'You can unsubscribe at any time from your account or from the link in every newsletter.',
  },
  nl: {
    subject: 'Welkom bij onze nieuwsbrief: 10% korting',
    greeting: (name) => (name ? `Beste ${name},` : 'Beste,'),
    body: 'Bedankt voor uw aanmelding voor onze nieuwsbrief. Als welkom krijgt u 10% korting op uw volgende bestelling.',
    code: 'Vul deze kortingscode in bij uw winkelwagen:',
    closing: 'U kunt zich altijd afmelden via uw account of via de link in elke nieuwsbrief.',
  },
  de: {
    subject: 'Willkommen bei unserem Newsletter: 10% Rabatt',
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    body: 'Danke für Ihre Anmeldung zu unserem Newsletter. Zur Begrüßung erhalten Sie 10% Rabatt auf Ihre nächste Bestellung.',
    code: 'Geben Sie diesen Gutscheincode in Ihrem Warenkorb ein:',
    closing: 'Sie können sich jederzeit über Ihr Konto oder den Link in jedem Newsletter abmelden.',
  },
};

export function newsletterWelcomeMail(language: MailLanguage, values: { to: string; firstname: string | null; coupon: string }): OutgoingMail {
  const t = TEXTS[language];
  const greeting = t.greeting(values.firstname);
  return {
    to: values.to,
    subject: t.subject,
    kind: 'newsletter-welcome',
    text: `${greeting}\n\n${t.body}\n\n${t.code} ${values.coupon}\n\n${t.closing}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(t.body)}</p><p>${escapeHtml(t.code)} <strong>${escapeHtml(values.coupon)}</strong></p><p>${escapeHtml(t.closing)}</p>`,
  };
}

const CONFIRM: Record<MailLanguage, { subject: string; body: string; ignore: string }> = {
  en: { subject: 'Your newsletter subscription', body: 'Open this link to see or change the newsletter subscription of this address:', ignore: 'If you did not ask for this, you can ignore this mail: nothing changes.' },
  nl: { subject: 'Uw nieuwsbriefabonnement', body: 'Open deze link om het nieuwsbriefabonnement van dit adres te bekijken of te wijzigen:', ignore: 'Heeft u hier niet om gevraagd, dan kunt u deze mail negeren: er verandert niets.' },
  de: { subject: 'Ihr Newsletter-Abonnement', body: 'Öffnen Sie diesen Link, um das Newsletter-Abonnement dieser Adresse zu sehen oder zu ändern:', ignore: 'Wenn Sie das nicht angefordert haben, können Sie diese Mail ignorieren: Es ändert sich nichts.' },
};

/** The link that proves the address (to unsubscribe or read its status), in the shopper's language. */
export function newsletterConfirmMail(language: MailLanguage, values: { to: string; url: string }): OutgoingMail {
  const t = CONFIRM[language];
  return {
    to: values.to,
    subject: t.subject,
    kind: 'newsletter-confirm',
    text: `${t.body}\n${values.url}\n\n${t.ignore}\n`,
    html: `<p>${escapeHtml(t.body)}</p><p><a href="${escapeHtml(values.url)}">${escapeHtml(values.url)}</a></p><p>${escapeHtml(t.ignore)}</p>`,
  };
}
