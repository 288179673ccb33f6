/**
 * The payment flow (spec 2 §4 'Order placing'): for an order placed with a payment-service method, show
 * 'Creating payment request...', create the payment and send the shopper to the provider's gateway. The comment
 * 'Payment is created for amount ...' with status pending_payment is recorded by the server inside the creation
 * call (server/src/features/payments/payments.service.ts), so a 200 answer is that step done; the client does not
 * post it again. When the creation fails (code not 200, or an exception): stop the progress, show
 * 'Payment is not created - {message}' (no timeout, OK), record 'Payment could not be created: {message}' with status
 * canceled, turn the thank-you page off and go to the configured error url or Home.
 *
 * The module is active only while the order's method matches a loaded payment-service method; otherwise the flow
 * ends at once ('inactive') and touches nothing. iDEAL asks for its issuers: a list with entries lets the shopper
 * choose; an empty list is an error (spec 2 §5: iDEAL needs an issuer id): 'No issuers' is logged and the failure path
 * runs, so the shopper sees it and can pay another way instead of paying without a bank.
 *
 * Pure: the calls, the notice, the progress, the log and the navigation come in through `.provide()`.
 */
import type { PaymentServiceIssuer, PaymentServiceMethod, PostPaymentBody, PostPaymentResult } from '@shop/shared/payments/index';
import { paymentNotCreatedComment } from '@shop/shared/payments/payment.schema';
import { assign, fromPromise, setup } from 'xstate';
import { asksForIssuers, isLoadedServiceMethod } from './payment-method.ts';

/** What the checkout hands over once the order is placed (the checkout contract of issue 6). */
export interface PlacedOrderForPayment {
  orderId: string;
  incrementId: string;
  storeCode: string;
  currency: string;
  /** Grand total in major units. */
  amount: number;
  method: string;
  issuer?: string;
  description: string;
  /**
   * What proves the order is the shopper's to the payment calls (besides a logged-in customer's own token): the
   * order's token from its result or its order-status link, or the link's hash where that is all the page has.
   */
  orderToken?: string;
  statusHash?: string;
}

export interface PaymentFlowInput {
  order: PlacedOrderForPayment;
  /** origin + /<store>/order-status: the provider appends /<order_token>?hash=... */
  redirectUrl: string;
  /** The configured error url, or the store's Home. */
  fallbackUrl: string;
}

export type PaymentFlowOutcome = 'redirected' | 'failed' | 'inactive';

export interface PaymentFlowContext extends PaymentFlowInput {
  issuers: PaymentServiceIssuer[];
  issuer: string | null;
  gatewayUrl: string | null;
  error: string | null;
  outcome: PaymentFlowOutcome | null;
}

/** The creation call's answer: the envelope, so that a code other than 200 is a failure too. */
export interface CreatePaymentAnswer {
  code: number;
  result: PostPaymentResult | { message?: string } | null;
}

export interface FailureComment {
  order_id: string;
  comment: string;
  status: 'canceled';
}

export const NO_ISSUERS = 'No issuers';
export const NO_PAYMENT_METHODS = 'No payment methods configured';

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Unknown error';
}

function gatewayOf(answer: CreatePaymentAnswer): string | null {
  if (answer.code !== 200 || !answer.result || !('payment_gateway_url' in answer.result)) return null;
  const url = answer.result.payment_gateway_url;
  return typeof url === 'string' && url !== '' ? url : null;
}

function answerMessage(answer: CreatePaymentAnswer): string {
  const message = answer.result && 'message' in answer.result ? answer.result.message : undefined;
  return typeof message === 'string' && message !== '' ? message : `code ${answer.code}`;
}

/** The body of POST /post-payment for the order (spec 2 §3 'Payment creation payload'; issuer for iDEAL only). */
export function paymentPayload(context: Pick<PaymentFlowContext, 'order' | 'redirectUrl' | 'issuer'>): PostPaymentBody {
  const { order } = context;
  return {
    order_id: order.orderId,
    currency: order.currency,
    description: order.description,
    redirectUrl: context.redirectUrl,
    method: order.method,
    amount: order.amount,
    ...(context.issuer ? { issuer: context.issuer } : {}),
  };
}

const notProvided = (name: string) => () => {
  throw new Error(`payment flow: the ${name} actor was not provided`);
};

