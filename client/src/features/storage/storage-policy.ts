/**
 * The rules for storage under pressure (spec 2 §4 "Other", §9), as pure values and functions that the page and the
 * service worker share. What they mean in this shop:
 * - The shopper's own data (cart, wishlist, compare, checkout drafts, orders, queued tasks: the local database) is
 *   never cleared, and a write of it is never dropped. The *persistent caches* are what was browsed: the service
 *   worker's runtime caches of catalogue answers, URL-map answers (the spec's url cache) and pictures, all named
 *   `shop-*`. The app shell (Workbox's precache) is not a cache of what was browsed and stays.
 * - A quota error on a write clears those caches and the write is tried again; while it still fails, the shopper is
 *   told and the write waits, tried again and again (RETRY_DELAYS_MS), until there is room.
 * - Persistent cache writes are switched off after 30 storage write errors, cache reads after 1 read error (the
 *   spec's numbers), for as long as the page (or the worker) runs.
 * - Every 30 seconds the page asks `navigator.storage.estimate()`; over quota (the origin uses 90% or more of what the
 *   browser grants it) the 100 oldest entries of each cache go (the spec's "entries with index below 100", in the
 *   order the caches list them, which is the order they were stored).
 */

export const STORAGE_LIMITS = {
  /** Spec 2 §9: persistent writes are disabled after 30 errors ... */
  writeErrorsBeforeCachingOff: 30,
  /** ... reads after 1 error. */
  readErrorsBeforeCacheReadsOff: 1,
  /** Spec 2 §9: storage quota check every 30 seconds. */
  quotaCheckEveryMs: 30_000,
  /** Spec 2 §9: when over quota, entries with index below 100 are purged. */
  purgeBelowIndex: 100,
  /** Over quota: this share of the origin's quota used. */
  pressureRatio: 0.9,
  /** The waits between the tries of a write that found no room even after the caches were cleared. */
  retryDelaysMs: [1_000, 2_000, 5_000, 10_000, 30_000] as readonly number[],
};

/** The storage errors seen so far by one page or one worker. */
export interface StorageErrors {
  writes: number;
  reads: number;
}

export const NO_STORAGE_ERRORS: StorageErrors = { writes: 0, reads: 0 };

/** Whether the persistent caches may be written and read. */
export interface Caching {
  writes: boolean;
  reads: boolean;
}

export function withStorageError(errors: StorageErrors, kind: 'write' | 'read'): StorageErrors {
  return kind === 'write' ? { ...errors, writes: errors.writes + 1 } : { ...errors, reads: errors.reads + 1 };
}

export function cachingAllowed(errors: StorageErrors): Caching {
  return { writes: errors.writes < STORAGE_LIMITS.writeErrorsBeforeCachingOff, reads: errors.reads < STORAGE_LIMITS.readErrorsBeforeCacheReadsOff };
}

/** Both sides must allow it: the worker's own errors and what the page told it. */
export function bothAllow(a: Caching, b: Caching): Caching {
  return { writes: a.writes && b.writes, reads: a.reads && b.reads };
}

/** Over quota: `navigator.storage.estimate()` says the origin uses at least `pressureRatio` of its quota. */
export function overQuota(estimate: { usage?: number | undefined; quota?: number | undefined } | null): boolean {
  if (!estimate || !estimate.quota || estimate.usage === undefined) return false;
  return estimate.usage >= estimate.quota * STORAGE_LIMITS.pressureRatio;
}

/** The entries a quota check removes from one cache: those with an index below 100 (the oldest). */
export function entriesToPurge<T>(entries: readonly T[]): T[] {
  return entries.slice(0, STORAGE_LIMITS.purgeBelowIndex);
}

/** The wait before try `attempt` (0 is the first try after the one right after clearing the caches). */
export function retryDelay(attempt: number): number {
  const delays = STORAGE_LIMITS.retryDelaysMs;
  return delays[Math.min(Math.max(attempt, 0), delays.length - 1)]!;
}

/** The message the page sends the worker with its verdict on caching. */
export const CACHING_MESSAGE = 'shop-caching';
export interface CachingMessage extends Caching {
  type: typeof CACHING_MESSAGE;
}

export function isCachingMessage(value: unknown): value is CachingMessage {
  const message = value as Partial<CachingMessage> | null;
  return typeof message === 'object' && message !== null && message.type === CACHING_MESSAGE && typeof message.writes === 'boolean' && typeof message.reads === 'boolean';
}

/** The runtime caches of what was browsed (cache-rules.ts names them `shop-...`); the precache is not one. */
export function isBrowsingCache(name: string): boolean {
  return name.startsWith('shop-');
}
