import type { PaymentServiceIssuer, PaymentServiceMethod, PostPaymentBody } from '@shop/shared/payments/index';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { NO_ISSUERS, NO_PAYMENT_METHODS, paymentFlowMachine, type CreatePaymentAnswer, type FailureComment, type PlacedOrderForPayment } from './payment-flow.machine.ts';
import { asksForIssuers, isLoadedServiceMethod, providerMethodId } from './payment-method.ts';

const ORDER: PlacedOrderForPayment = {
  orderId: 'order-abc',
  incrementId: '000000042',
  storeCode: 'en',
  currency: 'EUR',
  amount: 1250,
  method: 'multisafepay_creditcard',
  description: 'Order 000000042',
};

const METHODS: PaymentServiceMethod[] = [
  { id: 'ideal', description: 'iDEAL' },
  { id: 'creditcard', description: 'Credit card' },
];

const PAID: CreatePaymentAnswer = {
  code: 200,
  result: { order_id: 'order-abc', order_incremental_id: '000000042', amount: '1250.00', currency: 'EUR', payment_gateway_url: 'http://shop.test/sandbox-pay/sbx_1' },
};

interface Fakes {
  methods?: () => Promise<PaymentServiceMethod[]>;
  issuers?: () => Promise<PaymentServiceIssuer[]>;
  pick?: (issuers: PaymentServiceIssuer[]) => Promise<string | null>;
  create?: (body: PostPaymentBody) => Promise<CreatePaymentAnswer>;
  comment?: (comment: FailureComment) => Promise<void>;
}

/** A fake call is under way once the step that started it has run its entry actions. */
const settled = () => Promise.resolve();

/** Runs the flow with fake actors and records every effect in order. */
async function run(order: PlacedOrderForPayment, fakes: Fakes = {}) {
  const effects: string[] = [];
  const created: PostPaymentBody[] = [];
  const comments: FailureComment[] = [];
  const machine = paymentFlowMachine.provide({
    actors: {
      loadMethods: fromPromise(async ({ input }) => {
        await settled();
        effects.push(`methods:${input.store}`);
        return (fakes.methods ?? (async () => METHODS))();
      }),
      loadIssuers: fromPromise(async ({ input }) => {
        await settled();
        effects.push(`issuers:${input.method}`);
        return (fakes.issuers ?? (async () => []))();
      }),
      pickIssuer: fromPromise(async ({ input }) => {
        await settled();
        effects.push('pick');
        return (fakes.pick ?? (async () => null))(input.issuers);
      }),
      createPayment: fromPromise(async ({ input }) => {
        await settled();
        effects.push(`create:${input.store}`);
        created.push(input.body);
        return (fakes.create ?? (async () => PAID))(input.body);
      }),
      recordComment: fromPromise(async ({ input }) => {
        await settled();
        effects.push('comment');
        comments.push(input.comment);
        await (fakes.comment ?? (async () => {}))(input.comment);
      }),
    },
    actions: {
      showProgress: () => void effects.push('progress:on'),
      hideProgress: () => void effects.push('progress:off'),
      showError: (_, { message }) => void effects.push(`error:${message}`),
      log: (_, { message }) => void effects.push(`log:${message}`),
      thankYouPageOff: () => void effects.push('thank-you:off'),
      redirectToGateway: (_, { url }) => void effects.push(`gateway:${url}`),
      navigateAway: (_, { url }) => void effects.push(`navigate:${url}`),
    },
  });
  const actor = createActor(machine, { input: { order, redirectUrl: 'http://shop.test/en/order-status', fallbackUrl: '/en' } });
  actor.start();
  const snapshot = await waitFor(actor, (state) => state.status === 'done');
  return { effects, created, comments, output: snapshot.output! };
}

describe('payment flow (spec 2 §4): success', () => {
  it("shows 'Creating payment request...', creates the payment and goes to the gateway; the server's answer is the pending_payment comment", async () => {
    const { effects, created, comments, output } = await run(ORDER);
    expect(effects).toEqual(['progress:on', 'methods:en', 'progress:on', 'create:en', 'gateway:http://shop.test/sandbox-pay/sbx_1']);
    expect(created).toEqual([
      { order_id: 'order-abc', currency: 'EUR', description: 'Order 000000042', redirectUrl: 'http://shop.test/en/order-status', method: 'multisafepay_creditcard', amount: 1250 },
    ]);
    // No client comment on success: the server records 'Payment is created for amount ...' once, inside post-payment.
    expect(comments).toEqual([]);
    expect(output).toEqual({ outcome: 'redirected', gatewayUrl: 'http://shop.test/sandbox-pay/sbx_1', error: null });
  });
});

