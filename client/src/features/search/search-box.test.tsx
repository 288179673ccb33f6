import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeCatalogue, pricesAsked, product, renderShop } from '../../test/shop-test-utils.tsx';
import { offlineMissBody } from '../offline/cache-rules.ts';

describe('search panel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for at least 3 characters before searching, then lists the best matches as links to open', async () => {
    const seamaster = product({ id: 7, name: 'Omega Seamaster', url_path: 'watches/omega-seamaster-7' });
    const { searches } = installFakeCatalogue({ search: (query) => (query.includes('omega') ? [seamaster] : []) });
    await renderShop('/en');

    const field = await screen.findByRole('combobox', { name: 'Search' });
    fireEvent.change(field, { target: { value: ' om ' } });
    expect(await screen.findByText('Searched term should consist of at least 3 characters')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches.some((request) => request.query !== undefined)).toBe(false);

    fireEvent.change(field, { target: { value: 'omega' } });
    const link = await screen.findByRole('option', { name: /Omega Seamaster/ });
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
    fireEvent.change(await screen.findByRole('combobox', { name: 'Search' }), { target: { value: 'omega' } });
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
    expect(await screen.findByRole('option', { name: /Omega Seamaster/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says so when the server's search took too long (503 search_timeout), and retries", async () => {
    const shop = catalogueWith(async () =>
      new Response(JSON.stringify({ code: 503, result: { error: 'search_timeout', message: 'The search took too long. Please try again.' } }), { status: 503 }),
    );
    await renderShop('/en');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Search' }), { target: { value: 'omega' } });
    expect((await screen.findByRole('alert')).textContent).toContain('The search took too long. Please try again.');
    shop.answerNormally();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option', { name: /Omega Seamaster/ })).toBeTruthy();
  });

  it('answers an offline search with an empty result marked offline, says so, and searches again once online', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const shop = catalogueWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    await renderShop('/en');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Search' }), { target: { value: 'omega' } });
    expect(await screen.findByText('You are offline: the search needs a connection. Please try again when you are back online.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/No products found/)).toBeNull();

    online.mockReturnValue(true);
    shop.answerNormally();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('option', { name: /Omega Seamaster/ })).toBeTruthy();
    expect(screen.getByText('1 result')).toBeTruthy();
  });

  it('asks again a little later when the first search back online is still answered offline (the worker not yet back)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // The offline shell's answer to a catalogue read it has no network for.
    const shop = catalogueWith(async () => new Response(JSON.stringify(offlineMissBody('/api/catalog/search')), { status: 504, headers: { 'content-type': 'application/json' } }));
    await renderShop('/en');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Search' }), { target: { value: 'omega' } });
    const offlineText = 'You are offline: the search needs a connection. Please try again when you are back online.';
    expect(await screen.findByText(offlineText)).toBeTruthy();

    // The browser is back, but the first search again meets the worker's offline answer.
    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByText(offlineText)).toBeTruthy();
    shop.answerNormally();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByRole('option', { name: /Omega Seamaster/ })).toBeTruthy();
  });

  it('raises a failed search online: an error with a retry, not an empty result', async () => {
    const shop = catalogueWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    await renderShop('/en');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Search' }), { target: { value: 'omega' } });
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong, try again in a few seconds');
    expect(screen.queryByText(/offline/)).toBeNull();
    shop.answerNormally();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option', { name: /Omega Seamaster/ })).toBeTruthy();
  });
});

describe('search suggestions: keyboard, Enter and "show all results"', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const watches = Array.from({ length: 11 }, (_, n) => product({ id: 100 + n, name: `Omega Seamaster ${300 + n}`, url_path: `watches/omega-seamaster-${100 + n}` }));

  it('shows the best matches and "show all results (N)" as a listbox the arrow keys walk; Enter opens the chosen one', async () => {
    const { fetchMock } = installFakeCatalogue({ search: (query) => (query.includes('omega') ? watches : []) });
    const { router } = await renderShop('/en');
    const field = await screen.findByRole('combobox', { name: 'Search' });
    fireEvent.change(field, { target: { value: 'omega' } });

    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    const options = within(listbox).getAllByRole('option');
    // 8 best matches, then the way to all 11.
    expect(options).toHaveLength(9);
    expect(options.at(-1)!.textContent).toBe('Show all results (11)');
    expect(options.at(-1)!.getAttribute('href')).toBe('/en/search?q=omega');
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(field.getAttribute('aria-controls')).toBe(listbox.id);

    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    // Up from the first goes back to the field; up from the field to the last, "show all results".
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(field.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options.at(-1)!.id);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options[1]!.id);

    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/watches/omega-seamaster-101'));
    expect(screen.queryByRole('listbox')).toBeNull();
    await pricesAsked(fetchMock);
  });

  it('Enter on the field opens the search results page for what was typed; under 3 characters it only says so', async () => {
    const { searches, fetchMock } = installFakeCatalogue({ search: (query) => (query.includes('omega') ? watches : []) });
    const { router } = await renderShop('/en');
    const field = await screen.findByRole('combobox', { name: 'Search' });

    fireEvent.change(field, { target: { value: 'om' } });
    fireEvent.submit(field.closest('form')!);
    expect(await screen.findByText('Searched term should consist of at least 3 characters')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en');

    fireEvent.change(field, { target: { value: '  omega   seamaster ' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(router.state.location.href).toBe('/en/search?q=omega+seamaster'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “omega seamaster”' })).toBeTruthy();
    // The field shows the page's query, closed.
    expect((field as HTMLInputElement).value).toBe('omega seamaster');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(searches.some((request) => request.query === 'om')).toBe(false);
    await pricesAsked(fetchMock);
  });
});

