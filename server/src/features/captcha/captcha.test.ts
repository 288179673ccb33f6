import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { powSatisfied, solvePow } from '@shop/shared/content/index';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../storage/database.ts';
import { openTestDatabase } from '../../test/open-test-database.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { NoCaptcha, PowCaptcha, POW_CHALLENGE_TTL_MS, RECAPTCHA_VERIFY_URL, RecaptchaVerifier, type FetchLike } from './captcha.ts';

/** A nonce that does not solve the challenge. */
function wrongNonce(challenge: string, difficulty: number): string {
  for (let n = 0; ; n++) if (!powSatisfied(challenge, String(n), difficulty)) return String(n);
}

describe('proof-of-work captcha (real SQLite, a clock the test moves)', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-captcha-'));
  const db = await openTestDatabase(dir);
  await migrateToLatest(db);
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  let now = Date.parse('2026-06-15T12:00:00Z');
  const pow = new PowCaptcha(db, { difficulty: 10, now: () => now });

  it('a solved challenge checks as valid until it is spent, then never again', async () => {
    const { challenge, difficulty, expiresAt } = await pow.challenge();
    expect(difficulty).toBe(10);
    expect(expiresAt).toBe(now + POW_CHALLENGE_TTL_MS);
    const token = `${challenge}:${solvePow(challenge, difficulty)}`;
    expect(await pow.check(token)).toBe(true);
    expect(await pow.check(token)).toBe(true); // checking does not spend it
    expect(await pow.consume(token)).toBe(true);
    expect(await pow.consume(token)).toBe(false);
    expect(await pow.check(token)).toBe(false);
  });

  it('refuses a wrong nonce, an unknown challenge and malformed tokens', async () => {
    const { challenge, difficulty } = await pow.challenge();
    expect(await pow.consume(`${challenge}:${wrongNonce(challenge, difficulty)}`)).toBe(false);
    const other = 'UnknownChallengeUnknown1';
    expect(await pow.consume(`${other}:${solvePow(other, difficulty)}`)).toBe(false);
    for (const bad of ['', 'x', `${challenge}`, `${challenge}:`, `${challenge}:abc`, `${challenge}:1:2`, 'a'.repeat(5000)]) expect(await pow.check(bad)).toBe(false);
    // After a wrong try the right answer still works: a wrong nonce does not burn the challenge.
    expect(await pow.consume(`${challenge}:${solvePow(challenge, difficulty)}`)).toBe(true);
  });

  it('a challenge expires after five minutes', async () => {
    const { challenge, difficulty } = await pow.challenge();
    const token = `${challenge}:${solvePow(challenge, difficulty)}`;
    now += POW_CHALLENGE_TTL_MS - 1;
    expect(await pow.check(token)).toBe(true);
    now += 1;
    expect(await pow.consume(token)).toBe(false);
  });

  it('keeps the difficulty a challenge was issued with', async () => {
    const hard = new PowCaptcha(db, { difficulty: 12, now: () => now });
    const { challenge } = await hard.challenge();
    let easyOnly = 0;
    while (!(powSatisfied(challenge, String(easyOnly), 1) && !powSatisfied(challenge, String(easyOnly), 12))) easyOnly++;
    expect(await pow.consume(`${challenge}:${easyOnly}`)).toBe(false);
  });
});

