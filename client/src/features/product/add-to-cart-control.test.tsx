import type { ConfigurableChild, Product } from '@shop/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { childPrices, installFakeCatalogue, product, renderShop } from '../../test/shop-test-utils.tsx';
import type { AddToCartRequest } from '../cart/add-to-cart.ts';
import type * as CartLoader from '../cart/cart-loader.ts';

/** The product page's 'Add to cart': what it asks the cart to add for each kind of product, and when it cannot. */
const added = vi.hoisted(() => [] as unknown[]);
vi.mock('../cart/cart-loader.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof CartLoader>()),
  loadCart: () =>
    Promise.resolve({
      addToCart: async (request: AddToCartRequest) => {
        added.push(request);
        return { added: [], problems: [] };
      },
    }),
}));

const ok = (result: unknown) => new Response(JSON.stringify({ code: 200, result }), { status: 200, headers: { 'content-type': 'application/json' } });

function showProduct(target: Product, members: Product[] = []) {
  const fake = installFakeCatalogue({ categories: [], urls: { [target.url_path]: { _type: 'product', _source: target } } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => (String(input).startsWith('/api/catalog/product/members') ? ok(members) : fake.fetchMock(input, init))),
  );
  return renderShop(`/en/${target.url_path}`);
}

const addButton = () => screen.findByRole('button', { name: 'Add to cart' });
const lastRequest = () => added.at(-1) as AddToCartRequest;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  added.length = 0;
});

describe('add to cart on the product page', () => {
  it('adds a simple product with the chosen quantity, at the price the shopper pays', async () => {
    await showProduct(product({ id: 1, name: 'Diver', sku: 'W-1', url_path: 'watches/diver', ...childPrices(5000), final_price_incl_tax: 4500 }));
    const add = await addButton();
    fireEvent.click(screen.getByRole('button', { name: 'One more' }));
    fireEvent.click(add);
    await waitFor(() => expect(added).toHaveLength(1));
    expect(lastRequest()).toEqual({
      product: { sku: 'W-1', type_id: 'simple', name: 'Diver', image: '/media/p-1.svg', url_path: 'watches/diver', price_incl_tax: 5000, final_price_incl_tax: 4500 },
      qty: 2,
    });
  });

  it('says why a configurable product cannot be added until a variant is chosen, then adds the chosen child', async () => {
    const child = (id: number, value: number): ConfigurableChild => ({ id, sku: `RING-${value}`, name: 'Ring', status: 1, image: `/media/ring-${value}.svg`, stock: { is_in_stock: true, manage_stock: true, qty: 1 }, ...childPrices(1200), size: value });
    await showProduct(
      product({
        id: 2,
        sku: 'RING',
        name: 'Eternity ring',
        type_id: 'configurable',
        url_path: 'jewellery/eternity-ring',
        configurable_options: [{ attribute_id: 7, attribute_code: 'size', label: 'Size', position: 0, values: [{ value_index: 701, label: '50' }, { value_index: 702, label: '52' }] }],
        configurable_children: [child(21, 701), child(22, 702)],
      }),
    );
    const add = (await addButton()) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(document.getElementById(add.getAttribute('aria-describedby')!)?.textContent).toBe('Choose size to add this product to the cart.');

    fireEvent.click(screen.getByRole('radio', { name: '52' }));
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    await waitFor(() => expect(added).toHaveLength(1));
    expect(lastRequest().product).toMatchObject({
      sku: 'RING-702',
      parentSku: 'RING',
      type_id: 'simple',
      name: 'Eternity ring',
      url_path: 'jewellery/eternity-ring',
      product_option: { extension_attributes: { configurable_item_options: [{ option_id: 7, option_value: 702 }] } },
    });
  });

  it('adds a grouped product as its pieces with the quantities chosen per piece', async () => {
    const earrings = product({ id: 11, sku: 'E-1', name: 'Emerald earrings', ...childPrices(1200) });
    const necklace = product({ id: 12, sku: 'N-2', name: 'Emerald necklace', visibility: 1, ...childPrices(2300) });
    await showProduct(
      product({
        id: 10,
        sku: 'SET',
        name: 'Emerald set',
        type_id: 'grouped',
        url_path: 'jewellery/sets/emerald-set',
        product_links: [
          { link_type: 'associated', linked_product_sku: 'E-1', linked_product_type: 'simple', qty: 1, position: 1 },
          { link_type: 'associated', linked_product_sku: 'N-2', linked_product_type: 'simple', qty: 1, position: 2 },
        ],
      }),
      [earrings, necklace],
    );
    const add = await addButton();
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('textbox', { name: 'Quantity' })).toBeNull();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity of Emerald earrings' }), { target: { value: '0' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity of Emerald necklace' }), { target: { value: '2' } });
    fireEvent.click(add);
    await waitFor(() => expect(added).toHaveLength(1));
    const request = lastRequest();
    expect(request.qtyBySku).toEqual({ 'E-1': '0', 'N-2': '2' });
    expect(request.product).toMatchObject({ sku: 'SET', type_id: 'grouped', product_links: [{ linked_product_sku: 'E-1', qty: 1 }, { linked_product_sku: 'N-2', qty: 1 }] });
    // A piece without a page of its own links to the set's.
    expect(request.members?.find((member) => member.sku === 'N-2')?.url_path).toBe('jewellery/sets/emerald-set');

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity of Emerald necklace' }), { target: { value: '0' } });
    expect((add as HTMLButtonElement).disabled).toBe(true);
  });
});
