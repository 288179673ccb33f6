import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
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

describe('search panel: a search that takes too long, fails, or is made offline', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** The fake catalogue, with the searches for `term` answered by `answer` instead. */
  function catalogueWith(answer: (init: RequestInit | undefined) => Promise<Response>) {
    const seamaster = product({ id: 7, name: 'Omega Seamaster', url_path: 'watches/omega-seamaster-7' });
    const { fetchMock } = installFakeCatalogue({ search: () => [seamaster] });
    const fake = fetchMock.getMockImplementation()!;
    let slow = true;
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://shop.test');
      const request = JSON.parse(url.searchParams.get('request') ?? '{}') as { query?: string };
      if (slow && url.pathname === '/api/catalog/search' && request.query) return answer(init);
      return fake(input, init);
    });
    return { answerNormally: () => (slow = false) };
  }

  it('gives up after 5000 ms with a clear message and a retry, never a spinner forever (spec 1 §9)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    let aborted = false;
    let askedAt = 0;
    const shop = catalogueWith(
      (init) =>
        new Promise<Response>((_, reject) => {
          askedAt = Date.now();
          init?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('The operation was aborted.', 'AbortError'));
          });
        }),
    );
    await renderShop('/en');
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }), { target: { value: 'omega' } });
    await waitFor(() => expect(askedAt).toBeGreaterThan(0));
    await act(() => vi.advanceTimersByTimeAsync(askedAt + 4900 - Date.now()));
    expect(screen.getByText('Searching…')).toBeTruthy();
    expect(screen.queryByText('The search took too long. Please try again.')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(screen.getByRole('alert').textContent).toContain('The search took too long. Please try again.');
    expect(screen.queryByText('Searching…')).toBeNull();
    expect(aborted).toBe(true);

    shop.answerNormally();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Omega Seamaster/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says so when the server's search took too long (503 search_timeout), and retries", async () => {
    const shop = catalogueWith(async () =>
      new Response(JSON.stringify({ code: 503, result: { error: 'search_timeout', message: 'The search took too long. Please try again.' } }), { status: 503 }),
    );
    await renderShop('/en');
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }), { target: { value: 'omega' } });
    expect((await screen.findByRole('alert')).textContent).toContain('The search took too long. Please try again.');
    shop.answerNormally();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Omega Seamaster/ })).toBeTruthy();
  });

  it('answers an offline search with an empty result marked offline, says so, and searches again once online', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const shop = catalogueWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    await renderShop('/en');
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }), { target: { value: 'omega' } });
    expect(await screen.findByText('You are offline: the search needs a connection. Please try again when you are back online.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/No products found/)).toBeNull();

    online.mockReturnValue(true);
    shop.answerNormally();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('link', { name: /Omega Seamaster/ })).toBeTruthy();
    expect(screen.getByText('1 result')).toBeTruthy();
  });

  it('raises a failed search online: an error with a retry, not an empty result', async () => {
    const shop = catalogueWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    await renderShop('/en');
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }), { target: { value: 'omega' } });
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong, try again in a few seconds');
    expect(screen.queryByText(/offline/)).toBeNull();
    shop.answerNormally();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Omega Seamaster/ })).toBeTruthy();
  });
});
