/**
 * The queued routes of the shop before issue 17's forms (spec 2 §7 "queued"): POST /api/user/me, POST
 * /api/review/create, POST and DELETE /api/ext/mailchimp-subscribe/subscribe and POST /api/stats/log, each with a
 * receipt by X-Task-Id (task-receipts.ts), on the engine under test. A task sent again has its effect once and gets
 * its first answer back (x-task-replayed: 1); copies at the same moment have one effect; the id under another request
 * or another shopper is a 409; a refusal keeps no receipt; a repeat needs no new captcha and spends none.
 */
import { randomUUID } from 'node:crypto';
import { solvePow } from '@shop/shared/content/index';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { PASSWORD, customerBody } from '../features/accounts/accounts.test-support.ts';
import { NEWSLETTER_PATH, newsletterProof } from '../features/newsletter/newsletter.routes.ts';
import { countStatsEvents } from '../features/stats/stats.repository.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { fixtureCatalogue } from '../test/fixture-catalogue.ts';

const SECRET = 'a queued routes test secret of 32 characters or more';
const base = testConfig({ dataDir: '/unused' });
// Every review needs a captcha here (captchaAfter 0), so a repeat that needed one would show.
const app = await buildTestApp({
  catalogue: fixtureCatalogue(),
  config: {
    accounts: { ...base.accounts, tokenSecret: SECRET, forms: { windowSeconds: 3600, max: 1_000_000, captchaAfter: 0 } },
    captcha: { provider: 'pow', difficulty: 6, recaptchaSecret: null, recaptchaSiteKey: null },
  },
});

async function captcha(): Promise<string> {
  const { challenge, difficulty } = (await app.inject({ method: 'GET', url: '/api/captcha/challenge' })).json().result as { challenge: string; difficulty: number };
  return `${challenge}:${solvePow(challenge, difficulty)}`;
}

async function customer(name: string): Promise<{ token: string; id: number }> {
  const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
  expect((await app.inject({ method: 'POST', url: '/api/user/create', headers: { 'x-captcha-token': await captcha() }, payload: customerBody(email) })).statusCode).toBe(200);
  const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password: PASSWORD } });
  const token = login.json().result as string;
  const me = await app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });
  return { token, id: me.json().result.id };
}

const alice = await customer('alice');
const bob = await customer('bob');
const taskId = () => `task-${randomUUID()}`;
/** Letters only: it is also a first name and a nickname. */
const marker = () => `M${[...randomUUID().replace(/-/g, '').slice(0, 12)].map((c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join('')}`;

async function receiptOf(id: string): Promise<unknown> {
  return app.db.withTables<{ task_receipts: { task_id: string } }>().selectFrom('task_receipts').selectAll().where('task_id', '=', id).executeTakeFirst();
}

