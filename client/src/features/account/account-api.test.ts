import { afterAll, describe, expect, it, vi } from 'vitest';
import { setApiGate } from '../../app/api.ts';
import { initI18n } from '../../app/i18n.ts';
import { orderHistory } from './account-api.ts';
import { writeUser } from './session-store.ts';

const envelope = (result: unknown) => new Response(JSON.stringify({ code: 200, result }), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the customer calls', () => {
  afterAll(() => {
    setApiGate(undefined);
    vi.unstubAllGlobals();
    writeUser(null);
  });

  it('wait for the session on a page opened directly, so that the first call carries the customer token', async () => {
    await initI18n('nl');
    // A customer logged in earlier; this page load has not started the session (nor its API gate) yet.
    writeUser({ token: 'access-1', refreshToken: 'refresh-1', expiresAt: 0, sessionId: 'session-1', current: null, orders_history: [], orders_total: 0, session_started: 0 });
    const seen: Array<{ url: string; authorization: string | null }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = String(input);
        const authorization = ((init.headers ?? {}) as Record<string, string>).authorization ?? null;
        seen.push({ url, authorization });
        if (authorization !== 'Bearer access-1') return new Response(JSON.stringify({ code: 401, result: { error: 'unauthorized', message: 'Your session has expired; please log in again' } }), { status: 401 });
        if (url.startsWith('/api/user/me')) return envelope({ id: 1, email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', addresses: [] });
        return envelope({ items: [], total_count: 0 });
      }),
    );

    await expect(orderHistory(1)).resolves.toEqual({ items: [], total_count: 0 });
    const history = seen.filter((call) => call.url.startsWith('/api/user/order-history'));
    expect(history).toEqual([{ url: '/api/user/order-history?pageSize=20&currentPage=1', authorization: 'Bearer access-1' }]);
  });
});
