import { useEffect } from 'react';
import { ApiError } from '../../app/api.ts';

/** How long to wait before asking again when the server does not say (it does: `details.retryAfter`). */
const DEFAULT_WAIT_SECONDS = 3;

/** Whether a failed catalogue call failed because the server is still loading its catalogue (a 503 at its start). */
export function isCatalogueLoading(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'catalogue_loading';
}

/**
 * While the server loads its catalogue (after a start), a search answers a 503 `catalogue_loading` with the seconds
 * to wait. The caller shows the message; this asks again by itself after that wait, and again after each such answer,
 * until the catalogue answers. Answers whether `error` is that state.
 */
export function useRetryWhileCatalogueLoads(error: unknown, retry: () => void): boolean {
  const loading = isCatalogueLoading(error);
  const retryAfter = loading ? (error.details as { retryAfter?: unknown } | undefined)?.retryAfter : undefined;
  const seconds = typeof retryAfter === 'number' && retryAfter > 0 ? Math.min(retryAfter, 30) : DEFAULT_WAIT_SECONDS;
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(retry, seconds * 1000);
    return () => clearTimeout(timer);
  }, [error, loading, seconds, retry]);
  return loading;
}
