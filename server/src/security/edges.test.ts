/**
 * Issue 13, the edges of the API: event streams and sessions (item 8), security headers (item 9), secrets in logs
 * (item 10) and over-deep JSON bodies (item 11). Each test runs the attack against the real app.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig, type AppConfig } from '../config.ts';
import { customerBody, movableClock, PASSWORD } from '../features/accounts/accounts.test-support.ts';
import { importCatalogue } from '../features/catalogue/catalogue.import.ts';
import { MAX_JSON_DEPTH } from '../plugins/json-body.ts';
import { prettyLogStream } from '../plugins/log-format.ts';
import { buildTestApp, TEST_NOW } from '../test/build-test-app.ts';
import { cleanUpLater } from '../test/clean-up.ts';
import { fixtureCatalogue } from '../test/fixture-catalogue.ts';

const app = await buildTestApp({ catalogue: fixtureCatalogue() });
/** PAYMENT_SERVICE_BASE's default. */
const payments = '/api/payment';

function nested(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

function nestedObject(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

describe('item 11: JSON depth', () => {
  const routes = [
    { method: 'POST' as const, url: '/api/user/login' },
    { method: 'POST' as const, url: '/api/cart/update?cartId=x' },
    { method: 'POST' as const, url: '/api/replication/cart/push?cartId=x' },
    { method: 'POST' as const, url: '/api/review/create' },
    { method: 'POST' as const, url: '/api/order' },
    { method: 'POST' as const, url: `${payments}/post-payment` },
    { method: 'POST' as const, url: `${payments}/order-comments` },
  ];

  for (const route of routes) {
    it(`item 11: a body nested 5,000 levels deep is refused with a 400 on ${route.method} ${route.url}`, async () => {
      for (const payload of [nested(5000), nestedObject(5000)]) {
        const response = await app.inject({ ...route, headers: { 'content-type': 'application/json' }, payload });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().result).toMatchObject({ error: 'bad_request', message: expect.stringContaining('nested too deeply') });
      }
    });
  }

  it(`item 11: a body exactly ${MAX_JSON_DEPTH} levels deep still reaches the route (no depth refusal)`, async () => {
    const response = await app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload: nestedObject(MAX_JSON_DEPTH - 1) });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain('nested too deeply');
  });

  it('item 11: brackets inside strings do not count as depth', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: '['.repeat(500), password: '{'.repeat(500) }) });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain('nested too deeply');
  });
});

describe('NUL characters in JSON bodies and addresses', () => {
  // PostgreSQL text cannot hold NUL: such a value would fail its statement there (a 500), so both engines refuse it.
  for (const route of [
    { method: 'POST' as const, url: '/api/user/create' },
    { method: 'POST' as const, url: '/api/review/create' },
    { method: 'POST' as const, url: '/api/replication/cart/push?cartId=x' },
    { method: 'POST' as const, url: `${payments}/post-payment` },
  ]) {
    it(`a string or key holding \\u0000 is refused with a 400 on ${route.method} ${route.url}`, async () => {
      for (const payload of ['{"nickname":"Ann\\u0000e"}', '{"a\\u0000":1}', '[{"deep":["x\\u0000"]}]']) {
        const response = await app.inject({ ...route, headers: { 'content-type': 'application/json' }, payload });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().result).toMatchObject({ error: 'bad_request', message: expect.stringContaining('NUL character') });
      }
    });
  }

  it('a %00 in a query value or a path parameter is refused with a 400 as well', async () => {
    for (const route of [
      { method: 'POST' as const, url: '/api/cart/apply-coupon?coupon=%00' },
      { method: 'GET' as const, url: '/api/catalog/product?sku=A%00b' },
      { method: 'GET' as const, url: '/api/order-status/%00' },
      { method: 'GET' as const, url: '/api/stock/check?sku=W-1%00' },
    ]) {
      const response = await app.inject({ ...route, ...(route.method === 'POST' ? { headers: { 'content-type': 'application/json' }, payload: '{}' } : {}) });
      expect(response.statusCode, `${route.url}: ${response.body}`).toBe(400);
      expect(response.json().result).toMatchObject({ error: 'bad_request', message: expect.stringContaining('NUL character') });
    }
  });

  it('an escaped backslash before u0000, and other escapes, are no NUL', async () => {
    for (const payload of ['{"email":"a\\\\u0000b","password":"x"}', '{"email":"a\\u0001b","password":"x"}']) {
      const response = await app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain('NUL character');
    }
  });
});