async function mailsTo(email: string): Promise<Array<{ kind: string; text: string }>> {
  return (await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` })).json().result;
}

async function count(table: 'reviews' | 'newsletter_subscribers' | 'newsletter_coupons', column: string, value: string): Promise<number> {
  const row = await app.db
    .withTables<Record<string, Record<string, unknown>>>()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', value)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One queued route as the tests below drive it. */
interface Queued {
  name: string;
  method: 'POST' | 'DELETE';
  url: string;
  /** The caller's headers for one send (credentials, a fresh captcha where the route spends one). */
  headers(): Promise<Record<string, string>>;
  /** A request that is good, unique to `m`. */
  body(m: string): Record<string, unknown>;
  /** How often the request of `m` had its effect. */
  effects(m: string, answer: LightMyRequestResponse): Promise<number>;
  /** A body the route refuses with 400 (before any effect). */
  invalid: Record<string, unknown>;
  /** The headers of another scope (another customer, or a guest), where the route has more than one. */
  otherScope?: () => Promise<Record<string, string>>;
  /** Sent twice without a task id, it still has one effect (its own rules make it so). */
  repeatable?: boolean;
}

const address = (m: string) => ({ firstname: m, lastname: 'Owner', street: [`${m}straat 1`], city: 'Amsterdam', postcode: '1012 NX', country_id: 'NL' });

const ROUTES: Queued[] = [
  {
    name: 'POST /api/user/me',
    method: 'POST',
    url: '/api/user/me',
    headers: async () => ({ authorization: `Bearer ${alice.token}` }),
    body: (m) => ({ customer: { firstname: m, lastname: 'Owner', addresses: [{ ...address(m), default_shipping: true }] } }),
    // Every run replaces the address with a new row (a new id): the stored profile is the answered one only when
    // exactly one run took effect.
    effects: async (m, answer) => {
      const stored = (await app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${alice.token}` } })).json().result;
      if (stored.firstname !== m) return 0;
      return JSON.stringify(stored) === JSON.stringify(answer.json().result) ? 1 : 2;
    },
    invalid: { customer: { firstname: '', lastname: 'Owner' } },
    otherScope: async () => ({ authorization: `Bearer ${bob.token}` }),
  },
  {
    name: 'POST /api/review/create',
    method: 'POST',
    url: '/api/review/create',
    headers: async () => ({ authorization: `Bearer ${alice.token}`, 'x-captcha-token': await captcha() }),
    body: (m) => ({ review: { product_id: 1, nickname: m, title: 'Lovely', detail: 'A lovely watch', rating: 5 } }),
    effects: (m) => count('reviews', 'nickname', m),
    invalid: { review: { product_id: 1, nickname: 'x', title: '', detail: '', rating: 9 } },
    otherScope: async () => ({ 'x-captcha-token': await captcha() }),
  },
  {
    name: 'POST /api/ext/mailchimp-subscribe/subscribe',
    method: 'POST',
    url: NEWSLETTER_PATH,
    headers: async () => ({ 'x-captcha-token': await captcha() }),
    body: (m) => ({ email: `${m.toLowerCase()}@example.com`, firstname: 'Anna' }),
    // The subscriber, its coupon and the welcome mail: each once.
    effects: async (m) => {
      const email = `${m.toLowerCase()}@example.com`;
      const welcome = (await mailsTo(email)).filter((mail) => mail.kind === 'newsletter-welcome').length;
      return Math.max(await count('newsletter_subscribers', 'email', email), await count('newsletter_coupons', 'email', email), welcome);
    },
    invalid: { email: 'not an address' },
    repeatable: true,
  },
  {
    name: 'DELETE /api/ext/mailchimp-subscribe/subscribe',
    method: 'DELETE',
    url: NEWSLETTER_PATH,
    headers: async () => ({}),
    body: (m) => ({ email: `${m.toLowerCase()}@example.com` }),
    // Without proof of the address: the link that proves it, mailed once.
    effects: async (m) => (await mailsTo(`${m.toLowerCase()}@example.com`)).length,
    invalid: { email: 'not an address' },
  },
  {
    name: 'POST /api/stats/log',
    method: 'POST',
    url: '/api/stats/log?storeCode=nl',
    headers: async () => ({}),
    body: (m) => ({ event: 'product_view', sku: m }),
    effects: async (m) => {
      const rows = await app.db.withTables<{ stats_events: { sku: string | null; store: string | null } }>().selectFrom('stats_events').select(['store']).where('sku', '=', m).execute();
      expect(rows.every((row) => row.store === 'nl')).toBe(true);
      return rows.length;
    },
    invalid: { event: 'product_view' },
  },
];

function send(route: Queued, payload: Record<string, unknown>, headers: Record<string, string>, id?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: route.method, url: route.url, headers: { ...headers, ...(id ? { 'x-task-id': id } : {}) }, payload });
}

