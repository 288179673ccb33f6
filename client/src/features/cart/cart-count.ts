import { useEffect, useState } from 'react';
import { useBrowserValue } from '../../app/server-pass.ts';
import type { CartRuntime } from './cart-runtime.ts';

const KEY = 'shop.cart.count';

function storedCount(): number {
  try {
    return Number(localStorage.getItem(KEY)) || 0;
  } catch {
    return 0;
  }
}

/**
 * The header's cart count (spec 1 §9: total quantity or lines, per configuration): the last one this browser saw
 * until the cart runtime has started, then the live count of the local database, remembered for the next visit.
 */
export function useCartCount(runtime: CartRuntime | null): number {
  const stored = useBrowserValue(storedCount, 0);
  const [live, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!runtime) return;
    const subscription = runtime.count$.subscribe((next) => {
      setCount(next);
      try {
        localStorage.setItem(KEY, String(next));
      } catch {
        // Storage refused: the count still shows for this visit.
      }
    });
    return () => subscription.unsubscribe();
  }, [runtime]);
  return live ?? stored;
}