/** A real app on a temp folder, listening, with a clock the test moves and the log lines it writes kept. */
async function listeningApp(config: Partial<AppConfig> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-edges-'));
  const clock = movableClock();
  const lines: string[] = [];
  const server = await buildApp(
    { ...testConfig({ dataDir, seedDemo: false }), ...config },
    { clock: clock.now, streamRecheckMs: 50, logStream: { write: (line) => void lines.push(line) } },
  );
  await importCatalogue(server.db, fixtureCatalogue(), { mode: 'replace', useUrlKeys: true, now: TEST_NOW, origin: 'test' });
  await server.catalogue.refresh();
  await server.listen({ port: 0, host: '127.0.0.1' });
  cleanUpLater(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app: server, clock, lines, base: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}` };
}

const openRequests = new Set<http.ClientRequest>();
afterAll(() => openRequests.forEach((request) => request.destroy()));

interface Stream {
  status: number;
  /** The `data` of every event so far. */
  events: unknown[];
  /** Resolves true when the server ends the stream within `ms`, false otherwise. */
  ended(ms: number): Promise<boolean>;
}

function openStream(base: string, address: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${address}`, (response) => {
      const events: unknown[] = [];
      let buffer = '';
      let done = false;
      const waiters: Array<() => void> = [];
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer.slice(0, end).split('\n').find((line) => line.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (data) events.push(JSON.parse(data.slice(6)));
        }
      });
      response.on('end', () => {
        done = true;
        waiters.forEach((wake) => wake());
      });
      resolve({
        status: response.statusCode ?? 0,
        events,
        ended: (ms) =>
          done
            ? Promise.resolve(true)
            : new Promise((settle) => {
                const timer = setTimeout(() => settle(false), ms);
                waiters.push(() => {
                  clearTimeout(timer);
                  settle(true);
                });
              }),
      });
    });
    openRequests.add(request);
    request.on('error', reject);
  });
}

async function login(target: FastifyInstance, email: string, cartId?: string): Promise<{ token: string; cartId: string }> {
  const created = await target.inject({ method: 'POST', url: '/api/user/create', payload: customerBody(email) });
  expect(created.statusCode, created.body).toBe(200);
  const answer = await target.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password: PASSWORD, ...(cartId ? { cartId } : {}) } });
  expect(answer.statusCode, answer.body).toBe(200);
  return { token: answer.json().result, cartId: answer.json().meta.cartId };
}

