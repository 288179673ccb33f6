import { solvePow } from '@shop/shared/content/index';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { testConfig } from '../../config.ts';
import { NEWSLETTER_PATH, newsletterProof } from './newsletter.routes.ts';

const SECRET = 'a newsletter test secret of 32 characters or more';
const accounts = { ...testConfig({ dataDir: '/unused' }).accounts, tokenSecret: SECRET };
const app = await buildTestApp({ catalogue: fixtureCatalogue(), config: { accounts, captcha: { provider: 'pow', difficulty: 8, recaptchaSecret: null, recaptchaSiteKey: null } } });
/** The proof of an address a mailed link carries (security/accounts-throttle.test.ts tests the refusal without it). */
const proof = (email: string) => newsletterProof(SECRET, async () => null).tokenFor(email.trim().toLowerCase());

async function captchaToken(): Promise<string> {
  const { challenge, difficulty } = (await app.inject({ method: 'GET', url: '/api/captcha/challenge' })).json().result as { challenge: string; difficulty: number };
  return `${challenge}:${solvePow(challenge, difficulty)}`;
}

async function subscribe(payload: Record<string, unknown>, query = '') {
  const reply = await app.inject({ method: 'POST', url: `${NEWSLETTER_PATH}${query}`, payload });
  return { status: reply.statusCode, body: reply.json() };
}

async function status(email: string): Promise<string> {
  return (await app.inject({ method: 'GET', url: `${NEWSLETTER_PATH}?email=${encodeURIComponent(email)}&token=${proof(email)}` })).json().result;
}

