import { stockBadge, type StockBadge } from '@shop/shared';
import { useCallback, useEffect, useSyncExternalStore, type RefObject } from 'react';
import { STOCK_CONFIG } from './stock-config.ts';
import type { StockView } from './stock-checks.ts';
import { stockChecks } from './stock-runtime.ts';

/** What a badge shows: the answer's badge, or that the check is under way or waits for the connection. */
export type StockBadgeKind = StockBadge['kind'] | 'checking' | 'queued';

export function badgeOf(view: StockView | undefined): { kind: StockBadgeKind; qty?: number } {
  if (!view || view.state === 'checking') return { kind: 'checking' };
  if (view.state === 'queued') return { kind: 'queued' };
  if (view.state === 'unverified') return { kind: 'unverified' };
  const badge = stockBadge(view.result);
  return badge.kind === 'few_left' ? { kind: 'few_left', qty: badge.qty } : { kind: badge.kind };
}

/** What this tab knows of a sku's stock, live. */
export function useStockView(sku: string): StockView | undefined {
  const subscribe = useCallback((notify: () => void) => stockChecks().subscribe(sku, notify), [sku]);
  return useSyncExternalStore(
    subscribe,
    () => stockChecks().view(sku),
    () => undefined,
  );
}

/**
 * Asks a sku's stock: at once when `eager` (the listing's first `STOCK_CONFIG.prefetchCount` cards), else when the
 * element comes near the screen. The checks asked together go out in batches of at most 15.
 */
export function useStockRequest(sku: string, eager: boolean, element: RefObject<Element | null>): void {
  useEffect(() => {
    const checks = stockChecks();
    const target = element.current;
    if (eager || !target || typeof IntersectionObserver === 'undefined') {
      checks.request([sku]);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        checks.request([sku]);
      },
      { rootMargin: STOCK_CONFIG.viewMargin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [sku, eager, element]);
}
