import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/api.ts';
import { useRetryWhileCatalogueLoads } from './catalogue-loading.ts';

describe('a search while the server loads its catalogue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks again after the wait the server gives, and after each new such answer', () => {
    const retry = vi.fn();
    const first = new ApiError(503, 'catalogue_loading', 'The catalogue is loading. Please try again in a few seconds.', { retryAfter: 2 });
    const { result, rerender } = renderHook(({ error }) => useRetryWhileCatalogueLoads(error, retry), { initialProps: { error: first as unknown } });
    expect(result.current).toBe(true);
    vi.advanceTimersByTime(1999);
    expect(retry).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(retry).toHaveBeenCalledTimes(1);
    rerender({ error: new ApiError(503, 'catalogue_loading', 'again', { retryAfter: 2 }) });
    vi.advanceTimersByTime(2000);
    expect(retry).toHaveBeenCalledTimes(2);
    // Answered: no more asking.
    rerender({ error: undefined });
    vi.advanceTimersByTime(10_000);
    expect(retry).toHaveBeenCalledTimes(2);
    expect(result.current).toBe(false);
  });

  it('leaves other failures to the shopper', () => {
    const retry = vi.fn();
    const { result } = renderHook(() => useRetryWhileCatalogueLoads(new ApiError(503, 'search_timeout', 'The search took too long.'), retry));
    vi.advanceTimersByTime(60_000);
    expect(retry).not.toHaveBeenCalled();
    expect(result.current).toBe(false);
  });
});
