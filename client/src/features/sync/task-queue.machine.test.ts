import { blockedBy, newTaskDoc, nextTask, nextWakeAt, recordOutcome, type TaskOutcome } from '@shop/shared/sync/sync-task';
import type { SyncTaskDoc } from '@shop/shared/sync/sync-task.schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { taskQueueMachine, type PickResult } from './task-queue.machine.ts';

/** The machine with fake actors over an in-memory queue; every send answers with `answer(task)`. */
function harness(options: { online?: boolean; leader?: boolean; lock?: number; customerId?: number | null; cartId?: string | null } = {}) {
  const world = { lock: options.lock ?? 0, customerId: 'customerId' in options ? (options.customerId ?? null) : 7, cartId: 'cartId' in options ? (options.cartId ?? null) : 'cart-1' };
  const docs = new Map<string, SyncTaskDoc>();
  const sent: string[] = [];
  const picks: number[] = [];
  const blocked: string[] = [];
  let answer: (task: SyncTaskDoc) => TaskOutcome = () => ({ kind: 'sent', resultCode: 200, code: 200, result: {} });
  const machine = taskQueueMachine.provide({
    actors: {
      pick: fromPromise(async (): Promise<PickResult> => {
        picks.push(Date.now());
        const task = nextTask([...docs.values()], { now: Date.now(), customerId: world.customerId, cartId: world.cartId, lock: world.lock });
        if (task) return { kind: 'task', task, blocker: blockedBy(task, { lock: world.lock, cartId: world.cartId, customerId: world.customerId }) };
        const wake = nextWakeAt([...docs.values()], { now: Date.now(), customerId: world.customerId });
        return { kind: 'none', wakeInMs: wake === null ? null : wake - Date.now() };
      }),
      block: fromPromise(async ({ input }) => {
        blocked.push(`${input.task.id}:${input.blocker.kind}`);
        const doc = docs.get(input.task.id)!;
        docs.set(doc.id, { ...doc, meta: { ...doc.meta, ...(input.blocker.kind === 'locked-out' ? { lastCode: 401 } : { waitingFor: 'cart' }) } });
      }),
      prepare: fromPromise(async ({ input }) => ({ kind: 'ready' as const, request: { url: input.task.url, headers: {} } })),
      send: fromPromise(async ({ input }) => {
        sent.push(input.task.id);
        return answer(input.task);
      }),
      record: fromPromise(async ({ input }) => {
        const next = recordOutcome(input.task, input.outcome, Date.now());
        if (next) docs.set(next.id, next);
        else docs.delete(input.task.id);
      }),
    },
  });
  const actor = createActor(machine, { input: { online: options.online ?? true, leader: options.leader ?? true } });
  const add = (id: string, over: Partial<Parameters<typeof newTaskDoc>[0]> = {}, at = Date.now()) => {
    docs.set(id, newTaskDoc({ taskId: id, kind: 'contact', url: '/api/forms/contacts', auth: 'public', ...over }, at));
    actor.send({ type: 'task.queued' });
  };
  return { actor, world, docs, sent, picks, blocked, add, setAnswer: (next: typeof answer) => (answer = next) };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('task queue machine', () => {
  it('sends one task at a time, oldest first, and goes idle when nothing is left (T2, T8)', async () => {
    const h = harness();
    h.docs.set('b', newTaskDoc({ taskId: 'b', kind: 'contact', url: '/x', auth: 'public' }, 20));
    h.docs.set('a', newTaskDoc({ taskId: 'a', kind: 'contact', url: '/x', auth: 'public' }, 10));
    let inFlight = 0;
    let most = 0;
    h.setAnswer(() => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      inFlight -= 1;
      return { kind: 'sent', resultCode: 200, code: 200, result: {} };
    });
    h.actor.start();
    await settle();
    expect(h.sent).toEqual(['a', 'b']);
    expect(most).toBe(1);
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect([...h.docs.values()].every((doc) => doc.transmited)).toBe(true);
  });

  it('does nothing in a tab that does not lead, and starts when it is elected (T15)', async () => {
    const h = harness({ leader: false });
    h.actor.start();
    h.add('a');
    await settle();
    expect(h.actor.getSnapshot().value).toBe('stopped');
    expect(h.sent).toEqual([]);
    h.actor.send({ type: 'leader.elected' });
    await settle();
    expect(h.sent).toEqual(['a']);
  });

  it('waits offline and processes the queue when the connection returns (T15)', async () => {
    const h = harness({ online: false });
    h.actor.start();
    h.add('a');
    await settle();
    expect(h.actor.getSnapshot().value).toBe('offline');
    expect(h.sent).toEqual([]);
    h.actor.send({ type: 'network.online' });
    await settle();
    expect(h.sent).toEqual(['a']);
  });

  it('processes a task as soon as it is queued (T15)', async () => {
    const h = harness();
    h.actor.start();
    await settle();
    expect(h.actor.getSnapshot().value).toBe('idle');
    h.add('a');
    await settle();
    expect(h.sent).toEqual(['a']);
  });

  it('T3: while the token lock is 1 it waits exactly 1000 ms and looks again', async () => {
    const h = harness({ lock: 1 });
    h.add('a');
    h.actor.start();
    await settle();
    expect(h.actor.getSnapshot().value).toEqual({ working: 'waitingForLock' });
    expect(h.actor.getSnapshot().context.current).toEqual({ id: 'a', step: 'waiting-lock' });
    const firstPick = h.picks.length;
    await vi.advanceTimersByTimeAsync(999);
    expect(h.picks.length).toBe(firstPick);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.picks.length).toBe(firstPick + 1);
    expect(h.sent).toEqual([]);
    h.world.lock = 0;
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.sent).toEqual(['a']);
  });

  it('T4: at lock -1 a customer task is answered 401 locally and not sent; a public task still goes', async () => {
    const h = harness({ lock: -1 });
    h.add('mine', { auth: 'customer', customerId: 7 }, 1);
    h.add('form', {}, 2);
    h.actor.start();
    await settle();
    expect(h.blocked).toEqual(['mine:locked-out']);
    expect(h.sent).toEqual(['form']);
    expect(h.docs.get('mine')).toMatchObject({ transmited: false, meta: { lastCode: 401 } });
    expect(h.actor.getSnapshot().context.lastOutcome).toMatchObject({ kind: 'sent', id: 'form' });
  });

  it('T5: a task needing a cart id waits until the cart has one, without blocking the others', async () => {
    const h = harness({ cartId: null });
    h.add('cart', { url: '/api/cart/totals?cartId={{cartId}}' }, 1);
    h.add('form', {}, 2);
    h.actor.start();
    await settle();
    expect(h.blocked).toEqual(['cart:no-cart']);
    expect(h.sent).toEqual(['form']);
    h.world.cartId = 'cart-9';
    h.actor.send({ type: 'cart.tokenChanged' });
    await settle();
    expect(h.sent).toEqual(['form', 'cart']);
  });

  it('T12/T13: a network failure or 5xx is retried after the backoff (1 s, then 2 s)', async () => {
    const h = harness();
    const outcomes: TaskOutcome[] = [
      { kind: 'retry', resultCode: 0, message: 'Failed to fetch', notify: false },
      { kind: 'retry', resultCode: 503, message: 'Busy', notify: true },
      { kind: 'sent', resultCode: 200, code: 200, result: {} },
    ];
    h.setAnswer(() => outcomes.shift()!);
    h.add('a');
    h.actor.start();
    await settle();
    expect(h.sent).toEqual(['a']);
    expect(h.actor.getSnapshot().value).toBe('idle');
    await vi.advanceTimersByTimeAsync(999);
    expect(h.sent).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sent).toEqual(['a', 'a']);
    await vi.advanceTimersByTimeAsync(1999);
    expect(h.sent).toEqual(['a', 'a']);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sent).toEqual(['a', 'a', 'a']);
    expect(h.docs.get('a')).toMatchObject({ transmited: true, resultCode: 200 });
  });

  it('T11: a 4xx answer fails the task for good (not retried)', async () => {
    const h = harness();
    h.setAnswer(() => ({ kind: 'failed', resultCode: 400, code: 400, result: { error: 'validation_failed', message: 'Field is required' }, message: 'Field is required' }));
    h.add('a');
    h.actor.start();
    await settle();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.sent).toEqual(['a']);
    expect(h.docs.get('a')).toMatchObject({ transmited: true, resultCode: 400, result: { message: 'Field is required' } });
    expect(h.actor.getSnapshot().context.lastOutcome).toEqual({ id: 'a', kind: 'failed', resultCode: 400, message: 'Field is required' });
  });

  it('T17: a customer task waits for its customer; a session change picks it up', async () => {
    const h = harness({ customerId: null });
    h.add('mine', { auth: 'customer', customerId: 7 });
    h.actor.start();
    await settle();
    expect(h.sent).toEqual([]);
    h.world.customerId = 7;
    h.actor.send({ type: 'session.changed' });
    await settle();
    expect(h.sent).toEqual(['mine']);
  });
});
