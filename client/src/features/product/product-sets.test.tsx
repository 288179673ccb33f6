import type { Product } from '@shop/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { childPrices, installFakeCatalogue, product, renderShop } from '../../test/shop-test-utils.tsx';
import { resolveBundleChoice } from '@shop/shared/cart/index';
import { bundleCartProduct, bundleChoiceProblem } from './cart-product.ts';
import { bundleSelectionTotal, chooseBundleLink, defaultBundleSelection, type BundleOption } from './product-sets.ts';

const ok = (result: unknown) => new Response(JSON.stringify({ code: 200, result }), { status: 200, headers: { 'content-type': 'application/json' } });

/** The fake catalogue of the shop tests, plus the members call of grouped products and bundles. */
function installWithMembers(target: Product, members: Product[] | (() => Response)) {
  const fake = installFakeCatalogue({ categories: [], urls: { [target.url_path]: { _type: 'product', _source: target } } });
  const calls: string[] = [];
  const catalogue = fake.fetchMock;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://shop.test');
      if (url.pathname !== '/api/catalog/product/members') return catalogue(input, init);
      calls.push(url.search);
      return typeof members === 'function' ? members() : ok(members);
    }),
  );
  return { calls };
}

const productStatus = () => document.querySelector<HTMLElement>('.product-status')!;

const watch = (id: number, name: string, amount: number) => product({ id, name, sku: `W-${id}`, ...childPrices(amount) });

describe('bundle product page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const bundle = product({
    id: 900,
    sku: 'BU-900',
    name: 'Gift set',
    type_id: 'bundle',
    url_path: 'watches/gift-set',
    ...childPrices(1300),
    bundle_options: [
      {
        option_id: 2,
        title: 'Extra strap',
        type: 'select',
        required: true,
        position: 2,
        product_links: [
          { id: 21, sku: 'S-1', qty: 2, is_default: false, position: 1 },
          { id: 22, sku: 'S-2', qty: 2, is_default: true, position: 2 },
        ],
      },
      {
        option_id: 1,
        title: 'Watch',
        type: 'radio',
        required: true,
        position: 1,
        product_links: [
          { id: 11, sku: 'W-1', qty: 1, is_default: false, position: 1 },
          { id: 12, sku: 'W-2', qty: 1, is_default: false, position: 2 },
        ],
      },
      {
        option_id: 3,
        title: 'Watch winder',
        type: 'checkbox',
        required: false,
        position: 3,
        product_links: [{ id: 31, sku: 'A-1', qty: 1, is_default: true, position: 1 }],
      },
    ],
  });
  const members = [
    { ...watch(1, 'Diver 40 mm', 1000), sku: 'W-1' },
    { ...watch(2, 'Chronograph 42 mm', 1500.5), sku: 'W-2' },
    { ...watch(3, 'Rubber strap', 60), sku: 'S-1', visibility: 1 },
    { ...watch(4, 'Leather strap', 50), sku: 'S-2' },
    { ...watch(5, 'Winder', 200.25), sku: 'A-1', stock: { is_in_stock: false, manage_stock: true, qty: 0 } },
  ];

  it('preselects the defaults (the first link when none is default) and updates the total as choices change', async () => {
    const { calls } = installWithMembers(bundle, members);
    await renderShop('/en/watches/gift-set');

    expect(await screen.findByRole('heading', { level: 1, name: 'Gift set' })).toBeTruthy();
    const watchGroup = await screen.findByRole('group', { name: /Watch Required/ });
    const strapGroup = screen.getByRole('group', { name: /Extra strap Required/ });
    const winderGroup = screen.getByRole('group', { name: /Watch winder Optional/ });
    // Options follow their position: Watch, Extra strap, Watch winder.
    expect(screen.getAllByRole('group').map((group) => group.querySelector('legend')?.textContent)).toEqual(['Watch Required', 'Extra strap Required', 'Watch winder Optional']);
    expect(calls).toEqual(['?storeCode=en&sku=BU-900']);

    const diver = await within(watchGroup).findByRole('radio', { name: /Diver 40 mm/ });
    expect((diver as HTMLInputElement).checked).toBe(true);
    expect((within(strapGroup).getByRole('radio', { name: /Leather strap/ }) as HTMLInputElement).checked).toBe(true);
    const winder = within(winderGroup).getByRole('checkbox', { name: /Winder/ }) as HTMLInputElement;
    expect(winder.checked).toBe(true);
    expect(within(winderGroup).getByText('Out of stock')).toBeTruthy();
    expect(within(strapGroup).getByRole('radio', { name: /Leather strap.*Quantity: 2.*€50/ })).toBeTruthy();

    // 1000 + 2 × 50 + 200.25 = 1300.25, shown whole.
    const total = screen.getByText('Your selection').parentElement!;
    expect(total.getAttribute('aria-live')).toBe('polite');
    expect(within(total).getByText('€1,300')).toBeTruthy();
    // The chosen winder is out of stock, so the bundle as chosen is too.
    expect(within(productStatus()).getByText('Out of stock')).toBeTruthy();

    // 1500.5 + 2 × 50 + 200.25 = 1800.75 → €1,801
    fireEvent.click(within(watchGroup).getByRole('radio', { name: /Chronograph 42 mm/ }));
    expect(within(total).getByText('€1,801')).toBeTruthy();
    expect(document.querySelector('.product-price')?.textContent).toContain('€1,801');

    // 1500.5 + 2 × 60 + 200.25 = 1820.75 → €1,821
    fireEvent.click(within(strapGroup).getByRole('radio', { name: /Rubber strap/ }));
    expect(within(total).getByText('€1,821')).toBeTruthy();

    // Without the winder: 1500.5 + 120 = 1620.5 → €1,621; the bundle is in stock again.
    fireEvent.click(winder);
    expect(winder.checked).toBe(false);
    expect(within(total).getByText('€1,621')).toBeTruthy();
    expect(within(productStatus()).getByText('In stock')).toBeTruthy();
  });

  it('shows an error with a retry that really asks again', async () => {
    let fail = true;
    const { calls } = installWithMembers(bundle, () => {
      if (fail) return new Response(JSON.stringify({ code: 500, result: { error: 'internal', message: 'boom' } }), { status: 500 });
      return ok(members);
    });
    await renderShop('/en/watches/gift-set');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('The pieces of this set could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: /Diver 40 mm/ })).toBeTruthy();
    expect(calls).toHaveLength(2);
  });
});

