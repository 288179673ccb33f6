/**
 * Cart polling (spec 2 §4, §9): every 15 s the server is asked when the cart last changed (isCartUpdated); when that
 * differs from the time stored here (`last_cart_update_time`) and the shopper is not adding to the cart, a sync is
 * forced. Every 150 s it asks whether the cart was already ordered (isCartAlreadyOrdered); if so the cart is
 * authorized again. Timers, clock-free I/O and the stored time come in as arguments so tests drive it with fake timers.
 */

export type CartUpdateTime = number | 'empty';

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
  timers?: { setInterval: (run: () => void, ms: number) => unknown; clearInterval: (handle: unknown) => void };
}

export const CART_CHANGE_POLL_MS = 15_000;
export const CART_ORDERED_POLL_MS = 150_000;

/** Starts both polls; answers the function that stops them. A poll still waiting for its answer is not repeated. */
export function startCartPolling(options: CartPollingOptions): () => void {
  const timers = options.timers ?? {
    setInterval: (run: () => void, ms: number) => setInterval(run, ms),
    clearInterval: (handle: unknown) => clearInterval(handle as ReturnType<typeof setInterval>),
  };
  const online = options.isOnline ?? (() => true);
  let stopped = false;

  const guarded = (task: () => Promise<void>) => {
    let running = false;
    return () => {
      if (stopped || running || !online()) return;
      running = true;
      void task()
        .catch(() => {
          // A failed poll is asked again on the next tick; the replication reports its own failures.
        })
        .finally(() => {
          running = false;
        });
    };
  };

  const checkChanged = guarded(async () => {
    const updated = await options.isCartUpdated();
    if (stopped || updated === options.lastUpdate.get()) return;
    // While adding, the change is left unrecorded so that the next poll sees it (and syncs) again.
    if (options.isAdding()) return;
    options.lastUpdate.set(updated);
    options.onChanged();
  });

  const checkOrdered = guarded(async () => {
    if ((await options.isCartAlreadyOrdered()) && !stopped) options.onOrdered();
  });

  const handles = [
    timers.setInterval(checkChanged, options.changeIntervalMs ?? CART_CHANGE_POLL_MS),
    timers.setInterval(checkOrdered, options.orderedIntervalMs ?? CART_ORDERED_POLL_MS),
  ];
  return () => {
    stopped = true;
    for (const handle of handles) timers.clearInterval(handle);
  };
}
