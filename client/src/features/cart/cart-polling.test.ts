import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { setInspectionSink } from '../devtools/inspection.ts';
import { CART_CHANGE_POLL_MS, CART_ORDERED_POLL_MS, startCartPolling, type CartPollingOptions, type CartUpdateTime } from './cart-polling.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  setInspectionSink(null);
});

function poller(overrides: Partial<CartPollingOptions> = {}) {
  let stored: CartUpdateTime | null = null;
  let serverTime: CartUpdateTime = 'empty';
  let ordered = false;
  let adding = false;
  let online = true;
  const calls = { updated: 0, ordered: 0, changed: 0, orderedEvents: 0 };
  const stop = startCartPolling({
    isCartUpdated: async () => {
      calls.updated += 1;
      return serverTime;
    },
    isCartAlreadyOrdered: async () => {
      calls.ordered += 1;
      return ordered;
    },
    isAdding: () => adding,
    isOnline: () => online,
    lastUpdate: { get: () => stored, set: (value) => void (stored = value) },
    onChanged: () => void (calls.changed += 1),
    onOrdered: () => void (calls.orderedEvents += 1),
    ...overrides,
  });
  return {
    stop,
    calls,
    stored: () => stored,
    setServerTime: (value: CartUpdateTime) => void (serverTime = value),
    setOrdered: (value: boolean) => void (ordered = value),
    setAdding: (value: boolean) => void (adding = value),
    setOnline: (value: boolean) => void (online = value),
  };
}

describe('cart polling', () => {
  it('asks every 15 s whether the cart changed and forces a sync only when the time differs from the stored one', async () => {
    const poll = poller();
    await vi.advanceTimersByTimeAsync(CART_CHANGE_POLL_MS - 1);
    expect(poll.calls.updated).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(poll.calls).toMatchObject({ updated: 1, changed: 1 });
    expect(poll.stored()).toBe('empty');

    await vi.advanceTimersByTimeAsync(CART_CHANGE_POLL_MS);
    expect(poll.calls).toMatchObject({ updated: 2, changed: 1 });

    poll.setServerTime(1_767_225_600_000);
    await vi.advanceTimersByTimeAsync(CART_CHANGE_POLL_MS);
    expect(poll.calls).toMatchObject({ updated: 3, changed: 2 });
    expect(poll.stored()).toBe(1_767_225_600_000);
    poll.stop();
  });

  it('does not force a sync while the shopper is adding, and does on the next poll after', async () => {
    const poll = poller();
    poll.setServerTime(5);
    poll.setAdding(true);
    await vi.advanceTimersByTimeAsync(CART_CHANGE_POLL_MS);
    expect(poll.calls.changed).toBe(0);
    expect(poll.stored()).toBeNull();
    poll.setAdding(false);
    await vi.advanceTimersByTimeAsync(CART_CHANGE_POLL_MS);
    expect(poll.calls.changed).toBe(1);
    poll.stop();
  });

  it('asks every 150 s whether the cart was already ordered and authorizes again when it was', async () => {
    const poll = poller();
    await vi.advanceTimersByTimeAsync(CART_ORDERED_POLL_MS);
    expect(poll.calls).toMatchObject({ ordered: 1, orderedEvents: 0 });
    poll.setOrdered(true);
    await vi.advanceTimersByTimeAsync(CART_ORDERED_POLL_MS);
    expect(poll.calls).toMatchObject({ ordered: 2, orderedEvents: 1 });
    expect(poll.calls.updated).toBe(20);
    poll.stop();
  });

  it('stays quiet offline and after it was stopped', async () => {
    const poll = poller();
    poll.setOnline(false);
    await vi.advanceTimersByTimeAsync(CART_ORDERED_POLL_MS);
    expect(poll.calls).toMatchObject({ updated: 0, ordered: 0 });
    poll.setOnline(true);
    poll.stop();
    await vi.advanceTimersByTimeAsync(CART_ORDERED_POLL_MS);
    expect(poll.calls).toMatchObject({ updated: 0, ordered: 0 });
  });

  it('does not ask again while an answer is still on its way, and survives a failed poll', async () => {
    let release: (value: CartUpdateTime) => void = () => {};
    let asked = 0;
    const poll = poller({
      isCartUpdated: () => {
        asked += 1;
        if (asked === 1) return Promise.reject(new Error('offline'));
        return new Promise<CartUpdateTime>((resolve) => (release = resolve));
      },
    });
    await vi.advanceTimersByTimeAsync(CART_CHANGE_POLL_MS);
    await vi.advanceTimersByTimeAsync(CART_CHANGE_POLL_MS * 3);
    expect(asked).toBe(2);
    release(42);
    await vi.advanceTimersByTimeAsync(0);
    expect(poll.calls.changed).toBe(1);
    poll.stop();
  });

  it('drops an answer that arrives after it was stopped', async () => {
    let release: (value: CartUpdateTime) => void = () => {};
    const poll = poller({ isCartUpdated: () => new Promise<CartUpdateTime>((resolve) => (release = resolve)) });
    await vi.advanceTimersByTimeAsync(CART_CHANGE_POLL_MS);
    poll.stop();
    release(42);
    await vi.advanceTimersByTimeAsync(0);
    expect(poll.calls.changed).toBe(0);
    expect(poll.stored()).toBeNull();
  });

  it('is an inspected machine whose own delayed transitions are the timers: each region waits, asks, and waits again', async () => {
    const values: unknown[] = [];
    setInspectionSink((event: InspectionEvent) => {
      if (event.type === '@xstate.snapshot' && (event.snapshot as { machine?: { id: string } }).machine?.id === 'cartPolling') {
        values.push((event.snapshot as unknown as { value: unknown }).value);
      }
    });
    const poll = poller();
    expect(values.at(-1)).toEqual({ changes: 'waiting', ordered: 'waiting' });
    await vi.advanceTimersByTimeAsync(CART_CHANGE_POLL_MS);
    expect(values).toContainEqual({ changes: 'asking', ordered: 'waiting' });
    expect(values.at(-1)).toEqual({ changes: 'waiting', ordered: 'waiting' });
    poll.stop();
  });
});
