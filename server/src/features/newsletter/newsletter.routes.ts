/**
 * The newsletter calls of spec 2 §7 on /api/ext/mailchimp-subscribe/subscribe: GET ?email= answers the status,
 * POST subscribes (a captcha token in 'g-recaptcha-key' is required and spent) and answers the subscriber's 10%
 * coupon in meta.coupon with a welcome mail the first time, DELETE unsubscribes.
 */
import { DomainError } from '@shop/shared';
import { CAPTCHA_REQUIRED_MESSAGE, NewsletterEmailSchema, NewsletterSubscribeBodySchema, NewsletterUnsubscribeBodySchema } from '@shop/shared/content/index';
import type { FastifyInstance } from 'fastify';
import { envelopeSchema, errorEnvelopeSchema, jsonSchema } from '../../plugins/openapi.ts';
import { parseBody } from '../cart/cart.schema.ts';
import type { CaptchaVerifier } from '../captcha/captcha.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { NewsletterCoupons } from './newsletter-coupons.ts';
import { MAIL_LOCALE_QUERY, mailLocaleOf } from '../mail/mail-locale.ts';
import { newsletterWelcomeMail } from './newsletter.mail.ts';
import type { NewsletterProvider } from './newsletter.provider.ts';

export const NEWSLETTER_PATH = '/api/ext/mailchimp-subscribe/subscribe';
export const CAPTCHA_INVALID_MESSAGE = 'The captcha is not valid or has expired, please try again';

type Query = Record<string, unknown>;

const refused = { 400: errorEnvelopeSchema, 503: errorEnvelopeSchema };

export function newsletterRoutes(deps: { provider: NewsletterProvider; captcha: CaptchaVerifier; coupons: NewsletterCoupons; mailer: Mailer }) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get(
      NEWSLETTER_PATH,
      { schema: { tags: ['content'], summary: "The address's newsletter status: 'subscribed', 'unsubscribed' or 'not-subscribed'", response: { 200: envelopeSchema({ type: 'string' }), ...refused } } },
      async (request) => {
        const email = parseBody(NewsletterEmailSchema, (request.query as Query).email, 'e-mail address');
        return { code: 200, result: await deps.provider.status(email) };
      },
    );

    app.post(
      NEWSLETTER_PATH,
      {
        schema: {
          tags: ['content'],
          summary: "Subscribes an address (needs a captcha token in 'g-recaptcha-key'); meta.coupon is the address's 10% coupon",
          querystring: { type: 'object', properties: MAIL_LOCALE_QUERY },
          body: jsonSchema(NewsletterSubscribeBodySchema),
          response: { 200: envelopeSchema({ type: 'string' }), ...refused },
        },
      },
      async (request) => {
        const { store, language } = mailLocaleOf(request.query as Query);
        const body = parseBody(NewsletterSubscribeBodySchema, request.body, 'subscription');
        const token = body['g-recaptcha-key']?.trim();
        if (!token && deps.captcha.provider !== 'off') throw new DomainError('captcha_failed', CAPTCHA_REQUIRED_MESSAGE);
        if (!(await deps.captcha.consume(token ?? '', request.ip))) throw new DomainError('captcha_failed', CAPTCHA_INVALID_MESSAGE);
        const firstname = body.firstname?.trim() || null;
        await deps.provider.subscribe({ email: body.email, firstname, store });
        const coupon = await deps.coupons.issue(body.email);
        if (coupon.created) await deps.mailer.send(newsletterWelcomeMail(language, { to: body.email, firstname, coupon: coupon.code }));
        return { code: 200, result: 'subscribed', meta: { coupon: coupon.code } };
      },
    );

    app.delete(
      NEWSLETTER_PATH,
      { schema: { tags: ['content'], summary: 'Unsubscribes an address', body: jsonSchema(NewsletterUnsubscribeBodySchema), response: { 200: envelopeSchema({ type: 'string' }), ...refused } } },
      async (request) => {
        // The address may come in the body (the spec) or, from clients that send no body with DELETE, as ?email=.
        const query = request.query as Query;
        const source = request.body ?? (query.email === undefined ? undefined : { email: query.email });
        const { email } = parseBody(NewsletterUnsubscribeBodySchema, source, 'unsubscription');
        await deps.provider.unsubscribe(email);
        return { code: 200, result: 'unsubscribed' };
      },
    );
  };
}