describe('reCAPTCHA adapter (fake siteverify)', () => {
  const calls: Array<{ url: string; body: string }> = [];
  const answers: Array<{ status: number; body: unknown } | Error> = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, body: init.body ?? '' });
    const next = answers.shift() ?? { status: 200, body: { success: false, 'error-codes': ['timeout-or-duplicate'] } };
    if (next instanceof Error) throw next;
    return { status: next.status, json: async () => next.body };
  };
  let now = 0;
  const recaptcha = new RecaptchaVerifier({ secret: 's3cret', siteKey: 'site-key-1', fetch, now: () => now });

  it('posts the secret, the token and the address to siteverify and believes only success: true', async () => {
    answers.push({ status: 200, body: { success: true, challenge_ts: '2026-06-15T12:00:00Z', hostname: 'shop.example' } });
    expect(await recaptcha.check('token-1', '203.0.113.9')).toBe(true);
    expect(calls[0]!.url).toBe(RECAPTCHA_VERIFY_URL);
    expect(new URLSearchParams(calls[0]!.body).get('secret')).toBe('s3cret');
    expect(new URLSearchParams(calls[0]!.body).get('response')).toBe('token-1');
    expect(new URLSearchParams(calls[0]!.body).get('remoteip')).toBe('203.0.113.9');
    expect(recaptcha.clientConfig()).toEqual({ provider: 'recaptcha', siteKey: 'site-key-1' });
  });

  it('a token the verify call found good is spent once without asking Google again (Google answers each token once)', async () => {
    const before = calls.length;
    expect(await recaptcha.consume('token-1')).toBe(true);
    expect(calls.length).toBe(before);
    expect(await recaptcha.consume('token-1')).toBe(false); // asks Google, which says duplicate
    expect(calls.length).toBe(before + 1);
  });

  it('refuses on success: false, on an HTTP error and when Google cannot be reached', async () => {
    answers.push({ status: 200, body: { success: false, 'error-codes': ['invalid-input-response'] } });
    expect(await recaptcha.consume('bad')).toBe(false);
    answers.push({ status: 500, body: {} });
    expect(await recaptcha.consume('token-2')).toBe(false);
    answers.push(new Error('getaddrinfo ENOTFOUND www.google.com'));
    expect(await recaptcha.consume('token-3')).toBe(false);
    expect(await recaptcha.check('')).toBe(false);
  });

  it('forgets a verified token after two minutes', async () => {
    answers.push({ status: 200, body: { success: true } });
    expect(await recaptcha.check('token-4')).toBe(true);
    now += 2 * 60 * 1000;
    expect(await recaptcha.consume('token-4')).toBe(false);
  });

  it('with the captcha off every check passes (spec 2 §4)', async () => {
    const off = new NoCaptcha();
    expect(await off.check()).toBe(true);
    expect(await off.consume()).toBe(true);
  });
});

describe('captcha calls', async () => {
  const catalogue = fixtureCatalogue();
  const app = await buildTestApp({ catalogue, config: { captcha: { provider: 'pow', difficulty: 10, recaptchaSecret: null, recaptchaSiteKey: null } } });
  const off = await buildTestApp({ catalogue, config: { captcha: { provider: 'off', difficulty: 18, recaptchaSecret: null, recaptchaSiteKey: null } } });

  it('config, challenge and verify as the contract says', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/captcha/config' })).json()).toEqual({ code: 200, result: { provider: 'pow' } });
    const challenge = (await app.inject({ method: 'GET', url: '/api/captcha/challenge' })).json().result as { challenge: string; difficulty: number; expiresAt: number };
    expect(challenge.difficulty).toBe(10);
    const response = `${challenge.challenge}:${solvePow(challenge.challenge, challenge.difficulty)}`;
    expect((await app.inject({ method: 'POST', url: '/api/captcha/verify', payload: { response } })).json()).toEqual({ code: 200, result: { success: true } });
    const wrong = `${challenge.challenge}:${wrongNonce(challenge.challenge, challenge.difficulty)}`;
    expect((await app.inject({ method: 'POST', url: '/api/captcha/verify', payload: { response: wrong } })).json()).toEqual({ code: 200, result: { success: false } });
  });

  it('bad input is a 400, never a 5xx', async () => {
    for (const payload of [undefined, {}, { response: 12 }, { response: '' }, { response: 'x'.repeat(5000) }]) {
      const reply = await app.inject({ method: 'POST', url: '/api/captcha/verify', ...(payload === undefined ? {} : { payload }) });
      expect(reply.statusCode).toBe(400);
    }
    const notJson = await app.inject({ method: 'POST', url: '/api/captcha/verify', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(notJson.statusCode).toBe(400);
  });

  it("with CAPTCHA_PROVIDER=off the client is told so and there is no challenge to fetch", async () => {
    expect((await off.inject({ method: 'GET', url: '/api/captcha/config' })).json().result).toEqual({ provider: 'off' });
    expect((await off.inject({ method: 'GET', url: '/api/captcha/challenge' })).statusCode).toBe(400);
    expect((await off.inject({ method: 'POST', url: '/api/captcha/verify', payload: { response: 'anything' } })).json().result).toEqual({ success: true });
  });
});
