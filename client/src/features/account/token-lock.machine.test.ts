import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { MAX_REFRESH_ATTEMPTS, TOKEN_LOCK_RETRY_MS, tokenLockMachine, type RefreshedTokens } from './token-lock.machine.ts';

class StatusError extends Error {
  constructor(readonly status: number) {
    super(`status ${status}`);
  }
}

/** The machine with recording fake actions and a refresh that answers from a script, one answer per call. */
function lockWith(answers: Array<RefreshedTokens | null | StatusError>, autoRefresh = true) {
  const log: string[] = [];
  const stored: Array<RefreshedTokens | null> = [];
  const asked: Array<string | null> = [];
  const machine = tokenLockMachine.provide({
    actors: {
      refresh: fromPromise<RefreshedTokens | null, { refusedToken: string | null }>(async ({ input }) => {
        asked.push(input.refusedToken);
        const answer = answers.shift();
        if (answer instanceof StatusError || answer === undefined) throw answer ?? new StatusError(500);
        return answer;
      }),
    },
    actions: {
      storeTokens: (_, params) => void stored.push(params),
      logoutSilently: () => void log.push('logout'),
      clearUntransmittedTasks: () => void log.push('clearTasks'),
      showSignupModal: () => void log.push('modal'),
    },
  });
  const actor = createActor(machine, { input: { autoRefresh } });
  actor.start();
  return { actor, log, stored, asked, lock: () => actor.getSnapshot().context.lock };
}

const fresh = { token: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 };

describe('token lock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at 0', () => {
    expect(lockWith([]).lock()).toBe(0);
  });

  it('goes to 1 on a 401 with a token, refreshes, and returns to 0 with the new token stored', async () => {
    const lock = lockWith([fresh]);
    lock.actor.send({ type: 'auth.unauthorized', token: 'access-1' });
    expect(lock.lock()).toBe(1);
    expect(lock.asked).toEqual(['access-1']);
    await vi.runAllTimersAsync();
    expect(lock.lock()).toBe(0);
    expect(lock.stored).toEqual([fresh]);
    expect(lock.log).toEqual([]);
  });

  it('resets the attempt count after a successful refresh', async () => {
    const lock = lockWith([new StatusError(0), fresh]);
    lock.actor.send({ type: 'auth.unauthorized', token: 'access-1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(lock.actor.getSnapshot().context.attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(TOKEN_LOCK_RETRY_MS);
    expect(lock.lock()).toBe(0);
    expect(lock.actor.getSnapshot().context.attempts).toBe(0);
  });

  it('goes to -1 when the server refuses the refresh: silent logout, tasks cleared, sign-up modal', async () => {
    const lock = lockWith([new StatusError(401)]);
    lock.actor.send({ type: 'auth.unauthorized', token: 'access-1' });
    await vi.runAllTimersAsync();
    expect(lock.lock()).toBe(-1);
    expect(lock.log).toEqual(['logout', 'clearTasks', 'modal']);
    expect(lock.stored).toEqual([]);
  });

  it('tries a refresh that never reached the server again each second, and gives up after the maximum attempts', async () => {
    const lock = lockWith(Array.from({ length: MAX_REFRESH_ATTEMPTS + 2 }, () => new StatusError(0)));
    lock.actor.send({ type: 'auth.unauthorized', token: 'access-1' });
    for (let attempt = 1; attempt < MAX_REFRESH_ATTEMPTS; attempt += 1) {
      await vi.advanceTimersByTimeAsync(0);
      expect(lock.lock()).toBe(1);
      expect(lock.asked).toHaveLength(attempt);
      await vi.advanceTimersByTimeAsync(TOKEN_LOCK_RETRY_MS);
    }
    await vi.runAllTimersAsync();
    expect(lock.asked).toHaveLength(MAX_REFRESH_ATTEMPTS);
    expect(lock.lock()).toBe(-1);
    expect(lock.log).toEqual(['logout', 'clearTasks', 'modal']);
  });

  it('stays at -1 until the customer logs in again', async () => {
    const lock = lockWith([new StatusError(401), fresh]);
    lock.actor.send({ type: 'auth.unauthorized', token: 'access-1' });
    await vi.runAllTimersAsync();
    lock.actor.send({ type: 'auth.unauthorized', token: 'access-1' });
    expect(lock.lock()).toBe(-1);
    expect(lock.asked).toHaveLength(1);
    lock.actor.send({ type: 'session.login' });
    expect(lock.lock()).toBe(0);
    lock.actor.send({ type: 'auth.unauthorized', token: 'access-3' });
    await vi.runAllTimersAsync();
    expect(lock.lock()).toBe(0);
  });

  it('with auto-refresh off, a 401 logs out and shows the modal without refreshing', () => {
    const lock = lockWith([fresh], false);
    lock.actor.send({ type: 'auth.unauthorized', token: 'access-1' });
    expect(lock.asked).toEqual([]);
    expect(lock.log).toEqual(['logout', 'modal']);
    expect(lock.lock()).toBe(0);
  });

  it('a logout while refreshing leaves the lock at 0 without the modal', async () => {
    const lock = lockWith([new StatusError(0), new StatusError(0)]);
    lock.actor.send({ type: 'auth.unauthorized', token: 'access-1' });
    await vi.advanceTimersByTimeAsync(0);
    lock.actor.send({ type: 'session.logout' });
    await vi.runAllTimersAsync();
    expect(lock.lock()).toBe(0);
    expect(lock.log).toEqual([]);
    expect(lock.asked).toHaveLength(1);
  });

  it('a second 401 while refreshing does not start a second refresh', async () => {
    const lock = lockWith([fresh, fresh]);
    lock.actor.send({ type: 'auth.unauthorized', token: 'access-1' });
    lock.actor.send({ type: 'auth.unauthorized', token: 'access-1' });
    await vi.runAllTimersAsync();
    expect(lock.asked).toHaveLength(1);
    expect(lock.lock()).toBe(0);
  });
});
