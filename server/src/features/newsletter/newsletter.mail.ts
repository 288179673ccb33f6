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
