/**
 * Spec 2 §2 and §8 for the pages that load their data in the page rather than in a route loader (CMS pages, the
 * testimonials, the magazine): a page never read on this device, opened offline, sends the shopper Home with 'The
 * product, category or CMS page is not available in Offline mode. Redirecting to Home.' (the same test and notice as
 * the catalogue route's loader).
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isShopOnline } from '../../app/network.ts';
import { useStore } from '../../app/store-context.tsx';
import { isOfflineMiss } from './offline-fallback.ts';

/** Whether the error is "not cached and offline": the page is on its way Home, and shows nothing of its own. */
export function useHomeWhenNotCached(error: Error | undefined): boolean {
  const navigate = useNavigate();
  const store = useStore();
  const offlineMiss = error !== undefined && isOfflineMiss(error, isShopOnline());
  useEffect(() => {
    if (!offlineMiss) return;
    void import('./offline-notices.ts').then((notices) => notices.notifyPageUnavailable());
    void navigate({ to: '/$store', params: { store }, replace: true });
  }, [offlineMiss, navigate, store]);
  return offlineMiss;
}
