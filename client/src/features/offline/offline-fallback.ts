import { redirect } from '@tanstack/react-router';
import { ApiError } from '../../app/api.ts';
import { OFFLINE_MISS } from './cache-rules.ts';
import { isShopOnline } from '../../app/network.ts';

/**
 * Whether a failed page-data request means "this page was never cached and there is no network": the worker's
 * offline answer, or (no worker yet, or a browser without one) a network failure while the browser is offline.
 * Any other failure is a real error, shown with its message (spec 2 §8).
 */
export function isOfflineMiss(error: unknown, online: boolean): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code === OFFLINE_MISS || (error.status === 0 && !online);
}

/**
 * Spec 2 §2 and §8: a product, category or CMS page not cached offline sends the shopper Home with
 * 'The product, category or CMS page is not available in Offline mode. Redirecting to Home.'
 * Any other error, and any error of a preload (a link hovered, not followed), is thrown on unchanged.
 */
export function homeWhenNotCached(error: unknown, store: string, preload = false): never {
  if (preload || !isOfflineMiss(error, isShopOnline())) throw error;
  void import('./offline-notices.ts').then((notices) => notices.notifyPageUnavailable());
  throw redirect({ to: '/$store', params: { store }, replace: true });
}
