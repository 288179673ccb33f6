import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { AccountNotice } from './checkout-account.tsx';
import { checkoutMachine, type CheckoutResume, type PaymentOutcome, type PlacedOrderSummary, type WatchedOrder } from './checkout.machine.ts';

const personal = { firstName: 'Anna', lastName: 'Jansen', emailAddress: 'anna@example.com', phoneNumber: '0612345678' };
const address = { firstName: 'Anna', lastName: 'Jansen', country: 'NL', streetAddress: 'Kalverstraat', apartmentNumber: '1', city: 'Amsterdam', zipCode: '1012 NX', phoneNumber: '0612345678' };
const placed: WatchedOrder = { transmited: true, resultCode: 200, increment_id: '000000007', customer_email: 'anna@example.com', result: { payment_required: false } };

function start(options: { queued?: boolean; placeFails?: boolean; answers?: WatchedOrder[]; payment?: PaymentOutcome | 'throws' | 'hangs'; account?: AccountNotice } = {}) {
  const calls = { place: 0, after: [] as Array<{ orderId: string; queued: boolean }>, payments: [] as PlacedOrderSummary[], methods: [] as Array<string | null> };
  let emit: ((order: WatchedOrder) => void) | null = null;
  const machine = checkoutMachine.provide({
    actors: {
      placeOrder: fromPromise(async () => {
        calls.place += 1;
        if (options.placeFails) throw new Error('cart.empty');
        return { orderId: 'order-1', queued: options.queued ?? false };
      }),
      watchOrder: fromCallback(({ sendBack }) => {
        emit = (order) => sendBack({ type: 'order.updated', order });
        for (const answer of options.answers ?? []) sendBack({ type: 'order.updated', order: answer });
        return () => void (emit = null);
      }),
      afterOrder: fromPromise<AccountNotice | null, { orderId: string; queued: boolean }>(async ({ input }) => {
        calls.after.push(input);
        return input.queued ? null : (options.account ?? null);
      }),
      startPayment: fromPromise(async ({ input }: { input: { order: PlacedOrderSummary; method: string | null } }): Promise<PaymentOutcome> => {
        calls.payments.push(input.order);
        calls.methods.push(input.method);
        const outcome = options.payment ?? 'hangs';
        if (outcome === 'throws') throw new Error('the payment module could not be loaded');
        if (outcome === 'hangs') return new Promise<PaymentOutcome>(() => {});
        return outcome;
      }),
    },
  });
  const actor = createActor(machine, { input: { countries: ['NL', 'DE', 'IT', 'US'] } });
  actor.start();
  return { actor, calls, emit: (order: WatchedOrder) => emit?.(order) };
}

function toSummary(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'cart.loaded', empty: false });
  actor.send({ type: 'personal.submit', values: personal });
  actor.send({ type: 'shipping.submit', values: { ...address, shippingMethod: 'flatrate_flatrate' } });
  actor.send({ type: 'payment.submit', values: { paymentMethod: 'banktransfer' }, sameAsShipping: true });
}

