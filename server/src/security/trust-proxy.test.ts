/**
 * The throttles count per client address (issue 13 item 7). Behind a reverse proxy every request comes from the
 * proxy's address, so the shop reads X-Forwarded-For, but only from the proxies TRUST_PROXY names: a forged header
 * from anyone else must not let an attacker pose as a new address after each failure.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { buildAccountsTestApp, customerBody, PASSWORD } from '../features/accounts/accounts.test-support.ts';

const PROXY = '10.0.0.5';

async function failedLoginsUntilThrottled(trustProxy: boolean | number | string[]) {
  const setup = await buildAccountsTestApp({ trustProxy });
  const email = `proxy-${String(trustProxy)}@example.com`;
  expect((await setup.app.inject({ method: 'POST', url: '/api/user/create', payload: { ...customerBody(email), password: PASSWORD } })).statusCode).toBe(200);
  const statuses: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    const answer = await setup.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: PROXY,
      // Each attempt claims another client address.
      headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      payload: { username: email, password: 'wrong guess' },
    });
    statuses.push(answer.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY: whose address the throttles count', () => {
  it('reads false, true, a hop count or a list of addresses and ranges, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16' }).trustProxy).toEqual(['10.0.0.5', '192.168.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY="everyone"/);
  });

  it('ignores X-Forwarded-For from an untrusted peer: the forged addresses are one attacker, asked for the captcha', async () => {
    const statuses = await failedLoginsUntilThrottled(false);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses[3]).toBe(403);
  });

  it('takes the client address from a trusted proxy: each shopper behind it has a count of their own', async () => {
    expect(await failedLoginsUntilThrottled([PROXY])).toEqual([401, 401, 401, 401]);
    expect(await failedLoginsUntilThrottled(1)).toEqual([401, 401, 401, 401]);
  });
});
