/**
 * Cart polling (spec 2 §4, §9) as a machine: two regions, each waiting its interval (the machine's own delayed
 * transition) and then asking the server, unless the shop is offline.
 * - changes: every 15 s, when did the server cart last change (isCartUpdated)? A time other than the stored one, while
 *   the shopper is not adding to the cart, is recorded and forces a sync; while adding it is left unrecorded, so the
 *   next poll sees it again.
 * - ordered: every 150 s, was the cart already ordered (isCartAlreadyOrdered)? If so the cart is authorized again.
 * A poll still waiting for its answer is not repeated: the next wait starts when it is answered. A failed poll is
 * asked again after the next wait (the replication reports its own failures). Stopping the actor drops an answer
 * still on its way.
 *
 * Pure: the calls, the stored time and what a change does come in through `.provide()` (cart-polling.ts); the
 * defaults fail loudly.
 */
import { assign, fromPromise, setup } from 'xstate';

export type CartUpdateTime = number | 'empty';

export interface CartPollingInput {
  changeIntervalMs: number;
  orderedIntervalMs: number;
}

export interface CartPollingContext extends CartPollingInput {
  /** The server's last answer to isCartUpdated, for the developers' view. */
  serverTime: CartUpdateTime | null;
  /** Polls that failed in a row (both regions), for the developers' view. */
  failures: number;
}

const notProvided = (name: string) => () => {
  throw new Error(`cart polling: ${name} was not provided`);
};

export const cartPollingMachine = setup({
  types: {
    context: {} as CartPollingContext,
    input: {} as CartPollingInput,
  },
  actors: {
    isCartUpdated: fromPromise<CartUpdateTime>(async () => notProvided('isCartUpdated')()),
    isCartAlreadyOrdered: fromPromise<boolean>(async () => notProvided('isCartAlreadyOrdered')()),
  },
  guards: {
    online: () => true,
    /** The answer is the time stored here: nothing changed. */
    unchanged: (_, _params: { time: CartUpdateTime }) => false,
    adding: () => false,
    ordered: (_, params: { ordered: boolean }) => params.ordered,
  },
  actions: {
    recordUpdate: (_, _params: { time: CartUpdateTime }) => {},
    notifyChanged: () => {},
    notifyOrdered: () => {},
    rememberAnswer: assign({ serverTime: (_, params: { time: CartUpdateTime }) => params.time, failures: 0 }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    resetFailures: assign({ failures: 0 }),
  },
  delays: {
    changeInterval: ({ context }) => context.changeIntervalMs,
    orderedInterval: ({ context }) => context.orderedIntervalMs,
  },
}).createMachine({
  id: 'cartPolling',
  context: ({ input }) => ({ ...input, serverTime: null, failures: 0 }),
  type: 'parallel',
  states: {
    changes: {
      initial: 'waiting',
      states: {
        waiting: {
          after: {
            changeInterval: [{ guard: 'online', target: 'asking' }, { target: 'waiting', reenter: true }],
          },
        },
        asking: {
          invoke: {
            src: 'isCartUpdated',
            onDone: [
              { guard: { type: 'unchanged', params: ({ event }) => ({ time: event.output }) }, target: 'waiting', actions: { type: 'rememberAnswer', params: ({ event }) => ({ time: event.output }) } },
              { guard: 'adding', target: 'waiting', actions: { type: 'rememberAnswer', params: ({ event }) => ({ time: event.output }) } },
              {
                target: 'waiting',
                actions: [
                  { type: 'rememberAnswer', params: ({ event }) => ({ time: event.output }) },
                  { type: 'recordUpdate', params: ({ event }) => ({ time: event.output }) },
                  'notifyChanged',
                ],
              },
            ],
            onError: { target: 'waiting', actions: 'countFailure' },
          },
        },
      },
    },
    ordered: {
      initial: 'waiting',
      states: {
        waiting: {
          after: {
            orderedInterval: [{ guard: 'online', target: 'asking' }, { target: 'waiting', reenter: true }],
          },
        },
        asking: {
          invoke: {
            src: 'isCartAlreadyOrdered',
            onDone: [
              { guard: { type: 'ordered', params: ({ event }) => ({ ordered: event.output }) }, target: 'waiting', actions: ['resetFailures', 'notifyOrdered'] },
              { target: 'waiting', actions: 'resetFailures' },
            ],
            onError: { target: 'waiting', actions: 'countFailure' },
          },
        },
      },
    },
  },
});
