import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addFromProductPage, cartLine, cartToken, headerCount, openMinicart, serverCart, simpleProducts } from './cart-utils.ts';

/**
 * The visualizer's offline switch (issue 15, loaded with the visualizer's agent) acts in the shop's own network layer:
 * with the browser's network still there, the tab behaves exactly as with none (the offline notice, the cart kept on
 * the device, the connectivity machine offline by the switch), and turning it off sends what waited, as the browser's
 * `online` would.
 */

interface NetworkGlobals {
  navigator: { onLine: boolean };
  __shopDevtools?: {
    network?: { applyFault(command: { type: 'offline'; on: boolean }): void };
    connectivity?: { getSnapshot(): { value: unknown } };
  };
}

const flipOffline = (page: Page, on: boolean) => page.evaluate((value) => (globalThis as unknown as NetworkGlobals).__shopDevtools!.network!.applyFault({ type: 'offline', on: value }), on);
const connectivity = (page: Page) => page.evaluate(() => (globalThis as unknown as NetworkGlobals).__shopDevtools?.connectivity?.getSnapshot().value ?? null);

test('the offline switch takes the tab offline like a lost network, and back online sends what waited', async ({ page, request }) => {
  const [first, second] = await simpleProducts(request, 2);
  await addFromProductPage(page, first!);
  const token = await cartToken(page);
  await expect.poll(() => serverCart(request, token)).toEqual({ [first!.sku]: 1 });
  await page.goto(`/en/${second!.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: second!.name })).toBeVisible();
  // The connectivity machine starts with the cart, and the switches with the visualizer's agent, once the page is idle.
  await expect.poll(() => connectivity(page)).toBe('online');
  await expect.poll(() => page.evaluate(() => typeof (globalThis as unknown as NetworkGlobals).__shopDevtools?.network?.applyFault)).toBe('function');

  await flipOffline(page, true);
  expect(await page.evaluate(() => (globalThis as unknown as NetworkGlobals).navigator.onLine)).toBe(true);
  await expect.poll(() => connectivity(page)).toEqual({ offline: 'bySwitch' });
  await expect(page.getByRole('status').filter({ hasText: /^Offline/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('The product is in your cart. We could not check the stock just now; we check it again when you place your order.')).toBeVisible();
  const drawer = await openMinicart(page);
  await expect.poll(() => headerCount(page)).toBe(2);
  await expect(drawer.getByText('You are offline. Your cart is kept on this device and sent to us when you are back online.')).toBeVisible();
  await expect(cartLine(drawer, second!.name)).toBeVisible();
  // Nothing reached the server while the switch was on.
  await page.waitForTimeout(1_000);
  expect(await serverCart(request, token)).toEqual({ [first!.sku]: 1 });

  await flipOffline(page, false);
  await expect.poll(() => connectivity(page)).toBe('online');
  await expect.poll(() => serverCart(request, token), { timeout: 15_000 }).toEqual({ [first!.sku]: 1, [second!.sku]: 1 });
  await expect(page.getByRole('status').filter({ hasText: /^Offline/ })).toHaveCount(0);
});
