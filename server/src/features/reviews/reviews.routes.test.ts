import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';

const ADMIN_TOKEN = 'admin-token-for-the-tests-0123456789';
const app = await buildTestApp({ catalogue: fixtureCatalogue(), config: { adminToken: ADMIN_TOKEN } });
const noAdmin = await buildTestApp({ catalogue: fixtureCatalogue() });

type Target = typeof app;

async function customerToken(email: string): Promise<string> {
  const created = await app.inject({ method: 'POST', url: '/api/user/create', payload: { customer: { email, firstname: 'Test', lastname: 'Klant' }, password: 'correct horse 1' } });
  expect(created.statusCode).toBe(200);
  const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password: 'correct horse 1' } });
  expect(login.statusCode).toBe(200);
  return login.json().result;
}

const review = (overrides: Record<string, unknown> = {}) => ({ product_id: 1, nickname: 'Jan', title: 'Mooi horloge', detail: 'Loopt precies op tijd.', rating: 5, ...overrides });

async function create(payload: unknown, token?: string, target: Target = app) {
  const reply = await target.inject({ method: 'POST', url: '/api/review/create', payload: payload as object, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });
  return { status: reply.statusCode, body: reply.json() };
}

async function list(productId: number) {
  return (await app.inject({ method: 'GET', url: `/api/review/list?product_id=${productId}` })).json().result as {
    items: Array<{ id: number; title: string; review_status: number; rating: number; ratings: Array<{ percent: number }>; percent: number }>;
    count: number;
    average: number | null;
    average_percent: number | null;
  };
}

async function mine(token: string) {
  return (await app.inject({ method: 'GET', url: '/api/review/mine', headers: { authorization: `Bearer ${token}` } })).json().result as Array<{ id: number; review_status: number }>;
}

const admin = (method: 'GET' | 'POST', url: string, token: string | null = ADMIN_TOKEN, target: Target = app) =>
  target.inject({ method, url, ...(token === null ? {} : { headers: { authorization: `Bearer ${token}` } }) });

