import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { accountLink, createCustomer, localCounts, loginButton, loginThroughModal, PASSWORD, storedUser, type Customer } from './account-utils.ts';
import { addFromProductPage, cartButton, simpleProducts, type CartProduct } from './cart-utils.ts';
import { toSummary } from './checkout-utils.ts';
import { shoot } from './utils.ts';

/**
 * A customer's own documents replicate whatever the cart connection does (an emptied cart after an order has no
 * token), and a logout never drops a change the shop has not got: it is kept for that customer's next login.
 */

async function openProduct(page: Page, product: CartProduct): Promise<void> {
  await page.goto(`/en/${product.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
}

/** The skus in the customer's list on the server, asked with a token of their own. */
async function serverList(request: APIRequestContext, customer: Customer, collection: 'wishlist' | 'compare'): Promise<string[]> {
  const login = await request.post('/api/user/login', { data: { username: customer.email, password: PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const token = (await login.json()).result as string;
  const response = await request.get(`/api/replication/${collection}/pull?limit=100`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  const docs = (await response.json()).result.documents as Array<{ sku: string; adds: unknown[]; removed: unknown[]; _deleted: boolean }>;
  return docs.filter((doc) => !doc._deleted && doc.adds.length > doc.removed.length).map((doc) => doc.sku).sort();
}

async function logOut(page: Page, customer: Customer): Promise<void> {
  await accountLink(page, customer.firstname).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText("You're logged out")).toBeVisible({ timeout: 15_000 });
  await expect(loginButton(page)).toBeVisible();
}

test('after an order, with an empty cart, the wishlist and compare list still reach the shop and the same customer on another device', async ({ browser, page, request }) => {
  const customer = await createCustomer(request);
  const [ring, watch, pendant] = await simpleProducts(request, 3);
  await page.goto('/en');
  await loginThroughModal(page, customer);
  await addFromProductPage(page, ring!);
  await page.goto('/en/checkout');
  await toSummary(page);
  await page.getByRole('checkbox', { name: /accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible({ timeout: 20_000 });
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  // The cart is empty (no cart token on this device now); the lists go to the shop all the same.
  await page.reload();
  await openProduct(page, watch!);
  // Each press is on the list (the button says so) before the shopper loads another page: a press waits for the
  // local database, and a page load ends whatever had not been written yet.
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to compare' }).click();
  await expect(page.getByRole('button', { name: 'Remove from compare' })).toBeVisible();
  await openProduct(page, pendant!);
  await page.getByRole('button', { name: 'Add to compare' }).click();
  await expect(page.getByRole('button', { name: 'Remove from compare' })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  await expect.poll(() => serverList(request, customer, 'wishlist'), { timeout: 15_000 }).toEqual([watch!.sku]);
  await expect.poll(() => serverList(request, customer, 'compare'), { timeout: 15_000 }).toEqual([pendant!.sku, watch!.sku].sort());

  // A second device of the same customer.
  const laptop = await browser.newContext({ locale: 'en-GB' });
  const other = await laptop.newPage();
  await other.goto('/en');
  await loginThroughModal(other, customer);
  await expect.poll(() => localCounts(other), { timeout: 15_000 }).toMatchObject({ wishlist: 1, compare: 2 });
  await other.goto('/en/compare');
  await expect(other.getByRole('heading', { level: 1, name: 'Compare Products' })).toBeVisible();
  await expect(other.getByRole('columnheader', { name: new RegExp(pendant!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();
  await laptop.close();
});

test('a guest’s wishlist goes with them into their account at login, and later changes follow', async ({ page, request }) => {
  const customer = await createCustomer(request);
  const [ring, watch] = await simpleProducts(request, 2);
  await addFromProductPage(page, ring!);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
  await loginThroughModal(page, customer);
  await openProduct(page, watch!);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect.poll(() => serverList(request, customer, 'wishlist'), { timeout: 15_000 }).toEqual([ring!.sku, watch!.sku].sort());
});

test('a logout with a change the shop has not got keeps it for that customer’s next login, says so, and never shows it to another customer', async ({ page, request, browserProblems }) => {
  browserProblems.expect(/^request failed: POST http:\/\/[^/]+\/api\/replication\/\w+\/push\S* \(net::ERR_CONNECTION_REFUSED\)$/, 'the journey makes the shop unreachable for pushes, so that a change waits on the device');
  const ada = await createCustomer(request);
  const grace = await createCustomer(request, { email: `grace-${Date.now().toString(36)}@example.com`, firstname: 'Grace', lastname: 'Hopper' });
  const [ring, watch] = await simpleProducts(request, 2);
  await page.goto('/en');
  await loginThroughModal(page, ada);
  await openProduct(page, ring!);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect.poll(() => serverList(request, ada, 'wishlist'), { timeout: 15_000 }).toEqual([ring!.sku]);

  // The shop cannot be reached for the lists any more: the next change waits on the device.
  await page.route('**/api/replication/*/push**', (route) => route.abort('connectionrefused'));
  await openProduct(page, watch!);
  await page.getByRole('button', { name: 'Add to compare' }).click();
  await expect(page.getByRole('button', { name: 'Remove from compare' })).toBeVisible();
  await accountLink(page, ada.firstname).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  // It first tries to send what waits, for a few seconds, and says so.
  await expect(page.getByRole('button', { name: 'Logging out…' })).toBeDisabled();
  await shoot(page, 'logout-busy', { fullPage: false });
  await expect(page.getByText("You're logged out")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('One change to your wishlist, compare list or cart has not reached your account yet.', { exact: false })).toBeVisible();
  await shoot(page, 'logout-kept-notice', { fullPage: false });
  await expect.poll(() => localCounts(page)).toMatchObject({ wishlist: 0, compare: 0 });
  expect(await storedUser(page)).toBeNull();
  expect(await serverList(request, ada, 'compare')).toEqual([]);
  await page.unroute('**/api/replication/*/push**');

  // Another customer on this device never sees it.
  await loginThroughModal(page, grace);
  await page.reload();
  await expect(accountLink(page, grace.firstname)).toBeVisible();
  await expect.poll(() => localCounts(page)).toMatchObject({ wishlist: 0, compare: 0 });
  expect(await serverList(request, grace, 'compare')).toEqual([]);
  await logOut(page, grace);

  // Its customer logs in again: the change is back on the device and reaches the shop.
  await loginThroughModal(page, ada);
  await expect.poll(() => localCounts(page), { timeout: 15_000 }).toMatchObject({ wishlist: 1, compare: 1 });
  await expect.poll(() => serverList(request, ada, 'compare'), { timeout: 15_000 }).toEqual([watch!.sku]);
});
