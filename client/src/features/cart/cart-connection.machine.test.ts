import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../app/api.ts';
import { cartConnectionMachine, type CartConnectionEvent, type CartConnectionInput, type SyncCommand, type TokenRequest } from './cart-connection.machine.ts';

/** Fake I/O for every actor and action the machine is given; each records what it was asked. */
function harness(options: { tokens?: Array<string | Error>; input?: Partial<CartConnectionInput>; deleteCoupon?: () => Promise<void>; applyCoupon?: () => Promise<void>; clearCart?: () => Promise<void> } = {}) {
  const tokens = [...(options.tokens ?? ['token-1'])];
  const log = {
    tokenRequests: [] as TokenRequest[],
    stored: [] as string[],
    dropped: 0,
    syncs: [] as string[],
    stoppedSyncs: [] as string[],
    resyncs: 0,
    couponCalls: [] as string[],
    clears: [] as boolean[],
  };
  let sendFromSync: ((event: CartConnectionEvent) => void) | null = null;
  const machine = cartConnectionMachine.provide({
    actors: {
      requestToken: fromPromise<string, TokenRequest>(async ({ input }) => {
        log.tokenRequests.push(input);
        const next = tokens.shift() ?? new ApiError(500, 'internal', 'no more tokens in this test');
        if (next instanceof Error) throw next;
        return next;
      }),
      sync: fromCallback<SyncCommand, { token: string }>(({ input, receive, sendBack }) => {
        log.syncs.push(input.token);
        sendFromSync = sendBack as (event: CartConnectionEvent) => void;
        receive(() => (log.resyncs += 1));
        return () => log.stoppedSyncs.push(input.token);
      }),
      deleteCoupon: fromPromise<void, { token: string }>(async ({ input }) => {
        log.couponCalls.push(`delete:${input.token}`);
        await options.deleteCoupon?.();
      }),
      applyCoupon: fromPromise<void, { token: string; code: string }>(async ({ input }) => {
        log.couponCalls.push(`apply:${input.code}:${input.token}`);
        await options.applyCoupon?.();
      }),
      clearCart: fromPromise<void, { sync: boolean }>(async ({ input }) => {
        log.clears.push(input.sync);
        await options.clearCart?.();
      }),
    },
    actions: {
      storeToken: (_, params) => void log.stored.push(params.token),
      dropToken: () => void (log.dropped += 1),
    },
    delays: { retryDelay: 10 },
  });
  const actor = createActor(machine, { input: { token: null, maxBypass: 2, ...options.input } });
  actor.start();
  return { actor, log, fromSync: (event: CartConnectionEvent) => sendFromSync?.(event) };
}

const stateOf = (actor: ReturnType<typeof harness>['actor']) => actor.getSnapshot().value;

