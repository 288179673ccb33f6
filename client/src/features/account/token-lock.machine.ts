/**
 * The token lock (spec 2 §4 'Token lock'): 0 is normal; a 401 on a call that carried the customer's token sets it to 1
 * and refreshes the token (with auto-refresh on). Success: back to 0, the new token stored, the attempt count reset.
 * A refused refresh, or too many failed tries, sets it to -1: a silent logout, the untransmitted sync tasks cleared and
 * the sign-up modal shown; a new login brings it back to 0. With auto-refresh off, a 401 logs out and shows the modal.
 * Calls wait 1 s and retry while it is above 0, and fail with 401 while it is below 0 (auth-gate.ts does that).
 *
 * Pure: the refresh call, the storage and the logout come in through `.provide()`; the defaults fail loudly.
 */
import { assign, fromPromise, setup } from 'xstate';

/** The spec's maxNetworkTaskAttempts: refresh tries (a network failure is tried again) before the lock gives up. */
export const MAX_REFRESH_ATTEMPTS = 3;
/** How long a call waits before it looks at the lock again (spec 2 §9: 1000 ms). */
export const TOKEN_LOCK_RETRY_MS = 1000;

export type LockValue = 0 | 1 | -1;

export interface TokenLockInput {
  autoRefresh: boolean;
  maxAttempts?: number;
}

export interface TokenLockContext {
  lock: LockValue;
  attempts: number;
  maxAttempts: number;
  autoRefresh: boolean;
  /** The access token the refused call carried: a refresh another tab already made is not made twice. */
  refusedToken: string | null;
  error: string | null;
}

export interface RefreshedTokens {
  token: string;
  refreshToken: string;
  expiresIn: number;
}

export type TokenLockEvent =
  /** A call that carried `token` was answered 401. */
  | { type: 'auth.unauthorized'; token: string }
  /** The customer logged in (here or in another tab). */
  | { type: 'session.login' }
  /** The customer logged out: nothing is left to refresh. */
  | { type: 'session.logout' };

function statusOf(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'status' in error) return Number((error as { status: unknown }).status);
  return -1;
}

const notProvided = (name: string) => () => {
  throw new Error(`token lock: the ${name} actor was not provided`);
};

export const tokenLockMachine = setup({
  types: {
    context: {} as TokenLockContext,
    events: {} as TokenLockEvent,
    input: {} as TokenLockInput,
  },
  actors: {
    /** Asks for new tokens with the stored refresh token; `refusedToken` lets it see that another tab refreshed. */
    refresh: fromPromise<RefreshedTokens | null, { refusedToken: string | null }>(async () => notProvided('refresh')()),
  },
  actions: {
    storeTokens: (_, _params: RefreshedTokens | null) => {},
    /** Ends the session without the "You're logged out" notice. */
    logoutSilently: () => {},
    clearUntransmittedTasks: () => {},
    showSignupModal: () => {},
  },
  guards: {
    autoRefresh: ({ context }) => context.autoRefresh,
    tooManyAttempts: ({ context }) => context.attempts >= context.maxAttempts,
    // A failure that never reached the server (status 0) may be tried again; an answer (401, 5xx) is final.
    networkFailure: ({ event }) => statusOf((event as { error?: unknown }).error) === 0,
  },
  delays: { retry: TOKEN_LOCK_RETRY_MS },
}).createMachine({
  id: 'tokenLock',
  context: ({ input }) => ({
    lock: 0,
    attempts: 0,
    maxAttempts: input.maxAttempts ?? MAX_REFRESH_ATTEMPTS,
    autoRefresh: input.autoRefresh,
    refusedToken: null,
    error: null,
  }),
  initial: 'normal',
  states: {
    normal: {
      entry: assign({ lock: 0 }),
      on: {
        'auth.unauthorized': [
          { guard: 'autoRefresh', actions: assign({ refusedToken: ({ event }) => event.token }), target: 'refreshing' },
          { actions: ['logoutSilently', 'showSignupModal'] },
        ],
      },
    },

    refreshing: {
      entry: assign({ lock: 1, attempts: ({ context }) => context.attempts + 1 }),
      invoke: {
        src: 'refresh',
        input: ({ context }) => ({ refusedToken: context.refusedToken }),
        onDone: {
          actions: [{ type: 'storeTokens', params: ({ event }) => event.output }, assign({ attempts: 0, error: null })],
          target: 'normal',
        },
        onError: [
          { guard: 'tooManyAttempts', actions: assign({ error: ({ event }) => String(event.error) }), target: 'locked' },
          { guard: 'networkFailure', actions: assign({ error: ({ event }) => String(event.error) }), target: 'waiting' },
          { actions: assign({ error: ({ event }) => String(event.error) }), target: 'locked' },
        ],
      },
      // Logged out meanwhile (here or in another tab): nothing is left to refresh.
      on: { 'session.logout': 'normal' },
    },

    /** The refresh did not reach the server: try again in a second, the lock staying at 1. */
    waiting: {
      after: { retry: 'refreshing' },
      on: { 'session.logout': 'normal' },
    },

    locked: {
      entry: [assign({ lock: -1, attempts: 0 }), 'logoutSilently', 'clearUntransmittedTasks', 'showSignupModal'],
      on: { 'session.login': { actions: assign({ error: null }), target: 'normal' } },
    },
  },
  on: {
    'session.login': { actions: assign({ attempts: 0 }) },
  },
});
