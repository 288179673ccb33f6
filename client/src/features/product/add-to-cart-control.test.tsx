import type { ConfigurableChild, Product } from '@shop/shared';
import { cartItemFor, createCartLine, type CartLineDoc } from '@shop/shared/cart/index';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { childPrices, installFakeCatalogue, product, renderShop } from '../../test/shop-test-utils.tsx';
import type { AddToCartRequest } from '../cart/add-to-cart.ts';
import type * as CartLoader from '../cart/cart-loader.ts';

/** The product page's 'Add to cart': what it asks the cart to add for each kind of product, and when it cannot. */
const added = vi.hoisted(() => [] as unknown[]);
/** The lines the stand-in cart holds (the page counts what it holds of a product already). */
const cartLines = vi.hoisted(() => ({ current: [] as CartLineDoc[] }));
vi.mock('../cart/cart-loader.ts', async (importOriginal) => {
  const { BehaviorSubject } = await import('rxjs');
  const lines$ = new BehaviorSubject<CartLineDoc[]>([]);
  const cart = {
    lines$,
    currentLines: () => lines$.getValue(),
    addToCart: async (request: AddToCartRequest) => {
      added.push(request);
      return { added: [], problems: [] };
    },
  };
  return {
    ...(await importOriginal<typeof CartLoader>()),
    loadCart: () => Promise.resolve(cart),
    // The header has started the cart: it holds what the test put in it.
    useStartedCart: () => {
      if (lines$.getValue() !== cartLines.current) lines$.next(cartLines.current);
      return cart;
    },
  };
});

const ok = (result: unknown) => new Response(JSON.stringify({ code: 200, result }), { status: 200, headers: { 'content-type': 'application/json' } });

function showProduct(target: Product, members: Product[] = []) {
  const fake = installFakeCatalogue({ categories: [], urls: { [target.url_path]: { _type: 'product', _source: target } } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => (String(input).startsWith('/api/catalog/product/members') ? ok(members) : fake.fetchMock(input, init))),
  );
  return renderShop(`/en/${target.url_path}`);
}

const addButton = () => screen.findByRole('button', { name: 'Add to cart' }, { timeout: 5000 });
const lastRequest = () => added.at(-1) as AddToCartRequest;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  added.length = 0;
  cartLines.current = [];
});

/** The message under the quantity field. */
const quantityAlert = () => within(document.querySelector<HTMLElement>('.add-to-cart')!).findByRole('alert');
const noQuantityAlert = () => within(document.querySelector<HTMLElement>('.add-to-cart')!).queryByRole('alert');

/** Types into the quantity field and leaves it. */
function typeQuantity(text: string) {
  const field = screen.getByRole('textbox', { name: 'Quantity' });
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
  return field;
}

