/** Payloads of the newsletter calls (spec 2 §7: /api/ext/mailchimp-subscribe/subscribe, GET, POST and DELETE). */
import { z } from 'zod/mini';

export const NEWSLETTER_STATUSES = ['subscribed', 'unsubscribed', 'not-subscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export const INVALID_EMAIL_MESSAGE = 'Please provide valid e-mail address';
export const CAPTCHA_REQUIRED_MESSAGE = 'Please confirm you are not a robot';
/** The coupon percentage the newsletter offers (spec 2 §9). */
export const NEWSLETTER_COUPON_PERCENT = 10;

export const NewsletterEmailSchema = z.pipe(
  z.string().check(z.maxLength(254, INVALID_EMAIL_MESSAGE)),
  z.transform((email) => email.trim().toLowerCase()),
).check(z.email(INVALID_EMAIL_MESSAGE));

export const NewsletterSubscribeBodySchema = z.object({
  email: NewsletterEmailSchema,
  firstname: z.optional(z.nullable(z.string().check(z.maxLength(100, 'must be at most 100 characters')))),
  'g-recaptcha-key': z.optional(z.nullable(z.string().check(z.maxLength(4000, 'must be at most 4000 characters')))),
});
export type NewsletterSubscribeBody = z.infer<typeof NewsletterSubscribeBodySchema>;

export const NewsletterUnsubscribeBodySchema = z.object({ email: NewsletterEmailSchema });

/** The answer to a subscription: the status, and the coupon in `meta.coupon`. */
export const NewsletterCouponMetaSchema = z.object({ coupon: z.string() });
