import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeCatalogue, product, renderShop } from '../../test/shop-test-utils.tsx';

describe('search panel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for at least 3 characters before searching, then lists the results as links', async () => {
    const seamaster = product({ id: 7, name: 'Omega Seamaster', url_path: 'watches/omega-seamaster-7' });
    const { searches } = installFakeCatalogue({ search: (query) => (query.includes('omega') ? [seamaster] : []) });
    await renderShop('/en');

    const field = await screen.findByRole('searchbox', { name: 'Search' });
    fireEvent.change(field, { target: { value: ' om ' } });
    expect(await screen.findByText('Searched term should consist of at least 3 characters')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches.some((request) => request.query !== undefined)).toBe(false);

    fireEvent.change(field, { target: { value: 'omega' } });
    const link = await screen.findByRole('link', { name: /Omega Seamaster/ });
    expect(link.getAttribute('href')).toBe('/en/watches/omega-seamaster-7');
    expect(screen.getByText('1 result')).toBeTruthy();
    expect(searches.filter((request) => request.query !== undefined).map((request) => request.query)).toEqual(['omega']);

    fireEvent.change(field, { target: { value: 'zzzz' } });
    await waitFor(() => expect(screen.getByText('No products found for “zzzz”.')).toBeTruthy());
  });
});
