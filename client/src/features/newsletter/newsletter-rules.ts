/**
 * The newsletter form's rules and notices: an e-mail address is required and must be valid (spec 2 §5 messages,
 * from the shared schema the server checks too); a subscription needs a captcha value unless the shop runs without;
 * success notices for subscribing, unsubscribing, updated preferences and a copied coupon (spec 2 §8; the wording is
 * the shop's own, in the `newsletter` texts).
 */
import { NewsletterEmailSchema } from '@shop/shared/content/newsletter.schema';
import type { CaptchaProvider } from '@shop/shared/content/captcha.schema';
import type { TFunction } from 'i18next';
import type { Notification } from '../../ui/notifications.tsx';

export type EmailProblem = 'required' | 'invalidEmail';

export function emailProblem(value: string): EmailProblem | null {
  if (value.trim() === '') return 'required';
  return NewsletterEmailSchema.safeParse(value).success ? null : 'invalidEmail';
}

/** Whether the form may be sent: a valid address, and a captcha token unless the shop runs without a captcha. */
export function canSubscribe(email: string, provider: CaptchaProvider | null, token: string | null): boolean {
  return emailProblem(email) === null && (provider === 'off' || token !== null);
}

export type NewsletterNotice = 'subscribed' | 'unsubscribed' | 'updated' | 'copied';

export function newsletterNotification(notice: NewsletterNotice, t: TFunction): Notification {
  return { type: 'success', message: t(`notices.${notice}`, { ns: 'newsletter' }), action1: { label: t('notices.ok', { ns: 'newsletter' }) } };
}
