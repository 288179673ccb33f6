import { expect, test } from './fixtures.ts';
import { addFromProductPage, cartButton, cartLine, cartToken, headerCount, openMinicart, serverCart, simpleProducts } from './cart-utils.ts';
import { offlineShellReady } from './utils.ts';

/**
 * Offline (ARCHITECTURE §4, issue 4): the cart works with no network, its changes survive a reload made offline, and
 * once the network is back the server agrees (spec 2 §4: "going back online: queued tasks are processed").
 */

test('a cart changed offline survives a reload and reaches the server once back online', async ({ page, context, request }) => {
  const [first, second] = await simpleProducts(request, 2);
  await addFromProductPage(page, first!);
  const token = await cartToken(page);
  await expect.poll(() => serverCart(request, token)).toEqual({ [first!.sku]: 1 });
  await offlineShellReady(page);
  await page.goto(`/en/${second!.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: second!.name })).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: /^Offline/ })).toBeVisible();
  // Added offline: the stock cannot be checked, and the warning says so as a shopper would (no "volatile" stock).
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('The product is in your cart. We could not check the stock just now; we check it again when you place your order.')).toBeVisible();
  const drawer = await openMinicart(page);
  await cartLine(drawer, first!.name).getByRole('button', { name: `One more ${first!.name}` }).click();
  await expect.poll(() => headerCount(page)).toBe(3);
  await expect(drawer.getByText('You are offline. Your cart is kept on this device and sent to us when you are back online.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: second!.name })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');
  const reopened = await openMinicart(page);
  await expect(cartLine(reopened, first!.name).getByRole('textbox', { name: `Quantity of ${first!.name}` })).toHaveValue('2');
  await expect(cartLine(reopened, second!.name)).toBeVisible();
  // The server has not heard of any of it yet.
  expect(await serverCart(request, token)).toEqual({ [first!.sku]: 1 });

  await context.setOffline(false);
  await expect.poll(() => serverCart(request, token), { timeout: 15_000 }).toEqual({ [first!.sku]: 2, [second!.sku]: 1 });
  await expect(page.getByRole('status').filter({ hasText: /^Offline/ })).toHaveCount(0);
});