describe('cart connection', () => {
  it('starts connected with a stored token and syncs it, without asking for a new one', () => {
    const { actor, log } = harness({ input: { token: 'stored' } });
    expect(stateOf(actor)).toEqual({ connected: 'syncing' });
    expect(log.syncs).toEqual(['stored']);
    expect(log.tokenRequests).toEqual([]);
  });

  it('waits without a token until the cart needs a server cart, then stores the 200 answer and syncs', async () => {
    const { actor, log } = harness();
    expect(stateOf(actor)).toBe('disconnected');
    actor.send({ type: 'cart.connect' });
    await waitFor(actor, (s) => s.matches('connected'));
    expect(log.tokenRequests).toEqual([{ guest: true, purchaserId: null, replace: null }]);
    expect(log.stored).toEqual(['token-1']);
    expect(log.syncs).toEqual(['token-1']);
    expect(actor.getSnapshot().context.token).toBe('token-1');
  });

  it('retries a 401 as a guest cart up to the maximum bypass count', async () => {
    const unauthorized = () => new ApiError(401, 'unauthorized', 'The customer token is not valid');
    const { actor, log } = harness({ tokens: [unauthorized(), unauthorized(), 'guest-token'] });
    actor.send({ type: 'cart.connect' });
    await waitFor(actor, (s) => s.matches('connected'));
    expect(log.tokenRequests).toHaveLength(3);
    expect(log.tokenRequests.every((request) => request.guest)).toBe(true);
    expect(actor.getSnapshot().context.bypassCount).toBe(2);
    expect(log.stored).toEqual(['guest-token']);
  });

  it('treats sync as disabled once the bypass count is used up', async () => {
    const unauthorized = () => new ApiError(401, 'unauthorized', 'no');
    const { actor, log } = harness({ tokens: [unauthorized(), unauthorized(), unauthorized(), 'never'] });
    actor.send({ type: 'cart.connect' });
    await waitFor(actor, (s) => s.matches('syncDisabled'));
    expect(log.tokenRequests).toHaveLength(3);
    expect(log.syncs).toEqual([]);
    // Adding more does not ask again: the cart stays on this device.
    actor.send({ type: 'cart.connect' });
    expect(stateOf(actor)).toBe('syncDisabled');
  });

  it('disables sync on any other failure of the token request', async () => {
    const { actor, log } = harness({ tokens: [new ApiError(500, 'internal', 'Internal Server Error')] });
    actor.send({ type: 'cart.connect' });
    await waitFor(actor, (s) => s.matches('syncDisabled'));
    expect(log.tokenRequests).toHaveLength(1);
    expect(actor.getSnapshot().context.error).toBe('Internal Server Error');
  });

  it('waits for the network when the request could not be sent, and asks again when back online', async () => {
    const { actor, log } = harness({ tokens: [new ApiError(0, 'network', 'Failed to fetch'), 'token-2'] });
    actor.send({ type: 'cart.connect' });
    await waitFor(actor, (s) => s.matches('waitingForNetwork'));
    actor.send({ type: 'network.online' });
    await waitFor(actor, (s) => s.matches('connected'));
    expect(log.tokenRequests).toHaveLength(2);
    expect(log.stored).toEqual(['token-2']);
  });

  it('asks again after the retry delay even without an online event', async () => {
    const { actor } = harness({ tokens: [new ApiError(0, 'network', 'Failed to fetch'), 'token-2'] });
    actor.send({ type: 'cart.connect' });
    await waitFor(actor, (s) => s.matches('connected'));
    expect(actor.getSnapshot().context.token).toBe('token-2');
  });

  it('re-syncs when another tab changed the cart, when the poll saw a newer server cart, and on online', () => {
    const { actor, log } = harness({ input: { token: 'stored' } });
    actor.send({ type: 'cart.changedInOtherTab' });
    actor.send({ type: 'cart.serverChanged' });
    actor.send({ type: 'network.online' });
    expect(log.resyncs).toBe(3);
  });

  it('follows a token another tab stored, and disconnects when another tab dropped it', () => {
    const { actor, log } = harness({ input: { token: 'stored' } });
    actor.send({ type: 'cart.tokenChanged', token: 'from-other-tab' });
    expect(log.syncs).toEqual(['stored', 'from-other-tab']);
    expect(log.stoppedSyncs).toEqual(['stored']);
    actor.send({ type: 'cart.tokenChanged', token: null });
    expect(stateOf(actor)).toBe('disconnected');
    actor.send({ type: 'cart.tokenChanged', token: 'again' });
    expect(stateOf(actor)).toEqual({ connected: 'syncing' });
  });

  it('asks for a new cart when the server no longer knows the token', async () => {
    const { actor, log, fromSync } = harness({ input: { token: 'forgotten' }, tokens: ['fresh'] });
    fromSync({ type: 'cart.tokenRejected' });
    await waitFor(actor, (s) => s.matches('connected') && s.context.token === 'fresh');
    expect(log.dropped).toBe(1);
    expect(log.stoppedSyncs).toEqual(['forgotten']);
    expect(log.syncs).toEqual(['forgotten', 'fresh']);
  });

  describe('authorize', () => {
    it('removes the coupon, reconnects with a new token, then reapplies the coupon', async () => {
      const { actor, log } = harness({ input: { token: 'old', coupon: 'WELCOME10' }, tokens: ['new'] });
      actor.send({ type: 'cart.authorize' });
      await waitFor(actor, (s) => s.matches('connected') && s.context.token === 'new');
      expect(log.couponCalls).toEqual(['delete:old', 'apply:WELCOME10:new']);
      expect(log.tokenRequests).toEqual([{ guest: false, purchaserId: null, replace: 'old' }]);
      expect(log.stored).toEqual(['new']);
      expect(log.syncs).toEqual(['old', 'new']);
    });

    it('reconnects without coupon calls when no coupon is applied, and when the poll found the cart ordered', async () => {
      const { actor, log, fromSync } = harness({ input: { token: 'ordered' }, tokens: ['next'] });
      fromSync({ type: 'cart.alreadyOrdered' });
      await waitFor(actor, (s) => s.matches('connected') && s.context.token === 'next');
      expect(log.couponCalls).toEqual([]);
    });

    it('forgets a coupon the new cart refuses, and still connects', async () => {
      const { actor } = harness({ input: { token: 'old', coupon: 'EXPIRED' }, tokens: ['new'], applyCoupon: () => Promise.reject(new ApiError(400, 'bad_request', "You've entered an incorrect coupon code")) });
      actor.send({ type: 'cart.authorize' });
      await waitFor(actor, (s) => s.matches('connected') && s.context.token === 'new');
      expect(actor.getSnapshot().context.coupon).toBeNull();
    });

    it('keeps the applied coupon known through coupon events', () => {
      const { actor } = harness({ input: { token: 'old' } });
      actor.send({ type: 'coupon.applied', code: 'WELCOME10' });
      expect(actor.getSnapshot().context.coupon).toBe('WELCOME10');
      actor.send({ type: 'coupon.removed' });
      expect(actor.getSnapshot().context.coupon).toBeNull();
    });

    it('lets a shopper whose sync was disabled try again', async () => {
      const { actor } = harness({ tokens: [new ApiError(500, 'internal', 'down'), 'later'] });
      actor.send({ type: 'cart.connect' });
      await waitFor(actor, (s) => s.matches('syncDisabled'));
      actor.send({ type: 'cart.authorize' });
      await waitFor(actor, (s) => s.matches('connected'));
      expect(actor.getSnapshot().context.disabled).toBe(false);
    });
  });

  describe('clear', () => {
    it('empties the cart with sync and stays connected', async () => {
      const { actor, log } = harness({ input: { token: 'stored' } });
      actor.send({ type: 'cart.clear' });
      await waitFor(actor, (s) => s.matches({ connected: 'syncing' }) && log.clears.length === 1);
      expect(log.clears).toEqual([true]);
      expect(log.stoppedSyncs).toEqual([]);
      expect(log.dropped).toBe(0);
    });

    it('empties with sync, then disconnects and drops the token', async () => {
      const { actor, log } = harness({ input: { token: 'stored' } });
      actor.send({ type: 'cart.clear', sync: true, disconnect: true });
      await waitFor(actor, (s) => s.matches('disconnected'));
      expect(log.clears).toEqual([true]);
      expect(log.dropped).toBe(1);
      expect(log.stoppedSyncs).toEqual(['stored']);
      expect(actor.getSnapshot().context.token).toBeNull();
    });

    it('without sync, stops the replication and drops the token before emptying, so the server cart is untouched', async () => {
      const order: string[] = [];
      const { actor, log } = harness({ input: { token: 'stored' }, clearCart: async () => void order.push(`clear after ${log.stoppedSyncs.length} stop, ${log.dropped} drop`) });
      actor.send({ type: 'cart.clear', sync: false, disconnect: true });
      await waitFor(actor, (s) => s.matches('disconnected'));
      expect(order).toEqual(['clear after 1 stop, 1 drop']);
      expect(log.clears).toEqual([false]);
    });

    it('clears a cart that never had a server cart, and one whose sync is disabled stays disabled', async () => {
      const local = harness();
      local.actor.send({ type: 'cart.clear' });
      await waitFor(local.actor, (s) => s.matches('disconnected') && local.log.clears.length === 1);

      const disabled = harness({ tokens: [new ApiError(500, 'internal', 'down')] });
      disabled.actor.send({ type: 'cart.connect' });
      await waitFor(disabled.actor, (s) => s.matches('syncDisabled'));
      disabled.actor.send({ type: 'cart.clear' });
      await waitFor(disabled.actor, (s) => s.matches('syncDisabled') && disabled.log.clears.length === 1);
    });
  });

  it('fails loudly when an actor was not provided', async () => {
    const errors = vi.fn();
    const actor = createActor(cartConnectionMachine, { input: { token: null, maxBypass: 1 } });
    actor.subscribe({ error: errors });
    actor.start();
    actor.send({ type: 'cart.connect' });
    await waitFor(actor, (s) => s.matches('syncDisabled'));
    expect(actor.getSnapshot().context.error).toMatch(/requestToken actor was not provided/);
  });
});
