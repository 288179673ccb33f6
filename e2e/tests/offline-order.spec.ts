import { expect, test } from './fixtures.ts';
import { addFromProductPage, cartToken, offlineShellReady, simpleProducts } from './cart-utils.ts';
import { serverOrders, toSummary } from './checkout-utils.ts';
import { shoot } from './utils.ts';

/**
 * Offline orders (spec 2 §4): placed without a connection the order is queued and the shopper gets the same flow;
 * after a reload and the network's return the notice asks, the shopper confirms, and the server holds one order.
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

  await page.goto('/en');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await context.setOffline(false);
  const notice = page.getByText('Order waiting! Click here to confirm the order that you made offline.');
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await shoot(page, 'desktop-7-order-waiting', {});
  // Sent to the server unconfirmed: stored, not placed.
  await expect.poll(async () => (await serverOrders(request, token)).map((order) => [order.confirmed, order.resultCode ?? null]), { timeout: 15_000 }).toEqual([[false, null]]);

  await page.getByRole('button', { name: 'Send order' }).click();
  await expect(notice).toBeHidden();
  await expect.poll(async () => (await serverOrders(request, token)).map((order) => order.resultCode ?? null), { timeout: 20_000 }).toEqual([200]);
  await page.reload();
  await expect(page.getByText('Order waiting!')).toHaveCount(0);
  expect(await serverOrders(request, token)).toHaveLength(1);
});
