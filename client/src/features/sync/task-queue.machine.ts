/**
 * The sync task runner (spec 2 §4 "Sync task lifecycle", plan §1.3, decision 042): only the tab that leads the local
 * database runs it. One task at a time, oldest first: picked (T2), held back by the token lock (wait 1 s at > 0: T3;
 * a customer's task answered 401 at < 0: T4) or by a missing cart id (the cart is made again: T5), prepared (captcha
 * T6, photo uploads T7), sent, and its answer recorded (T8–T13). The queue is looked at again when a task is queued,
 * when the connection returns, when this tab becomes the leader, when the cart gets an id or the customer changes,
 * and when a backoff ends (T15).
 *
 * Pure: reading the queue, recording, preparing and sending are actors given through `.provide()` (task-queue.ts).
 */
import type { SyncTaskDoc } from '@shop/shared/sync/sync-task.schema';
import type { Blocker, TaskOutcome } from '@shop/shared/sync/sync-task';
import { assign, fromPromise, setup } from 'xstate';
import { TOKEN_LOCK_RETRY_MS } from '../account/token-lock.machine.ts';

export type TaskStep = 'picking' | 'waiting-lock' | 'blocked' | 'preparing' | 'captcha' | 'uploading' | 'sending' | 'recording';

/** What the queue answers when asked for the next task. */
export type PickResult =
  | { kind: 'task'; task: SyncTaskDoc; blocker: Blocker | null }
  /** Nothing may go now; `wakeInMs` when a backoff ends later. */
  | { kind: 'none'; wakeInMs: number | null };

/** A task ready to go: the resolved url and the headers made at send time (captcha, cart id). */
export interface PreparedRequest {
  url: string;
  headers: Record<string, string>;
}

export type PrepareResult = { kind: 'ready'; request: PreparedRequest } | { kind: 'outcome'; outcome: TaskOutcome };

export interface TaskQueueInput {
  online: boolean;
  leader: boolean;
}

export interface TaskQueueContext {
  online: boolean;
  leader: boolean;
  /** The task in hand (for the visualizer and the pages' "sending"). */
  current: { id: string; step: TaskStep } | null;
  task: SyncTaskDoc | null;
  blocker: Blocker | null;
  request: PreparedRequest | null;
  outcome: TaskOutcome | null;
  lastOutcome: { id: string; kind: TaskOutcome['kind'] | 'locked-out' | 'no-cart'; resultCode?: number; message?: string } | null;
  wakeInMs: number | null;
  error: string | null;
}

export type TaskQueueEvent =
  | { type: 'task.queued' }
  | { type: 'network.online' }
  | { type: 'network.offline' }
  | { type: 'leader.elected' }
  | { type: 'cart.tokenChanged' }
  | { type: 'session.changed' }
  | { type: 'task.step'; id: string; step: TaskStep };

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`task queue: the ${name} actor was not provided`);
};

/** Wakes an idle runner. */
const WAKE_EVENTS = ['task.queued', 'network.online', 'leader.elected', 'cart.tokenChanged', 'session.changed'] as const;

