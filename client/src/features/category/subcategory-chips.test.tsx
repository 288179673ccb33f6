import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { category, installFakeCatalogue, renderShop } from '../../test/shop-test-utils.tsx';

const BRANDS = ['Rolex', 'Omega', 'Cartier', 'Patek Philippe', 'Audemars Piguet', 'Breitling', 'TAG Heuer', 'Tudor', 'IWC', 'Seiko'];
const children = BRANDS.map((name, index) => category({ id: 10 + index, name, parent_id: 3, position: index, url_path: `watches/${name.toLowerCase().replace(/ /g, '-')}` }));
const watches = category({ id: 3, name: 'Watches', url_path: 'watches', children_data: children });

/**
 * jsdom lays nothing out: the row's widths are set here as a phone's one scrolling row (wider content than box) or
 * a row that fits would give them.
 */
function rowWidths(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('subcategories__list') ? scrollWidth : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('subcategories__list') ? clientWidth : 0;
  });
}

describe('a category’s sub-category chips', () => {
  beforeEach(() => {
    localStorage.clear();
    installFakeCatalogue({ categories: [watches, ...children], urls: { watches: { _type: 'category', _source: watches } } });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('keeps a row that hides chips to one line, with an "All" button that opens every chip and closes them again', async () => {
    rowWidths(1400, 340);
    await renderShop('/en/watches');
    const list = await screen.findByRole('list', { name: 'Subcategories' });
    expect(list.querySelectorAll('a')).toHaveLength(BRANDS.length);
    const all = await screen.findByRole('button', { name: 'All (10) Subcategories' });
    expect(all.getAttribute('aria-expanded')).toBe('false');
    expect(all.getAttribute('aria-controls')).toBe(list.id);
    const row = list.parentElement!;
    expect(row.classList.contains('subcategories--overflows')).toBe(true);
    expect(row.classList.contains('subcategories--expanded')).toBe(false);

    fireEvent.click(all);
    const fewer = screen.getByRole('button', { name: /^Show fewer/ });
    expect(fewer.getAttribute('aria-expanded')).toBe('true');
    expect(row.classList.contains('subcategories--expanded')).toBe(true);
    fireEvent.click(fewer);
    expect(screen.getByRole('button', { name: 'All (10) Subcategories' }).getAttribute('aria-expanded')).toBe('false');
    expect(row.classList.contains('subcategories--expanded')).toBe(false);
  });

  it('offers no button where every chip shows (a wide screen, or few chips)', async () => {
    rowWidths(900, 900);
    await renderShop('/en/watches');
    await screen.findByRole('list', { name: 'Subcategories' });
    expect(screen.queryByRole('button', { name: /^All/ })).toBeNull();
  });
});
