import { expect, test } from './fixtures.ts';
import { addFromProductPage, cartToken, simpleProducts } from './cart-utils.ts';
import { createCustomer, loginThroughModal } from './account-utils.ts';
import { serverOrders, SHOPPER, toSummary } from './checkout-utils.ts';
import { offlineShellReady, shoot } from './utils.ts';

/**
 * Offline orders (spec 2 §4): placed without a connection the order is queued and the shopper gets the same flow;
 * after a reload and the network's return the notice asks, the shopper confirms (the notice's 'Click here to confirm
 * the order that you made offline.' is the button), is told the order number, and the server holds one order.
 */
test('an order placed offline survives a reload and is placed once when the shopper confirms it', async ({ page, context, request }) => {
  const [product] = await simpleProducts(request, 1);
  await addFromProductPage(page, product!);
  const token = await cartToken(page);
  await offlineShellReady(page);
  await page.goto('/en/checkout');
  await toSummary(page);

  await context.setOffline(true);
  await page.getByRole('checkbox', { name: /accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is waiting to be sent' })).toBeVisible();
  await shoot(page, 'desktop-6-queued');
  expect(await serverOrders(request, token)).toEqual([]);

  // A reload keeps the waiting screen: the emptied cart is the order's, not an empty-cart error.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your order is waiting to be sent' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Shopping cart is empty before entering checkout')).toHaveCount(0);

  await page.goto('/en');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await context.setOffline(false);
  const notice = page.getByText('Order waiting! Click here to confirm the order that you made offline.');
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await shoot(page, 'desktop-7-order-waiting', {});
  // Sent to the server unconfirmed: stored, not placed.
  await expect.poll(async () => (await serverOrders(request, token)).map((order) => [order.confirmed, order.resultCode ?? null]), { timeout: 15_000 }).toEqual([[false, null]]);

  // The spec's text is itself the button that confirms.
  await page.getByRole('button', { name: 'Click here to confirm the order that you made offline.' }).click();
  await expect(notice).toBeHidden();
  await expect.poll(async () => (await serverOrders(request, token)).map((order) => order.resultCode ?? null), { timeout: 20_000 }).toEqual([200]);
  const [placed] = await serverOrders(request, token);
  // The shopper is told: the order number, and where to see the order.
  const told = page.getByRole('status').filter({ hasText: `Your order ${placed!.increment_id} has been placed. A confirmation is on its way to ${SHOPPER.email}.` });
  await expect(told).toBeVisible({ timeout: 20_000 });
  await shoot(page, 'desktop-8-order-sent');
  await told.getByRole('link', { name: 'View order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order status for Order # ${placed!.increment_id}` })).toBeVisible();
  await page.goto('/en');
  await expect(page.getByText('Order waiting!')).toHaveCount(0);
  expect(await serverOrders(request, token)).toHaveLength(1);
});

test('a customer confirming an order made offline is told its number and finds it in My orders', async ({ page, context, browser, request }) => {
  const customer = await createCustomer(request);
  const [product] = await simpleProducts(request, 1);
  await page.goto('/en');
  await loginThroughModal(page, customer);
  await addFromProductPage(page, product!);
  await offlineShellReady(page);
  await page.goto('/en/checkout');
  await toSummary(page);
  await context.setOffline(true);
  await page.getByRole('checkbox', { name: /accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is waiting to be sent' })).toBeVisible();
  await page.goto('/en');
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Send order' }).click();
  const told = page.getByRole('status').filter({ hasText: /^Your order (\d{9}|EN\d{9}) has been placed\./ });
  await expect(told).toBeVisible({ timeout: 30_000 });
  const number = /(EN\d{9}|\d{9})/.exec((await told.textContent()) ?? '')![1]!;
  await told.getByRole('link', { name: 'View order' }).click();
  await expect(page).toHaveURL(/\/en\/my-account\/orders\//);
  // The order is the customer's: My orders on another device lists it.
  const device = await browser.newContext();
  const other = await device.newPage();
  await other.goto('/en');
  await loginThroughModal(other, customer);
  await other.goto('/en/my-account/orders');
  await expect(other.getByRole('link', { name: new RegExp(number) })).toBeVisible({ timeout: 20_000 });
  await device.close();
});
