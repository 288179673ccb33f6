import { useCallback, useEffect, useRef, useState } from 'react';
import type { AddToCartOutcome, AddToCartRequest } from './add-to-cart.ts';
import { loadCart } from './cart-loader.ts';

/**
 * "Add to cart" for a page: the cart (local database, connection) is loaded on first use if it has not started
 * yet; the flow itself shows its notifications. `failed` is set when the cart could not be used at all (no local
 * database in this browser).
 */
export function useAddToCart(): { add: (request: AddToCartRequest) => Promise<AddToCartOutcome | null>; busy: boolean; failed: boolean } {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const add = useCallback(async (request: AddToCartRequest) => {
    setBusy(true);
    setFailed(false);
    try {
      const runtime = await loadCart();
      return await runtime.addToCart(request);
    } catch (error) {
      console.error('Adding to the cart failed', error);
      if (live.current) setFailed(true);
      return null;
    } finally {
      if (live.current) setBusy(false);
    }
  }, []);
  return { add, busy, failed };
}
