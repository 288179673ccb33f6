import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createCustomer, loginThroughModal, newCustomer, PASSWORD } from './account-utils.ts';
import { addFromProductPage, cartButton, simpleProducts } from './cart-utils.ts';
import { fillPersonal, fillShipping, toSummary } from './checkout-utils.ts';
import { shoot } from './utils.ts';

/** A customer's orders, one after another: each checkout works, and My orders lists them. */

async function placeOrder(page: Page): Promise<string> {
  await page.goto('/en/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await toSummary(page);
  await page.getByRole('checkbox', { name: /accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible({ timeout: 20_000 });
  return ((await page.locator('.checkout-confirmation__number strong').textContent()) ?? '').trim();
}


/** From the checkout's first step: the shopper's details with "create an account", bank transfer, the order placed. */
async function placeWithNewAccount(page: Page, email: string, password: string): Promise<void> {
  await fillPersonal(page);
  await page.getByLabel('E-mail address').fill(email);
  // The box follows the draft, which the click writes.
  await page.getByRole('checkbox', { name: 'Create an account with these details' }).click();
  await expect(page.getByRole('checkbox', { name: 'Create an account with these details' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await fillShipping(page);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('radio', { name: 'Bank transfer' }).click();
  await page.getByRole('button', { name: 'Continue to Order Summary' }).click();
  await page.getByRole('checkbox', { name: /accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
}

test('a customer places two orders one after another, reloading between, and My orders lists both', async ({ page, request }) => {
  const customer = await createCustomer(request);
  const [ring, watch] = await simpleProducts(request, 2);
  await page.goto('/en');
  await loginThroughModal(page, customer);

  await addFromProductPage(page, ring!);
  const first = await placeOrder(page);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  await page.reload();
  await addFromProductPage(page, watch!);
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await page.goto('/en/checkout');
  await expect(page.getByRole('button', { name: 'Continue to Shipping' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Continue to Shipping' })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  const second = await placeOrder(page);
  expect(second).not.toBe(first);

  // My orders opened directly, in the Dutch store: the list, in Dutch (it once said the session had expired).
  await page.goto('/nl/my-account/orders');
  await expect(page.getByRole('heading', { level: 2, name: 'Mijn bestellingen' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('cell', { name: first, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: second, exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await shoot(page, 'my-orders-nl');
});

test('an account made in checkout owns the order it was made with: its My orders lists it', async ({ page, request }) => {
  const [ring] = await simpleProducts(request, 1);
  const customer = { ...newCustomer('Anna'), lastname: 'Jansen' };
  await addFromProductPage(page, ring!);
  await page.goto('/en/checkout');
  await placeWithNewAccount(page, customer.email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible({ timeout: 20_000 });
  const number = ((await page.locator('.checkout-confirmation__number strong').textContent()) ?? '').trim();

  // The new account, on another device: its first login shows the order.
  const laptop = await page.context().browser()!.newContext({ locale: 'en-GB' });
  const other = await laptop.newPage();
  await other.goto('/en');
  await expect.poll(async () => (await request.post('/api/user/login', { data: { username: customer.email, password: PASSWORD } })).status(), { message: 'the account was made' }).toBe(200);
  await loginThroughModal(other, { ...customer, firstname: 'Anna' });
  await other.goto('/en/my-account/orders');
  await expect(other.getByRole('table').getByRole('cell', { name: number, exact: true })).toBeVisible();
  await laptop.close();
});

test('an account asked for in checkout that cannot be made (the address is registered): the order is placed and the shopper is told', async ({ page, request, browserProblems }) => {
  browserProblems.expect(/^http 400: POST http:\/\/[^/]+\/api\/user\/create\?.* -> A customer with the same email already exists/, 'the journey registers an address that has an account');
  const [ring] = await simpleProducts(request, 1);
  const existing = await createCustomer(request);
  await addFromProductPage(page, ring!);
  await page.goto('/en/checkout');
  await placeWithNewAccount(page, existing.email, `${PASSWORD}-other`);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.checkout-confirmation__number strong')).toHaveText(/\d+/);
  await expect(page.getByRole('status').filter({ hasText: 'Your account could not be created' })).toHaveText(
    `Your order is placed. Your account could not be created just now: an account already exists for this address. You can create it later with ${existing.email} from the login page.`,
  );
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  await shoot(page, 'checkout-account-not-created');
});
