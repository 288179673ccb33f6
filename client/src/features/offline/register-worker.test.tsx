import { act, cleanup, screen } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n.ts';
import { clearCache, seedCache } from '../../app/resource.ts';
import { createShopRouter } from '../../app/router.tsx';
import { installFakeCatalogue } from '../../test/shop-test-utils.tsx';
import { currentNotifications, dismissNotification } from '../../ui/notifications.tsx';
import { registerShopWorker, urlMapLookup, WORKER_URL } from './register-worker.ts';

/** Just enough of a ServiceWorkerContainer and its registration to drive the flow from the page's side. */
function fakeWorkers({ controlled, waiting }: { controlled: boolean; waiting?: { state: string; postMessage: (message: unknown) => void } }) {
  const registration = Object.assign(new EventTarget(), { waiting: waiting ?? null, installing: null, active: controlled ? {} : null, update: vi.fn(async () => undefined) });
  const container = Object.assign(new EventTarget(), { controller: controlled ? {} : null, register: vi.fn(async () => registration) });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { container, registration };
}

function shopAt(path: string) {
  return createShopRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
}

describe('urlMapLookup', () => {
  it('is the URL-map body of a store page, as resolveUrl sends it', () => {
    expect(urlMapLookup('/nl/horloges/heren/')).toEqual({ url: 'horloges/heren', storeCode: 'nl' });
    expect(urlMapLookup('/en/watches/omega-seamaster-7')).toEqual({ url: 'watches/omega-seamaster-7', storeCode: 'en' });
  });

  it('is null for a store home, a page of the app or a path outside the stores', () => {
    for (const path of ['/', '/nl', '/en/', '/xx/watches', '/documentation', '/en/checkout', '/nl/my-account/orders', '/en/compare', '/en/order-status/tok', '/nl/pwa.html', '/en/error']) {
      expect(urlMapLookup(path), path).toBeNull();
    }
  });
});

describe('registerShopWorker', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  afterEach(() => {
    vi.useRealTimers();
    act(() => currentNotifications().forEach((notification) => dismissNotification(notification.id)));
    cleanup();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    delete document.documentElement.dataset.offlineShell;
    clearCache();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('registers the worker for the whole site', async () => {
    const { container } = fakeWorkers({ controlled: true });
    await registerShopWorker(shopAt('/en'));
    expect(container.register).toHaveBeenCalledWith(WORKER_URL, { scope: '/' });
    // A page the worker already controls is available offline as it loads.
    expect(document.documentElement.dataset.offlineShell).toBe('ready');
  });

  it('the first time it takes control, asks again through it for what the page saw before, live data aside', async () => {
    const origin = window.location.origin;
    const search = `${origin}/api/catalog/search?request=${encodeURIComponent('{"type":"product"}')}`;
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue(
      [search, `${origin}/media/catalog/a.png?size=310`, `${origin}/api/cart/pull?cartId=1`, `${origin}/assets/shell.js`, 'https://elsewhere.test/api/catalog/search'].map(
        (name) => ({ name }) as PerformanceEntry,
      ),
    );
    const answers: Array<(response: Response) => void> = [];
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => answers.push(resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = fakeWorkers({ controlled: false });
    await registerShopWorker(shopAt('/en/watches/men'));
    expect(fetchMock).not.toHaveBeenCalled();

    container.dispatchEvent(new Event('controllerchange'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    // The page says it is ready for offline use only once those reads went through the worker.
    expect(document.documentElement.dataset.offlineShell).toBeUndefined();
    for (const answer of answers) answer(new Response('{}'));
    await vi.waitFor(() => expect(document.documentElement.dataset.offlineShell).toBe('ready'));
    const calls = fetchMock.mock.calls as Array<[string, RequestInit]>;
    expect(calls.map(([url]) => url).sort()).toEqual(['/api/url/map', search, `${origin}/media/catalog/a.png?size=310`].sort());
    const lookup = calls.find(([url]) => url === '/api/url/map')![1];
    expect(lookup.method).toBe('POST');
    expect(JSON.parse(String(lookup.body))).toEqual({ url: 'watches/men', storeCode: 'en' });
  });

  it('asks through the worker for what the server read to render the page, too (the browser never asked it)', async () => {
    const origin = window.location.origin;
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([]);
    const block = '/api/content/cms_block?storeCode=en&identifier=home-story';
    seedCache([
      [block, { content: '' }],
      ['url-map:en:watches', null],
    ]);
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = fakeWorkers({ controlled: false });
    await registerShopWorker(shopAt('/en'));
    container.dispatchEvent(new Event('controllerchange'));
    await vi.waitFor(() => expect(document.documentElement.dataset.offlineShell).toBe('ready'));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`${origin}${block}`]);
  });

  function waitingWorker() {
    return Object.assign(new EventTarget(), { state: 'installed', postMessage: vi.fn() });
  }

  it('offers a waiting new version quietly, and lets it take over on the next navigation', async () => {
    const waiting = waitingWorker();
    const { container } = fakeWorkers({ controlled: true, waiting });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, reload: vi.fn() });
    const router = shopAt('/en');
    await router.load();
    await registerShopWorker(router);

    expect((await screen.findByRole('status')).textContent).toContain('A new version of the shop is available.');
    expect(waiting.postMessage).not.toHaveBeenCalled();

    void router.navigate({ to: '/$store/$', params: { store: 'en', _splat: 'watches' } });
    await vi.waitFor(() => expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' }));
    expect(assign).not.toHaveBeenCalled();

    // Only once the new version is in control does the page load in full, at the address the shopper chose.
    container.dispatchEvent(new Event('controllerchange'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith('/en/watches'));
    expect(router.history.location.pathname).toBe('/en');
  });

  it('lets a navigation go ahead in the running version when the new one is slow to take over', async () => {
    // The navigation that goes ahead looks its address up in the URL map.
    installFakeCatalogue({});
    const waiting = waitingWorker();
    const { container } = fakeWorkers({ controlled: true, waiting });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, reload: vi.fn() });
    const router = shopAt('/en');
    await router.load();
    await registerShopWorker(router);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    void router.navigate({ to: '/$store/$', params: { store: 'en', _splat: 'watches' } });
    await vi.waitFor(() => expect(waiting.postMessage).toHaveBeenCalled());
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(router.history.location.pathname).toBe('/en/watches'));
    vi.useRealTimers();
    expect(assign).not.toHaveBeenCalled();

    // Once it has taken over, the next navigation is a full page load at once.
    container.dispatchEvent(new Event('controllerchange'));
    void router.navigate({ to: '/$store/$', params: { store: 'en', _splat: 'jewellery' } });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith('/en/jewellery'));
  });

  it("reloads from the notice's Reload once the new version is in control", async () => {
    const waiting = waitingWorker();
    const { container } = fakeWorkers({ controlled: true, waiting });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign: vi.fn(), reload });
    await registerShopWorker(shopAt('/en'));

    const button = await screen.findByRole('button', { name: 'Reload' });
    act(() => button.click());
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
  });
});