async function ticket(target: FastifyInstance, collection: string, headers: Record<string, string>): Promise<string> {
  const answer = await target.inject({ method: 'POST', url: `/api/replication/${collection}/stream-ticket`, headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result.ticket;
}

describe('item 8: event streams end with the session', () => {
  it('item 8: a stream opened with a customer token (in the address) ends when the customer logs out', async () => {
    const shop = await listeningApp();
    const { token } = await login(shop.app, 'stream-logout@example.com');
    const stream = await openStream(shop.base, `/api/replication/wishlist/stream?token=${encodeURIComponent(token)}`);
    expect(stream.status).toBe(200);
    expect(await stream.ended(200)).toBe(false);
    expect((await shop.app.inject({ method: 'POST', url: '/api/user/logout', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    expect(await stream.ended(2000)).toBe(true);
    // And it cannot be opened again with that token.
    expect((await openStream(shop.base, `/api/replication/wishlist/stream?token=${encodeURIComponent(token)}`)).status).toBe(401);
  });

  it('item 8: a stream opened with a ticket ends when the access token behind it expires', async () => {
    const shop = await listeningApp();
    const { token } = await login(shop.app, 'stream-expiry@example.com');
    const stream = await openStream(shop.base, `/api/replication/cart/stream?ticket=${await ticket(shop.app, 'cart', { authorization: `Bearer ${token}` })}`);
    expect(stream.status).toBe(200);
    expect(await stream.ended(200)).toBe(false);
    shop.clock.advance(901); // ACCESS_TOKEN_TTL's default is 900 s
    expect(await stream.ended(2000)).toBe(true);
  });

  it('item 8: a guest stream ends when its cart was merged into a customer cart at login', async () => {
    const shop = await listeningApp();
    const cart = (await shop.app.inject({ method: 'POST', url: '/api/cart/create' })).json().result as string;
    const stream = await openStream(shop.base, `/api/replication/cart/stream?ticket=${await ticket(shop.app, 'cart', { 'x-cart-id': cart })}`);
    expect(stream.status).toBe(200);
    expect(stream.events[0]).toBe('RESYNC');
    await login(shop.app, 'stream-merge@example.com', cart);
    expect(await stream.ended(2000)).toBe(true);
  });

  it('item 8: a stream ticket is good once, for its own collection, for a minute', async () => {
    const shop = await listeningApp();
    const cart = (await shop.app.inject({ method: 'POST', url: '/api/cart/create' })).json().result as string;
    const once = await ticket(shop.app, 'cart', { 'x-cart-id': cart });
    expect((await openStream(shop.base, `/api/replication/cart/stream?ticket=${once}`)).status).toBe(200);
    expect((await openStream(shop.base, `/api/replication/cart/stream?ticket=${once}`)).status).toBe(401);
    const other = await ticket(shop.app, 'cart', { 'x-cart-id': cart });
    expect((await openStream(shop.base, `/api/replication/wishlist/stream?ticket=${other}`)).status).toBe(401);
    const late = await ticket(shop.app, 'cart', { 'x-cart-id': cart });
    shop.clock.advance(61);
    expect((await openStream(shop.base, `/api/replication/cart/stream?ticket=${late}`)).status).toBe(401);
    expect((await shop.app.inject({ method: 'POST', url: '/api/replication/cart/stream-ticket' })).statusCode).toBe(401);
  });
});

describe('item 10: secrets in logs', () => {
  it('item 10: tokens, cart ids, order tokens, hashes, reset tokens and tickets never appear in the request log', async () => {
    const shop = await listeningApp({ logLevel: 'info' });
    const cart = (await shop.app.inject({ method: 'POST', url: '/api/cart/create' })).json().result as string;
    const { token } = await login(shop.app, 'logs@example.com');
    const streamTicket = await ticket(shop.app, 'cart', { authorization: `Bearer ${token}` });
    const orderToken = 'ordertoken0123456789abcdef';
    const hash = 'statushash0123456789abcdef';
    const resetToken = 'resettoken0123456789abcdef';
    const calls = [
      `/api/replication/cart/pull?token=${encodeURIComponent(token)}`,
      `/api/replication/cart/pull?cartId=${cart}&limit=5`,
      `/api/cart/pull?cartId=${cart}`,
      `/api/order-status/${orderToken}?hash=${hash}`,
      `/api/order-status/${orderToken}/cancel?hash=${hash}`,
      `/api/cart/updateall/${encodeURIComponent(token)}`,
      `/nl/create-password?email=a%40example.com&token=${resetToken}`,
      `/nl/order-status/${orderToken}?hash=${hash}`,
      `/api/user/me?token=${encodeURIComponent(token)}`,
    ];
    for (const url of calls) await shop.app.inject({ method: url.includes('cancel') || url.includes('updateall') ? 'POST' : 'GET', url });
    await shop.app.inject({ method: 'GET', url: '/api/replication/cart/pull', headers: { 'x-cart-id': cart, authorization: `Bearer ${token}` } });
    const stream = await openStream(shop.base, `/api/replication/cart/stream?ticket=${streamTicket}`);
    expect(stream.status).toBe(200);
    // An error whose text carries an address is cleaned too.
    shop.app.log.error({ err: new Error(`fetch failed for /api/order-status/${orderToken}?hash=${hash}`) }, `calling /api/replication/cart/pull?cartId=${cart}`);
    shop.app.log.warn({ headers: { 'x-order-hash': hash, 'x-newsletter-token': resetToken } }, `retrying with x-order-hash: ${hash}`);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const log = shop.lines.join('');
    const secrets = [token, encodeURIComponent(token), cart, streamTicket, orderToken, hash, resetToken];
    for (const secret of secrets) expect(log).not.toContain(secret);
    // The lines were written, with the places of the secrets marked.
    expect(shop.lines.filter((line) => line.includes('"incoming request"')).length).toBeGreaterThanOrEqual(calls.length);
    expect(log).toContain('/api/order-status/[redacted]?hash=[redacted]');
    expect(log).toContain('/api/replication/cart/stream?ticket=[redacted]');
    expect(log).toContain('email=a%40example.com&token=[redacted]');

    // The terminal's readable lines carry nothing either.
    const readable: string[] = [];
    const pretty = prettyLogStream({ write: (text) => void readable.push(text) }, { colors: false });
    for (const line of shop.lines) pretty.write(line);
    expect(readable.join('').length).toBeGreaterThan(0);
    for (const secret of secrets) expect(readable.join('')).not.toContain(secret);
  });
});

describe('secrets in logs: database and mail addresses', () => {
  it('the password in a postgres:// or smtp:// address written to the log is replaced', async () => {
    const shop = await listeningApp({ logLevel: 'info' });
    shop.app.log.error({ err: new Error('could not reach postgres://shop:pg-s3cret@db.example.com:5432/shop') }, 'DATABASE_URL=postgresql://shop:pg-s3cret@db/shop failed');
    shop.app.log.warn('mail via smtp://mailer:smtp-s3cret@mail.example.com:587 deferred');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const log = shop.lines.join('');
    expect(log).not.toContain('pg-s3cret');
    expect(log).not.toContain('smtp-s3cret');
    expect(log).toContain('postgres://shop:[redacted]@db.example.com:5432/shop');
    expect(log).toContain('smtp://mailer:[redacted]@mail.example.com');
  });
});

describe('item 9: security headers', () => {
  const policy = (header: unknown) =>
    Object.fromEntries(
      String(header)
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name, ...values]) => [name!, values]),
    );

  it('item 9: every answer carries a strict CSP, no framing, nosniff, a referrer policy and a permissions policy; no HSTS over HTTP', async () => {
    for (const url of ['/api/catalog/category?storeCode=nl', '/health', '/api/no-such-route', '/api/checkout/config']) {
      const response = await app.inject({ method: 'GET', url });
      const csp = policy(response.headers['content-security-policy']);
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['style-src']).toEqual(["'self'"]);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(JSON.stringify(csp)).not.toContain('unsafe-inline');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.headers['permissions-policy']).toContain('camera=()');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('item 9: a shop served over HTTPS (PUBLIC_URL) sends HSTS', async () => {
    const base = testConfig({ dataDir: '/unused' });
    const secure = await buildTestApp({ catalogue: fixtureCatalogue(), config: { accounts: { ...base.accounts, publicUrl: 'https://shop.example' } } });
    const response = await secure.inject({ method: 'GET', url: '/health' });
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
  });

  it("item 9: the sandbox payment page and the developers' mailbox keep their own stricter policies, and are not frameable", async () => {
    const mailbox = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(mailbox.statusCode).toBe(200);
    expect(policy(mailbox.headers['content-security-policy'])['default-src']).toEqual(["'none'"]);
    expect(mailbox.headers['x-frame-options']).toBe('DENY');
    const sandbox = await app.inject({ method: 'GET', url: '/sandbox-pay/unknown' });
    expect(policy(sandbox.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
    expect(policy(sandbox.headers['content-security-policy'])['script-src']).toBeUndefined();
  });
});