describe.each(ROUTES)('$name as a queued call', (route) => {
  it('the same task twice: one effect, the second answer byte-equal and marked as a replay', async () => {
    const m = marker();
    const id = taskId();
    const first = await send(route, route.body(m), await route.headers(), id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-task-replayed']).toBeUndefined();
    const second = await send(route, route.body(m), await route.headers(), id);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.headers['x-task-replayed']).toBe('1');
    expect(second.body).toBe(first.body);
    expect(await route.effects(m, first)).toBe(1);
  });

  // The subscription is safe to repeat by itself (one subscriber, one coupon, one welcome), so it has no such check.
  // Only where it applies, so no route shows a skipped test.
  if (!route.repeatable) it('without a task id, each send is a request of its own (the effect the receipt prevents is real)', async () => {
    const m = marker();
    const first = await send(route, route.body(m), await route.headers());
    const second = await send(route, route.body(m), await route.headers());
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['x-task-replayed']).toBeUndefined();
    expect(await route.effects(m, first)).toBe(2);
  });

  it('20 copies of one task at the same moment: one effect, every answer the same', async () => {
    const m = marker();
    const id = taskId();
    const headers = await Promise.all(Array.from({ length: 20 }, () => route.headers()));
    const answers = await Promise.all(headers.map((h) => send(route, route.body(m), h, id)));
    expect(answers.map((answer) => answer.statusCode), answers.map((answer) => answer.body).join('\n')).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await route.effects(m, answers[0]!)).toBe(1);
  });

  it('the task id under another body is a 409 task_id_reused, and changes nothing', async () => {
    const m = marker();
    const id = taskId();
    const first = await send(route, route.body(m), await route.headers(), id);
    expect(first.statusCode).toBe(200);
    const other = marker();
    const reused = await send(route, route.body(other), await route.headers(), id);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 409, result: { error: 'task_id_reused' } });
    expect(await route.effects(other, reused)).toBe(0);
    expect(await route.effects(m, first)).toBe(1);
  });

  // A public route has no other shopper: its receipts are public (decision 042).
  if (route.otherScope) it('the task id from another shopper is the same 409, and shows nothing of the first answer', async () => {
    const m = marker();
    const id = taskId();
    const first = await send(route, route.body(m), await route.headers(), id);
    expect(first.statusCode).toBe(200);
    const stranger = await send(route, route.body(m), await route.otherScope!(), id);
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().result.error).toBe('task_id_reused');
    expect(stranger.body).not.toContain(m);
    // The same answer as another body gets: the refusal tells nothing of what the first request was.
    const otherBody = await send(route, route.body(marker()), await route.headers(), id);
    expect(stranger.body).toBe(otherBody.body);
    expect(await route.effects(m, first)).toBe(1);
  });

  it('a refused request keeps no receipt: the task id stays free for the request that is good', async () => {
    const id = taskId();
    const refused = await send(route, route.invalid, await route.headers(), id);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await receiptOf(id)).toBeUndefined();
    const m = marker();
    const good = await send(route, route.body(m), await route.headers(), id);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.headers['x-task-replayed']).toBeUndefined();
    expect(await route.effects(m, good)).toBe(1);
  });

  it('a malformed task id is refused with 400 before any effect', async () => {
    const m = marker();
    const refused = await send(route, route.body(m), await route.headers(), 'bad id!');
    expect(refused.statusCode).toBe(400);
    expect(await route.effects(m, refused)).toBe(0);
  });
});

describe('a repeat needs no new captcha and spends none', () => {
  it('newsletter: replayed without any captcha; a fresh captcha sent with the repeat stays unspent', async () => {
    const route = ROUTES.find((r) => r.url === NEWSLETTER_PATH && r.method === 'POST')!;
    const m = marker();
    const id = taskId();
    const first = await send(route, route.body(m), { 'x-captcha-token': await captcha() }, id);
    expect(first.statusCode).toBe(200);
    expect(first.json().meta.coupon).toMatch(/^NEWS10-/);
    const bare = await send(route, route.body(m), {}, id);
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.headers['x-task-replayed']).toBe('1');
    const fresh = await captcha();
    const again = await send(route, route.body(m), { 'x-captcha-token': fresh }, id);
    expect(again.headers['x-task-replayed']).toBe('1');
    // The token the repeat carried still opens another subscription.
    const other = await send(route, route.body(marker()), { 'x-captcha-token': fresh });
    expect(other.statusCode, other.body).toBe(200);
    // A first send without a captcha is refused as ever.
    expect((await send(route, route.body(marker()), {}, taskId())).json().result.error).toBe('captcha_failed');
  });

  it('newsletter: the captcha in the header is accepted like g-recaptcha-key, and a body captcha still works', async () => {
    const route = ROUTES.find((r) => r.url === NEWSLETTER_PATH && r.method === 'POST')!;
    const header = await send(route, route.body(marker()), { 'x-captcha-token': await captcha() });
    expect(header.statusCode).toBe(200);
    const body = await send(route, { ...route.body(marker()), 'g-recaptcha-key': await captcha() }, {});
    expect(body.statusCode).toBe(200);
    expect((await send(route, route.body(marker()), { 'x-captcha-token': 'nonsense' })).json().result.error).toBe('captcha_failed');
  });

  it('review: replayed without the captcha the form throttle asks for', async () => {
    const route = ROUTES.find((r) => r.url === '/api/review/create')!;
    const m = marker();
    const id = taskId();
    const first = await send(route, route.body(m), await route.headers(), id);
    expect(first.statusCode).toBe(200);
    const bare = await send(route, route.body(m), { authorization: `Bearer ${alice.token}` }, id);
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.headers['x-task-replayed']).toBe('1');
    // Without a task id the same call asks for its captcha.
    expect((await send(route, route.body(marker()), { authorization: `Bearer ${alice.token}` })).statusCode).toBe(403);
  });
});

