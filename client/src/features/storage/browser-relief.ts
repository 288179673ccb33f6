/**
 * The page's hold on the persistent caches: the service worker's runtime caches in Cache Storage (what was browsed),
 * `navigator.storage.estimate()`, and the message that switches the worker's caching off.
 */
import type { StorageRelief } from './storage-pressure.ts';
import { CACHING_MESSAGE, entriesToPurge, isBrowsingCache, type Caching, type CachingMessage } from './storage-policy.ts';

async function browsingCaches(): Promise<string[]> {
  if (typeof caches === 'undefined') return [];
  return (await caches.keys()).filter(isBrowsingCache);
}

export const browserRelief: StorageRelief = {
  async clearCaches() {
    for (const name of await browsingCaches()) {
      // Entry by entry first: Chromium frees a deleted cache's room only once every handle on it is gone (the worker
      // holds some), while a deleted entry's room is free at once.
      const cache = await caches.open(name);
      for (const request of await cache.keys()) await cache.delete(request);
      await caches.delete(name);
    }
  },
  async purgeOldest() {
    let purged = 0;
    for (const name of await browsingCaches()) {
      const cache = await caches.open(name);
      for (const request of entriesToPurge(await cache.keys())) if (await cache.delete(request)) purged += 1;
    }
    return purged;
  },
  async estimate() {
    return typeof navigator !== 'undefined' && navigator.storage?.estimate ? navigator.storage.estimate() : null;
  },
  tellWorker(caching: Caching) {
    const message: CachingMessage = { type: CACHING_MESSAGE, ...caching };
    if (typeof navigator !== 'undefined') navigator.serviceWorker?.controller?.postMessage(message);
  },
};