describe('add to cart on the product page', () => {
  it('adds a simple product with the chosen quantity, at the price the shopper pays', async () => {
    await showProduct(product({ id: 1, name: 'Diver', sku: 'W-1', url_path: 'watches/diver', ...childPrices(5000), final_price_incl_tax: 4500, stock: { is_in_stock: true, manage_stock: true, qty: 5 } }));
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
    expect(document.getElementById(add.getAttribute('aria-describedby')!)?.textContent).toBe('Choose ring size to add this product to the cart.');

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

  it('names a Dutch store’s option in the interface language, and keeps the chosen size with the line', async () => {
    const child = (id: number, value: number): ConfigurableChild => ({ id, sku: `RING-${value}`, name: 'Ring', status: 1, image: '', stock: { is_in_stock: true, manage_stock: true, qty: 1 }, ...childPrices(1200), size: value });
    await showProduct(
      product({
        id: 3,
        sku: 'RING',
        name: 'Gouden ring',
        type_id: 'configurable',
        url_path: 'sieraden/gouden-ring',
        configurable_options: [{ attribute_id: 7, attribute_code: 'size', label: 'Ringmaat', position: 0, values: [{ value_index: 701, label: '52' }] }],
        configurable_children: [child(31, 701)],
      }),
    );
    const picker = await screen.findByRole('group', { name: 'Choose Ring size' });
    expect(document.body.textContent).not.toMatch(/ringmaat/i);
    fireEvent.click(within(picker).getByRole('radio', { name: '52' }));
    fireEvent.click(await addButton());
    await waitFor(() => expect(added).toHaveLength(1));
    expect(lastRequest().product.option_labels).toEqual([{ code: 'size', label: 'Ringmaat', value: '52' }]);
  });

  it('shows the quantity messages of spec 2 §5 as the shopper types, and waits until the quantity is right', async () => {
    await showProduct(product({ id: 4, name: 'Diver', sku: 'W-4', url_path: 'watches/diver-4', ...childPrices(5000), stock: { is_in_stock: true, manage_stock: true, qty: 3 } }));
    const add = (await addButton()) as HTMLButtonElement;
    const cases: Array<[string, string]> = [
      ['-1', 'Negative quantity not allowed'],
      ['0', 'Quantity must be above 0'],
      ['1.5', 'Quantity must be positive integer'],
      ['4', 'Only 3 products of this type are available'],
    ];
    for (const [text, message] of cases) {
      const field = typeQuantity(text);
      const alert = await quantityAlert();
      expect(alert.textContent, text).toBe(message);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toBe(alert.id);
      expect((field as HTMLInputElement).value).toBe(text);
      expect(add.disabled).toBe(true);
    }
    typeQuantity('3');
    await waitFor(() => expect(noQuantityAlert()).toBeNull());
    expect(add.disabled).toBe(false);
    // The stock caps the + button too.
    expect((screen.getByRole('button', { name: 'One more' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(add);
    await waitFor(() => expect(lastRequest()?.qty).toBe(3));
  });

  it('counts what the cart holds already: "Quantity can\'t be more than" what is left', async () => {
    const diver = product({ id: 5, name: 'Diver', sku: 'W-5', url_path: 'watches/diver-5', ...childPrices(5000), stock: { is_in_stock: true, manage_stock: true, qty: 3 } });
    cartLines.current = [createCartLine(cartItemFor({ ...diver, price_incl_tax: 5000 }, 2), { id: 'w1', at: 1, replica: 'test' })];
    await showProduct(diver);
    await addButton();
    typeQuantity('2');
    expect((await quantityAlert()).textContent).toBe("Quantity can't be more than 1");
  });

  it('says when a quantity is beyond what one line may hold', async () => {
    await showProduct(product({ id: 6, name: 'Strap', sku: 'S-6', url_path: 'straps/s-6', ...childPrices(50), stock: { is_in_stock: true, manage_stock: false, qty: 0 } }));
    await addButton();
    typeQuantity('10000');
    expect((await quantityAlert()).textContent).toBe('Quantity must be below 10000');
    // Escape puts the quantity back.
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Quantity' }), { key: 'Escape' });
    expect((screen.getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement).value).toBe('1');
    expect(noQuantityAlert()).toBeNull();
  });

  it('says, in the spec’s words, that a product without a known price cannot be added', async () => {
    await showProduct(product({ id: 7, name: 'Mystery', sku: 'M-7', url_path: 'watches/m-7', ...childPrices(1000), price_incl_tax: -1 }));
    const add = (await addButton()) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(document.getElementById(add.getAttribute('aria-describedby')!)?.textContent).toBe('Product price is unknown so it cannot be added to the cart');
  });

  it('asks for the bundle options with the spec’s message when a required one is left empty', async () => {
    const winder = product({ id: 31, sku: 'A-1', name: 'Winder', ...childPrices(200) });
    const box = product({ id: 32, sku: 'A-2', name: 'Box', ...childPrices(100) });
    await showProduct(
      product({
        id: 30,
        sku: 'BU-30',
        name: 'Gift set',
        type_id: 'bundle',
        url_path: 'watches/gift-set-30',
        ...childPrices(300),
        bundle_options: [
          { option_id: 1, title: 'Extras', type: 'checkbox', required: true, position: 1, product_links: [{ id: 1, sku: 'A-1', qty: 1, is_default: true, position: 1 }, { id: 2, sku: 'A-2', qty: 1, is_default: false, position: 2 }] },
        ],
      }),
      [winder, box],
    );
    const add = (await addButton()) as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(screen.getByRole('checkbox', { name: /Winder/ }));
    expect(add.disabled).toBe(true);
    expect(document.getElementById(add.getAttribute('aria-describedby')!)?.textContent).toBe('Please configure product bundle options (or custom options) and fix the validation errors');
    fireEvent.click(screen.getByRole('checkbox', { name: /Box/ }));
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    await waitFor(() => expect(added).toHaveLength(1));
    expect(lastRequest().product.option_labels).toEqual([{ label: 'Extras', value: 'Box' }]);
  });
});