describe('POST /api/stats/log', () => {
  it('logs a search with its term and a form view, answers only that it was logged', async () => {
    const term = marker();
    const search = await app.inject({ method: 'POST', url: '/api/stats/log', payload: { event: 'search', term: ` ${term} ` } });
    expect(search.json()).toEqual({ code: 200, result: { logged: true } });
    const row = await app.db.withTables<{ stats_events: { event: string; data: string | null; store: string | null } }>().selectFrom('stats_events').selectAll().where('data', '=', JSON.stringify({ term })).executeTakeFirst();
    expect(row).toMatchObject({ event: 'search', store: null });
    const before = await countStatsEvents(app.db, 'form_view');
    expect((await app.inject({ method: 'POST', url: '/api/stats/log?storeCode=en', payload: { event: 'form_view', term: 'contact' } })).statusCode).toBe(200);
    expect(await countStatsEvents(app.db, 'form_view')).toBe(before + 1);
  });

  it('refuses unknown events, missing or oversized fields and a body over 2 KiB with a 4xx, storing nothing', async () => {
    const before = await countStatsEvents(app.db, 'product_view');
    for (const payload of [{ event: 'checkout' }, { event: 'search' }, { event: 'search', term: '  ' }, { event: 'product_view', sku: '' }, { event: 'product_view', sku: 'x'.repeat(65) }, { event: 'search', term: 'x'.repeat(201) }, []]) {
      const response = await app.inject({ method: 'POST', url: '/api/stats/log', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe(400);
    }
    const large = await app.inject({ method: 'POST', url: '/api/stats/log', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ event: 'product_view', sku: 'W-1', padding: 'x'.repeat(3000) }) });
    expect(large.statusCode).toBe(413);
    expect(large.json().code).toBe(413);
    expect(await countStatsEvents(app.db, 'product_view')).toBe(before);
  });

  it('throttles one address past its rate with a 429 and a wait, other addresses go on', async () => {
    const flood = '10.77.0.1';
    let answer: LightMyRequestResponse | undefined;
    for (let i = 0; i < 301; i++) answer = await app.inject({ method: 'POST', url: '/api/stats/log', remoteAddress: flood, payload: { event: 'product_view', sku: 'FLOOD-1' } });
    expect(answer!.statusCode).toBe(429);
    expect(Number(answer!.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await app.db.withTables<{ stats_events: { sku: string | null } }>().selectFrom('stats_events').select('sku').where('sku', '=', 'FLOOD-1').execute();
    expect(rows).toHaveLength(300);
    expect((await app.inject({ method: 'POST', url: '/api/stats/log', remoteAddress: '10.77.0.2', payload: { event: 'product_view', sku: 'FLOOD-1' } })).statusCode).toBe(200);
  });
});

describe('the proof a newsletter link carries still works beside the receipt', () => {
  it('an unsubscription with proof, sent twice as one task, unsubscribes once and answers the same', async () => {
    const email = `${marker().toLowerCase()}@example.com`;
    expect((await app.inject({ method: 'POST', url: NEWSLETTER_PATH, headers: { 'x-captcha-token': await captcha() }, payload: { email } })).statusCode).toBe(200);
    const token = newsletterProof(SECRET, async () => null).tokenFor(email);
    const id = taskId();
    const first = await app.inject({ method: 'DELETE', url: `${NEWSLETTER_PATH}?token=${token}`, headers: { 'x-task-id': id }, payload: { email } });
    const second = await app.inject({ method: 'DELETE', url: `${NEWSLETTER_PATH}?token=${token}`, headers: { 'x-task-id': id }, payload: { email } });
    expect(first.json().result).toBe('unsubscribed');
    expect(second.body).toBe(first.body);
    expect(second.headers['x-task-replayed']).toBe('1');
    expect((await app.inject({ method: 'GET', url: `${NEWSLETTER_PATH}?email=${encodeURIComponent(email)}&token=${token}` })).json().result).toBe('unsubscribed');
  });
});
