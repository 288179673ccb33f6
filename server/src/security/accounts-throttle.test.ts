/**
 * Issue 13 item 7: nobody can lock an account; the attacker is throttled per (address, account) with exponential
 * back-off and a captcha step; registration and reviews are throttled and ask for the captcha; breached passwords
 * are refused; an e-mail with a lone UTF-16 surrogate is a 400 on every route that takes one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { solvePow } from '@shop/shared/content/index';
import { testConfig } from '../config.ts';
import { testEngine } from '../test/test-database.ts';
import { describe, expect, it } from 'vitest';
import { buildAccountsTestApp, customerBody, PASSWORD } from '../features/accounts/accounts.test-support.ts';

const base = testConfig({ dataDir: '/unused' });
// Production's throttles, a captcha quick to solve in a test.
const setup = await buildAccountsTestApp({
  captcha: { ...base.captcha, provider: 'pow', difficulty: 4 },
  accounts: { ...base.accounts, forms: { windowSeconds: 3600, max: 4, captchaAfter: 2 } },
});
const { clock } = setup;

let seq = 0;
const unique = (name: string) => `${name}-${++seq}@example.com`;

async function captchaToken(): Promise<string> {
  const { result } = (await setup.app.inject({ method: 'GET', url: '/api/captcha/challenge' })).json() as { result: { challenge: string; difficulty: number } };
  return `${result.challenge}:${solvePow(result.challenge, result.difficulty)}`;
}

async function post(url: string, payload: unknown, options: { ip?: string; captcha?: string; token?: string } = {}) {
  const response = await setup.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { ...(options.captcha ? { 'x-captcha-token': options.captcha } : {}), ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
  });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

const register = async (email: string, ip = `10.${++seq % 250}.1.1`, password = PASSWORD) => post('/api/user/create', { ...customerBody(email), password }, { ip });
const login = (email: string, password: string, ip: string, captcha?: string) => post('/api/user/login', { username: email, password }, { ip, ...(captcha ? { captcha } : {}) });

describe('item 7: anyone could lock an account', () => {
  it('item 7: failed logins from an attacker address never make the right password fail for the owner elsewhere', async () => {
    const email = unique('owner');
    expect((await register(email)).status).toBe(200);
    for (let i = 0; i < 12; i += 1) {
      const answer = await login(email, 'wrong guess', `10.66.0.${i + 1}`);
      expect([401, 403]).toContain(answer.status);
    }
    for (let i = 0; i < 5; i += 1) await login(email, 'wrong guess', '10.66.1.1', await captchaToken());
    const owner = await login(email, PASSWORD, '192.0.2.10', await captchaToken());
    expect(owner.status).toBe(200);
  });

  it('item 7: the attacking (address, account) pair asks for the captcha, then waits exponentially longer', async () => {
    const email = unique('pair');
    await register(email);
    const attacker = '10.67.0.1';
    for (let i = 0; i < 3; i += 1) expect((await login(email, 'wrong guess', attacker)).status).toBe(401);
    const asked = await login(email, 'wrong guess', attacker);
    expect(asked.status).toBe(403);
    expect(asked.body.result).toMatchObject({ error: 'captcha_required', details: { captcha: true } });
    expect((await login(email, 'wrong guess', attacker, 'forged:1')).body.result.error).toBe('captcha_failed');
    expect((await login(email, 'wrong guess', attacker, await captchaToken())).status).toBe(401); // 4th failure
    expect((await login(email, 'wrong guess', attacker, await captchaToken())).status).toBe(401); // 5th: back-off starts
    const waits: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const refused = await login(email, PASSWORD, attacker, await captchaToken());
      expect(refused.status).toBe(429);
      expect(refused.body.result.error).toBe('account_rate_limited');
      expect(refused.headers['retry-after']).toBe(String(refused.body.result.details.retryAfter));
      waits.push(refused.body.result.details.retryAfter);
      clock.advance(refused.body.result.details.retryAfter);
      expect((await login(email, 'wrong guess', attacker, await captchaToken())).status).toBe(401);
    }
    expect(waits).toEqual([30, 60, 120]);
    // The same account from the owner's own address is untouched (a captcha at most, never a wait).
    const owner = await login(email, PASSWORD, '192.0.2.11', await captchaToken());
    expect(owner.status).toBe(200);
  });

  it('item 7: a client address that fails on many accounts waits, the others do not', async () => {
    const sprayer = '10.68.0.1';
    for (let i = 0; i < 20; i += 1) expect((await login(unique('spray'), 'wrong guess', sprayer)).status).toBe(401);
    const email = unique('innocent');
    await register(email);
    expect((await login(email, PASSWORD, sprayer)).status).toBe(429);
    expect((await login(email, PASSWORD, '10.68.0.2')).status).toBe(200);
  });

  it("item 7: reset requests from elsewhere never block the owner's own reset", async () => {
    const email = unique('reset');
    await register(email);
    for (let i = 0; i < 8; i += 1) await post('/api/user/reset-password', { email }, { ip: `10.69.0.${i + 1}` });
    for (let i = 0; i < 8; i += 1) await post('/api/user/reset-password', { email }, { ip: '10.69.1.1', captcha: await captchaToken() });
    expect((await post('/api/user/reset-password', { email }, { ip: '10.69.1.1', captcha: await captchaToken() })).status).toBe(429);
    const own = await post('/api/user/reset-password', { email }, { ip: '192.0.2.12', captcha: await captchaToken() });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it('item 7: the counts are in the database every instance shares', async () => {
    const email = unique('shared');
    await register(email);
    for (let i = 0; i < 3; i += 1) await login(email, 'wrong guess', '10.70.0.1');
    await setup.restart();
    expect((await login(email, PASSWORD, '10.70.0.1')).body.result.error).toBe('captcha_required');
  });
});

describe('item 7: registration and reviews get throttles and the captcha', () => {
  it('item 7: registrations from one address ask for the captcha, then wait', async () => {
    const ip = '10.71.0.1';
    for (let i = 0; i < 2; i += 1) expect((await register(unique('reg'), ip)).status).toBe(200);
    expect((await register(unique('reg'), ip)).body.result.error).toBe('captcha_required');
    for (let i = 0; i < 2; i += 1) expect((await post('/api/user/create', customerBody(unique('reg')), { ip, captcha: await captchaToken() })).status).toBe(200);
    const refused = await post('/api/user/create', customerBody(unique('reg')), { ip, captcha: await captchaToken() });
    expect(refused.status).toBe(429);
    expect(refused.body.result.details.retryAfter).toBeGreaterThan(0);
  });

  it('item 7: reviews from one address ask for the captcha, then wait', async () => {
    const ip = '10.72.0.1';
    const review = { review: { product_id: 1, nickname: 'Anna', title: 'Lovely watch', detail: 'Keeps perfect time.', rating: 5 } };
    for (let i = 0; i < 2; i += 1) expect((await post('/api/review/create', review, { ip })).status).toBe(200);
    expect((await post('/api/review/create', review, { ip })).body.result.error).toBe('captcha_required');
    for (let i = 0; i < 2; i += 1) expect((await post('/api/review/create', review, { ip, captcha: await captchaToken() })).status).toBe(200);
    expect((await post('/api/review/create', review, { ip, captcha: await captchaToken() })).status).toBe(429);
  });
});

describe('item 7: passwords', () => {
  it('item 7: a password from a breached-password list is refused at registration, reset and change, with its field message', async () => {
    const refused = await register(unique('breached'), undefined, 'password1');
    expect(refused.status).toBe(400);
    expect(refused.body.result.details.fields).toEqual([expect.objectContaining({ path: 'password', key: 'passwordBreached' })]);
    expect((await register(unique('breached'), undefined, 'Iloveyou2')).status).toBe(400);
    const short = await register(unique('short'), undefined, 'x7$kq');
    expect(short.body.result.details.fields[0]).toMatchObject({ key: 'passwordMinLength' });

    const email = unique('changer');
    await register(email);
    const token = (await login(email, PASSWORD, '10.73.0.1')).body.result as string;
    const change = await post('/api/user/change-password', { currentPassword: PASSWORD, newPassword: 'qwertyuiop' }, { token, ip: '10.73.0.1' });
    expect(change.status).toBe(400);
    expect(change.body.result.details.fields[0]).toMatchObject({ path: 'newPassword', key: 'passwordBreached' });
  });
});

describe('item 7: an e-mail with a lone UTF-16 surrogate', () => {
  it('item 7: is a 400 on every route that takes an e-mail, never a 500', async () => {
    const lone = 'anna\uD800@example.com';
    const calls: Array<{ method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: unknown }> = [
      { method: 'POST', url: '/api/user/login', payload: { username: lone, password: PASSWORD } },
      { method: 'POST', url: '/api/user/create', payload: customerBody(lone) },
      { method: 'POST', url: '/api/user/reset-password', payload: { email: lone } },
      { method: 'POST', url: '/api/user/create-password', payload: { email: lone, newPassword: 'a fine new one', resetToken: 'x'.repeat(43) } },
      { method: 'GET', url: `/api/ext/mailchimp-subscribe/subscribe?email=${encodeURIComponent('anna')}%ED%A0%80%40example.com` },
      { method: 'POST', url: '/api/ext/mailchimp-subscribe/subscribe', payload: { email: lone, 'g-recaptcha-key': 'x:1' } },
      { method: 'DELETE', url: '/api/ext/mailchimp-subscribe/subscribe', payload: { email: lone } },
    ];
    for (const { method, url, payload } of calls) {
      const response = await setup.app.inject({ method, url, remoteAddress: '10.74.0.1', ...(payload ? { payload: payload as object } : {}) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(500);
    }
    const email = unique('lone');
    await register(email);
    const token = (await login(email, PASSWORD, '10.74.0.2')).body.result as string;
    const update = await post('/api/user/me', { customer: { email: lone, firstname: 'Anna', lastname: 'Jansen' } }, { token });
    expect(update.status).toBe(400);
  });
});

describe('item 12: newsletter proof and owner-only files', () => {
  const PATH = '/api/ext/mailchimp-subscribe/subscribe';
  const mailsTo = async (to: string) => (await setup.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).body.split(to).length - 1;

  it('item 12: status and unsubscribe need proof of the address; a second subscription never answers the coupon', async () => {
    const email = unique('news');
    const first = await post(PATH, { email, 'g-recaptcha-key': await captchaToken() });
    expect(first.body.meta.coupon).toMatch(/^NEWS10-/);
    const again = await post(PATH, { email, 'g-recaptcha-key': await captchaToken() }, { ip: '10.80.0.9' });
    expect(again.status).toBe(200);
    expect(again.body.meta?.coupon).toBeUndefined();

    const status = await setup.app.inject({ method: 'GET', url: `${PATH}?email=${encodeURIComponent(email)}` });
    expect(status.statusCode).toBe(403);
    const before = await mailsTo(email);
    const removal = await setup.app.inject({ method: 'DELETE', url: PATH, payload: { email } });
    expect(removal.json().result).toBe('confirmation-sent');
    expect(await mailsTo(email)).toBeGreaterThan(before);
    const mails = (await setup.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).body;
    const token = /my-account\/newsletter\?email=[^&"]+&(?:amp;)?token=([A-Za-z0-9_-]+)/.exec(mails)?.[1];
    expect(token).toBeTruthy();
    const proven = await setup.app.inject({ method: 'GET', url: `${PATH}?email=${encodeURIComponent(email)}&token=${token}` });
    expect(proven.json().result).toBe('subscribed');
    const wrong = await setup.app.inject({ method: 'GET', url: `${PATH}?email=${encodeURIComponent(unique('other'))}&token=${token}` });
    expect(wrong.statusCode).toBe(403);
    const done = await setup.app.inject({ method: 'DELETE', url: `${PATH}?token=${token}`, payload: { email } });
    expect(done.json().result).toBe('unsubscribed');

    // A customer proves their own address with their token.
    const customer = unique('news-customer');
    await register(customer);
    const bearer = (await login(customer, PASSWORD, '10.80.0.2')).body.result as string;
    const own = await setup.app.inject({ method: 'GET', url: `${PATH}?email=${encodeURIComponent(customer)}`, headers: { authorization: `Bearer ${bearer}` } });
    expect(own.json().result).toBe('not-subscribed');
    const others = await setup.app.inject({ method: 'GET', url: `${PATH}?email=${encodeURIComponent(email)}`, headers: { authorization: `Bearer ${bearer}` } });
    expect(others.statusCode).toBe(403);
  });

  it('item 12: shop.sqlite, its WAL and SHM files and everything under DATA_DIR are readable by the owner only', async () => {
    fs.chmodSync(setup.dataDir, 0o755);
    fs.mkdirSync(path.join(setup.dataDir, 'media', 'catalog', 'old'), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(setup.dataDir, 'media', 'catalog', 'old', 'upload.jpg'), 'x', { mode: 0o644 });
    await setup.restart();
    await register(unique('files')); // writes to the database (WAL)
    const media = await setup.app.inject({ method: 'GET', url: '/media/catalog/old/upload.jpg' });
    expect(media.statusCode).toBeLessThan(500);
    const seen: string[] = [];
    const walk = (at: string) => {
      const stat = fs.statSync(at);
      seen.push(path.relative(setup.dataDir, at) || '.');
      expect((stat.mode & 0o777).toString(8), at).toBe(stat.isDirectory() ? '700' : '600');
      if (stat.isDirectory()) for (const entry of fs.readdirSync(at)) walk(path.join(at, entry));
    };
    walk(setup.dataDir);
    // On PostgreSQL the database, and the token secret with it (token-secret.ts), live on the server, not in DATA_DIR:
    // the files there are media.
    const databaseFiles = testEngine() === 'sqlite' ? ['shop.sqlite', 'shop.sqlite-wal', 'shop.sqlite-shm', 'token-secret'] : [];
    expect(seen).toEqual(expect.arrayContaining([...databaseFiles, 'media/catalog/old/upload.jpg']));
  });
});
