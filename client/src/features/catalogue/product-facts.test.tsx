import type { Attribute } from '@shop/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n.ts';
import { category, installFakeCatalogue, product, renderShop } from '../../test/shop-test-utils.tsx';
import { factText } from './product-facts.tsx';

const attribute = (code: string, options: Attribute['options']): Attribute => ({
  attribute_id: options.length,
  attribute_code: code,
  frontend_label: code,
  frontend_input: 'select',
  options,
  is_comparable: true,
  is_visible_on_front: true,
  is_filterable: true,
  is_searchable: false,
  position: 1,
});

// The store's labels are Dutch (the Dutch store), so a label that shows means the shop's own text was not used.
const ATTRIBUTES: Attribute[] = [
  attribute('condition', [
    { value: '1', label: 'Nieuw', code: 'new' },
    { value: '2', label: 'Tweedehands', code: 'pre_owned' },
    { value: '3', label: 'Vintage', code: 'vintage' },
  ]),
  attribute('misc', [
    { value: '10', label: 'Met doos en papieren', code: 'box_papers' },
    { value: '11', label: 'Recent gereviseerd', code: 'serviced' },
  ]),
  attribute('colour_diamonds', [{ value: '20', label: 'G', code: 'G' }]),
  attribute('clarity_diamonds', [{ value: '30', label: 'VS1', code: 'VS1' }]),
];

const watches = category({ id: 3, name: 'Watches', url_path: 'watches' });

describe('the facts line of a product card', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('tells alike watches apart by condition, year and papers, and a diamond by carat, colour and clarity', async () => {
    const { searches, fetchMock } = installFakeCatalogue({
      categories: [watches],
      attributes: ATTRIBUTES,
      urls: { watches: { _type: 'category', _source: watches } },
      products: [
        product({ id: 1, name: 'Rolex Submariner 41 mm', category_ids: [3], condition: 2, year: 2019, misc: [11, 10] }),
        product({ id: 2, name: 'Rolex Submariner 41 mm', category_ids: [3], condition: 3, year: 1968 }),
        product({ id: 3, name: 'Brilliant 1.02 ct', category_ids: [3], condition: 1, carat: 1.02, colour_diamonds: 20, clarity_diamonds: 30 }),
        product({ id: 4, name: 'Watch winder', category_ids: [3] }),
      ],
    });
    await renderShop('/en/watches');

    const listing = await screen.findByRole('region', { name: 'Products' });
    const facts = () => within(listing).getAllByTestId('product-facts').map((line) => line.textContent);
    await waitFor(() => expect(facts()).toEqual(['Pre-owned · Year 2019 · Box & papers', 'Vintage · Year 1968', '1.02 ct · Colour G · Clarity VS1', '']));
    // The line is part of the card's link, word by word, so a screen reader hears which Submariner it is.
    const links = within(listing).getAllByRole('link');
    expect(links[0]?.textContent).toContain('Rolex Submariner 41 mm');
    expect(links[0]?.textContent?.replace(/\s+/g, ' ')).toContain('Pre-owned · Year 2019 · Box & papers');
    // The listing asks for the facts' attributes; their labels come in one request for every card.
    const listed = searches.find((request) => request.type === 'product');
    expect(listed?.includeFields).toEqual(expect.arrayContaining(['condition', 'year', 'misc', 'carat', 'colour_diamonds', 'clarity_diamonds']));
    expect(searches.filter((request) => request.type === 'attribute')).toHaveLength(1);
    // The cards' stock checks go out in a batch a moment later: answered here, not by the next test's fetch.
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/stock/list'))).toBe(true));
  });

  it('writes each fact in the interface language, the store’s label where the shop has no text of its own', async () => {
    await initI18n('nl');
    const t = i18next.getFixedT('nl');
    expect(factText({ kind: 'carat', carat: 1.5 }, t, 'nl')).toEqual({ key: 'carat', text: '1,50 ct' });
    expect(factText({ kind: 'condition', label: 'Pre-owned', code: 'pre_owned' }, t, 'nl').text).toBe('Tweedehands');
    expect(factText({ kind: 'condition', label: 'Als nieuw', code: 'as_new' }, t, 'nl').text).toBe('Als nieuw');
    expect(factText({ kind: 'condition', label: 'Gebruikt', code: undefined }, t, 'nl').text).toBe('Gebruikt');
    expect(factText({ kind: 'papers', code: 'full_set' }, t, 'nl').text).toBe('Volledige set');
    expect(factText({ kind: 'colour', label: 'G' }, t, 'nl')).toEqual({ key: 'colour', text: 'G', name: 'Kleur' });
    await initI18n('de');
    expect(factText({ kind: 'papers', code: 'box_papers' }, i18next.getFixedT('de'), 'de').text).toBe('Box und Papiere');
    expect(factText({ kind: 'carat', carat: 0.3 }, i18next.getFixedT('de'), 'de').text).toBe('0,30 ct');
  });
});