async function mailsTo(email: string): Promise<Array<{ subject: string; text: string; kind: string }>> {
  return (await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` })).json().result;
}

describe('newsletter', () => {
  it('refuses a subscription without a captcha value, or with a wrong or spent one', async () => {
    const missing = await subscribe({ email: 'anna@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.body.result).toMatchObject({ error: 'captcha_failed', message: 'Please confirm you are not a robot' });
    expect((await subscribe({ email: 'anna@example.com', 'g-recaptcha-key': 'nonsense' })).status).toBe(400);
    const { challenge } = (await app.inject({ method: 'GET', url: '/api/captcha/challenge' })).json().result as { challenge: string };
    expect((await subscribe({ email: 'anna@example.com', 'g-recaptcha-key': `${challenge}:x` })).body.result.error).toBe('captcha_failed');
    expect(await status('anna@example.com')).toBe('not-subscribed');

    const token = await captchaToken();
    expect((await subscribe({ email: 'anna@example.com', 'g-recaptcha-key': token })).status).toBe(200);
    const replay = await subscribe({ email: 'bert@example.com', 'g-recaptcha-key': token });
    expect(replay.status).toBe(400);
    expect(replay.body.result.message).toBe('The captcha is not valid or has expired, please try again');
  });

  it('subscribes, answers one 10% coupon per e-mail address and mails it once', async () => {
    const first = await subscribe({ email: ' Clara@Example.com ', firstname: 'Clara', 'g-recaptcha-key': await captchaToken() }, '?storeCode=en');
    expect(first.status).toBe(200);
    expect(first.body.result).toBe('subscribed');
    const coupon = first.body.meta.coupon as string;
    expect(coupon).toMatch(/^NEWS10-[A-Z2-9]{8}$/);
    expect(await status('clara@example.com')).toBe('subscribed');

    const again = await subscribe({ email: 'clara@example.com', 'g-recaptcha-key': await captchaToken() });
    expect(again.body.meta?.coupon).toBeUndefined(); // issue 13 item 12: answered once, then only in the mail
    const other = await subscribe({ email: 'dirk@example.com', 'g-recaptcha-key': await captchaToken() });
    expect(other.body.meta.coupon).not.toBe(coupon);

    const mails = await mailsTo('clara@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'newsletter-welcome', subject: 'Welcome to our newsletter: 10% off' });
    expect(mails[0]!.text).toContain('Hello Clara,');
    expect(mails[0]!.text).toContain(coupon);
    // The Dutch store writes in Dutch.
    expect((await mailsTo('dirk@example.com'))[0]!.subject).toBe('Welkom bij onze nieuwsbrief: 10% korting');
  });

  it('writes the welcome in the interface language the shopper used, and refuses an unknown store or language', async () => {
    expect((await subscribe({ email: 'greta@example.com', firstname: 'Greta', 'g-recaptcha-key': await captchaToken() }, '?storeCode=en&language=de')).status).toBe(200);
    const [mail] = await mailsTo('greta@example.com');
    expect(mail).toMatchObject({ kind: 'newsletter-welcome', subject: 'Willkommen bei unserem Newsletter: 10% Rabatt' });
    expect(mail!.text).toContain('Hallo Greta,');
    for (const query of ['?storeCode=en&language=fr', '?language=EN', '?storeCode=de']) {
      const refused = await subscribe({ email: 'hans@example.com', 'g-recaptcha-key': await captchaToken() }, query);
      expect(refused.status, query).toBe(400);
      expect(refused.body.result.message).toMatch(/storeCode|language/);
    }
    expect(await status('hans@example.com')).toBe('not-subscribed');
  });

  it('the coupon works in the cart like the shop’s own 10% code', async () => {
    const { body } = await subscribe({ email: 'eva@example.com', 'g-recaptcha-key': await captchaToken() });
    const coupon = body.meta.coupon as string;
    const totalsWith = async (code: string) => {
      const cart = (await app.inject({ method: 'POST', url: '/api/cart/create' })).json().result as string;
      expect((await app.inject({ method: 'POST', url: `/api/cart/update?cartId=${cart}`, payload: { cartItem: { sku: 'W-1', qty: 1 } } })).statusCode).toBe(200);
      const applied = await app.inject({ method: 'POST', url: `/api/cart/apply-coupon?cartId=${cart}&coupon=${code}` });
      expect(applied.json()).toMatchObject({ code: 200, result: true });
      return (await app.inject({ method: 'GET', url: `/api/cart/totals?cartId=${cart}` })).json().result as { coupon_code: string; discount_amount: number; grand_total: number };
    };
    const mine = await totalsWith(coupon.toLowerCase());
    const reference = await totalsWith('WELCOME10');
    expect(mine.coupon_code).toBe(coupon);
    expect(mine.discount_amount).toBeLessThan(0);
    expect(mine.discount_amount).toBe(reference.discount_amount);
    expect(mine.grand_total).toBe(reference.grand_total);
  });

  it('unsubscribes (body or ?email=), keeps the coupon for a later subscription', async () => {
    expect((await subscribe({ email: 'fred@example.com', 'g-recaptcha-key': await captchaToken() })).body.meta.coupon).toMatch(/^NEWS10-/);
    const removed = await app.inject({ method: 'DELETE', url: `${NEWSLETTER_PATH}?token=${proof('fred@example.com')}`, payload: { email: 'Fred@example.com' } });
    expect(removed.json()).toEqual({ code: 200, result: 'unsubscribed' });
    expect(await status('fred@example.com')).toBe('unsubscribed');
    const back = await subscribe({ email: 'fred@example.com', 'g-recaptcha-key': await captchaToken() });
    expect(back.body.meta?.coupon).toBeUndefined(); // the coupon stays the address's, in its mail only
    expect(await status('fred@example.com')).toBe('subscribed');
    expect((await app.inject({ method: 'DELETE', url: `${NEWSLETTER_PATH}?email=fred@example.com&token=${proof('fred@example.com')}` })).statusCode).toBe(200);
    expect(await status('fred@example.com')).toBe('unsubscribed');
  });

  it('bad input is a 400 with the spec’s message, never a 5xx', async () => {
    const badEmail = await subscribe({ email: 'not-an-address', 'g-recaptcha-key': await captchaToken() });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.result.message).toContain('Please provide valid e-mail address');
    for (const url of [NEWSLETTER_PATH, `${NEWSLETTER_PATH}?email=`, `${NEWSLETTER_PATH}?email=a&email=b`, `${NEWSLETTER_PATH}?email=${'x'.repeat(300)}@example.com`]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(400);
    }
    expect((await subscribe({ email: 'g@example.com', firstname: 'x'.repeat(500), 'g-recaptcha-key': 'y' })).status).toBe(400);
    expect((await subscribe({ email: 'g@example.com', 'g-recaptcha-key': 'y' }, '?storeCode=fr')).status).toBe(400);
    expect((await app.inject({ method: 'POST', url: NEWSLETTER_PATH, headers: { 'content-type': 'application/json' }, payload: '[' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'DELETE', url: NEWSLETTER_PATH })).statusCode).toBe(400);
  });
});