describe('checkout steps', () => {
  it('an empty cart stops the entry; a filled one opens Personal Details', () => {
    const { actor } = start();
    actor.send({ type: 'cart.loaded', empty: true });
    expect(actor.getSnapshot().value).toBe('emptyCart');
    actor.send({ type: 'cart.loaded', empty: false });
    expect(actor.getSnapshot().value).toEqual({ editing: 'personalDetails' });
  });

  it('a step with a broken field rule stays, with the spec messages keyed by field', () => {
    const { actor } = start();
    actor.send({ type: 'cart.loaded', empty: false });
    actor.send({ type: 'personal.submit', values: { ...personal, firstName: 'A', emailAddress: 'anna@', phoneNumber: '' } });
    expect(actor.getSnapshot().value).toEqual({ editing: 'personalDetails' });
    expect(actor.getSnapshot().context.problems).toEqual({ firstName: 'nameMinLength', emailAddress: 'emailInvalid', phoneNumber: 'phoneRequired' });
    actor.send({ type: 'personal.submit', values: { ...personal, createAccount: true, password: 'short' } });
    expect(actor.getSnapshot().context.problems).toEqual({ password: 'passwordMinLength' });
    actor.send({ type: 'personal.submit', values: personal });
    expect(actor.getSnapshot().value).toEqual({ editing: 'shipping' });
    actor.send({ type: 'shipping.submit', values: { ...address, zipCode: '12', country: 'PL', shippingMethod: '' } });
    expect(actor.getSnapshot().context.problems).toEqual({ zipCode: 'zipMinLength', country: 'countryNotShipped', shippingMethod: 'methodRequired' });
    actor.send({ type: 'step.back' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'personalDetails' });
  });

  it('payment checks the billing address only when it differs, and the tax id', () => {
    const { actor } = start();
    actor.send({ type: 'cart.loaded', empty: false });
    actor.send({ type: 'personal.submit', values: personal });
    actor.send({ type: 'shipping.submit', values: { ...address, shippingMethod: 'flatrate_flatrate' } });
    actor.send({ type: 'payment.submit', values: { paymentMethod: 'banktransfer', taxId: 'ab' }, sameAsShipping: true });
    expect(actor.getSnapshot().context.problems).toEqual({ taxId: 'taxIdMinLength' });
    actor.send({ type: 'payment.submit', values: { paymentMethod: 'banktransfer' }, sameAsShipping: false });
    expect(actor.getSnapshot().context.problems).toMatchObject({ firstName: 'required', city: 'required' });
    actor.send({ type: 'payment.submit', values: { ...address, paymentMethod: 'banktransfer' }, sameAsShipping: false });
    expect(actor.getSnapshot().value).toEqual({ editing: 'summary' });
  });
});

