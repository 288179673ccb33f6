import { createCartLine, cartItemFor, removeCartLine, setCartLineQty, type CartLineDoc } from '@shop/shared/cart/index';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { ApiError } from '../../app/api.ts';
import { installFakeCatalogue, renderShop } from '../../test/shop-test-utils.tsx';
import { cartConnectionMachine } from './cart-connection.machine.ts';
import type * as CartLoader from './cart-loader.ts';
import type { CartRuntime } from './cart-runtime.ts';

/** The minicart on a stand-in cart runtime: what it shows and what it asks the cart to do. */
const runtime = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('./cart-loader.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof CartLoader>()),
  loadCart: () => Promise.resolve(runtime.current),
}));

let n = 0;
const write = () => ({ id: `w${(n += 1)}`, at: 1000 + n, replica: 'test' });
const line = (sku: string, name: string, price: number, qty: number) =>
  createCartLine(cartItemFor({ sku, type_id: 'simple', name, image: `/media/catalog/${sku}.svg`, url_path: `watches/${sku.toLowerCase()}`, price_incl_tax: price }, qty), write());

function fakeRuntime(initial: CartLineDoc[], options: { refuse?: ApiError } = {}) {
  const lines$ = new BehaviorSubject<CartLineDoc[] | null>(initial);
  const calls: string[] = [];
  const connection = createActor(cartConnectionMachine.provide({ actors: { sync: fromCallback(() => () => {}) } }), { input: { token: 'token-1', maxBypass: 1 } }).start();
  let coupon: string | null = null;
  const update = (id: string, change: (line: CartLineDoc) => CartLineDoc) => lines$.next((lines$.getValue() ?? []).map((l) => (l.id === id ? change(l) : l)).filter((l) => l.qty > 0));
  const fake: Partial<CartRuntime> = {
    connection,
    lines$,
    currentLines: () => lines$.getValue(),
    token: () => 'token-1',
    setQty: async (id, qty) => {
      calls.push(`setQty ${id} ${qty}`);
      update(id, (l) => setCartLineQty(l, qty, write()));
    },
    remove: async (id) => {
      calls.push(`remove ${id}`);
      update(id, (l) => removeCartLine(l, write()));
    },
    applyCoupon: async (code) => {
      calls.push(`coupon ${code}`);
      if (code !== 'WELCOME10') throw new ApiError(400, 'bad_request', "You've entered an incorrect coupon code");
      coupon = code;
    },
    removeCoupon: async () => void (coupon = null),
    totals: async () => {
      if (options.refuse) throw options.refuse;
      const lines = lines$.getValue() ?? [];
      const subtotal = lines.reduce((sum, l) => sum + l.snapshot.value.price_incl_tax * l.qty, 0);
      const discount = coupon ? -subtotal / 10 : 0;
      return { grand_total: subtotal + discount + 5, subtotal_incl_tax: subtotal, discount_amount: discount, shipping_incl_tax: 5, coupon_code: coupon, items_qty: lines.reduce((sum, l) => sum + l.qty, 0), items_count: lines.length };
    },
  };
  runtime.current = fake;
  return { calls, lines$ };
}

