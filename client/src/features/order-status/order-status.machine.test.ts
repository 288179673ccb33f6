import type { OrderStatusData } from '@shop/shared/payments/index';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { OrderStatusAnswer, OrderStatusSource } from './order-status-api.ts';
import { orderStatusMachine } from './order-status.machine.ts';

const SOURCE: OrderStatusSource = { kind: 'token', token: 'tok1', hash: 'h1' };
const REFRESH_MS = 4000;

const status = (group: OrderStatusData['payment']['group'], word: string): OrderStatusAnswer => ({
  ok: true,
  data: { order: { increment_id: '000000007', customer_email: 'jane@example.com' }, payment: { status: word, group } },
});

/** The machine with a fake fetch answering from a script (the last answer repeats) and a simulated clock. */
function start(answers: OrderStatusAnswer[]) {
  const asked: OrderStatusSource[] = [];
  const clock = new SimulatedClock();
  const machine = orderStatusMachine.provide({
    actors: {
      fetchStatus: fromPromise(async ({ input }) => {
        asked.push(input);
        return answers[Math.min(asked.length - 1, answers.length - 1)]!;
      }),
    },
  });
  const actor = createActor(machine, { input: { source: SOURCE, refreshMs: REFRESH_MS }, clock });
  actor.start();
  return { actor, clock, asked };
}

describe('order status machine', () => {
  it('is loading (the page dimmed) until the first answer, then shows a final group and asks no more', async () => {
    const { actor, clock, asked } = start([status('success', 'paid')]);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches({ showing: 'settled' }));
    expect(actor.getSnapshot().context.data?.payment).toEqual({ status: 'paid', group: 'success' });
    clock.increment(REFRESH_MS * 5);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toEqual(SOURCE);
  });

  it('asks again every few seconds while the payment is pending, until it is final', async () => {
    const { actor, clock, asked } = start([status('pending', 'open'), status('pending', 'pending'), status('failed', 'expired')]);
    await waitFor(actor, (s) => s.matches({ showing: 'waiting' }));
    expect(asked).toHaveLength(1);
    clock.increment(REFRESH_MS - 1);
    expect(asked).toHaveLength(1);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches({ showing: 'waiting' }) && s.context.data?.payment.status === 'pending');
    expect(asked).toHaveLength(2);
    clock.increment(REFRESH_MS);
    await waitFor(actor, (s) => s.matches({ showing: 'settled' }));
    expect(actor.getSnapshot().context.data?.payment.group).toBe('failed');
    clock.increment(REFRESH_MS * 3);
    expect(asked).toHaveLength(3);
  });

  it('a refresh that fails keeps the last status shown and tries again', async () => {
    const { actor, clock, asked } = start([status('pending', 'open'), { ok: false, problem: 'offline' }, status('success', 'paid')]);
    await waitFor(actor, (s) => s.matches({ showing: 'waiting' }));
    clock.increment(REFRESH_MS);
    await waitFor(actor, () => asked.length === 2);
    await waitFor(actor, (s) => s.matches({ showing: 'waiting' }));
    expect(actor.getSnapshot().context.data?.payment.status).toBe('open');
    clock.increment(REFRESH_MS);
    await waitFor(actor, (s) => s.matches({ showing: 'settled' }));
    expect(actor.getSnapshot().context.data?.payment.group).toBe('success');
  });

  it.each(['invalidToken', 'hashIncorrect', 'detailsProblem'] as const)('a %s answer ends on that problem', async (problem) => {
    const { actor } = start([{ ok: false, problem }]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.problem).toBe(problem);
  });

  it('offline: waits, and fetches as soon as the browser is back online', async () => {
    const { actor, asked } = start([{ ok: false, problem: 'offline' }, status('success', 'paid')]);
    await waitFor(actor, (s) => s.matches('offline'));
    expect(actor.getSnapshot().context.problem).toBe('offline');
    actor.send({ type: 'connectivity.online' });
    await waitFor(actor, (s) => s.matches({ showing: 'settled' }));
    expect(asked).toHaveLength(2);
  });

  it('a failed payment made again from the page: asked for once more, it shows the new outcome', async () => {
    const { actor, asked } = start([status('failed', 'failed'), status('pending', 'open'), status('success', 'paid')]);
    await waitFor(actor, (s) => s.matches({ showing: 'settled' }));
    actor.send({ type: 'status.refresh' });
    await waitFor(actor, (s) => s.matches({ showing: 'waiting' }));
    expect(actor.getSnapshot().context.data?.payment.status).toBe('open');
    actor.send({ type: 'status.refresh' });
    await waitFor(actor, (s) => s.matches({ showing: 'settled' }) && s.context.data?.payment.group === 'success');
    expect(asked).toHaveLength(3);
  });
});