describe('grouped product page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the pieces in link order with qty, own price and stock; only visible pieces link to their page', async () => {
    const set = product({
      id: 800,
      sku: 'SET-800',
      name: 'Earring and necklace set',
      type_id: 'grouped',
      url_path: 'jewellery/sets/earring-and-necklace-set',
      ...childPrices(3500),
      product_links: [
        { link_type: 'associated', linked_product_sku: 'N-2', linked_product_type: 'simple', qty: 1, position: 2 },
        { link_type: 'associated', linked_product_sku: 'E-1', linked_product_type: 'simple', qty: 0, position: 1 },
        { link_type: 'associated', linked_product_sku: 'B-3', linked_product_type: 'simple', qty: 2, position: 3 },
      ],
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    installFakeCatalogue({ categories: [], urls: { [set.url_path]: { _type: 'product', _source: set } } });
    const catalogue = vi.mocked(fetch);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (!String(input).startsWith('/api/catalog/product/members')) return catalogue(input, init);
        await held;
        return ok([
          product({ id: 1, sku: 'E-1', name: 'Emerald earrings', url_path: 'jewellery/emerald-earrings', ...childPrices(1200) }),
          product({ id: 2, sku: 'N-2', name: 'Emerald necklace', url_path: 'jewellery/emerald-necklace', ...childPrices(2300), stock: { is_in_stock: false, manage_stock: true, qty: 0 } }),
          product({ id: 3, sku: 'B-3', name: 'Hidden bracelet', visibility: 1, ...childPrices(800) }),
        ]);
      }),
    );
    const { container } = await renderShop('/en/jewellery/sets/earring-and-necklace-set');

    const section = await screen.findByRole('region', { name: 'In this set' });
    // While the pieces load: one skeleton row per link.
    expect(section.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelectorAll('.set-row--skeleton')).toHaveLength(3);
    // The page's price is the grouped price the server sent.
    expect(container.querySelector('.product-price')?.textContent).toContain('€3,500');

    release();
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
    expect(section.getAttribute('aria-busy')).toBe('false');
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.set-row__name')?.textContent)).toEqual(['Emerald earrings', 'Emerald necklace', 'Hidden bracelet']);

    expect(within(rows[0]!).getByRole('link', { name: 'Emerald earrings' }).getAttribute('href')).toBe('/en/jewellery/emerald-earrings');
    // Each piece has a quantity field, starting at its link's qty (1 when the link gives none).
    expect((await within(rows[0]!).findByRole('spinbutton', { name: 'Quantity of Emerald earrings' })).getAttribute('value')).toBe('1');
    expect(within(rows[0]!).getByText('€1,200')).toBeTruthy();
    expect(within(rows[0]!).getByText('In stock')).toBeTruthy();

    expect(within(rows[1]!).getByText('Out of stock')).toBeTruthy();
    expect(within(rows[1]!).getByText('€2,300')).toBeTruthy();

    expect(within(rows[2]!).queryByRole('link')).toBeNull();
    expect(within(rows[2]!).getByRole('spinbutton', { name: 'Quantity of Hidden bracelet' }).getAttribute('value')).toBe('2');
  });
});