describe('payment flow: creation fails', () => {
  const expectFailurePath = (effects: string[], message: string) =>
    expect(effects.slice(effects.indexOf('progress:off'))).toEqual(['progress:off', `error:${message}`, 'comment', 'thank-you:off', 'navigate:/en']);

  it('an exception: progress stops, the error is shown, the canceled comment is recorded, the thank-you page goes off, then Home', async () => {
    const { effects, comments, output } = await run(ORDER, {
      create: async () => {
        throw new Error('The payment method creditcard is not available');
      },
    });
    expectFailurePath(effects, 'The payment method creditcard is not available');
    expect(comments).toEqual([{ order_id: 'order-abc', comment: 'Payment could not be created: The payment method creditcard is not available', status: 'canceled' }]);
    expect(output).toMatchObject({ outcome: 'failed', error: 'The payment method creditcard is not available' });
  });

  it('an answer with a code other than 200 is a failure with its message', async () => {
    const { effects, comments, output } = await run(ORDER, { create: async () => ({ code: 503, result: { message: 'Provider down' } }) });
    expectFailurePath(effects, 'Provider down');
    expect(comments[0]?.comment).toBe('Payment could not be created: Provider down');
    expect(output.outcome).toBe('failed');
  });

  it('a 200 without a gateway address is a failure too', async () => {
    const { effects, output } = await run(ORDER, { create: async () => ({ code: 200, result: null }) });
    expectFailurePath(effects, 'code 200');
    expect(output.outcome).toBe('failed');
  });

  it('a comment call that throws is only logged; the shopper still goes to the error url or Home', async () => {
    const { effects, output } = await run(ORDER, {
      create: async () => {
        throw new Error('timeout');
      },
      comment: async () => {
        throw new Error('offline');
      },
    });
    expect(effects.slice(-4)).toEqual(['comment', 'log:Payment comment not recorded', 'thank-you:off', 'navigate:/en']);
    expect(output.outcome).toBe('failed');
  });

  it('the payment methods cannot be loaded: the payment cannot be made, so the failure path runs', async () => {
    const { effects, created, output } = await run(ORDER, {
      methods: async () => {
        throw new Error('Failed to fetch');
      },
    });
    expect(created).toEqual([]);
    expectFailurePath(effects, 'Failed to fetch');
    expect(output.outcome).toBe('failed');
  });
});

describe('payment flow: active only for a loaded payment-service method', () => {
  it('a method the payment service did not list ends the flow at once and touches nothing', async () => {
    const { effects, created, comments, output } = await run({ ...ORDER, method: 'multisafepay_paypal' });
    expect(effects).toEqual(['progress:on', 'methods:en', 'progress:off']);
    expect(created).toEqual([]);
    expect(comments).toEqual([]);
    expect(output.outcome).toBe('inactive');
  });

  it("an empty method list is logged ('No payment methods configured') and the flow is inactive", async () => {
    const { effects, output } = await run(ORDER, { methods: async () => [] });
    expect(effects).toContain(`log:${NO_PAYMENT_METHODS}`);
    expect(output.outcome).toBe('inactive');
  });

  it('matches checkout codes to provider ids', () => {
    expect(providerMethodId('multisafepay_ideal')).toBe('ideal');
    expect(providerMethodId('MOLLIE_CreditCard')).toBe('creditcard');
    expect(isLoadedServiceMethod('multisafepay_ideal', METHODS)).toBe(true);
    expect(isLoadedServiceMethod('banktransfer', METHODS)).toBe(false);
    expect(asksForIssuers('multisafepay_ideal')).toBe(true);
    expect(asksForIssuers('multisafepay_creditcard')).toBe(false);
  });
});

describe('payment flow: iDEAL issuers', () => {
  const IDEAL = { ...ORDER, method: 'multisafepay_ideal' };

  it("an empty issuer list is an error the shopper sees: logged ('No issuers'), shown, and no payment without a bank", async () => {
    const { effects, created, comments, output } = await run(IDEAL);
    expect(effects).toEqual(['progress:on', 'methods:en', 'issuers:multisafepay_ideal', `log:${NO_ISSUERS}`, 'progress:off', `error:${NO_ISSUERS}`, 'comment', 'thank-you:off', 'navigate:/en']);
    expect(created).toEqual([]);
    expect(comments).toEqual([{ order_id: 'order-abc', comment: `Payment could not be created: ${NO_ISSUERS}`, status: 'canceled' }]);
    expect(output).toMatchObject({ outcome: 'failed', error: NO_ISSUERS });
  });

  it('a provider that lists issuers lets the shopper choose, and the payment carries the issuer', async () => {
    const banks = [{ code: 'ABNANL2A', description: 'ABN AMRO' }];
    const { effects, created } = await run(IDEAL, { issuers: async () => banks, pick: async (issuers) => issuers[0]!.code });
    expect(effects).toContain('pick');
    expect(created[0]?.issuer).toBe('ABNANL2A');
  });

  it('declining the issuer choice fails the payment (it cannot be made without one)', async () => {
    const { effects, created, comments } = await run(IDEAL, { issuers: async () => [{ code: 'X', description: 'Bank X' }], pick: async () => null });
    expect(created).toEqual([]);
    expect(effects).toContain('error:No issuer chosen');
    expect(comments[0]?.comment).toBe('Payment could not be created: No issuer chosen');
  });

  it('an issuer given by the checkout is used without asking; other methods never ask', async () => {
    const given = await run({ ...IDEAL, issuer: 'INGBNL2A' });
    expect(given.effects).not.toContain('issuers:multisafepay_ideal');
    expect(given.created[0]?.issuer).toBe('INGBNL2A');
    const card = await run(ORDER);
    expect(card.effects.some((effect) => effect.startsWith('issuers:'))).toBe(false);
  });

  it('an issuer call that throws is only logged; the creation call decides', async () => {
    const { effects, output } = await run(IDEAL, {
      issuers: async () => {
        throw new Error('boom');
      },
    });
    expect(effects).toContain(`log:${NO_ISSUERS}`);
    expect(effects).toContain('create:en');
    expect(output.outcome).toBe('redirected');
  });
});
