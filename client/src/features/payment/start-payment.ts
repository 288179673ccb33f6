/**
 * The door the checkout opens once an order with a payment-service method is placed (checkout contract of issue 6):
 * `startPayment(order)` runs the payment flow machine (payment-flow.machine.ts) with the real calls, the shop's
 * notification, progress panel and navigation, registers the running flow with the developer tools, and resolves
 * with how it ended: 'redirected' (the browser is leaving for the provider), 'failed' (the shopper is on the error
 * url or Home with the notice shown) or 'inactive' (not a loaded payment-service method: nothing was done).
 */
import i18next from 'i18next';
import { createActor, fromPromise } from 'xstate';
import { notify } from '../../ui/notifications.tsx';
import { exposeToDevtools } from '../devtools/devtools-registry.ts';
import { navigateInApp } from './app-navigation.ts';
import { loadIssuers, loadServiceMethods, postOrderComment, postPayment } from './payment-api.ts';
import { PAYMENT_CONFIG } from './payment-config.ts';
import { NO_ISSUERS, paymentFlowMachine, type PaymentFlowOutcome, type PlacedOrderForPayment } from './payment-flow.machine.ts';
import { hidePaymentProgress, showPaymentProgress } from './payment-progress.ts';
import { loadPaymentTexts, PAYMENT_NS } from './payment-texts.ts';
import { inspectActor } from '../devtools/inspection.ts';

export type { PaymentFlowOutcome, PlacedOrderForPayment } from './payment-flow.machine.ts';

/**
 * Sent on `window` when a failed payment turns the thank-you page off (spec 2 §4); `detail.orderId` names the order.
 * The checkout's thank-you page listens (or passes `onThankYouPageOff`).
 */
export const THANK_YOU_PAGE_OFF_EVENT = 'shop:payment-thank-you-off';

export interface StartPaymentOptions {
  /** In-app navigation (the router's navigate); by default a push the router follows (app-navigation.ts). */
  navigate?: (href: string) => void;
  onThankYouPageOff?: () => void;
  /**
   * Where a payment that could not be made sends the shopper (spec 2 §4 'the configured error url'): the checkout and
   * the order-status page pass their own address, where the order can be paid again or taken back into the cart.
   */
  errorUrl?: string;
}

/** The flow's own reasons, in the shopper's words; a provider's message is shown as it came. */
const FLOW_MESSAGES: Readonly<Record<string, string>> = { [NO_ISSUERS]: 'flow.noIssuers', 'No issuer chosen': 'flow.noIssuerChosen' };

/** origin + /<store>/order-status; the provider appends /<order_token>?hash=... */
export function orderStatusBase(origin: string, storeCode: string): string {
  return `${origin}/${encodeURIComponent(storeCode)}/order-status`;
}

export async function startPayment(order: PlacedOrderForPayment, options: StartPaymentOptions = {}): Promise<PaymentFlowOutcome> {
  if (!PAYMENT_CONFIG.enabled) return 'inactive';
  await loadPaymentTexts();
  const t = (key: string, values: Record<string, string> = {}) => i18next.t(key, { ns: PAYMENT_NS, ...values });
  const navigate = options.navigate ?? navigateInApp;
  const proof = { orderToken: order.orderToken, statusHash: order.statusHash };

  const machine = paymentFlowMachine.provide({
    actors: {
      loadMethods: fromPromise(({ input }) => loadServiceMethods(input.store)),
      loadIssuers: fromPromise(({ input }) => loadIssuers(input.store, input.method)),
      pickIssuer: fromPromise(async ({ input }) => (await import('./issuer-picker.tsx')).pickIssuer(input.issuers)),
      createPayment: fromPromise(({ input }) => postPayment(input.store, input.body, proof)),
      recordComment: fromPromise(({ input }) =>
        postOrderComment(input.store, {
          order_id: input.comment.order_id,
          order_comment: {
            statusHistory: { comment: input.comment.comment, created_at: new Date().toISOString(), is_customer_notified: false, is_visible_on_front: false, status: input.comment.status },
          },
        }, proof),
      ),
    },
    actions: {
      showProgress: () => showPaymentProgress(t('payments.messages.creatingRequest')),
      hideProgress: () => hidePaymentProgress(),
      showError: (_, { message }) =>
        notify({
          type: 'error',
          message: t('payments.messages.notCreated', { message: FLOW_MESSAGES[message] ? t(FLOW_MESSAGES[message]) : message }),
          action1: { label: t('flow.ok') },
          hasNoTimeout: true,
        }),
      log: (_, { message, error }) => console.error(`[payment] ${message}`, ...(error === undefined ? [] : [error])),
      thankYouPageOff: ({ context }) => {
        options.onThankYouPageOff?.();
        window.dispatchEvent(new CustomEvent(THANK_YOU_PAGE_OFF_EVENT, { detail: { orderId: context.order.orderId } }));
      },
      redirectToGateway: (_, { url }) => window.location.assign(url),
      navigateAway: (_, { url }) => navigate(url),
    },
  });

  const actor = createActor(machine, {
    input: {
      order,
      redirectUrl: orderStatusBase(window.location.origin, order.storeCode),
      fallbackUrl: options.errorUrl ?? PAYMENT_CONFIG.errorUrl ?? `/${order.storeCode}`,
    },
    inspect: inspectActor,
  });
  exposeToDevtools('paymentFlow', actor);
  const done = new Promise<PaymentFlowOutcome>((resolve) => {
    actor.subscribe({
      complete: () => resolve(actor.getSnapshot().output?.outcome ?? 'failed'),
      error: (error) => {
        hidePaymentProgress();
        console.error('[payment] the payment flow stopped', error);
        resolve('failed');
      },
    });
  });
  actor.start();
  return done;
}
