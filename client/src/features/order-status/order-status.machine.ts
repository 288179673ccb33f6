/**
 * The order-status page's machine (spec 2 §2 'Order status page', §4 'Payment status groups'): the page is dimmed
 * while the status is first fetched; a success or failed group is final; a pending group is asked again every few
 * seconds until it is final (a failed refresh keeps what is shown and tries again). A token or hash the server
 * refuses, or a fetch failure, ends on its message; no connection waits for the browser to come back online.
 *
 * Pure: the fetch comes in through `.provide()`; the refresh interval is the input's.
 */
import type { OrderStatusData } from '@shop/shared/payments/index';
import { assign, fromPromise, setup } from 'xstate';
import type { OrderStatusAnswer, OrderStatusProblem, OrderStatusSource } from './order-status-api.ts';

export interface OrderStatusInput {
  source: OrderStatusSource;
  refreshMs: number;
}

export interface OrderStatusContext extends OrderStatusInput {
  data: OrderStatusData | null;
  problem: OrderStatusProblem | null;
  /** How many times the status was fetched (first fetch included). */
  fetches: number;
}

export type OrderStatusEvent = { type: 'connectivity.online' } | { type: 'status.refresh' };

const isPending = (data: OrderStatusData | null) => data?.payment.group === 'pending';

export const orderStatusMachine = setup({
  types: {
    context: {} as OrderStatusContext,
    events: {} as OrderStatusEvent,
    input: {} as OrderStatusInput,
  },
  actors: {
    fetchStatus: fromPromise<OrderStatusAnswer, OrderStatusSource>(async () => {
      throw new Error('order status: the fetchStatus actor was not provided');
    }),
  },
  delays: { refresh: ({ context }) => context.refreshMs },
}).createMachine({
  id: 'orderStatus',
  context: ({ input }) => ({ ...input, data: null, problem: null, fetches: 0 }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ fetches: ({ context }) => context.fetches + 1 }),
      invoke: {
        src: 'fetchStatus',
        input: ({ context }) => context.source,
        onDone: [
          { guard: ({ event }) => event.output.ok, actions: assign({ data: ({ event }) => (event.output.ok ? event.output.data : null), problem: null }), target: 'showing' },
          { guard: ({ event }) => !event.output.ok && event.output.problem === 'offline', actions: assign({ problem: 'offline' }), target: 'offline' },
          { actions: assign({ problem: ({ event }) => (event.output.ok ? null : event.output.problem) }), target: 'failed' },
        ],
        onError: { actions: assign({ problem: 'detailsProblem' }), target: 'failed' },
      },
    },

    offline: {
      on: { 'connectivity.online': 'loading', 'status.refresh': 'loading' },
    },

    failed: {
      on: { 'status.refresh': 'loading' },
    },

    showing: {
      initial: 'deciding',
      // After a payment made again from this page (or anything else that may have moved the order): ask once more.
      on: { 'status.refresh': '.refreshing' },
      states: {
        deciding: {
          always: [{ guard: ({ context }) => isPending(context.data), target: 'waiting' }, { target: 'settled' }],
        },
        waiting: {
          after: { refresh: 'refreshing' },
          on: { 'connectivity.online': 'refreshing' },
        },
        refreshing: {
          entry: assign({ fetches: ({ context }) => context.fetches + 1 }),
          invoke: {
            src: 'fetchStatus',
            input: ({ context }) => context.source,
            onDone: [
              { guard: ({ event }) => event.output.ok, actions: assign({ data: ({ event }) => (event.output.ok ? event.output.data : null) }), target: 'deciding' },
              // Offline or a hiccup: keep showing the last status and ask again later.
              { target: 'waiting' },
            ],
            onError: 'waiting',
          },
        },
        settled: { type: 'final' },
      },
    },
  },
});
