/**
 * The shop's service worker (ARCHITECTURE.md §4, offline shell), built by vite-plugin-pwa's injectManifest, which
 * writes the list of the build's files into `self.__WB_MANIFEST`.
 * - The app (index.html, every JS and CSS chunk, the texts, icons) is precached as one version, so a page of an
 *   old version never asks for a chunk of a new one.
 * - A page load gets the precached index.html, with the server's status for its address (404 for one the shop does
 *   not have); offline with 200: every route opens offline.
 * - Catalogue reads go to the network first (3 s), then to what was seen; images come from the cache first.
 * - The developers' visualizer's files (`assets/devtools/`, left out of the precache so a shopper's worker never
 *   downloads them) are kept when first fetched and then come from the cache, so `/__devtools` opens offline once
 *   visited.
 * - Cart, replication, stock and every API path not named in cache-rules.ts pass straight through.
 * - A new version waits until a page asks it to take over (register-worker.ts), then claims the open pages.
 * - Storage under pressure (features/storage): a quota error empties the runtime caches (`purgeOnQuotaError`);
 *   repeated errors, or the page's word, switch cache writes or reads off (cache-persistence.ts).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, registerQuotaErrorCallback } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { createCachePersistence } from '../storage/cache-persistence.ts';
import { CACHE_NAMES, cacheRuleFor, offlineMissBody, pageStatus, urlMapCacheKey, type CacheRule } from './cache-rules.ts';

// The little of ServiceWorkerGlobalScope this file uses (the client's tsconfig has the DOM library, not WebWorker).
declare const self: {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: Event & { waitUntil(promise: Promise<unknown>): void }) => void): void;
};

const origin = self.location.origin;
const NETWORK_TIMEOUT_SECONDS = 3;
const DAY = 24 * 60 * 60;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

const persistence = createCachePersistence();
registerQuotaErrorCallback(() => persistence.writeFailed());

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
  persistence.fromPage(event.data);
});

// A version that renames a runtime cache (its answers changed shape) drops the old one.
self.addEventListener('activate', (event) => {
  const current = new Set<string>(Object.values(CACHE_NAMES));
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith('shop-') && !current.has(name)).map((name) => caches.delete(name)))));
});

// Workbox's plugin classes type their optional callbacks `| undefined`, which exactOptionalPropertyTypes rejects.
const only200 = new CacheableResponsePlugin({ statuses: [200] }) as WorkboxPlugin;
const catalogueExpiry = new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }) as WorkboxPlugin;
const mediaExpiry = new ExpirationPlugin({ maxEntries: 800, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true }) as WorkboxPlugin;
// About twenty files per version: a few versions' worth, the oldest go first.
const assetExpiry = new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true }) as WorkboxPlugin;

/** No network and nothing seen: an answer the client can tell apart from a server error (offline-fallback.ts). */
const offlineMiss: WorkboxPlugin = {
  handlerDidError: async ({ request }) =>
    new Response(JSON.stringify(offlineMissBody(new URL(request.url).pathname)), { status: 504, headers: { 'content-type': 'application/json' } }),
};

/**
 * The Cache API stores GET requests only: a URL-map POST is stored under a GET key made from its body. The body is
 * read before the request goes out (handlerWillStart), as the network call consumes it.
 */
const UNCACHEABLE = `${origin}/api/url/map?uncacheable`;
const urlMapKey: WorkboxPlugin = {
  handlerWillStart: async ({ request, state }) => {
    if (state) state.key = urlMapCacheKey(await request.clone().text(), origin);
  },
  cacheKeyWillBeUsed: async ({ state }) => (typeof state?.key === 'string' ? state.key : UNCACHEABLE),
  cacheWillUpdate: async ({ response, state }) => (typeof state?.key === 'string' ? response : null),
};

const strategies: Partial<Record<CacheRule, NetworkFirst | CacheFirst>> = {
  catalogue: new NetworkFirst({
    cacheName: CACHE_NAMES.catalogue,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    matchOptions: { ignoreVary: true },
    plugins: [persistence.plugin, only200, catalogueExpiry, offlineMiss],
  }),
  'url-map': new NetworkFirst({
    cacheName: CACHE_NAMES.catalogue,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    matchOptions: { ignoreVary: true },
    plugins: [urlMapKey, persistence.plugin, only200, catalogueExpiry, offlineMiss],
  }),
  media: new CacheFirst({
    cacheName: CACHE_NAMES.media,
    // A resized picture varies by Accept (WebP or PNG): offline, either one is better than none.
    matchOptions: { ignoreVary: true },
    plugins: [persistence.plugin, only200, mediaExpiry],
  }),
  // A hashed file never changes: what was fetched once is the file.
  asset: new CacheFirst({ cacheName: CACHE_NAMES.assets, plugins: [persistence.plugin, only200, assetExpiry] }),
};

const shell = createHandlerBoundToURL('/index.html');

/** The status the server gives a page's address (HEAD), or null without an answer in time (offline). */
async function addressStatus(url: string): Promise<number | null> {
  try {
    return (await fetch(url, { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(NETWORK_TIMEOUT_SECONDS * 1000) })).status;
  } catch {
    return null;
  }
}

/**
 * A page load gets the precached shell (the app of this worker's version) with the status the server gives its
 * address: 404 for one the shop does not have, as without the worker. Offline, the shell with 200, so every page
 * seen opens (the app itself sends a page never cached Home).
 */
async function page(options: Parameters<typeof shell>[0]): Promise<Response> {
  // Read before the shell's handler, which puts its own request for /index.html in the options.
  const address = options.request.url;
  const [answer, status] = await Promise.all([shell(options), addressStatus(address)]);
  if (pageStatus(status) === 200) return answer;
  return new Response(answer.body, { status: 404, statusText: 'Not Found', headers: answer.headers });
}

for (const method of ['GET', 'POST'] as const) {
  registerRoute(
    ({ request }) => cacheRuleFor(request, origin) !== 'none',
    (options) => {
      const rule = cacheRuleFor(options.request, origin);
      if (rule === 'shell') return page(options);
      return strategies[rule]!.handle({ event: options.event, request: options.request });
    },
    method,
  );
}
