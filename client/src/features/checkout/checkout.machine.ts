/**
 * The internal checkout (spec 2 §1, §4 "Order placing"): Personal Details, Shipping, Payment, Order Summary, then the
 * order confirmation. Entry is guarded by a non-empty cart ('Shopping cart is empty before entering checkout').
 * Each step's submit carries the step's values; a guard checks them with the spec 2 §5 rules and only a clean step
 * moves on. "Place order" needs the terms accepted; the order is written once (the `placeOrder` actor mints or reuses
 * its id, so a double click or a second tab cannot make a second order), then its result is watched until the
 * server's answer replicates back: 200 runs the after-order steps and either hands over to the payment flow or shows
 * the confirmation; a refusal shows the spec 2 §8 message on the summary. Offline the order is queued and the shopper
 * sees the confirmation of a waiting order, which turns into the placed one when the answer arrives.
 *
 * Every end of the payment flow leads somewhere (issue 12): the provider's page (and from there the order-status
 * page), or the unpaid order on this page, where the shopper pays again (same order, the same or another method) or
 * takes the items back into the cart. Coming back to the checkout (a reload, the browser's Back from the provider)
 * with an empty cart finds the order waiting to be sent, or the order waiting for its payment, not an empty cart.
 *
 * Pure: the cart, the draft, the order document and the payment hand-over are actors given through `.provide()`.
 */
import type { BankTransferInstructions } from '@shop/shared/orders/bank-transfer';
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { AccountNotice } from './checkout-account.tsx';
import {
  hasProblems,
  paymentProblems,
  personalProblems,
  shippingProblems,
  type PaymentValues,
  type PersonalValues,
  type Problems,
  type ShippingValues,
} from './checkout-fields.ts';

