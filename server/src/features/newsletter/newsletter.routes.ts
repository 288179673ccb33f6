/**
 * The newsletter calls of spec 2 §7 on /api/ext/mailchimp-subscribe/subscribe: GET ?email= answers the status,
 * POST subscribes (a captcha token in the X-Captcha-Token header or in 'g-recaptcha-key' is required and spent) and
 * answers the subscriber's 10% coupon in meta.coupon with a welcome mail the first time, DELETE unsubscribes.
 *
 * POST and DELETE are queued calls (the sync task queue, task-receipts.ts): a task sent again under its X-Task-Id is
 * answered with its first answer, needs no new captcha and changes nothing. Their effect is outside the database
 * (Mailchimp), so it runs first and the receipt is kept after it (queued-route.ts `keepAfterEffect`): a task whose
 * answer was lost before its receipt was kept is done again, which the provider's subscribe and unsubscribe allow
 * (Mailchimp's member PUT is idempotent; the coupon is issued once per address and its welcome mail with it). The
 * queue sends the captcha in the header, so the body and with it the task's request stay the same on every send.
 */
import { DomainError } from '@shop/shared';
import { CAPTCHA_REQUIRED_MESSAGE, NewsletterEmailSchema, NewsletterSubscribeBodySchema, NewsletterUnsubscribeBodySchema } from '@shop/shared/content/index';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { envelopeSchema, errorEnvelopeSchema, jsonSchema } from '../../plugins/openapi.ts';
import { keepAfterEffect, TASK_ID_HEADER_DOC } from '../../plugins/queued-route.ts';
import { findReceipt, replay, withTaskReceipt } from '../../plugins/task-receipts.ts';
import { CAPTCHA_HEADER } from '../../plugins/throttle.ts';
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

export function newsletterRoutes(deps: { provider: NewsletterProvider; captcha: CaptchaVerifier; coupons: NewsletterCoupons; mailer: Mailer; proof: NewsletterProof; publicUrl: string; now?: () => number }) {
  const now = deps.now ?? Date.now;
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
          summary: "Subscribes an address (needs a captcha token in the X-Captcha-Token header or in 'g-recaptcha-key'); meta.coupon is the address's 10% coupon",
          querystring: { type: 'object', properties: MAIL_LOCALE_QUERY },
          headers: { type: 'object', properties: { [CAPTCHA_HEADER]: { type: 'string', description: 'A solved captcha (instead of g-recaptcha-key in the body)' }, ...TASK_ID_HEADER_DOC } },
          body: jsonSchema(NewsletterSubscribeBodySchema),
          response: { 200: envelopeSchema({ type: 'string' }), ...refused },
        },
      },
      async (request, reply) => {
        const { store, language } = mailLocaleOf(request.query as Query);
        const body = parseBody(NewsletterSubscribeBodySchema, request.body, 'subscription');
        // A task sent again: its first answer, before any captcha is asked for or spent.
        const kept = await findReceipt(request, 'public');
        if (kept) return replay(reply, kept);
        const header = request.headers[CAPTCHA_HEADER];
        const token = (typeof header === 'string' ? header.trim() : '') || body['g-recaptcha-key']?.trim();
        if (!token && deps.captcha.provider !== 'off') throw new DomainError('captcha_failed', CAPTCHA_REQUIRED_MESSAGE);
        if (!(await deps.captcha.consume(token ?? '', request.ip))) throw new DomainError('captcha_failed', CAPTCHA_INVALID_MESSAGE);
        const answered = (answer: Record<string, unknown>) => keepAfterEffect(request, reply, 'public', { status: 200, body: { code: 200, ...answer } }, now());
        const firstname = body.firstname?.trim() || null;
        // An address already on the list is its owner's: without proof of it, a subscription changes nothing of
        // theirs (name, store); an address that left the list is only put back on it.
        const known = (await deps.provider.status(body.email)) !== 'not-subscribed';
        if (known && !(await proven(request, body.email))) {
          await deps.provider.subscribe({ email: body.email, firstname: null, store, keepDetails: true });
          return answered({ result: 'subscribed' });
        }
        await deps.provider.subscribe({ email: body.email, firstname, store });
        const coupon = await deps.coupons.issue(body.email);
        if (!coupon.created) return answered({ result: 'subscribed' });
        // The coupon is answered once, to whoever subscribed the address first; again, it is only in that mail (and in
        // the answer to this same task sent again).
        await deps.mailer.send(newsletterWelcomeMail(language, { to: body.email, firstname, coupon: coupon.code }));
        return answered({ result: 'subscribed', meta: { coupon: coupon.code } });
      },
    );

    app.delete(
      NEWSLETTER_PATH,
      {
        schema: {
          tags: ['content'],
          summary: "Unsubscribes an address with its proof (?token= of the mailed link, or the customer's token); without it mails the link",
          querystring: { type: 'object', properties: { ...MAIL_LOCALE_QUERY, token: { type: 'string' } } },
          headers: { type: 'object', properties: TASK_ID_HEADER_DOC },
          body: jsonSchema(NewsletterUnsubscribeBodySchema),
          response: { 200: envelopeSchema({ type: 'string' }), ...refused },
        },
      },
      async (request, reply) => {
        // The address may come in the body (the spec) or, from clients that send no body with DELETE, as ?email=.
        const query = request.query as Query;
        const source = request.body ?? (query.email === undefined ? undefined : { email: query.email });
        const { email } = parseBody(NewsletterUnsubscribeBodySchema, source, 'unsubscription');
        const kept = await findReceipt(request, 'public');
        if (kept) return replay(reply, kept);
        if (!(await proven(request, email))) {
          // Without proof the address gets a link that proves it; nothing changes until it is opened. The mail is
          // queued in the receipt's transaction: one task, one mail, however often it arrives.
          const { store, language } = mailLocaleOf(query);
          const url = `${deps.publicUrl}/${store}/my-account/newsletter?email=${encodeURIComponent(email)}&token=${deps.proof.tokenFor(email)}`;
          const answer = await withTaskReceipt(request, reply, { scope: 'public', now }, async (trx) => {
            await deps.mailer.queue(trx, newsletterConfirmMail(language, { to: email, url }));
            return { status: 200, body: { code: 200, result: 'confirmation-sent' } };
          });
          await deps.mailer.flush();
          return answer;
        }
        await deps.provider.unsubscribe(email);
        return keepAfterEffect(request, reply, 'public', { status: 200, body: { code: 200, result: 'unsubscribed' } }, now());
      },
    );
  };
}
