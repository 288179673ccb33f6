/**
 * The service worker's side of the persistent-cache rules (storage-policy.ts), as a Workbox plugin on every runtime
 * cache: writes stop after 30 storage write errors (its own quota errors, reported by Workbox), reads after 1 read
 * error (a cache lookup that threw), and either stops when the page says so (the page counts the quota errors of the
 * shopper's own writes). Without writes or reads a cached route still answers from the network.
 */
import type { WorkboxPlugin } from 'workbox-core/types';
import { bothAllow, cachingAllowed, isCachingMessage, NO_STORAGE_ERRORS, withStorageError, type Caching, type StorageErrors } from './storage-policy.ts';

/** A failed cache lookup, told apart from a failed fetch (a TypeError, or an abort) and from Workbox's "no response". */
function isCacheReadError(error: unknown): boolean {
  return typeof DOMException !== 'undefined' && error instanceof DOMException && error.name !== 'AbortError' && error.name !== 'NetworkError';
}

export interface CachePersistence {
  plugin: WorkboxPlugin;
  /** Workbox's quota-error callback: a cache write found no room. */
  writeFailed(): void;
  /** A message from a page: its verdict on caching. */
  fromPage(data: unknown): void;
  allowed(): Caching;
}

export function createCachePersistence(): CachePersistence {
  let errors: StorageErrors = NO_STORAGE_ERRORS;
  let page: Caching = { writes: true, reads: true };
  const allowed = () => bothAllow(cachingAllowed(errors), page);
  return {
    plugin: {
      cacheWillUpdate: async ({ response }) => (allowed().writes ? response : null),
      cachedResponseWillBeUsed: async ({ cachedResponse }) => (allowed().reads ? cachedResponse : null),
      handlerDidError: async ({ error }) => {
        if (isCacheReadError(error)) errors = withStorageError(errors, 'read');
        return undefined;
      },
    },
    writeFailed() {
      errors = withStorageError(errors, 'write');
    },
    fromPage(data) {
      if (isCachingMessage(data)) page = { writes: data.writes, reads: data.reads };
    },
    allowed,
  };
}
