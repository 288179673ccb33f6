/**
 * Registers the service worker (production builds only) and runs its update flow:
 * - the first time the worker takes control, what this visit loaded before it existed is asked again through it,
 *   so the visit that installed it is available offline too;
 * - a new version installs in the background and waits; it takes over on the shopper's next in-app navigation
 *   (which becomes a full page load of the address they were going to) or from a quiet "new version" notice's
 *   Reload. The browser looks for a new version on every page load; this also looks every hour and on `online`.
 * Once the worker is in control and this visit's reads went through it, the document says so:
 * `<html data-offline-shell="ready">` (what a journey waits for before it takes the connection away).
 */
import { HOME_ALIAS, storePageOf } from '@shop/shared/stores/store-pages';
import { isStoreCode } from '@shop/shared/stores/stores';
import type { createShopRouter } from '../../app/router.tsx';
import { dispatchPath } from '../catalogue/catalogue-api.ts';
import { cacheRuleFor } from './cache-rules.ts';
import { onShopOnline, shopFetch } from '../../app/network.ts';
import { seededReads } from '../../app/resource.ts';

type ShopRouter = ReturnType<typeof createShopRouter>;

export const WORKER_URL = '/service-worker.js';
const UPDATE_CHECK_MS = 60 * 60_000;
/** How long a navigation waits for a new version to take over before it goes ahead in the running one. */
const TAKEOVER_WAIT_MS = 2000;
const IMAGE_ACCEPT = 'image/avif,image/webp,image/*,*/*;q=0.8';

/** Registers once the page has loaded, so the worker's downloads never compete with the first paint. */
export async function registerShopWorker(router: ShopRouter): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  if (document.readyState !== 'complete') await new Promise((loaded) => window.addEventListener('load', loaded, { once: true }));
  const container = navigator.serviceWorker;
  const seen = container.controller ? null : followPages(router);
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await container.register(WORKER_URL, { scope: '/' });
  } catch (error) {
    console.warn('The offline shell is not available:', error);
    return;
  }
  // A browser whose policy blocks workers may answer no registration at all (Chromium under automation does).
  if (!registration) return;
  if (seen) {
    const warm = () => void warmUp(seen()).then(markOfflineReady);
    // The first worker may have taken control while it registered.
    if (container.controller) warm();
    else container.addEventListener('controllerchange', warm, { once: true });
  } else {
    markOfflineReady();
  }

  if (registration.waiting && registration.active) offerUpdate(router, registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    // With no active worker this is the first install, which takes control by itself (clientsClaim).
    if (!installing || !registration.active) return;
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed') offerUpdate(router, installing);
    });
  });

  const check = () => void registration.update().catch(() => undefined);
  window.setInterval(check, UPDATE_CHECK_MS);
  onShopOnline((online) => {
    if (online) check();
  });
}

/** The store pages this document showed, for the URL-map lookups (POSTs, which resource timing cannot replay). */
function followPages(router: ShopRouter): () => string[] {
  const paths = new Set([router.state.location.pathname]);
  const stop = router.subscribe('onResolved', (event) => paths.add(event.toLocation.pathname));
  return () => {
    stop();
    return [...paths];
  };
}

/**
 * A catalogue page's URL-map lookup body, as resolveUrl sends it; null for a store's home, a page of the app
 * (checkout, my account: never looked up) or a non-store path.
 */
export function urlMapLookup(pathname: string): { url: string; storeCode: string } | null {
  const [, store, ...rest] = pathname.split('/');
  const url = dispatchPath(rest.join('/'));
  if (!store || !isStoreCode(store) || !url || url === HOME_ALIAS || storePageOf(url, { externalCheckout: true })) return null;
  return { url, storeCode: store };
}

function markOfflineReady(): void {
  document.documentElement.dataset.offlineShell = 'ready';
}

async function warmUp(pathnames: string[]): Promise<void> {
  const origin = window.location.origin;
  // What the page read itself, and what the server read for it when it rendered the page (decision 048).
  const reads = new Set([...performance.getEntriesByType('resource').map((entry) => entry.name), ...seededReads().map((read) => new URL(read, origin).href)]);
  const requests: Promise<Response>[] = [];
  for (const url of reads) {
    const rule = cacheRuleFor({ method: 'GET', url }, origin);
    if (rule === 'catalogue') requests.push(shopFetch(url, { headers: { accept: 'application/json' } }));
    if (rule === 'media') requests.push(shopFetch(url, { headers: { accept: IMAGE_ACCEPT } }));
  }
  for (const lookup of pathnames.map(urlMapLookup)) {
    if (lookup) requests.push(shopFetch('/api/url/map', { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify(lookup) }));
  }
  await Promise.allSettled(requests);
}

const offered = new WeakSet<ServiceWorker>();

/**
 * The browser activates the new version only once the old one is idle (the page's own requests delay that), and a
 * full page load started before then waits as long: so a page loads in full only once the new version is in
 * control. A navigation waits for that at most TAKEOVER_WAIT_MS, else it stays in the app and the next one loads in
 * full. The cart and every draft live in the local database, so a full page load loses nothing.
 */
function offerUpdate(router: ShopRouter, worker: ServiceWorker): void {
  if (offered.has(worker)) return;
  offered.add(worker);
  let inControl = false;
  const takenOver = new Promise<void>((resolve) => {
    const done = () => {
      inControl = true;
      resolve();
    };
    navigator.serviceWorker.addEventListener('controllerchange', done, { once: true });
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated' || worker.state === 'redundant') done();
    });
  });
  const activate = () => worker.postMessage({ type: 'SKIP_WAITING' });

  router.history.block({
    enableBeforeUnload: false,
    blockerFn: async ({ nextLocation, action }) => {
      if (action !== 'PUSH' && action !== 'REPLACE') return false;
      if (!inControl) {
        activate();
        await Promise.race([takenOver, new Promise((wait) => window.setTimeout(wait, TAKEOVER_WAIT_MS))]);
        if (!inControl) return false;
      }
      window.location.assign(nextLocation.href);
      return true;
    },
  });
  const reload = () => {
    activate();
    void takenOver.then(() => window.location.reload());
  };
  void import('./offline-notices.ts').then((notices) => notices.notifyUpdateAvailable(reload));
}
