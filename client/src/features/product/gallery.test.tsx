import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { category, installFakeCatalogue, product, renderShop } from '../../test/shop-test-utils.tsx';

const VIEW = (n: number) => `/media/catalog/watch/steel-blue-round-index-bracelet-metal/W-000777-${n}.svg`;

const attribute = (id: number, code: string, label: string, options: Array<{ value: string; label: string }>) => ({
  attribute_id: id,
  attribute_code: code,
  frontend_label: label,
  frontend_input: 'select' as const,
  options,
  is_comparable: true,
  is_visible_on_front: true,
  is_filterable: true,
  is_searchable: false,
  position: id,
});

const watch = product({
  id: 7001,
  sku: 'W-000777',
  name: 'Submariner 41 mm',
  url_path: 'watches/submariner-41',
  category_ids: [2, 4],
  image: VIEW(1),
  media_gallery: [1, 2, 3, 4].map((n) => ({ image: VIEW(n), pos: n })),
  margin_product: true,
  condition: 902,
  misc: [951, 952],
});

function install() {
  installFakeCatalogue({
    categories: [category({ id: 4, name: 'Watches', url_path: 'watches' })],
    attributes: [
      attribute(1, 'condition', 'Condition', [{ value: '902', label: 'Pre-owned' }]),
      attribute(2, 'misc', 'Miscellaneous', [{ value: '951', label: 'With box and papers' }, { value: '952', label: 'Recently serviced' }]),
    ],
    urls: { 'watches/submariner-41': { _type: 'product', _source: watch } },
  });
}

describe('product gallery', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers the shop\'s sizes in srcset with width and height on every picture', async () => {
    install();
    await renderShop('/en/watches/submariner-41/');
    const open = await screen.findByRole('button', { name: /Enlarge picture 1 of 4/ }, { timeout: 5000 });
    const main = open.querySelector('img')!;
    expect(main.getAttribute('src')).toBe(`${VIEW(1)}?size=744`);
    expect(main.getAttribute('srcset')).toBe(`${VIEW(1)}?size=310 310w, ${VIEW(1)}?size=744 744w`);
    expect(main.getAttribute('sizes')).toBeTruthy();
    // The page's largest picture: loaded at once and before the others.
    expect([main.getAttribute('loading'), main.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    const thumbs = screen.getAllByRole('button', { name: /Show image/ });
    expect(thumbs).toHaveLength(4);
    for (const img of document.querySelectorAll('.gallery img')) {
      expect(img.getAttribute('width'), img.getAttribute('src') ?? '').toMatch(/^\d+$/);
      expect(img.getAttribute('height')).toBe(img.getAttribute('width'));
    }
  });

  it('opens a lightbox from the main picture: arrows move, + and - zoom, Escape closes and the focus returns', async () => {
    install();
    await renderShop('/en/watches/submariner-41/');
    const open = await screen.findByRole('button', { name: /Enlarge picture 1 of 4/ }, { timeout: 5000 });
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Picture 1 of 4' }, { timeout: 5000 });
    const picture = within(dialog).getByRole('img', { name: 'Submariner 41 mm' });
    expect(picture.getAttribute('srcset')).toBe(`${VIEW(1)}?size=744 744w, ${VIEW(1)}?size=1600 1600w`);
    expect(picture.getAttribute('width')).toBe('1600');

    const body = dialog.querySelector('.lightbox__body')!;
    fireEvent.keyDown(body, { key: 'ArrowRight' });
    expect(await screen.findByRole('dialog', { name: 'Picture 2 of 4' })).toBe(dialog);
    fireEvent.keyDown(body, { key: 'ArrowLeft' });
    fireEvent.keyDown(body, { key: 'ArrowLeft' });
    expect(await screen.findByRole('dialog', { name: 'Picture 4 of 4' })).toBe(dialog);

    const stage = dialog.querySelector('.lightbox__stage')!;
    fireEvent.keyDown(body, { key: '+' });
    expect(stage.getAttribute('data-zoom')).toBe('2.00');
    // Zoomed, the largest copy is asked for.
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe(`${VIEW(4)}?size=1600`);
    fireEvent.keyDown(body, { key: '-' });
    expect(stage.getAttribute('data-zoom')).toBe('1.00');

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /Enlarge picture 4 of 4/ })));
  });

  it('shows the condition, what comes with a pre-owned piece, the shop\'s warranty, delivery, returns and whom to ask', async () => {
    install();
    await renderShop('/en/watches/submariner-41/');
    const panel = await screen.findByRole('region', { name: 'Before you buy' }, { timeout: 5000 });
    await within(panel).findByText('Pre-owned');
    expect(panel.textContent).toContain('With box and papers, Recently serviced.');
    expect(panel.textContent).toContain('With our own 2-year warranty.');
    expect(panel.textContent).toContain('14 days to change your mind');
    expect(panel.textContent).toContain('€5');
    expect(within(panel).getByRole('link', { name: 'Ask an expert' }).getAttribute('href')).toBe('/en/contacts?product=W-000777&name=Submariner+41+mm');
    expect(within(panel).getByRole('link', { name: 'Book an appointment to see it' }).getAttribute('href')).toBe('/en/make-an-appointment');
  });
});
