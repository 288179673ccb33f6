import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { checkoutMachine, type PlacedOrderSummary, type WatchedOrder } from './checkout.machine.ts';

const personal = { firstName: 'Anna', lastName: 'Jansen', emailAddress: 'anna@example.com', phoneNumber: '0612345678' };
const address = { firstName: 'Anna', lastName: 'Jansen', country: 'NL', streetAddress: 'Kalverstraat', apartmentNumber: '1', city: 'Amsterdam', zipCode: '1012 NX', phoneNumber: '0612345678' };
const placed: WatchedOrder = { transmited: true, resultCode: 200, increment_id: '000000007', customer_email: 'anna@example.com', result: { payment_required: false } };

function start(options: { queued?: boolean; placeFails?: boolean; answers?: WatchedOrder[] } = {}) {
  const calls = { place: 0, after: [] as Array<{ orderId: string; queued: boolean }>, payments: [] as PlacedOrderSummary[] };
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
      afterOrder: fromPromise<void, { orderId: string; queued: boolean }>(async ({ input }) => {
        calls.after.push(input);
      }),
      startPayment: fromPromise(async ({ input }: { input: { order: PlacedOrderSummary } }) => {
        calls.payments.push(input.order);
        await new Promise(() => {});
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
    actor.send({ type: 'shipping.submit', values: { ...address, zipCode: '12', country: 'FR', shippingMethod: '' } });
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
