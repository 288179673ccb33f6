/**
 * Cart polling (spec 2 §4, §9): every 15 s the server is asked when the cart last changed (isCartUpdated); when that
 * differs from the time stored here (`last_cart_update_time`) and the shopper is not adding to the cart, a sync is
 * forced. Every 150 s it asks whether the cart was already ordered (isCartAlreadyOrdered); if so the cart is
 * authorized again. The timers are the machine's own (cart-polling.machine.ts); the I/O, the stored time and the
 * clock come in as arguments so tests drive it with fake timers.
 */
import { createActor, fromPromise, type ActorOptions } from 'xstate';
import { inspectActor } from '../devtools/inspection.ts';
import { cartPollingMachine, type CartUpdateTime } from './cart-polling.machine.ts';

export type { CartUpdateTime };

export interface CartPollingOptions {
  isCartUpdated: () => Promise<CartUpdateTime>;
  isCartAlreadyOrdered: () => Promise<boolean>;
  /** True while an "add to cart" is under way: its own change must not force a sync in the middle of it. */
  isAdding: () => boolean;
  lastUpdate: { get: () => CartUpdateTime | null; set: (value: CartUpdateTime) => void };
  onChanged: () => void;
  onOrdered: () => void;
  isOnline?: () => boolean;
  changeIntervalMs?: number;
  orderedIntervalMs?: number;
  /** The machine's timers (XState's clock); the global setTimeout by default. */
  clock?: ActorOptions<typeof cartPollingMachine>['clock'];
}

export const CART_CHANGE_POLL_MS = 15_000;
export const CART_ORDERED_POLL_MS = 150_000;

/** Starts both polls; answers the function that stops them. A poll still waiting for its answer is not repeated. */
export function startCartPolling(options: CartPollingOptions): () => void {
  const online = options.isOnline ?? (() => true);
  const machine = cartPollingMachine.provide({
    actors: {
      isCartUpdated: fromPromise(() => options.isCartUpdated()),
      isCartAlreadyOrdered: fromPromise(() => options.isCartAlreadyOrdered()),
    },
    guards: {
      online: () => online(),
      unchanged: (_, params) => params.time === options.lastUpdate.get(),
      adding: () => options.isAdding(),
    },
    actions: {
      recordUpdate: (_, params) => options.lastUpdate.set(params.time),
      notifyChanged: () => options.onChanged(),
      notifyOrdered: () => options.onOrdered(),
    },
  });
  const actor = createActor(machine, {
    input: { changeIntervalMs: options.changeIntervalMs ?? CART_CHANGE_POLL_MS, orderedIntervalMs: options.orderedIntervalMs ?? CART_ORDERED_POLL_MS },
    ...(options.clock ? { clock: options.clock } : {}),
    inspect: inspectActor,
  });
  actor.start();
  return () => actor.stop();
}
