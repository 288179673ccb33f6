import type { ConfigurableChild } from '@shop/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { category, childPrices, installFakeCatalogue, product, renderShop } from '../../test/shop-test-utils.tsx';

const child = (id: number, size: number, amount: number, inStock = true): ConfigurableChild => ({
  id,
  sku: `RING-${size}`,
  name: 'Eternity ring',
  status: 1,
  image: `/media/ring-${size}.svg`,
  stock: { is_in_stock: inStock, manage_stock: true, qty: inStock ? 2 : 0 },
  ...childPrices(amount),
  size,
});

const ring = product({
  id: 3001,
  name: 'Eternity ring',
  url_path: 'jewellery/eternity-ring',
  type_id: 'configurable',
  category_ids: [2, 4],
  ...childPrices(1200),
  media_gallery: [
    { image: '/media/ring-a.svg', label: 'Front', pos: 1 },
    { image: '/media/ring-b.svg', label: 'Side', pos: 2 },
  ],
  configurable_options: [{ attribute_id: 7, attribute_code: 'size', label: 'Size', position: 0, values: [{ value_index: 701, label: '50' }, { value_index: 702, label: '52' }, { value_index: 703, label: '54' }] }],
  configurable_children: [child(30011, 701, 1200), child(30012, 702, 1350), child(30013, 703, 1400, false)],
  material: 302,
});

describe('product page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('chooses a variant: price and stock follow the child; a sold-out size says no variant is available', async () => {
    installFakeCatalogue({
      categories: [category({ id: 4, name: 'Jewellery', url_path: 'jewellery' })],
      attributes: [
        {
          attribute_id: 3,
          attribute_code: 'material',
          frontend_label: 'Material',
          frontend_input: 'select',
          options: [{ value: '302', label: 'Yellow gold' }],
          is_comparable: true,
          is_visible_on_front: true,
          is_filterable: true,
          is_searchable: false,
          position: 3,
        },
      ],
      urls: { 'jewellery/eternity-ring': { _type: 'product', _source: ring } },
    });
    await renderShop('/en/jewellery/eternity-ring/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Eternity ring' })).toBeTruthy();
    expect(screen.getByText('Choose your options to see price and availability.')).toBeTruthy();
    expect(await screen.findByRole('cell', { name: 'Yellow gold' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Show image/ })).toHaveLength(2);
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Jewellery' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: '52' }));
    expect(screen.getByText('€1,350')).toBeTruthy();
    expect(screen.getByText('In stock')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /54/ }));
    expect(screen.getByText('No available product variants')).toBeTruthy();
  });

  it('asks a sized ring for the shopper\'s size with a unit, and shows the linked pieces as product cards', async () => {
    const matching = product({ id: 3101, sku: 'E-3101', name: 'Diamond stud earrings', url_path: 'jewellery/diamond-studs', ...childPrices(900) });
    const sized = product({
      id: 3100,
      sku: 'R-3100',
      name: 'Gold ring',
      url_path: 'jewellery/gold-ring',
      ...childPrices(1500),
      custom_size_kind: 'ring',
      product_links: [
        { link_type: 'crosssell', linked_product_sku: 'E-3101', linked_product_type: 'simple', qty: 1, position: 1 },
        { link_type: 'related', linked_product_sku: 'GONE-1', linked_product_type: 'simple', qty: 1, position: 2 },
      ],
    });
    const { searches } = installFakeCatalogue({ categories: [], products: [matching], urls: { 'jewellery/gold-ring': { _type: 'product', _source: sized } } });
    await renderShop('/en/jewellery/gold-ring/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Gold ring' })).toBeTruthy();
    const size = screen.getByRole('textbox', { name: 'Your ring size' });
    expect(size.getAttribute('required')).not.toBeNull();
    expect((screen.getByRole('combobox', { name: 'Unit' }) as HTMLSelectElement).value).toBe('mm');
    fireEvent.change(size, { target: { value: 'big' } });
    fireEvent.blur(size);
    expect(screen.getByRole('alert').textContent).toBe('Please enter your size as a number');
    fireEvent.change(size, { target: { value: '54' } });
    expect(screen.queryByRole('alert')).toBeNull();

    // Only the matching pieces' shelf: the related product is no longer in the catalogue.
    const shelf = await screen.findByRole('region', { name: 'Matching pieces' });
    expect(within(shelf).getByRole('link', { name: /Diamond stud earrings/ }).getAttribute('href')).toBe('/en/jewellery/diamond-studs');
    expect(screen.queryByRole('region', { name: 'You may also like' })).toBeNull();
    expect(searches.map((request) => request.filters)).toContainEqual({ sku: ['GONE-1', 'E-3101'] });
  });

  it('shows the page-not-found text when the URL map knows nothing', async () => {
    installFakeCatalogue({ categories: [] });
    await renderShop('/en/no/such/page');
    expect(await screen.findByRole('heading', { name: "Unfortunately we can't find the page" })).toBeTruthy();
  });
});
