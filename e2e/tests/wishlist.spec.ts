import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createCustomer, loginThroughModal } from './account-utils.ts';
import { addFromProductPage, cartToken, deviceWithToken, simpleProducts, type CartProduct } from './cart-utils.ts';

/**
 * The wishlist and the compare list (spec 2 §3, §4, §8): unique by sku, a second add ignored, notices on add and
 * remove, kept on the device, two tabs in step, the same list on a second device of the same shopper, and the
 * Compare Products page with its remove buttons and empty state.
 */

function wishlistButton(page: Page) {
  return page.getByRole('button', { name: /^Wishlist, \d+ products?$/ });
}

async function wishlistCount(page: Page): Promise<number> {
  return Number(/Wishlist, (\d+)/.exec((await wishlistButton(page).textContent()) ?? '')?.[1] ?? Number.NaN);
}

async function openProduct(page: Page, product: CartProduct): Promise<void> {
  await page.goto(`/en/${product.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
}

test('a product on the wishlist: once, with notices, kept on the device and followed by a second tab', async ({ page, context, request }) => {
  const [watch] = await simpleProducts(request, 1);
  await openProduct(page, watch!);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(page.getByText(`${watch!.name} has been added to your wishlist.`)).toBeVisible();
  await expect.poll(() => wishlistCount(page)).toBe(1);
  // The button now removes; the list keeps one entry per sku.
  await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();

  // Kept on the device: a reload still shows it.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
  await expect.poll(() => wishlistCount(page)).toBe(1);

  // A second tab of the same browser sees the list and removes the product from its panel.
  const other = await context.newPage();
  await other.goto('/en');
  await expect.poll(() => wishlistCount(other)).toBe(1);
  await wishlistButton(other).click();
  const panel = other.getByRole('dialog', { name: 'Wishlist' });
  await expect(panel.getByRole('link', { name: watch!.name })).toBeVisible();
  await panel.getByRole('button', { name: `Remove ${watch!.name} from the wishlist` }).click();
  await expect(other.getByText(`${watch!.name} has been removed from your wishlist.`)).toBeVisible();
  await expect(panel.getByText('Your wishlist is empty.')).toBeVisible();

  // The first tab follows without a reload.
  await expect(page.getByRole('button', { name: 'Add to wishlist' })).toBeVisible();
  await expect.poll(() => wishlistCount(page)).toBe(0);
});

test('the same wishlist on a second device that shares a guest cart token', async ({ browser, page, request }) => {
  const [ring, pendant] = await simpleProducts(request, 2);
  // A guest's lists replicate with their cart (its token names the owner), so this shopper has one.
  await addFromProductPage(page, ring!);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(page.getByText(`${ring!.name} has been added to your wishlist.`)).toBeVisible();
  const token = await cartToken(page);
  const serverWishlist = async () => {
    const response = await request.get(`/api/replication/wishlist/pull?cartId=${encodeURIComponent(token)}&limit=100`);
    const documents = ((await response.json()).result.documents ?? []) as Array<{ sku: string; adds: unknown[] }>;
    return documents.filter((doc) => doc.adds.length > 0).map((doc) => doc.sku).sort();
  };
  await expect.poll(serverWishlist, { timeout: 15_000, message: 'the wishlist reached the server' }).toEqual([ring!.sku]);

  const laptop = await browser.newContext({ locale: 'en-GB' });
  const other = await deviceWithToken(laptop, token);
  await openProduct(other, pendant!);
  await expect.poll(() => wishlistCount(other), { timeout: 15_000 }).toBe(1);
  await other.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect.poll(serverWishlist, { timeout: 15_000 }).toEqual([pendant!.sku, ring!.sku].sort());

  await page.reload();
  await expect.poll(() => wishlistCount(page), { timeout: 15_000 }).toBe(2);
  await laptop.close();
});

test("a customer's wishlist follows them to every device they log in on", async ({ browser, page, request }) => {
  const [ring, pendant] = await simpleProducts(request, 2);
  const customer = await createCustomer(request);
  // The phone: logged in, a ring on the wishlist.
  await page.goto('/en');
  await loginThroughModal(page, customer);
  await openProduct(page, ring!);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(page.getByText(`${ring!.name} has been added to your wishlist.`)).toBeVisible();

  // The laptop: a device that never saw this shopper; after the login the ring is on its wishlist too.
  const laptop = await browser.newContext({ locale: 'en-GB' });
  const other = await laptop.newPage();
  await other.goto('/en');
  await loginThroughModal(other, customer);
  await openProduct(other, pendant!);
  await expect.poll(() => wishlistCount(other), { timeout: 15_000, message: 'the ring reached the laptop' }).toBe(1);
  await other.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect.poll(() => wishlistCount(other)).toBe(2);

  // Back on the phone, the pendant added on the laptop is there as well.
  await page.reload();
  await expect.poll(() => wishlistCount(page), { timeout: 15_000, message: 'the pendant reached the phone' }).toBe(2);
  await laptop.close();
});

test('Compare Products shows the products side by side, with remove buttons and an empty state', async ({ page, request }) => {
  const products = await simpleProducts(request, 2);
  for (const product of products) {
    await openProduct(page, product);
    await page.getByRole('button', { name: 'Add to compare' }).click();
    await expect(page.getByText(`${product.name} has been added to the comparison.`)).toBeVisible();
  }
  await page.getByRole('link', { name: 'Compare Products' }).last().click();
  await expect(page).toHaveURL(/\/en\/compare$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compare Products' })).toBeVisible();
  const table = page.getByRole('region', { name: 'The products side by side' }).getByRole('table');
  for (const product of products) await expect(table.getByRole('columnheader', { name: new RegExp(product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Price' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Availability' })).toBeVisible();
  // At least one attribute of the catalogue, side by side.
  await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(4);

  await table.getByRole('button', { name: `Remove ${products[0]!.name} from the comparison` }).click();
  await expect(page.getByText(`${products[0]!.name} has been removed from the comparison.`)).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveCount(1);
  await table.getByRole('button', { name: `Remove ${products[1]!.name} from the comparison` }).click();
  await expect(page.getByText('You have no products to compare.')).toBeVisible();

  // Kept on the device: still empty after a reload of the page.
  await page.reload();
  await expect(page.getByText('You have no products to compare.')).toBeVisible();
});
