/**
 * The newsletter calls of spec 2 §7 on /api/ext/mailchimp-subscribe/subscribe: GET ?email= answers the status,
 * POST subscribes (a captcha token in 'g-recaptcha-key' is required and spent) and answers the subscriber's 10%
 * coupon in meta.coupon with a welcome mail the first time, DELETE unsubscribes.
 */
import { DomainError } from '@shop/shared';
import { CAPTCHA_REQUIRED_MESSAGE, NewsletterEmailSchema, NewsletterSubscribeBodySchema, NewsletterUnsubscribeBodySchema } from '@shop/shared/content/index';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { envelopeSchema, errorEnvelopeSchema, jsonSchema } from '../../plugins/openapi.ts';
import { parseBody } from '../cart/cart.schema.ts';
import type { CaptchaVerifier } from '../captcha/captcha.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { NewsletterCoupons } from './newsletter-coupons.ts';
import { MAIL_LOCALE_QUERY, mailLocaleOf } from '../mail/mail-locale.ts';
import { newsletterConfirmMail, newsletterWelcomeMail } from './newsletter.mail.ts';
import type { NewsletterProvider } from './newsletter.provider.ts';

export const NEWSLETTER_PATH = '/api/ext/mailchimp-subscribe/subscribe';
export const CAPTCHA_INVALID_MESSAGE = 'The captcha is not valid or has expired, please try again';

type Query = Record<string, unknown>;

const refused = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 503: errorEnvelopeSchema };

/** Proof of an address: the signed token of the link mailed to it, or the token of the customer with that e-mail. */
export interface NewsletterProof {
  /** The token a link mailed to the address carries (HMAC of the address with the shop's secret). */
  tokenFor(email: string): string;
  /** The e-mail of the customer whose bearer token the request carries, or null. */
  customerEmail(request: FastifyRequest): Promise<string | null>;
}

export const NEWSLETTER_PROOF_MESSAGE = 'Open the link we e-mailed to this address to see or change its newsletter subscription';
const PROOF_HEADER = 'x-newsletter-token';

export function newsletterProof(secret: string, customerEmail: NewsletterProof['customerEmail']): NewsletterProof {
  return { tokenFor: (email) => createHmac('sha256', secret).update(`newsletter:${email}`).digest('base64url'), customerEmail };
}

export function newsletterRoutes(deps: { provider: NewsletterProvider; captcha: CaptchaVerifier; coupons: NewsletterCoupons; mailer: Mailer; proof: NewsletterProof; publicUrl: string }) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const proven = async (request: FastifyRequest, email: string): Promise<boolean> => {
      const query = request.query as Query;
      const header = request.headers[PROOF_HEADER];
      const given = typeof header === 'string' ? header : typeof query.token === 'string' ? query.token : '';
      const expected = Buffer.from(deps.proof.tokenFor(email));
      if (given && Buffer.byteLength(given) === expected.length && timingSafeEqual(Buffer.from(given), expected)) return true;
      return (await deps.proof.customerEmail(request).catch(() => null)) === email;
    };
    const notProven = () => new DomainError('forbidden', NEWSLETTER_PROOF_MESSAGE, { status: 403 });

    app.get(
      NEWSLETTER_PATH,
      { schema: { tags: ['content'], summary: "The address's newsletter status: 'subscribed', 'unsubscribed' or 'not-subscribed' (needs ?token= of the mailed link or the customer's token)", response: { 200: envelopeSchema({ type: 'string' }), ...refused } } },
      async (request) => {
        const email = parseBody(NewsletterEmailSchema, (request.query as Query).email, 'e-mail address');
        // Whether an address is on the list is the address owner's to know.
        if (!(await proven(request, email))) throw notProven();
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
        // An address already on the list is its owner's: without proof of it, a subscription changes nothing of
        // theirs (name, store); an address that left the list is only put back on it.
        const known = (await deps.provider.status(body.email)) !== 'not-subscribed';
        if (known && !(await proven(request, body.email))) {
          await deps.provider.subscribe({ email: body.email, firstname: null, store, keepDetails: true });
          return { code: 200, result: 'subscribed' };
        }
        await deps.provider.subscribe({ email: body.email, firstname, store });
        const coupon = await deps.coupons.issue(body.email);
        if (!coupon.created) return { code: 200, result: 'subscribed' };
        // The coupon is answered once, to whoever subscribed the address first; again, it is only in that mail.
        await deps.mailer.send(newsletterWelcomeMail(language, { to: body.email, firstname, coupon: coupon.code }));
        return { code: 200, result: 'subscribed', meta: { coupon: coupon.code } };
      },
    );

    app.delete(
      NEWSLETTER_PATH,
      { schema: { tags: ['content'], summary: "Unsubscribes an address with its proof (?token= of the mailed link, or the customer's token); without it mails the link", querystring: { type: 'object', properties: { ...MAIL_LOCALE_QUERY, token: { type: 'string' } } }, body: jsonSchema(NewsletterUnsubscribeBodySchema), response: { 200: envelopeSchema({ type: 'string' }), ...refused } } },
      async (request) => {
        // The address may come in the body (the spec) or, from clients that send no body with DELETE, as ?email=.
        const query = request.query as Query;
        const source = request.body ?? (query.email === undefined ? undefined : { email: query.email });
        const { email } = parseBody(NewsletterUnsubscribeBodySchema, source, 'unsubscription');
        if (!(await proven(request, email))) {
          // Without proof the address gets a link that proves it; nothing changes until it is opened.
          const { store, language } = mailLocaleOf(query);
          const url = `${deps.publicUrl}/${store}/my-account/newsletter?email=${encodeURIComponent(email)}&token=${deps.proof.tokenFor(email)}`;
          await deps.mailer.send(newsletterConfirmMail(language, { to: email, url }));
          return { code: 200, result: 'confirmation-sent' };
        }
        await deps.provider.unsubscribe(email);
        return { code: 200, result: 'unsubscribed' };
      },
    );
  };
}
