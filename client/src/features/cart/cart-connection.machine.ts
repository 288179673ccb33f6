/**
 * Connecting the cart (spec 1 §4): the cart asks for a server cart token; on 200 it stores the token and syncs; on
 * 401 it retries as a guest cart until the configured maximum bypass count, after which sync is treated as disabled;
 * any other failure disables sync. A network failure is not a refusal: the machine waits for the network instead.
 * While connected the `sync` actor polls the server cart and re-syncs the replication when asked (the replication
 * follows the token this machine holds, or the customer's login: sync/sync-runtime.ts); a cart change in another tab
 * re-syncs. Authorize removes the coupon, reconnects and reapplies it; clear empties the cart, optionally syncing and
 * optionally dropping the token.
 *
 * Pure: every piece of I/O (token request, polling, coupon calls, storage of the token, the local clear) comes in
 * through `.provide()`; the defaults below fail loudly so a forgotten one shows in tests.
 */
import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup } from 'xstate';

export interface CartConnectionInput {
  /** The stored server cart token, if this browser has one. */
  token: string | null;
  maxBypass: number;
  coupon?: string | null;
  purchaserId?: string | null;
}

export interface CartConnectionContext {
  token: string | null;
  /** Token requests answered 401 so far; once past `maxBypass`, sync is disabled. */
  bypassCount: number;
  maxBypass: number;
  /** Whether the next token request asks for a guest cart (always, after a 401). */
  guest: boolean;
  coupon: string | null;
  purchaserId: string | null;
  /** Sync was disabled before a local clear; the clear returns there. */
  disabled: boolean;
  clear: { sync: boolean; disconnect: boolean };
  /** The last failure, for the developers' view. */
  error: string | null;
}

export type CartConnectionEvent =
  /** The cart holds something and needs a server cart (adding an item, or lines made offline). */
  | { type: 'cart.connect' }
  /** Another tab of this browser changed the cart. */
  | { type: 'cart.changedInOtherTab' }
  /** The poll saw a newer server cart while the shopper was not adding (spec 2 §4). */
  | { type: 'cart.serverChanged' }
  /** The poll found the cart already ordered (spec 2 §4): authorize again. */
  | { type: 'cart.alreadyOrdered' }
  /** The server no longer knows the token (replication answered 401). */
  | { type: 'cart.tokenRejected' }
  /** Another tab stored or dropped the token. */
  | { type: 'cart.tokenChanged'; token: string | null }
  | { type: 'cart.authorize' }
  | { type: 'cart.clear'; sync?: boolean; disconnect?: boolean }
  | { type: 'coupon.applied'; code: string }
  | { type: 'coupon.removed' }
  | { type: 'network.online' };

/** What the `sync` actor hears while connected. */
export type SyncCommand = { type: 'sync.resync' };

export interface TokenRequest {
  guest: boolean;
  purchaserId: string | null;
  /**
   * The token being replaced (authorize), or null when there is none yet. Lets the implementation answer a token
   * another tab got in the meantime instead of making a second server cart.
   */
  replace: string | null;
}

/** A failed call: `status` 0 is the network, 401 a refused token, anything else a failure of the server. */
export function failureStatus(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = Number((error as { status: unknown }).status);
    return Number.isFinite(status) ? status : -1;
  }
  return -1;
}

function failureText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const notProvided = (name: string) => () => {
  throw new Error(`cart connection: the ${name} actor was not provided`);
};

