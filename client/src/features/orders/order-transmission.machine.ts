/**
 * Offline orders (spec 2 §4): an order placed without a connection is stored unconfirmed (`confirmed: false`) and
 * queued. When the connection returns, the waiting orders are sent at once if automatic transmission is on or the
 * shopper is on the thank-you page; otherwise the notice 'Order waiting!' / 'Click here to confirm the order that you
 * made offline.' asks the shopper, who confirms (the orders get `confirmed: true` and the server places them) or
 * cancels (they are deleted). Going offline again while asking puts the question away until the next return.
 *
 * Pure: the waiting orders arrive as `orders.waiting` events; confirming, cancelling and the notice are actors and
 * actions given through `.provide()`.
 */
import { assign, fromPromise, setup } from 'xstate';

export interface OrderTransmissionInput {
  autoTransmit: boolean;
  online: boolean;
}

export interface OrderTransmissionContext {
  autoTransmit: boolean;
  online: boolean;
  onThankYouPage: boolean;
  /** Ids of the orders stored unconfirmed on this device. */
  waiting: readonly string[];
  error: string | null;
}

export type OrderTransmissionEvent =
  | { type: 'orders.waiting'; ids: readonly string[] }
  | { type: 'network.online' }
  | { type: 'network.offline' }
  | { type: 'thankYou.enter' }
  | { type: 'thankYou.leave' }
  | { type: 'orders.confirm' }
  | { type: 'orders.cancel' };

const notProvided = (name: string) => async () => {
  throw new Error(`order transmission: the ${name} actor was not provided`);
};

export const orderTransmissionMachine = setup({
  types: {
    context: {} as OrderTransmissionContext,
    events: {} as OrderTransmissionEvent,
    input: {} as OrderTransmissionInput,
  },
  actors: {
    /**
     * Sets `confirmed: true` on these orders (the server then places each exactly once). `announce`: tell the shopper
     * how each one ended (its order number, or why it was refused); off on the thank-you page, which shows it itself.
     */
    confirmOrders: fromPromise<void, { ids: readonly string[]; announce: boolean }>(notProvided('confirmOrders')),
    /** Deletes these unconfirmed orders. */
    cancelOrders: fromPromise<void, { ids: readonly string[] }>(notProvided('cancelOrders')),
  },
  actions: {
    showNotice: () => {},
    hideNotice: () => {},
  },
  guards: {
    hasWaiting: ({ context }) => context.waiting.length > 0,
    online: ({ context }) => context.online,
    sendsByItself: ({ context }) => context.autoTransmit || context.onThankYouPage,
  },
}).createMachine({
  id: 'orderTransmission',
  context: ({ input }) => ({ autoTransmit: input.autoTransmit, online: input.online, onThankYouPage: false, waiting: [], error: null }),
  initial: 'idle',
  on: {
    'orders.waiting': { actions: assign({ waiting: ({ event }) => [...event.ids] }), target: '.deciding' },
    'network.online': { actions: assign({ online: true }), target: '.deciding' },
    'network.offline': { actions: assign({ online: false }), target: '.deciding' },
    'thankYou.enter': { actions: assign({ onThankYouPage: true }), target: '.deciding' },
    'thankYou.leave': { actions: assign({ onThankYouPage: false }) },
  },
  states: {
    /** Nothing waits, or the decision is made. */
    idle: {},
    deciding: {
      always: [
        { guard: ({ context }) => context.waiting.length === 0, target: 'idle' },
        { guard: ({ context }) => !context.online, target: 'queued' },
        { guard: 'sendsByItself', target: 'confirming' },
        { target: 'asking' },
      ],
    },
    /** Offline with orders waiting. */
    queued: {},
    /** Online, the shopper decides: the notice is shown until they do. */
    asking: {
      entry: 'showNotice',
      exit: 'hideNotice',
      on: {
        'orders.confirm': 'confirming',
        'orders.cancel': 'cancelling',
        // The same orders again (e.g. another tab wrote): keep asking without showing a second notice.
        'orders.waiting': [
          { guard: ({ event }) => event.ids.length > 0, actions: assign({ waiting: ({ event }) => [...event.ids] }) },
          { actions: assign({ waiting: [] }), target: 'idle' },
        ],
        'network.online': { actions: assign({ online: true }) },
        'thankYou.enter': { actions: assign({ onThankYouPage: true }), target: 'confirming' },
      },
    },
    confirming: {
      invoke: {
        src: 'confirmOrders',
        input: ({ context }) => ({ ids: context.waiting, announce: !context.onThankYouPage }),
        onDone: { actions: assign({ error: null }), target: 'idle' },
        onError: { actions: assign({ error: ({ event }) => String(event.error) }), target: 'asking' },
      },
      on: { 'orders.waiting': { actions: assign({ waiting: ({ event }) => [...event.ids] }) } },
    },
    cancelling: {
      invoke: {
        src: 'cancelOrders',
        input: ({ context }) => ({ ids: context.waiting }),
        onDone: { actions: assign({ error: null }), target: 'idle' },
        onError: { actions: assign({ error: ({ event }) => String(event.error) }), target: 'asking' },
      },
      on: { 'orders.waiting': { actions: assign({ waiting: ({ event }) => [...event.ids] }) } },
    },
  },
});
