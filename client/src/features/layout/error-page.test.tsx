import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeCatalogue, renderShop } from '../../test/shop-test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the error page', () => {
  it('shows the spec’s message in the minimal layout, with a way Home and no menu, search or cart', async () => {
    installFakeCatalogue({});
    await renderShop('/en/error');
    expect(await screen.findByRole('heading', { level: 1, name: 'Internal Server Error 500' })).toBeTruthy();
    expect(screen.getByText('Something went wrong, try again in a few seconds')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Return to homepage' }).getAttribute('href')).toBe('/en');
    expect(screen.getByRole('link', { name: /^Horloge & Diamant .*\(home\)$/ }).getAttribute('href')).toBe('/en');
    expect(screen.queryByRole('combobox', { name: 'Search' })).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    // The page's head is written by an effect after the first paint.
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex'));
  });

  it('is the default store’s when opened without a store', async () => {
    installFakeCatalogue({});
    const { router } = await renderShop('/error');
    expect(await screen.findByRole('heading', { level: 1, name: 'Internal Server Error 500' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/nl/error');
  });
});
