import { describe, expect, it } from 'vitest';
import { buildAccountsTestApp, client, customerBody, PASSWORD } from './accounts.test-support.ts';
import { testConfig } from '../../config.ts';

const base = testConfig({ dataDir: '/unused' }).accounts;
const setup = await buildAccountsTestApp({ accounts: { ...base, tokenInUrl: false } });
const call = client(() => setup.app);

describe('USER_TOKEN_IN_URL=false', () => {
  it('takes the customer token only as a bearer header on the account, cart and replication calls', async () => {
    await call('POST', '/api/user/create', { payload: customerBody('header@example.com') });
    const token = (await call('POST', '/api/user/login', { payload: { username: 'header@example.com', password: PASSWORD } })).body.result as string;
    const inUrl = `token=${encodeURIComponent(token)}`;
    expect((await call('GET', `/api/user/me?${inUrl}`)).status).toBe(401);
    expect((await call('GET', '/api/user/me', { token })).status).toBe(200);
    expect((await call('GET', `/api/replication/cart/pull?${inUrl}`)).status).toBe(401);
    expect((await call('GET', '/api/replication/cart/pull', { token })).status).toBe(200);
    expect((await call('GET', `/api/cart/pull?${inUrl}`)).status).toBe(401);
    expect((await call('GET', `/api/replication/cart/pull?${inUrl}`)).body.result.message).toMatch(/Authorization: Bearer/);
    // The event stream cannot send headers: it takes a ticket asked for with the header, and ?token= no more than the rest.
    const stream = await call('GET', `/api/replication/cart/stream?${inUrl}`);
    expect(stream.status).toBe(401);
    expect(stream.body.result.message).toMatch(/Authorization: Bearer/);
    expect((await call('POST', '/api/replication/cart/stream-ticket', { token })).body.result.ticket).toEqual(expect.any(String));
  });
});