export const taskQueueMachine = setup({
  types: {
    context: {} as TaskQueueContext,
    events: {} as TaskQueueEvent,
    input: {} as TaskQueueInput,
  },
  actors: {
    /** The oldest task that may go, with what holds it back (token lock, cart id), or when to look again. */
    pick: fromPromise<PickResult, void>(notProvided('pick')),
    /** T4/T5: records why a picked task cannot go (401 from the lock; the cart-id message) and re-creates the cart. */
    block: fromPromise<void, { task: SyncTaskDoc; blocker: Blocker }>(notProvided('block')),
    /** T6/T7: placeholders, captcha, photo uploads. An outcome instead of a request when an upload decided it. */
    prepare: fromPromise<PrepareResult, { task: SyncTaskDoc }>(notProvided('prepare')),
    /** One request with `X-Task-Id`; the answer classified (T8–T13). */
    send: fromPromise<TaskOutcome, { task: SyncTaskDoc; request: PreparedRequest }>(notProvided('send')),
    /** Writes the outcome into the task (or removes it) and tells the shopper when spec 2 §8 says so. */
    record: fromPromise<void, { task: SyncTaskDoc; outcome: TaskOutcome }>(notProvided('record')),
  },
  delays: {
    lockRetry: TOKEN_LOCK_RETRY_MS,
    wake: ({ context }) => Math.max(0, context.wakeInMs ?? 0),
  },
  guards: {
    online: ({ context }) => context.online,
    leader: ({ context }) => context.leader,
  },
}).createMachine({
  id: 'taskQueue',
  context: ({ input }) => ({
    online: input.online,
    leader: input.leader,
    current: null,
    task: null,
    blocker: null,
    request: null,
    outcome: null,
    lastOutcome: null,
    wakeInMs: null,
    error: null,
  }),
  initial: 'checking',
  on: {
    'network.online': { actions: assign({ online: true }) },
    'network.offline': { actions: assign({ online: false }) },
    'leader.elected': { actions: assign({ leader: true }) },
    'task.step': {
      guard: ({ context, event }) => context.current?.id === event.id,
      actions: assign({ current: ({ event }) => ({ id: event.id, step: event.step }) }),
    },
  },
  states: {
    checking: {
      entry: assign({ current: null, task: null, blocker: null, request: null, outcome: null }),
      always: [{ guard: ({ context }) => !context.leader, target: 'stopped' }, { guard: ({ context }) => !context.online, target: 'offline' }, { target: 'working' }],
    },
    /** Another tab leads: it sends; this tab only watches the outcomes. */
    stopped: {
      on: { 'leader.elected': { actions: assign({ leader: true }), target: 'checking' } },
    },
    offline: {
      on: { 'network.online': { actions: assign({ online: true }), target: 'working' } },
    },
    /** Nothing may go now; a backoff may end later. */
    idle: {
      after: { wake: { guard: ({ context }) => context.wakeInMs !== null, target: 'checking' } },
      on: Object.fromEntries(WAKE_EVENTS.map((type) => [type, { target: 'checking' }])),
    },
    working: {
      initial: 'picking',
      states: {
        picking: {
          entry: assign({ current: null, task: null, blocker: null, request: null, outcome: null }),
          invoke: {
            src: 'pick',
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'none',
                actions: assign({ wakeInMs: ({ event }) => (event.output.kind === 'none' ? event.output.wakeInMs : null) }),
                target: '#taskQueue.idle',
              },
              {
                guard: ({ event }) => event.output.kind === 'task' && event.output.blocker?.kind === 'lock-wait',
                actions: assign({ current: ({ event }) => (event.output.kind === 'task' ? { id: event.output.task.id, step: 'waiting-lock' as const } : null) }),
                target: 'waitingForLock',
              },
              {
                guard: ({ event }) => event.output.kind === 'task' && event.output.blocker !== null,
                actions: assign(({ event }) =>
                  event.output.kind === 'task' ? { task: event.output.task, blocker: event.output.blocker, current: { id: event.output.task.id, step: 'blocked' as const } } : {},
                ),
                target: 'blocking',
              },
              {
                actions: assign(({ event }) => (event.output.kind === 'task' ? { task: event.output.task, current: { id: event.output.task.id, step: 'preparing' as const } } : {})),
                target: 'preparing',
              },
            ],
            onError: { actions: assign({ error: ({ event }) => String(event.error), wakeInMs: TOKEN_LOCK_RETRY_MS }), target: '#taskQueue.idle' },
          },
        },
        /** T3: a token refresh is under way; look again in a second (spec 2 §4). */
        waitingForLock: {
          after: { lockRetry: 'picking' },
        },
        blocking: {
          invoke: {
            src: 'block',
            input: ({ context }) => ({ task: context.task!, blocker: context.blocker! }),
            onDone: {
              actions: assign({
                lastOutcome: ({ context }) => ({
                  id: context.task!.id,
                  kind: context.blocker?.kind === 'no-cart' ? ('no-cart' as const) : ('locked-out' as const),
                  ...(context.blocker?.kind === 'locked-out' ? { resultCode: 401 } : {}),
                }),
              }),
              target: 'picking',
            },
            onError: { actions: assign({ error: ({ event }) => String(event.error), wakeInMs: TOKEN_LOCK_RETRY_MS }), target: '#taskQueue.idle' },
          },
        },
        preparing: {
          invoke: {
            src: 'prepare',
            input: ({ context }) => ({ task: context.task! }),
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'outcome',
                actions: assign({ outcome: ({ event }) => (event.output.kind === 'outcome' ? event.output.outcome : null) }),
                target: 'recording',
              },
              {
                actions: assign({
                  request: ({ event }) => (event.output.kind === 'ready' ? event.output.request : null),
                  current: ({ context }) => ({ id: context.task!.id, step: 'sending' as const }),
                }),
                target: 'sending',
              },
            ],
            onError: {
              actions: assign({ outcome: ({ event }) => ({ kind: 'retry' as const, resultCode: 0, message: String(event.error), notify: false }) }),
              target: 'recording',
            },
          },
        },
        sending: {
          invoke: {
            src: 'send',
            input: ({ context }) => ({ task: context.task!, request: context.request! }),
            onDone: { actions: assign({ outcome: ({ event }) => event.output }), target: 'recording' },
            onError: {
              actions: assign({ outcome: ({ event }) => ({ kind: 'retry' as const, resultCode: 0, message: String(event.error), notify: false }) }),
              target: 'recording',
            },
          },
        },
        recording: {
          entry: assign({ current: ({ context }) => ({ id: context.task!.id, step: 'recording' as const }) }),
          invoke: {
            src: 'record',
            input: ({ context }) => ({ task: context.task!, outcome: context.outcome! }),
            onDone: {
              actions: assign({
                lastOutcome: ({ context }) => {
                  const outcome = context.outcome!;
                  return { id: context.task!.id, kind: outcome.kind, resultCode: outcome.resultCode, ...(outcome.kind === 'sent' ? {} : { message: outcome.message }) };
                },
                error: null,
              }),
              target: '#taskQueue.checking',
            },
            onError: { actions: assign({ error: ({ event }) => String(event.error), wakeInMs: TOKEN_LOCK_RETRY_MS }), target: '#taskQueue.idle' },
          },
        },
      },
    },
  },
});