describe('placing', () => {
  it('needs the terms accepted: You must accept the terms and conditions', () => {
    const { actor, calls } = start();
    toSummary(actor);
    actor.send({ type: 'order.place', termsAccepted: false });
    expect(actor.getSnapshot().context.problems).toEqual({ terms: 'termsRequired' });
    expect(calls.place).toBe(0);
  });

  it('places once however often it is clicked, waits for the answer, then confirms', async () => {
    const { actor, calls, emit } = start();
    toSummary(actor);
    actor.send({ type: 'order.place', termsAccepted: true });
    actor.send({ type: 'order.place', termsAccepted: true });
    await waitFor(actor, (s) => s.matches('awaitingResult'));
    actor.send({ type: 'order.place', termsAccepted: true });
    expect(calls.place).toBe(1);
    emit({ ...placed, transmited: false, resultCode: undefined });
    expect(actor.getSnapshot().value).toBe('awaitingResult');
    emit(placed);
    await waitFor(actor, (s) => s.matches({ confirmation: 'placed' }));
    expect(calls.after).toEqual([{ orderId: 'order-1', queued: false }]);
    expect(actor.getSnapshot().context.order).toEqual({ orderId: 'order-1', incrementId: '000000007', email: 'anna@example.com', paymentRequired: false });
  });

  it('a refused order goes back to the summary with the spec 2 §8 message of its result', async () => {
    const refusal: WatchedOrder = {
      transmited: true,
      resultCode: 400,
      customer_email: 'anna@example.com',
      result: { key: 'orders.messages.invalidAddress', message: 'Address provided in checkout contains invalid data, order cancelled, contact shop@example.com', email: 'shop@example.com' },
    };
    const { actor, calls } = start({ answers: [refusal] });
    toSummary(actor);
    actor.send({ type: 'order.place', termsAccepted: true });
    await waitFor(actor, (s) => s.matches({ editing: 'summary' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ key: 'orders.messages.invalidAddress', message: refusal.result && (refusal.result as { message: string }).message, email: 'shop@example.com' });
    expect(calls.after).toEqual([]);
  });

  it('a server failure (500) shows that the order has been queued', async () => {
    const { actor } = start({ answers: [{ transmited: true, resultCode: 500, customer_email: 'a@b.nl', result: { key: 'orders.messages.placingError' } }] });
    toSummary(actor);
    actor.send({ type: 'order.place', termsAccepted: true });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ key: 'orders.messages.serverErrorQueued' });
  });

  it('an account that could not be made with the order: the order is confirmed as placed, with the notice of why', async () => {
    const account: AccountNotice = { email: 'anna@example.com', problem: { reason: 'wait', seconds: 900 } };
    const { actor, calls, emit } = start({ account });
    toSummary(actor);
    actor.send({ type: 'order.place', termsAccepted: true });
    await waitFor(actor, (snapshot) => snapshot.matches('awaitingResult'));
    emit(placed);
    await waitFor(actor, (snapshot) => snapshot.matches({ confirmation: 'placed' }));
    expect(calls.after).toEqual([{ orderId: 'order-1', queued: false }]);
    expect(actor.getSnapshot().context.account).toEqual(account);
    expect(actor.getSnapshot().context.order?.incrementId).toBe('000000007');
  });

  it('an order needing an online payment is handed to the payment flow instead of the confirmation', async () => {
    const { actor, calls } = start({ answers: [{ ...placed, result: { payment_required: true } }] });
    toSummary(actor);
    actor.send({ type: 'order.place', termsAccepted: true });
    await waitFor(actor, (s) => s.matches('paying'));
    expect(calls.payments).toEqual([{ orderId: 'order-1', incrementId: '000000007', email: 'anna@example.com', paymentRequired: true }]);
    expect(calls.after).toHaveLength(1);
  });

  it('offline: queued, the cart handled as placed, a waiting confirmation that becomes the placed one', async () => {
    const { actor, calls, emit } = start({ queued: true });
    toSummary(actor);
    actor.send({ type: 'order.place', termsAccepted: true });
    await waitFor(actor, (s) => s.matches({ confirmation: 'queued' }));
    expect(calls.after).toEqual([{ orderId: 'order-1', queued: true }]);
    emit(placed);
    await waitFor(actor, (s) => s.matches({ confirmation: 'placed' }));
    expect(calls.after).toEqual([
      { orderId: 'order-1', queued: true },
      { orderId: 'order-1', queued: false },
    ]);
  });

  it('a queued order refused later shows the failure; a placing error returns to the summary', async () => {
    const { actor, emit } = start({ queued: true });
    toSummary(actor);
    actor.send({ type: 'order.place', termsAccepted: true });
    await waitFor(actor, (s) => s.matches({ confirmation: 'queued' }));
    emit({ transmited: true, resultCode: 409, customer_email: 'a@b.nl', result: { key: 'orders.messages.notAvailable' } });
    expect(actor.getSnapshot().value).toEqual({ confirmation: 'failed' });
    expect(actor.getSnapshot().context.error?.key).toBe('orders.messages.notAvailable');

    const failing = start({ placeFails: true });
    toSummary(failing.actor);
    failing.actor.send({ type: 'order.place', termsAccepted: true });
    await waitFor(failing.actor, (s) => s.context.error !== null);
    expect(failing.actor.getSnapshot().value).toEqual({ editing: 'summary' });
    expect(failing.actor.getSnapshot().context.error).toEqual({ key: 'checkout.emptyCart' });
  });

  it('another tab placing this checkout shows its confirmation here', () => {
    const { actor } = start();
    toSummary(actor);
    actor.send({ type: 'order.placedElsewhere', order: { orderId: 'order-1', incrementId: '000000008', email: 'anna@example.com', paymentRequired: false } });
    expect(actor.getSnapshot().value).toEqual({ confirmation: 'placed' });
    expect(actor.getSnapshot().context.order?.incrementId).toBe('000000008');
  });
});