beforeEach(() => {
  installFakeCatalogue({ categories: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openCart() {
  await renderShop('/en');
  // The drawer's code and texts load on first use: generous waits for a busy machine.
  fireEvent.click(await screen.findByRole('button', { name: /^Cart, \d+ items?$/ }, { timeout: 5000 }));
  return screen.findByRole('dialog', { name: 'Shopping cart' }, { timeout: 5000 });
}

describe('minicart', () => {
  it('lists the lines with 150 px thumbnails, prices and totals, and changes quantities through the cart', async () => {
    const diver = line('W-1', 'Diver', 5000, 1);
    const { calls } = fakeRuntime([diver, line('R-2', 'Ring', 1210, 2)]);
    const drawer = await openCart();
    const row = (await within(drawer).findByRole('link', { name: 'Diver' })).closest('li')!;
    expect(row.querySelector('img')?.getAttribute('src')).toBe('/media/catalog/W-1.svg?size=150');
    expect(within(row).getByText('€5,000 each')).toBeTruthy();
    expect(await within(drawer).findByText('€7,420')).toBeTruthy();
    await waitFor(() => expect(within(drawer).getByText('€7,425')).toBeTruthy());

    fireEvent.click(within(row).getByRole('button', { name: 'One more Diver' }));
    expect(calls).toEqual([`setQty ${diver.id} 2`]);
    await waitFor(() => expect((within(row).getByRole('textbox', { name: 'Quantity of Diver' }) as HTMLInputElement).value).toBe('2'));
    expect((within(row).getByRole('button', { name: 'One less Diver' }) as HTMLButtonElement).disabled).toBe(false);

    const field = within(row).getByRole('textbox', { name: 'Quantity of Diver' });
    fireEvent.change(field, { target: { value: 'two' } });
    fireEvent.blur(field);
    // Refused text stays with the spec's message under it; the cart keeps its quantity.
    expect((field as HTMLInputElement).value).toBe('two');
    expect(within(row).getByRole('alert').textContent).toBe('Quantity must be positive integer');
    expect(calls.at(-1)).toBe(`setQty ${diver.id} 2`);
    fireEvent.change(field, { target: { value: '5' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(calls.at(-1)).toBe(`setQty ${diver.id} 5`);
    expect(within(row).queryByRole('alert')).toBeNull();
  });

  it('says what is wrong with a typed quantity, in the words of spec 2 §5', async () => {
    const { calls } = fakeRuntime([line('W-1', 'Diver', 5000, 1)]);
    const drawer = await openCart();
    const field = await within(drawer).findByRole('textbox', { name: 'Quantity of Diver' });
    const row = field.closest('li')!;
    for (const [text, message] of [
      ['-2', 'Negative quantity not allowed'],
      ['0', 'Quantity must be above 0'],
      ['12000', 'Quantity must be below 10000'],
    ]) {
      fireEvent.change(field, { target: { value: text } });
      fireEvent.keyDown(field, { key: 'Enter' });
      const alert = within(row).getByRole('alert');
      expect(alert.textContent, text).toBe(message);
      expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    }
    expect(calls).toEqual([]);
  });

  it('shows the options chosen for a line: a ring size, the pieces of a bundle, a custom size', async () => {
    const ring = createCartLine(
      cartItemFor({ sku: 'R-52', type_id: 'simple', name: 'Gold ring', image: '', url_path: 'rings/gold', price_incl_tax: 1210, option_labels: [{ code: 'size', label: 'Ringmaat', value: '52' }], custom_size: '17', custom_size_unit: 'mm' }, 1),
      write(),
    );
    const set = createCartLine(
      cartItemFor({ sku: 'BU-9', type_id: 'bundle', name: 'Gift set', image: '', url_path: 'sets/gift', price_incl_tax: 2000, option_labels: [{ label: 'Watch', value: 'Diver 40 mm' }, { label: 'Extra strap', value: '2 × Leather strap' }] }, 1),
      write(),
    );
    fakeRuntime([ring, set]);
    const drawer = await openCart();
    const ringRow = (await within(drawer).findByRole('link', { name: 'Gold ring' })).closest('li')!;
    const ringOptions = within(ringRow).getByLabelText('Chosen options');
    // The option is named in the interface language, whatever store the line was added in.
    expect(ringOptions.textContent).toBe('Ring size: 52Size: 17 mm');
    const setRow = within(drawer).getByRole('link', { name: 'Gift set' }).closest('li')!;
    expect(within(setRow).getByLabelText('Chosen options').textContent).toBe('Watch: Diver 40 mmExtra strap: 2 × Leather strap');
  });

  it('asks before removing a line', async () => {
    const ring = line('R-2', 'Ring', 1210, 1);
    const { calls } = fakeRuntime([ring]);
    const drawer = await openCart();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Remove Ring' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove product' });
    expect(confirm.textContent).toContain('Are you sure you would like to remove this item from the shopping cart?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Remove Ring' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Remove product' })).getByRole('button', { name: 'Remove' }));
    expect(calls).toEqual([`remove ${ring.id}`]);
    await waitFor(() => expect(within(drawer).getByText('Your shopping cart is empty.')).toBeTruthy());
  });

  it('shows the server’s message for a wrong coupon, and the discount of a right one', async () => {
    fakeRuntime([line('W-1', 'Diver', 5000, 1)]);
    const drawer = await openCart();
    const code = await within(drawer).findByRole('textbox', { name: 'Discount code' });
    fireEvent.change(code, { target: { value: 'NOPE' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Apply' }));
    expect((await within(drawer).findByRole('alert')).textContent).toBe("You've entered an incorrect coupon code");

    fireEvent.change(code, { target: { value: 'WELCOME10' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(within(drawer).getByText('Code WELCOME10 applied')).toBeTruthy());
    expect(await within(drawer).findByText('−€500')).toBeTruthy();
  });

  it('says which line the shop refuses to price (a bundle choice the catalogue no longer offers), instead of quietly showing its own totals', async () => {
    const refusal = new ApiError(400, 'cart_bundle_options', 'Please configure product bundle options (or custom options) and fix the validation errors', { sku: 'B-1' });
    fakeRuntime([line('W-1', 'Diver', 5000, 1), line('B-1', 'Gift set', 2475, 1)], { refuse: refusal });
    const drawer = await openCart();
    expect((await within(drawer).findByRole('alert', undefined, { timeout: 5000 })).textContent).toBe(
      'Gift set: Please configure product bundle options (or custom options) and fix the validation errors. Change or remove this line before you check out.',
    );
  });
});
