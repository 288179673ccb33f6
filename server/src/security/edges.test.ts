/**
 * Issue 13, the edges of the API: event streams and sessions (item 8), security headers (item 9), secrets in logs
 * (item 10) and over-deep JSON bodies (item 11). Each test runs the attack against the real app.
 */
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../plugins/json-body.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { fixtureCatalogue } from '../test/fixture-catalogue.ts';

const app = await buildTestApp({ catalogue: fixtureCatalogue() });
const payments = (await import('../config.ts')).testConfig({ dataDir: '/unused' }).payments.basePath;

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
