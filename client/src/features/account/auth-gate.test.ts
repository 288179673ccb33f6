import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet, setApiGate } from '../../app/api.ts';
import { applyFault, faultState } from '../devtools/network-faults.ts';
import { gatedSend, refreshTokens, sessionFetch, startTokenLock, tokenLock } from './auth-gate.ts';
import { readUser, writeUser, type SessionUser } from './session-store.ts';

const user = (token: string, refreshToken = 'refresh-1'): SessionUser => ({
  token,
  refreshToken,
  expiresAt: 0,
  sessionId: 'session-1',
  current: null,
  orders_history: [],
  orders_total: 0,
  session_started: 0,
});

const envelope = (status: number, result: unknown, meta?: unknown) =>
  new Response(JSON.stringify({ code: status, result, ...(meta ? { meta } : {}) }), { status, headers: { 'content-type': 'application/json' } });

/** A fake server: `/api/user/refresh` answers from `refreshAnswer`; other calls accept only `valid` bearer tokens. */
function fakeServer(valid: Set<string>, refreshAnswer: () => Response) {
  const seen: Array<{ url: string; authorization: string | null }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const headers = (init.headers ?? {}) as Record<string, string>;
    seen.push({ url, authorization: headers.authorization ?? null });
    if (url.startsWith('/api/user/refresh')) return refreshAnswer();
    const token = headers.authorization?.replace(/^Bearer /, '');
    if (token !== undefined && !valid.has(token)) return envelope(401, { error: 'unauthorized', message: 'expired' });
    return envelope(200, { ok: true, token: token ?? null });
  });
  vi.stubGlobal('fetch', fetchMock);
  return seen;
}

const handlers = { logoutSilently: vi.fn(() => writeUser(null)), clearUntransmittedTasks: vi.fn(), showSignupModal: vi.fn() };

describe('the API gate with the token lock', () => {
  beforeEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
    writeUser(null);
    for (const handler of Object.values(handlers)) handler.mockClear();
    startTokenLock(handlers);
    tokenLock()?.send({ type: 'session.login' });
  });
  afterAll(() => {
    setApiGate(undefined);
    vi.unstubAllGlobals();
  });

  it('sends a guest call without a token', async () => {
    const seen = fakeServer(new Set(), () => envelope(500, {}));
    expect(await apiGet('/api/cart/totals')).toEqual({ ok: true, token: null });
    expect(seen[0]!.authorization).toBeNull();
  });

  it("puts the customer's token on calls as a bearer header, but not on the public account calls", async () => {
    writeUser(user('access-1'));
    const seen = fakeServer(new Set(['access-1']), () => envelope(500, {}));
    expect(await apiGet('/api/user/me')).toEqual({ ok: true, token: 'access-1' });
    await gatedSend('/api/user/login', { method: 'POST' }, (init) => fetch('/api/user/login', init));
    expect(seen.map((call) => call.authorization)).toEqual(['Bearer access-1', null]);
  });

  it('refreshes a refused token once, stores the new tokens and sends the call again with the new token', async () => {
    writeUser(user('access-1'));
    const seen = fakeServer(new Set(['access-2']), () => envelope(200, 'access-2', { refreshToken: 'refresh-2', expiresIn: 900 }));
    expect(await apiGet('/api/cart/totals')).toEqual({ ok: true, token: 'access-2' });
    expect(readUser()).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2' });
    expect(seen.map((call) => call.url)).toEqual(['/api/cart/totals', '/api/user/refresh', '/api/cart/totals']);
    expect(tokenLock()!.getSnapshot().context.lock).toBe(0);
    expect(handlers.logoutSilently).not.toHaveBeenCalled();
  });

  it('a refused refresh sets the lock to -1, logs out silently, clears the tasks, shows the modal; customer calls then fail with 401', async () => {
    writeUser(user('access-1'));
    fakeServer(new Set(), () => envelope(401, { error: 'account_refresh_refused', message: 'refused' }));
    await expect(apiGet('/api/cart/totals')).rejects.toMatchObject({ status: 401 });
    expect(tokenLock()!.getSnapshot().context.lock).toBe(-1);
    expect(handlers.logoutSilently).toHaveBeenCalledOnce();
    expect(handlers.clearUntransmittedTasks).toHaveBeenCalledOnce();
    expect(handlers.showSignupModal).toHaveBeenCalledOnce();
    const seen = fakeServer(new Set(), () => envelope(500, {}));
    await expect(apiGet('/api/user/me')).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual([]);
  });

  it('does not refresh again when another tab already renewed the refused token', async () => {
    writeUser(user('access-2', 'refresh-2'));
    const seen = fakeServer(new Set(), () => envelope(500, {}));
    expect(await refreshTokens('access-1')).toBeNull();
    expect(seen).toEqual([]);
  });

  it("a 401 forced by the network layer's fault switch runs the real token lock 0 → 1 → 0, and the call goes through again", async () => {
    writeUser(user('access-1'));
    const seen = fakeServer(new Set(['access-1', 'access-2']), () => envelope(200, 'access-2', { refreshToken: 'refresh-2', expiresIn: 900 }));
    const locks: number[] = [tokenLock()!.getSnapshot().context.lock];
    const watching = tokenLock()!.subscribe((snapshot) => {
      if (locks.at(-1) !== snapshot.context.lock) locks.push(snapshot.context.lock);
    });
    applyFault({ type: 'fail-route', route: '/api/user', method: null, outcome: 401, count: 1 });
    try {
      expect(await apiGet('/api/user/me')).toEqual({ ok: true, token: 'access-2' });
    } finally {
      applyFault({ type: 'clear' });
    }
    watching.unsubscribe();
    expect(locks).toEqual([0, 1, 0]);
    expect(faultState().routes).toEqual([]);
    // The refused call never reached the server; the refresh (same route, switch spent) and the new call did.
    expect(seen.map((call) => call.url)).toEqual(['/api/user/refresh', '/api/user/me']);
    expect(readUser()).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2' });
  });

  it("the replication's fetch refuses to send once the session it started under has ended", async () => {
    writeUser(user('access-1'));
    const seen = fakeServer(new Set(['access-1']), () => envelope(500, {}));
    const send = sessionFetch('session-1');
    expect((await send('/api/replication/cart/pull?cartId=c1')).status).toBe(200);
    writeUser(null);
    await expect(send('/api/replication/cart/push?cartId=c1', { method: 'POST' })).rejects.toThrow('The customer session changed');
    expect(seen).toHaveLength(1);
  });
});