export const paymentFlowMachine = setup({
  types: {
    context: {} as PaymentFlowContext,
    input: {} as PaymentFlowInput,
    output: {} as { outcome: PaymentFlowOutcome; gatewayUrl: string | null; error: string | null },
  },
  actors: {
    loadMethods: fromPromise<PaymentServiceMethod[], { store: string }>(async () => notProvided('loadMethods')()),
    loadIssuers: fromPromise<PaymentServiceIssuer[], { store: string; method: string }>(async () => notProvided('loadIssuers')()),
    /** Lets the shopper choose an issuer; null when they decline. */
    pickIssuer: fromPromise<string | null, { issuers: PaymentServiceIssuer[] }>(async () => notProvided('pickIssuer')()),
    createPayment: fromPromise<CreatePaymentAnswer, { store: string; body: PostPaymentBody }>(async () => notProvided('createPayment')()),
    recordComment: fromPromise<void, { store: string; comment: FailureComment }>(async () => notProvided('recordComment')()),
  },
  actions: {
    showProgress: () => {},
    hideProgress: () => {},
    showError: (_, _params: { message: string }) => {},
    log: (_, _params: { message: string; error?: unknown }) => {},
    thankYouPageOff: () => {},
    redirectToGateway: (_, _params: { url: string }) => {},
    navigateAway: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'paymentFlow',
  context: ({ input }) => ({ ...input, issuers: [], issuer: input.order.issuer ?? null, gatewayUrl: null, error: null, outcome: null }),
  initial: 'checking',
  states: {
    checking: {
      entry: 'showProgress',
      invoke: {
        src: 'loadMethods',
        input: ({ context }) => ({ store: context.order.storeCode }),
        onDone: [
          {
            guard: ({ event }) => event.output.length === 0,
            actions: { type: 'log', params: { message: NO_PAYMENT_METHODS } },
            target: 'inactive',
          },
          { guard: ({ context, event }) => !isLoadedServiceMethod(context.order.method, event.output), target: 'inactive' },
          { guard: ({ context }) => asksForIssuers(context.order.method) && !context.issuer, target: 'loadingIssuers' },
          { target: 'creating' },
        ],
        // Without the list the payment cannot be made: the order waits for a payment that will not come.
        onError: { actions: assign({ error: ({ event }) => errorMessage(event.error) }), target: 'failing' },
      },
    },

    inactive: {
      entry: ['hideProgress', assign({ outcome: 'inactive' })],
      type: 'final',
    },

    loadingIssuers: {
      invoke: {
        src: 'loadIssuers',
        input: ({ context }) => ({ store: context.order.storeCode, method: context.order.method }),
        onDone: [
          // An empty list is an error (spec 2 §5): logged, and shown through the failure path.
          { guard: ({ event }) => event.output.length === 0, actions: [{ type: 'log', params: { message: NO_ISSUERS } }, assign({ error: NO_ISSUERS })], target: 'failing' },
          { actions: assign({ issuers: ({ event }) => event.output }), target: 'choosingIssuer' },
        ],
        // Payment calls that throw are only logged (spec 2 §8); the creation call decides.
        onError: { actions: { type: 'log', params: ({ event }) => ({ message: NO_ISSUERS, error: event.error }) }, target: 'creating' },
      },
    },

    choosingIssuer: {
      entry: 'hideProgress',
      invoke: {
        src: 'pickIssuer',
        input: ({ context }) => ({ issuers: context.issuers }),
        onDone: [
          { guard: ({ event }) => typeof event.output === 'string' && event.output !== '', actions: assign({ issuer: ({ event }) => event.output }), target: 'creating' },
          { actions: assign({ error: 'No issuer chosen' }), target: 'failing' },
        ],
        onError: { actions: assign({ error: ({ event }) => errorMessage(event.error) }), target: 'failing' },
      },
    },

    creating: {
      entry: 'showProgress',
      invoke: {
        src: 'createPayment',
        input: ({ context }) => ({ store: context.order.storeCode, body: paymentPayload(context) }),
        onDone: [
          { guard: ({ event }) => gatewayOf(event.output) !== null, actions: assign({ gatewayUrl: ({ event }) => gatewayOf(event.output) }), target: 'redirecting' },
          { actions: assign({ error: ({ event }) => answerMessage(event.output) }), target: 'failing' },
        ],
        onError: { actions: assign({ error: ({ event }) => errorMessage(event.error) }), target: 'failing' },
      },
    },

    // The progress stays up: the page is leaving for the provider.
    redirecting: {
      entry: [assign({ outcome: 'redirected' }), { type: 'redirectToGateway', params: ({ context }) => ({ url: context.gatewayUrl! }) }],
      type: 'final',
    },

    failing: {
      entry: ['hideProgress', { type: 'showError', params: ({ context }) => ({ message: context.error ?? 'Unknown error' }) }],
      invoke: {
        src: 'recordComment',
        input: ({ context }) => ({
          store: context.order.storeCode,
          comment: { order_id: context.order.orderId, comment: paymentNotCreatedComment(context.error ?? 'Unknown error'), status: 'canceled' as const },
        }),
        onDone: 'failed',
        // Comment calls that throw are only logged (spec 2 §8).
        onError: { actions: { type: 'log', params: ({ event }) => ({ message: 'Payment comment not recorded', error: event.error }) }, target: 'failed' },
      },
    },

    failed: {
      entry: [assign({ outcome: 'failed' }), 'thankYouPageOff', { type: 'navigateAway', params: ({ context }) => ({ url: context.fallbackUrl }) }],
      type: 'final',
    },
  },
  output: ({ context }) => ({ outcome: context.outcome ?? 'failed', gatewayUrl: context.gatewayUrl, error: context.error }),
});
