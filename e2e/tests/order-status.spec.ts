import { expect, test } from './fixtures.ts';
import {  } from './cart-utils.ts';
import { offlineShellReady } from './utils.ts';
import { placeGuestOrder, statusUrl } from './payment-utils.ts';

/** The order-status page's guards and notices (spec 2 §2, §5, §8): nobody sees an order without its token and hash. */

const SHOTS = process.env.E2E_SHOTS;

test('an unknown token: Invalid payment token, with Return to homepage', async ({ page, browserProblems }) => {
  browserProblems.expect(/^http 404: GET http:\/\/[^/]+\/api\/order-status\/no-such-token\?hash=abc( -> |$)/, 'the journey opens the status of an order that does not exist');
  await page.goto('/en/order-status/no-such-token?hash=abc');
  await expect(page.getByRole('alert')).toHaveText('Invalid payment token');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order status');
  const nav = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(nav.getByRole('link', { name: 'Homepage' })).toBeVisible();
  // Desktop: the back link is hidden from 768px up.
  await expect(nav.getByRole('link', { name: /Back/ })).toBeHidden();
  await page.getByRole('link', { name: 'Return to homepage' }).click();
  await expect(page).toHaveURL(/\/en$/);
});

test('a wrong hash: Hash is incorrect, this is not good.; the order is not shown', async ({ page, request, browserProblems }) => {
  browserProblems.expect(/^http 403: GET http:\/\/[^/]+\/api\/order-status\/[^/?]+\?hash=not-the-hash( -> |$)/, 'the journey opens an order’s status with a wrong hash');
  const placed = await placeGuestOrder(request);
  await page.goto(statusUrl(placed, 'not-the-hash'));
  await expect(page.getByRole('alert')).toHaveText('Hash is incorrect, this is not good.');
  await expect(page.getByText(placed.incrementId)).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/status-hash-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('link', { name: /Back/ })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/status-hash-phone.png`, fullPage: true });
});

test('the second provider\'s page reads transactionid', async ({ page, request }) => {
  const order = await placeGuestOrder(request);
  await page.goto(`/en/orderstatus?transactionid=${order.id}&hash=${encodeURIComponent(order.hash)}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order status for Order # ${order.incrementId}` })).toBeVisible();
  await expect(page.locator('.status-label')).toHaveAttribute('data-group', 'pending');
  // When it was placed, as English writes dates in this shop (DD/MM/YYYY HH:mm), at the time in Amsterdam.
  await expect(page.locator('.order-status__facts')).toContainText(/Order date\s*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/status-date-desktop.png`, fullPage: true });
});

test('offline: You are offline is shown, and goes when the connection is back', async ({ page, request, context }) => {
  const order = await placeGuestOrder(request);
  await page.goto(statusUrl(order));
  await expect(page.getByRole('heading', { level: 1, name: `Order status for Order # ${order.incrementId}` })).toBeVisible();
  // The page has all its code (the worker keeps it) before the connection drops.
  await offlineShellReady(page);
  await context.setOffline(true);
  await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/status-offline-desktop.png`, fullPage: true });
  await context.setOffline(false);
  await expect(page.getByText('You are offline', { exact: true })).toHaveCount(0);
});
