/**
 * Every call the shop makes for a logged-in customer passes here (installed into app/api.ts, and used by the
 * replication's fetcher): the access token goes along as a bearer header, and a 401 runs through the token lock
 * (token-lock.machine.ts): while the lock is 1 the call waits a second and looks again; once it is back at 0 the call
 * is sent once more with the new token; at -1 calls that need a customer fail with 401.
 * The refresh itself is serialized across tabs with a Web Lock, so two tabs never present the same (single-use)
 * refresh token; the second one finds the token already renewed and uses it.
 */
import { ACCOUNT_MESSAGES } from '@shop/shared/account/account.schema';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { ApiError, setApiGate, type Send } from '../../app/api.ts';
import { shopFetch } from '../../app/network.ts';
import { exposeToDevtools } from '../devtools/devtools-registry.ts';
import { readUser, updateUser } from './session-store.ts';
import { TOKEN_LOCK_RETRY_MS, tokenLockMachine, type RefreshedTokens } from './token-lock.machine.ts';
import { inspectActor } from '../devtools/inspection.ts';

/** Calls anyone may make: no token goes along, and their 401 is an answer, not an expired token. */
const PUBLIC_CALL = /^\/api\/user\/(login|create|refresh|reset-password|create-password)(\?|$)/;
/** Calls that need a customer: while the lock is -1 they fail at once. */
const CUSTOMER_CALL = /^\/api\/(user|review\/mine)/;

export const AUTH_CONFIG = {
  /** Spec 2 §4 autoRefreshTokens. */
  autoRefresh: true,
};

export interface LockHandlers {
  logoutSilently(): void;
  clearUntransmittedTasks(): void;
  showSignupModal(): void;
}

export type TokenLockActor = ActorRefFrom<typeof tokenLockMachine>;
let actor: TokenLockActor | null = null;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function unauthorizedResponse(): Response {
  return new Response(JSON.stringify({ code: 401, result: { error: 'unauthorized', message: ACCOUNT_MESSAGES.tokenInvalid } }), {
    status: 401,
    headers: { 'content-type': 'application/json' },
  });
}

/** Asks for new tokens with the stored refresh token; null when another tab renewed the refused token already. */
export async function refreshTokens(refusedToken: string | null, post: typeof fetch = shopFetch): Promise<RefreshedTokens | null> {
  const run = async (): Promise<RefreshedTokens | null> => {
    const user = readUser();
    if (!user) throw new ApiError(401, 'unauthorized', ACCOUNT_MESSAGES.refreshRefused);
    if (refusedToken !== null && user.token !== refusedToken) return null;
    let response: Response;
    try {
      response = await post('/api/user/refresh', {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'x-client': '1.0' },
        body: JSON.stringify({ refreshToken: user.refreshToken }),
      });
    } catch (error) {
      throw new ApiError(0, 'network', error instanceof Error ? error.message : 'Network error');
    }
    const body = (await response.json().catch(() => null)) as { result?: unknown; meta?: { refreshToken?: string; expiresIn?: number } } | null;
    if (!response.ok || typeof body?.result !== 'string' || typeof body.meta?.refreshToken !== 'string') {
      throw new ApiError(response.status, 'account_refresh_refused', ACCOUNT_MESSAGES.refreshRefused);
    }
    const tokens = { token: body.result, refreshToken: body.meta.refreshToken, expiresIn: Number(body.meta.expiresIn) || 0 };
    // Stored while the Web Lock is held: the next tab in line reads the new refresh token, never the used one.
    storeTokens(tokens);
    return tokens;
  };
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request('shop-token-refresh', run) : run();
}

function storeTokens(tokens: RefreshedTokens | null): void {
  if (!tokens) return;
  updateUser((user) => ({ ...user, token: tokens.token, refreshToken: tokens.refreshToken, expiresAt: Date.now() + tokens.expiresIn * 1000 }));
}

/** Starts this tab's token lock and puts the gate in front of every API call. */
export function startTokenLock(handlers: LockHandlers, options: { autoRefresh?: boolean } = {}): TokenLockActor {
  if (actor) return actor;
  const machine = tokenLockMachine.provide({
    actors: { refresh: fromPromise(({ input }) => refreshTokens(input.refusedToken)) },
    actions: {
      storeTokens: (_, tokens) => storeTokens(tokens),
      logoutSilently: () => handlers.logoutSilently(),
      clearUntransmittedTasks: () => handlers.clearUntransmittedTasks(),
      showSignupModal: () => handlers.showSignupModal(),
    },
  });
  actor = createActor(machine, { input: { autoRefresh: options.autoRefresh ?? AUTH_CONFIG.autoRefresh }, inspect: inspectActor });
  actor.start();
  setApiGate(gatedSend);
  exposeToDevtools('tokenLock', actor);
  return actor;
}

export function tokenLock(): TokenLockActor | null {
  return actor;
}

function lockValue(): number {
  return actor?.getSnapshot().context.lock ?? 0;
}

function withBearer(init: RequestInit, token: string): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` } };
}

function pathOf(url: string): string {
  return url.startsWith('/') ? url : new URL(url, 'http://x').pathname;
}

/** One call through the lock (spec 2 §4 'Token lock'). */
export async function gatedSend(url: string, init: RequestInit, send: Send): Promise<Response> {
  const path = pathOf(url);
  if (PUBLIC_CALL.test(path)) return send(init);
  let refused: Response | null = null;
  for (;;) {
    if (lockValue() > 0) {
      await sleep(TOKEN_LOCK_RETRY_MS);
      continue;
    }
    const user = readUser();
    if (refused) {
      // The refresh failed (lock -1, logged out): the call fails as it was answered.
      if (!user || lockValue() < 0) return refused;
    } else if (lockValue() < 0 && CUSTOMER_CALL.test(path)) {
      return unauthorizedResponse();
    }
    if (!user) return send(init);
    const response = await send(withBearer(init, user.token));
    if (response.status !== 401 || refused || !actor) return response;
    // Logged out (or in again) while the call was under way: that token is no longer this device's to refresh.
    if (readUser()?.sessionId !== user.sessionId) return response;
    refused = response;
    actor.send({ type: 'auth.unauthorized', token: user.token });
    if (lockValue() === 0) return response;
  }
}

/**
 * A fetch for the replication started under one login (`sessionId`, null for a guest): it goes through the gate, and
 * refuses to send anything once the session changed, so a replication still winding down after a logout can never
 * push the wiped device's deletions for the customer.
 */
export function sessionFetch(sessionId: string | null): typeof fetch {
  return (input, init = {}) => {
    if ((readUser()?.sessionId ?? null) !== sessionId) return Promise.reject(new TypeError('The customer session changed'));
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return gatedSend(url, init, (extra) => shopFetch(input, extra));
  };
}