describe('grouped product quantities (issue 14, item 7)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('say a negative or broken quantity under the piece and hold the button, instead of leaving the piece out', async () => {
    const set = product({
      id: 801,
      sku: 'SET-801',
      name: 'Cufflink set',
      type_id: 'grouped',
      url_path: 'jewellery/sets/cufflink-set',
      ...childPrices(900),
      product_links: [
        { link_type: 'associated', linked_product_sku: 'C-1', linked_product_type: 'simple', qty: 1, position: 1 },
        { link_type: 'associated', linked_product_sku: 'C-2', linked_product_type: 'simple', qty: 1, position: 2 },
      ],
    });
    installWithMembers(set, [
      product({ id: 11, sku: 'C-1', name: 'Gold cufflinks', url_path: 'jewellery/gold-cufflinks', ...childPrices(500) }),
      product({ id: 12, sku: 'C-2', name: 'Tie pin', url_path: 'jewellery/tie-pin', ...childPrices(400) }),
    ]);
    await renderShop('/en/jewellery/sets/cufflink-set');
    const section = await screen.findByRole('region', { name: 'In this set' });
    const field = await within(section).findByRole('spinbutton', { name: 'Quantity of Gold cufflinks' });
    const button = await screen.findByRole('button', { name: 'Add to cart' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));

    fireEvent.change(field, { target: { value: '-1' } });
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toBe('Negative quantity not allowed');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getAllByText('Negative quantity not allowed')).toHaveLength(2);

    fireEvent.change(field, { target: { value: '1.5' } });
    expect((await within(section).findByRole('alert')).textContent).toBe('Quantity must be positive integer');

    // 0 leaves the piece out (the other piece is still added): no message, the button works.
    fireEvent.change(field, { target: { value: '0' } });
    await waitFor(() => expect(within(section).queryByRole('alert')).toBeNull());
    expect(field.hasAttribute('aria-invalid')).toBe(false);
    expect(button.hasAttribute('disabled')).toBe(false);
  });
});

describe('bundle selection rules', () => {
  const options: BundleOption[] = [
    { option_id: 1, title: 'A', type: 'radio', required: true, position: 1, product_links: [{ id: 1, sku: 'a', qty: 1, is_default: false, position: 1 }, { id: 2, sku: 'b', qty: 1, is_default: true, position: 2 }] },
    { option_id: 2, title: 'B', type: 'checkbox', required: false, position: 2, product_links: [{ id: 3, sku: 'c', qty: 3, is_default: false, position: 2 }, { id: 4, sku: 'd', qty: 1, is_default: false, position: 1 }] },
  ];

  it('starts on the default link, else the first by position; a checkbox toggles, a radio replaces', () => {
    const start = defaultBundleSelection(options);
    expect(start).toEqual({ 1: [2], 2: [4] });
    expect(chooseBundleLink(start, options[0]!, 1)).toEqual({ 1: [1], 2: [4] });
    const both = chooseBundleLink(start, options[1]!, 3);
    expect(both).toEqual({ 1: [2], 2: [4, 3] });
    expect(chooseBundleLink(both, options[1]!, 4)).toEqual({ 1: [2], 2: [3] });
    // "None" on an optional one-of option, and clearing a checkbox option.
    const optional: BundleOption = { ...options[0]!, required: false };
    expect(chooseBundleLink(start, optional, null)).toEqual({ 1: [], 2: [4] });
    expect(chooseBundleLink(both, options[1]!, null)).toEqual({ 1: [2], 2: [] });
  });

  it('builds only choices the shared rule (and so the server) takes, and stops an incomplete one', () => {
    const page = product({ id: 70, name: 'Gift set', sku: 'BUNDLE', type_id: 'bundle', bundle_options: options });
    for (const selection of [defaultBundleSelection(options), { 1: [1], 2: [3, 4] }, { 1: [2], 2: [] }]) {
      expect(bundleChoiceProblem(options, selection)).toBeNull();
      const choice = bundleCartProduct(page, options, selection, undefined).product_option?.extension_attributes.bundle_options;
      expect(resolveBundleChoice(options, choice).ok).toBe(true);
    }
    expect(bundleCartProduct(page, options, { 1: [1], 2: [3] }, undefined).product_option?.extension_attributes.bundle_options).toEqual([
      { option_id: 1, option_qty: 1, option_selections: [1] },
      { option_id: 2, option_qty: 3, option_selections: [3] },
    ]);
    expect(bundleChoiceProblem(options, { 1: [], 2: [3] })).toMatchObject({ code: 'cart_bundle_options' });
  });

  it('adds the chosen prices incl. tax times qty with the one rounding rule', () => {
    const member = (final: number, regular = final) => ({ final_price_incl_tax: final, price_incl_tax: regular, hide_price: false });
    expect(bundleSelectionTotal([{ link: { qty: 3 }, member: member(0.335) }, { link: { qty: 1 }, member: member(10) }])).toEqual({ final_price_incl_tax: 11.01, price_incl_tax: 11.01, special_price: 0, hide_price: false });
    expect(bundleSelectionTotal([{ link: { qty: 1 }, member: member(90, 100) }])).toEqual({ final_price_incl_tax: 90, price_incl_tax: 100, special_price: 90, hide_price: false });
    expect(bundleSelectionTotal([], true).hide_price).toBe(true);
  });
});