describe('every end of the payment flow leads somewhere', () => {
  const paymentAnswer: WatchedOrder = { ...placed, result: { payment_required: true, order_token: 'tok-1', hash: 'hash-1' } };

  async function toPayment(payment: PaymentOutcome | 'throws') {
    const started = start({ answers: [paymentAnswer], payment });
    toSummary(started.actor);
    started.actor.send({ type: 'order.place', termsAccepted: true });
    return started;
  }

  it('redirected: the browser leaves for the provider; coming back from the browser cache shows the unpaid order', async () => {
    const { actor } = await toPayment('redirected');
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(actor.getSnapshot().context.order).toMatchObject({ orderId: 'order-1', token: 'tok-1', hash: 'hash-1' });
    actor.send({ type: 'page.restored' });
    expect(actor.getSnapshot().value).toBe('unpaid');
  });

  it('failed: the order is shown unpaid (the flow showed why), to pay again or take back', async () => {
    const { actor } = await toPayment('failed');
    await waitFor(actor, (s) => s.matches('unpaid'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('inactive (Riverty with a provider that does not take it): unpaid with a clear error, never stuck on "Placing your order…"', async () => {
    const { actor } = await toPayment('inactive');
    await waitFor(actor, (s) => s.matches('unpaid'));
    expect(actor.getSnapshot().context.error).toEqual({ key: 'checkout.paymentUnavailable' });
  });

  it('the payment module failing: unpaid with the error', async () => {
    const { actor } = await toPayment('throws');
    await waitFor(actor, (s) => s.matches('unpaid'));
    expect(actor.getSnapshot().context.error).toEqual({ key: 'checkout.paymentFailed' });
  });

  it('paying again: the same order with the chosen method; the items taken back open the checkout with them', async () => {
    const { actor, calls } = await toPayment('failed');
    await waitFor(actor, (s) => s.matches('unpaid'));
    actor.send({ type: 'payment.retry', method: 'multisafepay_creditcard' });
    await waitFor(actor, (s) => s.matches('unpaid') && calls.payments.length === 2);
    expect(calls.payments.map((order) => order.orderId)).toEqual(['order-1', 'order-1']);
    expect(calls.methods).toEqual([null, 'multisafepay_creditcard']);
    // The cart back puts the lines into the cart: the checkout opens with them.
    actor.send({ type: 'cart.loaded', empty: true });
    expect(actor.getSnapshot().value).toBe('unpaid');
    actor.send({ type: 'cart.loaded', empty: false });
    expect(actor.getSnapshot().value).toEqual({ editing: 'personalDetails' });
    expect(actor.getSnapshot().context.order).toBeNull();
  });
});

describe('coming back to the checkout with an empty cart', () => {
  it('an order made offline and not yet answered: its waiting screen after a reload, not the empty-cart error', async () => {
    const { actor, emit } = start();
    actor.send({ type: 'cart.loaded', empty: true, resume: { kind: 'queued', orderId: 'order-9' } });
    expect(actor.getSnapshot().value).toEqual({ confirmation: 'queued' });
    expect(actor.getSnapshot().context.orderId).toBe('order-9');
    emit(placed);
    await waitFor(actor, (s) => s.matches({ confirmation: 'placed' }));
  });

  it('an order waiting for its payment (Back from the provider): the unpaid order; a cart with lines still opens the steps', () => {
    const resume: CheckoutResume = { kind: 'unpaid', order: { orderId: 'order-7', incrementId: '000000007', email: 'anna@example.com', paymentRequired: true, token: 't', hash: 'h' } };
    const back = start();
    back.actor.send({ type: 'cart.loaded', empty: true, resume });
    expect(back.actor.getSnapshot().value).toBe('unpaid');
    expect(back.actor.getSnapshot().context.order?.incrementId).toBe('000000007');
    const filled = start();
    filled.actor.send({ type: 'cart.loaded', empty: false, resume });
    expect(filled.actor.getSnapshot().value).toEqual({ editing: 'personalDetails' });
  });
});
