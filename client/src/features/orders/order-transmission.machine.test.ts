import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { orderTransmissionMachine } from './order-transmission.machine.ts';

function start(options: { autoTransmit?: boolean; online?: boolean; failConfirm?: boolean } = {}) {
  const confirmed: string[][] = [];
  const announced: boolean[] = [];
  const cancelled: string[][] = [];
  const notices = { shown: 0, hidden: 0 };
  const machine = orderTransmissionMachine.provide({
    actors: {
      confirmOrders: fromPromise<void, { ids: readonly string[]; announce: boolean }>(async ({ input }) => {
        if (options.failConfirm) throw new Error('storage refused');
        confirmed.push([...input.ids]);
        announced.push(input.announce);
      }),
      cancelOrders: fromPromise<void, { ids: readonly string[] }>(async ({ input }) => {
        cancelled.push([...input.ids]);
      }),
    },
    actions: { showNotice: () => void (notices.shown += 1), hideNotice: () => void (notices.hidden += 1) },
  });
  const actor = createActor(machine, { input: { autoTransmit: options.autoTransmit ?? false, online: options.online ?? false } });
  actor.start();
  return { actor, confirmed, cancelled, notices, announced };
}

describe('offline order transmission', () => {
  it('keeps an order made offline queued, then asks when the connection returns; confirming sends it and tells how it ended', async () => {
    const { actor, confirmed, notices, announced } = start();
    actor.send({ type: 'orders.waiting', ids: ['o1'] });
    expect(actor.getSnapshot().value).toBe('queued');
    expect(notices.shown).toBe(0);
    actor.send({ type: 'network.online' });
    expect(actor.getSnapshot().value).toBe('asking');
    expect(notices.shown).toBe(1);
    actor.send({ type: 'orders.waiting', ids: ['o1'] });
    expect(notices.shown).toBe(1);
    actor.send({ type: 'orders.confirm' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(confirmed).toEqual([['o1']]);
    expect(announced).toEqual([true]);
    expect(notices.hidden).toBe(1);
  });

  it('cancelling deletes the waiting orders', async () => {
    const { actor, cancelled, confirmed } = start({ online: true });
    actor.send({ type: 'orders.waiting', ids: ['o1', 'o2'] });
    expect(actor.getSnapshot().value).toBe('asking');
    actor.send({ type: 'orders.cancel' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(cancelled).toEqual([['o1', 'o2']]);
    expect(confirmed).toEqual([]);
  });

  it('sends by itself when automatic transmission is on', async () => {
    const { actor, confirmed, notices } = start({ autoTransmit: true });
    actor.send({ type: 'orders.waiting', ids: ['o1'] });
    actor.send({ type: 'network.online' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(confirmed).toEqual([['o1']]);
    expect(notices.shown).toBe(0);
  });

  it('sends by itself while the shopper is on the thank-you page, also when asked already', async () => {
    const first = start();
    first.actor.send({ type: 'thankYou.enter' });
    first.actor.send({ type: 'orders.waiting', ids: ['o1'] });
    first.actor.send({ type: 'network.online' });
    await waitFor(first.actor, (s) => s.matches('idle'));
    expect(first.confirmed).toEqual([['o1']]);
    // The thank-you page shows the outcome itself.
    expect(first.announced).toEqual([false]);

    const second = start({ online: true });
    second.actor.send({ type: 'orders.waiting', ids: ['o2'] });
    expect(second.actor.getSnapshot().value).toBe('asking');
    second.actor.send({ type: 'thankYou.enter' });
    await waitFor(second.actor, (s) => s.matches('idle'));
    expect(second.confirmed).toEqual([['o2']]);
  });

  it('asks again when confirming fails, and puts the question away when nothing waits', async () => {
    const { actor, notices } = start({ online: true, failConfirm: true });
    actor.send({ type: 'orders.waiting', ids: ['o1'] });
    actor.send({ type: 'orders.confirm' });
    await waitFor(actor, (s) => s.matches('asking'));
    expect(actor.getSnapshot().context.error).toMatch(/storage refused/);
    expect(notices.shown).toBe(2);
    actor.send({ type: 'orders.waiting', ids: [] });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('without orders waiting nothing happens on reconnect', () => {
    const confirm = vi.fn();
    const { actor, notices } = start();
    actor.send({ type: 'network.online' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(notices.shown).toBe(0);
    expect(confirm).not.toHaveBeenCalled();
  });
});