export const CHECKOUT_STEPS = ['personalDetails', 'shipping', 'payment', 'summary'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** What the shopper is shown of a placed order. */
export interface PlacedOrderSummary {
  orderId: string;
  incrementId: string;
  email: string;
  paymentRequired: boolean;
  /** The order-status page's token and hash (the shop's answer): where the order is followed, paid again or taken back. */
  token?: string;
  hash?: string;
  /** A bank transfer's instructions. */
  bankTransfer?: BankTransferInstructions;
  /** The shop's grand total and currency (what a payment charges). */
  grandTotal?: number;
  currency?: string;
}

/** What a checkout opened with an empty cart picks up: an order waiting to be sent, or one waiting for its payment. */
export type CheckoutResume = { kind: 'queued'; orderId: string } | { kind: 'unpaid'; order: PlacedOrderSummary };

/** How the payment flow ended (payment/start-payment.ts). */
export type PaymentOutcome = 'redirected' | 'failed' | 'inactive';

/** The replicated order as far as the checkout reads it. */
export interface WatchedOrder {
  transmited: boolean;
  resultCode?: number | undefined;
  result?: unknown;
  increment_id?: string | undefined;
  customer_email: string;
  deleted?: boolean;
}

/** A refusal to show: the key of `orders.messages.*` (or a checkout key) and the values of its text. */
export interface CheckoutError {
  key: string;
  message?: string;
  email?: string;
  /** A product that may not go to the shipping country, and that country's code (`orders.messages.notShippable`). */
  product?: string;
  country?: string;
  /** A payment method refused for the order's total, and the limit in euros (`orders.messages.paymentNotAllowed`). */
  method?: string;
  limit?: string;
}

export interface CheckoutContext {
  countries: readonly string[];
  problems: Problems;
  orderId: string | null;
  order: PlacedOrderSummary | null;
  error: CheckoutError | null;
  /** The method a payment made again uses (null: the order's own). */
  retryMethod: string | null;
  /** The account asked for with the order could not be made (the confirmation says why); null otherwise. */
  account: AccountNotice | null;
}

export type CheckoutEvent =
  | { type: 'cart.loaded'; empty: boolean; resume?: CheckoutResume | null }
  /** The page came back from the browser's cache (Back from the provider's page). */
  | { type: 'page.restored' }
  /** Pay the unpaid order again, with this method. */
  | { type: 'payment.retry'; method: string }
  | { type: 'countries.loaded'; countries: readonly string[] }
  | { type: 'personal.submit'; values: PersonalValues }
  | { type: 'shipping.submit'; values: ShippingValues }
  | { type: 'payment.submit'; values: PaymentValues; sameAsShipping: boolean }
  | { type: 'step.back' }
  | { type: 'step.edit'; step: CheckoutStep }
  | { type: 'order.place'; termsAccepted: boolean }
  | { type: 'order.updated'; order: WatchedOrder }
  /** Another tab placed this very checkout (its confirmation reached this tab). */
  | { type: 'order.placedElsewhere'; order: PlacedOrderSummary };

export interface PlaceOrderOutput {
  orderId: string;
  /** Written while offline (confirmed: false): sent when the connection returns. */
  queued: boolean;
}

const notProvided = (name: string) => () => {
  throw new Error(`checkout: the ${name} actor was not provided`);
};

interface PlacedResultFields {
  message?: string;
  key?: string;
  email?: string;
  product?: string;
  country?: string;
  method?: string;
  limit?: string;
  payment_required?: boolean;
  increment_id?: string;
  order_token?: string;
  hash?: string;
  bank_transfer?: BankTransferInstructions;
  totals?: { grand_total?: number; currency?: string };
}

function resultOf(order: WatchedOrder): PlacedResultFields {
  return order.result && typeof order.result === 'object' ? (order.result as PlacedResultFields) : {};
}

/** The placed order's summary from its replicated answer. */
export function placedSummary(orderId: string, order: WatchedOrder): PlacedOrderSummary {
  const result = resultOf(order);
  return {
    orderId,
    incrementId: order.increment_id ?? result.increment_id ?? '',
    email: order.customer_email,
    paymentRequired: result.payment_required === true,
    ...(typeof result.order_token === 'string' && typeof result.hash === 'string' ? { token: result.order_token, hash: result.hash } : {}),
    ...(result.bank_transfer ? { bankTransfer: result.bank_transfer } : {}),
    ...(typeof result.totals?.grand_total === 'number' ? { grandTotal: result.totals.grand_total, currency: result.totals.currency ?? 'EUR' } : {}),
  };
}

/** The spec 2 §8 message of a refused order: its `orders.messages.*` key, the server's text and contact address. */
export function refusalOf(order: WatchedOrder): CheckoutError {
  if (order.resultCode === 500) return { key: 'orders.messages.serverErrorQueued' };
  const result = resultOf(order);
  const key = typeof result.key === 'string' && result.key.startsWith('orders.messages.') ? result.key : 'orders.messages.placingError';
  return {
    key,
    ...(typeof result.message === 'string' ? { message: result.message } : {}),
    ...(typeof result.email === 'string' ? { email: result.email } : {}),
    ...(typeof result.product === 'string' ? { product: result.product } : {}),
    ...(typeof result.country === 'string' ? { country: result.country } : {}),
    ...(typeof result.method === 'string' ? { method: result.method } : {}),
    ...(typeof result.limit === 'string' ? { limit: result.limit } : {}),
  };
}

const succeeded = (order: WatchedOrder) => order.transmited && order.resultCode === 200;
const refused = (order: WatchedOrder) => order.transmited && order.resultCode !== undefined && order.resultCode !== 200;

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as { countries?: readonly string[] },
  },
  actors: {
    /** Writes the order (or finds the one this placement already wrote) from the cart and the draft. */
    placeOrder: fromPromise<PlaceOrderOutput, { termsAccepted: boolean }>(async () => notProvided('placeOrder')()),
    /** Sends `order.updated` whenever the order document changes. */
    watchOrder: fromCallback<{ type: 'noop' }, { orderId: string }>(notProvided('watchOrder')),
    /**
     * After a placed (or queued) order: the order time, the cart cleared without server sync, createAccount. Its
     * output is the notice of an account that could not be made (null when made, or not asked for).
     */
    afterOrder: fromPromise<AccountNotice | null, { orderId: string; queued: boolean }>(async () => notProvided('afterOrder')()),
    /**
     * Hands a placed order needing an online payment to the payment flow: 'redirected' (the browser leaves for the
     * provider), 'failed' (the flow showed why) or 'inactive' (the method is not one the payment service listed).
     */
    startPayment: fromPromise<PaymentOutcome, { order: PlacedOrderSummary; method: string | null }>(async () => notProvided('startPayment')()),
  },
  guards: {
    cartEmpty: ({ event }) => event.type === 'cart.loaded' && event.empty,
    resumeQueued: ({ event }) => event.type === 'cart.loaded' && event.empty && event.resume?.kind === 'queued',
    resumeUnpaid: ({ event }) => event.type === 'cart.loaded' && event.empty && event.resume?.kind === 'unpaid',
    personalValid: ({ event }) => event.type === 'personal.submit' && !hasProblems(personalProblems(event.values)),
    shippingValid: ({ context, event }) => event.type === 'shipping.submit' && !hasProblems(shippingProblems(event.values, context.countries)),
    paymentValid: ({ event }) => event.type === 'payment.submit' && !hasProblems(paymentProblems(event.values, { sameAsShipping: event.sameAsShipping })),
    termsAccepted: ({ event }) => event.type === 'order.place' && event.termsAccepted,
    orderSucceeded: ({ event }) => event.type === 'order.updated' && succeeded(event.order),
    orderRefused: ({ event }) => event.type === 'order.updated' && refused(event.order),
    paymentRequired: ({ context }) => context.order?.paymentRequired === true,
  },
  actions: {
    clearProblems: assign({ problems: {}, error: null }),
    personalProblems: assign({ problems: ({ event }) => (event.type === 'personal.submit' ? personalProblems(event.values) : {}) }),
    shippingProblems: assign({ problems: ({ context, event }) => (event.type === 'shipping.submit' ? shippingProblems(event.values, context.countries) : {}) }),
    paymentProblems: assign({ problems: ({ event }) => (event.type === 'payment.submit' ? paymentProblems(event.values, { sameAsShipping: event.sameAsShipping }) : {}) }),
    termsProblem: assign({ problems: { terms: 'termsRequired' } }),
    rememberOrder: assign({
      order: ({ context, event }) => (event.type === 'order.updated' && context.orderId ? placedSummary(context.orderId, event.order) : context.order),
    }),
    rememberRefusal: assign({ error: ({ event }) => (event.type === 'order.updated' ? refusalOf(event.order) : null) }),
    resume: assign({
      orderId: ({ context, event }) => (event.type !== 'cart.loaded' || !event.resume ? context.orderId : event.resume.kind === 'queued' ? event.resume.orderId : event.resume.order.orderId),
      order: ({ context, event }) => (event.type === 'cart.loaded' && event.resume?.kind === 'unpaid' ? event.resume.order : context.order),
    }),
    takeOrderFromElsewhere: assign({
      order: ({ event, context }) => (event.type === 'order.placedElsewhere' ? event.order : context.order),
      orderId: ({ event, context }) => (event.type === 'order.placedElsewhere' ? event.order.orderId : context.orderId),
    }),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({ countries: input.countries ?? [], problems: {}, orderId: null, order: null, error: null, retryMethod: null, account: null }),
  initial: 'loading',
  on: {
    'countries.loaded': { actions: assign({ countries: ({ event }) => event.countries }) },
  },
  states: {
    loading: {
      on: {
        'cart.loaded': [
          // A reload or Back with an empty cart: the order it was emptied for, not an empty cart.
          { guard: 'resumeQueued', actions: 'resume', target: 'confirmation.queued' },
          { guard: 'resumeUnpaid', actions: 'resume', target: 'unpaid' },
          { guard: 'cartEmpty', target: 'emptyCart' },
          { target: 'editing' },
        ],
      },
    },
    /** 'Shopping cart is empty before entering checkout'. */
    emptyCart: {
      on: { 'cart.loaded': { guard: ({ event }) => !event.empty, target: 'editing' } },
    },
    editing: {
      initial: 'personalDetails',
      on: {
        'cart.loaded': { guard: 'cartEmpty', target: 'emptyCart' },
        'order.placedElsewhere': { actions: 'takeOrderFromElsewhere', target: 'confirmation.placed' },
      },
      states: {
        personalDetails: {
          on: {
            'personal.submit': [
              { guard: 'personalValid', actions: 'clearProblems', target: 'shipping' },
              { actions: 'personalProblems' },
            ],
          },
        },
        shipping: {
          on: {
            'shipping.submit': [
              { guard: 'shippingValid', actions: 'clearProblems', target: 'payment' },
              { actions: 'shippingProblems' },
            ],
            'step.back': { actions: 'clearProblems', target: 'personalDetails' },
          },
        },
        payment: {
          on: {
            'payment.submit': [
              { guard: 'paymentValid', actions: 'clearProblems', target: 'summary' },
              { actions: 'paymentProblems' },
            ],
            'step.back': { actions: 'clearProblems', target: 'shipping' },
          },
        },
        summary: {
          on: {
            'order.place': [{ guard: 'termsAccepted', actions: 'clearProblems', target: '#checkout.placing' }, { actions: 'termsProblem' }],
            'step.back': { actions: 'clearProblems', target: 'payment' },
            'step.edit': [
              { guard: ({ event }) => event.step === 'personalDetails', actions: 'clearProblems', target: 'personalDetails' },
              { guard: ({ event }) => event.step === 'shipping', actions: 'clearProblems', target: 'shipping' },
              { guard: ({ event }) => event.step === 'payment', actions: 'clearProblems', target: 'payment' },
            ],
          },
        },
      },
    },
    /** Writing the order; further clicks are not heard here. */
    placing: {
      invoke: {
        src: 'placeOrder',
        input: () => ({ termsAccepted: true }),
        onDone: [
          { guard: ({ event }) => event.output.queued, actions: assign({ orderId: ({ event }) => event.output.orderId }), target: 'queuing' },
          { actions: assign({ orderId: ({ event }) => event.output.orderId }), target: 'awaitingResult' },
        ],
        onError: {
          actions: assign({ error: ({ event }) => ({ key: event.error instanceof Error && event.error.message === 'cart.empty' ? 'checkout.emptyCart' : 'orders.messages.placingError' }) }),
          target: 'editing.summary',
        },
      },
    },
    /** Sent: the server's answer replicates back onto the document. */
    awaitingResult: {
      invoke: { src: 'watchOrder', input: ({ context }) => ({ orderId: context.orderId! }) },
      on: {
        'order.updated': [
          { guard: 'orderSucceeded', actions: 'rememberOrder', target: 'finishing' },
          { guard: 'orderRefused', actions: 'rememberRefusal', target: 'editing.summary' },
        ],
        'order.placedElsewhere': { actions: 'takeOrderFromElsewhere', target: 'confirmation.placed' },
      },
    },
    /** Queued offline: "result code absent" counts as placed for the cart (spec 2 §4). */
    queuing: {
      invoke: {
        src: 'afterOrder',
        input: ({ context }) => ({ orderId: context.orderId!, queued: true }),
        onDone: 'confirmation.queued',
        onError: 'confirmation.queued',
      },
    },
    finishing: {
      invoke: {
        src: 'afterOrder',
        input: ({ context }) => ({ orderId: context.orderId!, queued: false }),
        onDone: [
          { guard: 'paymentRequired', actions: assign({ account: ({ event }) => event.output ?? null }), target: 'paying' },
          { actions: assign({ account: ({ event }) => event.output ?? null }), target: 'confirmation.placed' },
        ],
        onError: [{ guard: 'paymentRequired', target: 'paying' }, { target: 'confirmation.placed' }],
      },
    },
    /** The payment flow takes over: it redirects to the provider, or ends here with the order unpaid. */
    paying: {
      invoke: {
        src: 'startPayment',
        input: ({ context }) => ({ order: context.order!, method: context.retryMethod }),
        onDone: [
          { guard: ({ event }) => event.output === 'redirected', target: 'redirecting' },
          // Not a method the payment service listed: the order cannot be paid this way; say so, offer the others.
          { guard: ({ event }) => event.output === 'inactive', actions: assign({ error: { key: 'checkout.paymentUnavailable' } }), target: 'unpaid' },
          // Failed: the flow has shown 'Payment is not created - {message}'.
          { actions: assign({ error: null }), target: 'unpaid' },
        ],
        onError: { actions: assign({ error: { key: 'checkout.paymentFailed' } }), target: 'unpaid' },
      },
    },
    /** The browser is on its way to the provider; coming back to this page from the browser's cache shows the order. */
    redirecting: {
      on: { 'page.restored': { actions: assign({ error: null }), target: 'unpaid' } },
    },
    /** Placed, not paid: pay again (same order, the same or another method) or take the items back into the cart. */
    unpaid: {
      on: {
        'payment.retry': { actions: assign({ retryMethod: ({ event }) => event.method, error: null }), target: 'paying' },
        // The items are back in the cart: the checkout starts again with them.
        'cart.loaded': { guard: ({ event }) => !event.empty, actions: assign({ order: null, orderId: null, error: null, retryMethod: null }), target: 'editing' },
      },
    },
    confirmation: {
      initial: 'placed',
      states: {
        placed: { type: 'final' },
        /** The thank-you page of an order made offline: it watches the order until the shop answers. */
        queued: {
          invoke: { src: 'watchOrder', input: ({ context }) => ({ orderId: context.orderId! }) },
          on: {
            'order.updated': [
              { guard: 'orderSucceeded', actions: 'rememberOrder', target: '#checkout.finishing' },
              { guard: 'orderRefused', actions: 'rememberRefusal', target: 'failed' },
            ],
            'order.placedElsewhere': { actions: 'takeOrderFromElsewhere', target: 'placed' },
          },
        },
        failed: { type: 'final' },
      },
    },
  },
});
