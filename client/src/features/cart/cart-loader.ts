/**
 * The door to the cart for pages and the header, none of it on the first paint: the cart itself (local database,
 * connection, sync: cart-runtime.ts), started once; and its texts (the `cart` namespace), loaded on first use and
 * then for every language switched to.
 */
import { useSyncExternalStore } from 'react';
import { lazyTexts } from '../texts/lazy-texts.ts';
import type { CartRuntime } from './cart-runtime.ts';

let runtime: Promise<CartRuntime> | undefined;
let started: CartRuntime | null = null;
const listeners = new Set<() => void>();

/** This tab's cart, started on the first call. */
export function loadCart(): Promise<CartRuntime> {
  runtime ??= import('./cart-runtime.ts')
    .then((module) => module.startCartRuntime())
    .then((cart) => {
      started = cart;
      for (const listener of listeners) listener();
      return cart;
    })
    .catch((error: unknown) => {
      runtime = undefined;
      throw error;
    });
  return runtime;
}

/**
 * The cart once something has started it (the header does when the browser is idle), without starting it: for what
 * only reads the cart beside a page, such as how many of a product it holds already.
 */
export function useStartedCart(): CartRuntime | null {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    () => started,
    () => null,
  );
}

const texts = lazyTexts('cart', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/cart.json'));

export const loadCartTexts = texts.load;
/** Whether the cart's texts are in; the first component that needs them loads them. */
export const useCartTexts = texts.useReady;