export const cartConnectionMachine = setup({
  types: {
    context: {} as CartConnectionContext,
    events: {} as CartConnectionEvent,
    input: {} as CartConnectionInput,
  },
  actors: {
    requestToken: fromPromise<string, TokenRequest>(async () => notProvided('requestToken')()),
    /** Polling for a token and re-syncs; sends `cart.serverChanged`, `cart.alreadyOrdered` (the runtime sends `cart.tokenRejected`). */
    sync: fromCallback<SyncCommand, { token: string }>(notProvided('sync')),
    deleteCoupon: fromPromise<void, { token: string }>(async () => notProvided('deleteCoupon')()),
    applyCoupon: fromPromise<void, { token: string; code: string }>(async () => notProvided('applyCoupon')()),
    /** Empties the cart; with `sync`, resolves once the server has it too. */
    clearCart: fromPromise<void, { sync: boolean }>(async () => notProvided('clearCart')()),
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
    dropToken: () => {},
    resync: sendTo('sync', { type: 'sync.resync' } satisfies SyncCommand),
    rememberClear: assign({
      clear: ({ event }) => (event.type === 'cart.clear' ? { sync: event.sync ?? true, disconnect: event.disconnect ?? false } : { sync: true, disconnect: false }),
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    hasCoupon: ({ context }) => context.coupon !== null,
    canBypass: ({ context }) => context.bypassCount < context.maxBypass,
    // Used on `onError` transitions, whose event carries the actor's error.
    unauthorized: ({ event }) => failureStatus((event as { error?: unknown }).error) === 401,
    offline: ({ event }) => failureStatus((event as { error?: unknown }).error) === 0,
    disconnectRequested: ({ context }) => context.clear.disconnect,
    wasDisabled: ({ context }) => context.disabled,
    clearWithoutSyncAndDisconnect: ({ event }) => event.type === 'cart.clear' && event.sync === false && event.disconnect === true,
  },
  delays: {
    /** How long to wait for the network before asking for a token again (the 'online' event comes sooner). */
    retryDelay: 30_000,
  },
}).createMachine({
  id: 'cartConnection',
  context: ({ input }) => ({
    token: input.token,
    bypassCount: 0,
    maxBypass: input.maxBypass,
    guest: true,
    coupon: input.coupon ?? null,
    purchaserId: input.purchaserId ?? null,
    disabled: false,
    clear: { sync: true, disconnect: false },
    error: null,
  }),
  initial: 'starting',
  on: {
    'coupon.applied': { actions: assign({ coupon: ({ event }) => event.code }) },
    'coupon.removed': { actions: assign({ coupon: null }) },
  },
  states: {
    starting: {
      always: [{ guard: 'hasToken', target: 'connected' }, { target: 'disconnected' }],
    },

    /** No server cart yet: the cart lives on this device only until something is added. */
    disconnected: {
      on: {
        'cart.connect': 'connecting',
        'cart.authorize': { actions: assign({ guest: false }), target: 'connecting' },
        'cart.tokenChanged': { guard: ({ event }) => event.token !== null, actions: assign({ token: ({ event }) => event.token }), target: 'connected' },
        'cart.clear': { actions: 'rememberClear', target: 'clearingLocally' },
      },
    },

    connecting: {
      invoke: {
        src: 'requestToken',
        input: ({ context }) => ({ guest: context.guest, purchaserId: context.purchaserId, replace: null }),
        onDone: {
          actions: [assign({ token: ({ event }) => event.output, error: null }), { type: 'storeToken', params: ({ event }) => ({ token: event.output }) }],
          target: 'connected',
        },
        onError: [
          {
            guard: 'unauthorized',
            actions: assign({ error: ({ event }) => failureText(event.error) }),
            target: 'bypassing',
          },
          { guard: 'offline', actions: assign({ error: ({ event }) => failureText(event.error) }), target: 'waitingForNetwork' },
          { actions: assign({ error: ({ event }) => failureText(event.error) }), target: 'syncDisabled' },
        ],
      },
      on: {
        'cart.tokenChanged': { guard: ({ event }) => event.token !== null, actions: assign({ token: ({ event }) => event.token }), target: 'connected' },
      },
    },

    /** A 401: again as a guest cart, until the maximum bypass count is reached. */
    bypassing: {
      always: [
        { guard: 'canBypass', actions: assign({ bypassCount: ({ context }) => context.bypassCount + 1, guest: true }), target: 'connecting' },
        { target: 'syncDisabled' },
      ],
    },

    waitingForNetwork: {
      after: { retryDelay: 'connecting' },
      on: {
        'network.online': 'connecting',
        'cart.tokenChanged': { guard: ({ event }) => event.token !== null, actions: assign({ token: ({ event }) => event.token }), target: 'connected' },
        'cart.clear': { actions: 'rememberClear', target: 'clearingLocally' },
      },
    },

    connected: {
      invoke: { id: 'sync', src: 'sync', input: ({ context }) => ({ token: context.token! }) },
      initial: 'syncing',
      on: {
        'cart.changedInOtherTab': { actions: 'resync' },
        'cart.serverChanged': { actions: 'resync' },
        'network.online': { actions: 'resync' },
        // Authorizing asks for the shopper's own cart first (a logged-in customer's); a 401 falls back to a guest cart.
        'cart.alreadyOrdered': { actions: assign({ guest: false }), target: 'authorizing' },
        'cart.authorize': { actions: assign({ guest: false }), target: 'authorizing' },
        'cart.tokenRejected': { actions: ['dropToken', assign({ token: null, error: 'The server no longer knows this cart' })], target: 'bypassing' },
        'cart.tokenChanged': [
          { guard: ({ event, context }) => event.token !== null && event.token !== context.token, actions: assign({ token: ({ event }) => event.token }), target: '#cartConnection.connected', reenter: true },
          { guard: ({ event }) => event.token === null, actions: assign({ token: null }), target: 'disconnected' },
        ],
        // Clearing without sync must not reach the server: a guest's replication stops first (this state is left).
        'cart.clear': [
          { guard: 'clearWithoutSyncAndDisconnect', actions: 'rememberClear', target: 'clearingLocally' },
          { actions: 'rememberClear', target: '.clearing' },
        ],
      },
      states: {
        syncing: {},
        clearing: {
          invoke: {
            src: 'clearCart',
            input: ({ context }) => ({ sync: context.clear.sync }),
            onDone: [
              { guard: 'disconnectRequested', actions: ['dropToken', assign({ token: null })], target: '#cartConnection.disconnected' },
              { target: 'syncing' },
            ],
            onError: { actions: assign({ error: ({ event }) => failureText(event.error) }), target: 'syncing' },
          },
        },
      },
    },

    /** Authorize (spec 1 §4): remove the coupon, reconnect, then reapply the coupon. */
    authorizing: {
      initial: 'removingCoupon',
      states: {
        removingCoupon: {
          always: { guard: ({ context }) => context.coupon === null || context.token === null, target: 'reconnecting' },
          invoke: {
            src: 'deleteCoupon',
            input: ({ context }) => ({ token: context.token! }),
            // A coupon that cannot be removed is reapplied to the new cart anyway.
            onDone: 'reconnecting',
            onError: 'reconnecting',
          },
        },
        reconnecting: {
          invoke: {
            src: 'requestToken',
            input: ({ context }) => ({ guest: context.guest, purchaserId: context.purchaserId, replace: context.token }),
            onDone: {
              actions: [assign({ token: ({ event }) => event.output, error: null }), { type: 'storeToken', params: ({ event }) => ({ token: event.output }) }],
              target: 'reapplying',
            },
            onError: [
              { guard: 'unauthorized', actions: assign({ error: ({ event }) => failureText(event.error) }), target: '#cartConnection.bypassing' },
              { guard: 'offline', target: '#cartConnection.waitingForNetwork' },
              { actions: assign({ error: ({ event }) => failureText(event.error) }), target: '#cartConnection.syncDisabled' },
            ],
          },
        },
        reapplying: {
          always: { guard: ({ context }) => context.coupon === null, target: '#cartConnection.connected' },
          invoke: {
            src: 'applyCoupon',
            input: ({ context }) => ({ token: context.token!, code: context.coupon! }),
            onDone: '#cartConnection.connected',
            onError: { actions: assign({ coupon: null }), target: '#cartConnection.connected' },
          },
        },
      },
    },

    /** Emptied on this device only; the token is dropped first when asked, so the old server cart keeps its lines. */
    clearingLocally: {
      entry: enqueueActions(({ context, enqueue }) => {
        if (!context.clear.disconnect || context.token === null) return;
        enqueue('dropToken');
        enqueue.assign({ token: null });
      }),
      invoke: {
        src: 'clearCart',
        input: () => ({ sync: false }),
        onDone: [{ guard: 'wasDisabled', target: 'syncDisabled' }, { guard: 'hasToken', target: 'connected' }, { target: 'disconnected' }],
        onError: [{ guard: 'wasDisabled', target: 'syncDisabled' }, { guard: 'hasToken', target: 'connected' }, { target: 'disconnected' }],
      },
    },

    /** The cart works on this device only; authorizing (e.g. after a login) tries again. */
    syncDisabled: {
      entry: assign({ disabled: true }),
      on: {
        'cart.authorize': { actions: assign({ bypassCount: 0, guest: false, disabled: false }), target: 'connecting' },
        'cart.clear': { actions: 'rememberClear', target: 'clearingLocally' },
      },
    },
  },
});
