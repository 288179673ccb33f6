import { cleanup, screen, waitFor } from '@testing-library/react';
import { isRedirect } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/api.ts';
import { installFakeCatalogue, product, renderShop } from '../../test/shop-test-utils.tsx';
import { OFFLINE_MISS, offlineMissBody } from './cache-rules.ts';
import { homeWhenNotCached, isOfflineMiss } from './offline-fallback.ts';
import { currentNotifications, dismissNotification } from '../../ui/notifications.tsx';

const NOT_AVAILABLE = 'The product, category or CMS page is not available in Offline mode. Redirecting to Home.';

describe('isOfflineMiss', () => {
  it('is the worker saying "not cached", online or not', () => {
    expect(isOfflineMiss(new ApiError(504, OFFLINE_MISS, 'Offline'), true)).toBe(true);
    expect(isOfflineMiss(new ApiError(504, OFFLINE_MISS, 'Offline'), false)).toBe(true);
  });

  it('is a failed network while the browser is offline (no worker yet)', () => {
    expect(isOfflineMiss(new ApiError(0, 'network', 'Failed to fetch'), false)).toBe(true);
    expect(isOfflineMiss(new ApiError(0, 'network', 'Failed to fetch'), true)).toBe(false);
  });

  it('is never a real error of the server, or something else', () => {
    for (const error of [new ApiError(500, 'internal', 'x'), new ApiError(504, 'internal', 'Gateway'), new ApiError(404, 'not_found', 'x'), new Error('x'), 'x', null]) {
      expect(isOfflineMiss(error, false)).toBe(false);
    }
  });
});

describe('homeWhenNotCached', () => {
  const miss = new ApiError(504, OFFLINE_MISS, 'Offline');

  it('turns an offline miss into a redirect to the store home', () => {
    let thrown: unknown;
    try {
      homeWhenNotCached(miss, 'en');
    } catch (error) {
      thrown = error;
    }
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { options: unknown }).options).toMatchObject({ to: '/$store', params: { store: 'en' }, replace: true });
  });

  it('throws any other error, and any preload error, on unchanged', () => {
    const other = new ApiError(500, 'internal', 'x');
    expect(() => homeWhenNotCached(other, 'en')).toThrow(other);
    expect(() => homeWhenNotCached(miss, 'en', true)).toThrow(miss);
  });
});

describe('a page never cached, opened offline', () => {
  afterEach(() => {
    currentNotifications().forEach((notification) => dismissNotification(notification.id));
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function offlineUrlMap(answer: () => Promise<Response>) {
    const { fetchMock } = installFakeCatalogue({ products: [product({ id: 1, name: 'Omega Seamaster' })] });
    const catalogue = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => (String(input).startsWith('/api/url/map') ? answer() : catalogue(input, init)));
  }

  it('sends the shopper Home with the spec message when the worker has nothing cached', async () => {
    offlineUrlMap(async () => new Response(JSON.stringify(offlineMissBody('/api/url/map')), { status: 504, headers: { 'content-type': 'application/json' } }));
    const { router } = await renderShop('/en/watches/omega-seamaster');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    expect((await screen.findByRole('alert')).textContent).toContain(NOT_AVAILABLE);
    expect(screen.getByRole('heading', { name: 'New arrivals' })).toBeTruthy();
  });

  it('does the same with no worker when the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    offlineUrlMap(() => Promise.reject(new TypeError('Failed to fetch')));
    const { router } = await renderShop('/en/watches/omega-seamaster');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    expect((await screen.findByRole('alert')).textContent).toContain(NOT_AVAILABLE);
  });

  it('shows the error, not Home, when the network fails while online', async () => {
    offlineUrlMap(() => Promise.reject(new TypeError('Failed to fetch')));
    const { router } = await renderShop('/en/watches/omega-seamaster');
    expect(await screen.findByText('Something went wrong, try again in a few seconds')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en/watches/omega-seamaster');
    expect(screen.queryByText(NOT_AVAILABLE)).toBeNull();
  });
});