describe('reviews', () => {
  it('a new review is pending and not listed; approved it is listed with the average; rejected it is not', async () => {
    const first = await create({ review: review({ product_id: 2, rating: 4 }) });
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual({ id: expect.any(Number), review_status: 2 });
    const second = await create({ review: review({ product_id: 2, rating: '2', title: 'Te groot' }) });
    const third = await create({ review: review({ product_id: 2, rating: 1, title: 'Spam' }) });
    expect(await list(2)).toEqual({ items: [], count: 0, average: null, average_percent: null });

    expect((await admin('POST', `/api/admin/reviews/${first.body.result.id}/approve`)).json().result).toMatchObject({ id: first.body.result.id, review_status: 1 });
    await admin('POST', `/api/admin/reviews/${second.body.result.id}/approve`);
    await admin('POST', `/api/admin/reviews/${third.body.result.id}/reject`);
    const listed = await list(2);
    expect(listed.items.map((r) => r.title)).toEqual(['Te groot', 'Mooi horloge']);
    expect(listed).toMatchObject({ count: 2, average: 3 });
    expect(listed.items.every((r) => r.review_status === 1)).toBe(true);
    expect(JSON.stringify(listed)).not.toContain('customer_id');
  });

  it("a customer sees their own reviews in every status, never another customer's pending one", async () => {
    const annaToken = await customerToken('anna.reviews@example.com');
    const bertToken = await customerToken('bert.reviews@example.com');
    const annas = await create({ review: review({ product_id: 3, title: 'Anna zegt' }) }, annaToken);
    const berts = await create({ review: review({ product_id: 3, title: 'Bert zegt' }) }, bertToken);
    await create({ review: review({ product_id: 3, title: 'Gast zegt' }) });

    expect((await mine(annaToken)).map((r) => [r.id, r.review_status])).toEqual([[annas.body.result.id, 2]]);
    expect((await mine(bertToken)).map((r) => r.id)).toEqual([berts.body.result.id]);
    expect((await list(3)).items).toEqual([]);

    await admin('POST', `/api/admin/reviews/${annas.body.result.id}/approve`);
    expect((await list(3)).items.map((r) => r.title)).toEqual(['Anna zegt']);
    expect((await mine(bertToken)).map((r) => [r.id, r.review_status])).toEqual([[berts.body.result.id, 2]]);
    expect((await mine(annaToken)).map((r) => r.review_status)).toEqual([1]);
  });

  it('mine needs a valid token; a wrong token on create is refused rather than filed as a guest review', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/review/mine' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().result.message).toBe('You need to be logged in to see this page');
    expect((await app.inject({ method: 'GET', url: '/api/review/mine', headers: { authorization: 'Bearer not-a-token' } })).statusCode).toBe(401);
    expect((await create({ review: review() }, 'not-a-token')).status).toBe(401);
  });

  it('takes the score as ratings in percent (spec 1 §3), as stars, or both when they agree, and lists both', async () => {
    const approve = async (payload: unknown) => {
      const reply = await create(payload);
      expect(reply.status, JSON.stringify(payload)).toBe(200);
      await admin('POST', `/api/admin/reviews/${reply.body.result.id}/approve`);
    };
    await approve({ review: review({ product_id: 5, title: 'Percent only', rating: undefined, ratings: [{ percent: 80 }, { percent: 100 }] }) });
    await approve({ review: review({ product_id: 5, title: 'Stars only', rating: 3 }) });
    await approve({ review: review({ product_id: 5, title: 'Both', rating: 2, ratings: [{ percent: '41' }] }) });
    const listed = await list(5);
    expect(listed.items.map(({ title, rating, ratings, percent }) => ({ title, rating, ratings, percent }))).toEqual([
      { title: 'Both', rating: 2, ratings: [{ percent: 41 }], percent: 41 },
      { title: 'Stars only', rating: 3, ratings: [{ percent: 60 }], percent: 60 },
      { title: 'Percent only', rating: 5, ratings: [{ percent: 80 }, { percent: 100 }], percent: 90 },
    ]);
    expect(listed).toMatchObject({ count: 3, average: 3.33, average_percent: 64 });

    const refused: Array<[unknown, string]> = [
      [{ review: review({ rating: undefined }) }, 'rating: Rating must be a whole number from 1 to 5'],
      [{ review: review({ rating: undefined, ratings: [] }) }, 'Ratings must be whole percentages from 1 to 100'],
      [{ review: review({ rating: undefined, ratings: [{ percent: 0 }] }) }, 'Ratings must be whole percentages from 1 to 100'],
      [{ review: review({ rating: undefined, ratings: [{ percent: 101 }] }) }, 'Ratings must be whole percentages from 1 to 100'],
      [{ review: review({ rating: undefined, ratings: [{ percent: 72.5 }] }) }, 'Ratings must be whole percentages from 1 to 100'],
      [{ review: review({ rating: undefined, ratings: [{ value: 4 }] }) }, 'Ratings must be whole percentages from 1 to 100'],
      [{ review: review({ rating: undefined, ratings: 80 }) }, 'ratings'],
      [{ review: review({ rating: undefined, ratings: Array.from({ length: 11 }, () => ({ percent: 50 })) }) }, 'at most 10 ratings'],
      [{ review: review({ rating: 5, ratings: [{ percent: 20 }] }) }, 'ratings: The rating in stars and the ratings in percent disagree'],
    ];
    for (const [payload, message] of refused) {
      const reply = await create(payload);
      expect(reply.status, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(reply.body.result.message).toContain(message);
    }
    expect((await list(5)).count).toBe(3);
  });

  it('bad input is a 400 with a clear message, never a 5xx', async () => {
    const cases: Array<[unknown, string]> = [
      [{ review: review({ nickname: '  ' }) }, 'nickname: Field is required'],
      [{ review: review({ nickname: 'Al' }) }, 'nickname: Name must have at least 3 letters'],
      [{ review: review({ nickname: 'A1 2' }) }, 'nickname: Name must have at least 3 letters'],
      [{ review: review({ title: undefined }) }, 'title'],
      [{ review: review({ detail: '' }) }, 'detail: Field is required'],
      [{ review: review({ rating: 0 }) }, 'Rating must be a whole number from 1 to 5'],
      [{ review: review({ rating: 6 }) }, 'Rating must be a whole number from 1 to 5'],
      [{ review: review({ rating: 4.5 }) }, 'Rating must be a whole number from 1 to 5'],
      [{ review: review({ product_id: 999 }) }, 'There is no product with id 999'],
      [{ review: review({ product_id: 'abc' }) }, 'product_id'],
      [{ review: review({ title: 'x'.repeat(300) }) }, 'title: must be at most 200 characters'],
      [{}, 'review'],
      [[], 'body'],
    ];
    for (const [payload, message] of cases) {
      const reply = await create(payload);
      expect(reply.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(reply.body.result.message).toContain(message);
    }
    for (const url of ['/api/review/list', '/api/review/list?product_id=', '/api/review/list?product_id=-1', '/api/review/list?product_id=1&product_id=2', '/api/review/list?product_id=1e3']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(400);
    }
  });
});

describe('admin review calls', () => {
  it('are refused without the token, with a wrong one, and always when no ADMIN_TOKEN is configured', async () => {
    const { body } = await create({ review: review({ product_id: 6 }) });
    const id = body.result.id as number;
    for (const token of [null, 'wrong-token-wrong-token-wrong', `${ADMIN_TOKEN}x`, ADMIN_TOKEN.slice(0, -1)]) {
      const listing = await admin('GET', '/api/admin/reviews?status=2', token);
      expect(listing.statusCode).toBe(403);
      expect(listing.json().result.error).toBe('forbidden');
      expect((await admin('POST', `/api/admin/reviews/${id}/approve`, token)).statusCode).toBe(403);
    }
    expect((await admin('GET', '/api/admin/reviews', ADMIN_TOKEN, noAdmin)).statusCode).toBe(403);
    expect((await admin('GET', '/api/admin/reviews', null, noAdmin)).json().result.message).toBe('Admin calls are turned off: set ADMIN_TOKEN to use them');
    expect((await list(6)).items).toEqual([]);
  });

  it('lists the queue by status and answers 400/404 for bad or unknown ids', async () => {
    const { body } = await create({ review: review({ product_id: 8, nickname: 'Queue' }) });
    const pending = (await admin('GET', '/api/admin/reviews?status=2')).json().result as Array<{ id: number; nickname: string; customer_id: number | null; store: string }>;
    expect(pending.find((r) => r.id === body.result.id)).toMatchObject({ nickname: 'Queue', customer_id: null, store: 'nl' });
    expect((await admin('GET', '/api/admin/reviews?status=pending')).json().result).toEqual(pending);
    await admin('POST', `/api/admin/reviews/${body.result.id}/reject`);
    const rejected = (await admin('GET', '/api/admin/reviews?status=3')).json().result as Array<{ id: number }>;
    expect(rejected.map((r) => r.id)).toContain(body.result.id);
    expect((await admin('GET', '/api/admin/reviews?status=9')).statusCode).toBe(400);
    expect((await admin('POST', '/api/admin/reviews/abc/approve')).statusCode).toBe(400);
    expect((await admin('POST', '/api/admin/reviews/999999/approve')).statusCode).toBe(404);
  });
});

describe('the OpenAPI description', () => {
  it('documents the content calls', async () => {
    const reply = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(reply.statusCode).toBe(200);
    const paths = Object.keys(reply.json().paths as Record<string, unknown>);
    for (const path of ['/api/review/create', '/api/review/list', '/api/review/mine', '/api/admin/reviews', '/api/captcha/challenge', '/api/captcha/verify', '/api/captcha/config', '/api/ext/mailchimp-subscribe/subscribe', '/api/dev/mailbox']) {
      expect(paths, path).toContain(path);
    }
  });
});
