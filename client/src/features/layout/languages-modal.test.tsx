import type { Category, Product, SearchRequest } from '@shop/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageFor } from '../../app/i18n.ts';
import { category, installFakeCatalogue, product, renderShop } from '../../test/shop-test-utils.tsx';

/** The languages modal (spec 1 §2) on a Dutch shop: one dialog for the store and the language, remembered. */
const ring = product({ id: 6, name: 'Gouden ring', sku: 'R-6', url_path: 'sieraden/gouden-ring' });
const rings = category({ id: 21, name: 'Ringen', url_path: 'sieraden/ringen' });
const english: Record<string, string> = { 'product:6': 'jewellery/gold-ring', 'category:21': 'jewellery/rings' };

function dutchShop() {
  const { fetchMock } = installFakeCatalogue({ categories: [rings], products: [ring], urls: { [ring.url_path]: { _type: 'product', _source: ring as Product }, [rings.url_path]: { _type: 'category', _source: rings as Category } } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://shop.test');
      const request = url.pathname === '/api/catalog/search' ? (JSON.parse(url.searchParams.get('request') ?? '{}') as SearchRequest) : null;
      // The English store's copy of a page, by id.
      if (request?.storeCode === 'en' && request.filters?.id !== undefined) {
        const path = english[`${request.type}:${String(request.filters.id)}`];
        const items = path ? [{ id: request.filters.id, url_path: path }] : [];
        return new Response(JSON.stringify({ code: 200, result: { items, total: items.length } }), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      return fetchMock(input, init);
    }),
  );
}

/** Opens the languages modal from the header and answers the dialog. */
async function openModal() {
  const button = await screen.findByRole('button', { name: /^(Store and language|Winkel en taal|Shop und Sprache):/ }, { timeout: 5000 });
  button.focus();
  fireEvent.click(button);
  const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { button, dialog };
}

const key = (target: Element, keyName: string, shiftKey = false) => fireEvent.keyDown(target, { key: keyName, shiftKey });

beforeEach(() => localStorage.clear());

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18next.changeLanguage('en');
});

describe('the languages modal', () => {
  it('is one labelled dialog: focus starts on the store in use, Tab goes round inside it, Escape closes it and focus returns', async () => {
    dutchShop();
    await renderShop('/nl');
    const { button, dialog } = await openModal();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(within(dialog).getByRole('heading', { name: 'Winkel en taal' })).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Winkel' })).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Taal' })).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('radio', { name: 'Nederlandse winkel (/nl)' }));
    expect((within(dialog).getByRole('radio', { name: 'Nederlands' }) as HTMLInputElement).checked).toBe(true);

    const close = within(dialog).getByRole('button', { name: 'Sluiten' });
    const save = within(dialog).getByRole('button', { name: 'Opslaan' });
    save.focus();
    key(save, 'Tab');
    expect(document.activeElement).toBe(close);
    key(close, 'Tab', true);
    expect(document.activeElement).toBe(save);

    key(document.activeElement!, 'Escape');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // Closed without saving: nothing chosen, nothing remembered.
    expect(localStorage.getItem('shop.store')).toBeNull();
    expect(localStorage.getItem('shop.language')).toBeNull();
  });

  it('remembers the store and language for the next visit and applies a language chosen in another tab', async () => {
    dutchShop();
    const { router } = await renderShop('/nl');
    const { dialog } = await openModal();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Engelse winkel (/en)' }));
    // The store's language goes with it until a language is picked.
    expect((within(dialog).getByRole('radio', { name: 'English' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Deutsch' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    await waitFor(() => expect(i18next.language).toBe('de'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Shop und Sprache: Englischer Shop, Deutsch' })).toBeTruthy();
    expect(localStorage.getItem('shop.store')).toBe('en');
    cleanup();

    // The next visit without a store in its address opens the chosen store, in the chosen language.
    const next = await renderShop('/');
    await waitFor(() => expect(next.router.state.location.pathname).toBe('/en'));
    expect(languageFor('nl')).toBe('de');

    // Another tab picks Dutch: this one follows.
    localStorage.setItem('shop.language', 'nl');
    window.dispatchEvent(new StorageEvent('storage', { key: 'shop.language', newValue: 'nl' }));
    await waitFor(() => expect(i18next.language).toBe('nl'));
  });

  it('choosing only the store takes its language along', async () => {
    dutchShop();
    const { router } = await renderShop('/nl');
    const { dialog } = await openModal();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Engelse winkel (/en)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    await waitFor(() => expect(i18next.language).toBe('en'));
    expect(localStorage.getItem('shop.store')).toBe('en');
    expect(localStorage.getItem('shop.language')).toBe('en');
  });

  it('leads from a product page to the same product in the other store', async () => {
    dutchShop();
    const { router } = await renderShop('/nl/sieraden/gouden-ring');
    await screen.findByRole('heading', { level: 1, name: 'Gouden ring' }, { timeout: 5000 });
    const { dialog } = await openModal();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Engelse winkel (/en)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/jewellery/gold-ring'), { timeout: 5000 });
  });

  it('leads from a category page to the same category in the other store', async () => {
    dutchShop();
    const { router } = await renderShop('/nl/sieraden/ringen');
    await screen.findByRole('heading', { level: 1, name: /Ringen/ }, { timeout: 5000 });
    const { dialog } = await openModal();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Engelse winkel (/en)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/jewellery/rings'), { timeout: 5000 });
  });
});
