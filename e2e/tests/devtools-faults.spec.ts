import type { BrowserContext, Page } from '@playwright/test';
import { accountLink, createCustomer, loginThroughModal } from './account-utils.ts';
import { addFromProductPage, cartToken, serverCart, simpleProducts, type PageGlobals } from './cart-utils.ts';
import { expect, test } from './fixtures.ts';

/**
 * The visualizer's fault switches (issue 15), flipped in the visualizer's tab and watched there while the shop's tab
 * reacts: the offline switch takes the shop's own network layer offline (connectivity goes offline by the switch, the
 * cart's write waits as one pending document, and goes once the switch is off); a 401 forced on the next customer
 * call runs the real token lock 0 → 1 → 0 and the call goes through with the refreshed token.
 */

const LAPTOP = { width: 1366, height: 768 };

async function openVisualizer(context: BrowserContext): Promise<Page> {
  const viz = await context.newPage();
  await viz.setViewportSize(LAPTOP);
  await viz.addInitScript(() => (globalThis as unknown as PageGlobals).localStorage.setItem('shop.language', 'en'));
  await viz.goto('/__devtools');
  await expect(viz.getByRole('heading', { level: 1, name: 'Machine visualizer' })).toBeVisible();
  return viz;
}

async function section(viz: Page, name: string): Promise<void> {
  await viz.getByRole('tab', { name }).click();
  await expect(viz.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('the offline switch in the visualizer: connectivity goes offline, the cart write waits as pending 1, then goes at 0', async ({ page, context, request }, testInfo) => {
  test.setTimeout(120_000);
  const [first, second] = await simpleProducts(request, 2);
  await addFromProductPage(page, first!);
  const token = await cartToken(page);
  await expect.poll(() => serverCart(request, token)).toEqual({ [first!.sku]: 1 });
  await page.goto(`/en/${second!.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: second!.name })).toBeVisible();

  const viz = await openVisualizer(context);
  const connectivity = viz.locator('[data-machine="connectivity"]').first();
  // The shop tab's agent starts once its page is idle and answers the visualizer's next heartbeat.
  await expect(connectivity).toHaveAttribute('data-active', 'online', { timeout: 20_000 });
  await section(viz, 'Replication');
  const cartRow = viz.locator('[data-collection="cart"]');
  await expect(cartRow).toHaveAttribute('data-pending', '0');

  await section(viz, 'Fault switches');
  const offline = viz.getByRole('switch', { name: "Offline in the shop's network layer" });
  await offline.check();
  await section(viz, 'Machines');
  await expect(connectivity).toHaveAttribute('data-active', 'offline.bySwitch');
  await expect(page.getByRole('status').filter({ hasText: /^Offline/ })).toBeVisible();

  // The shop's own write, made while its network layer is offline, waits on the device.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('The product is in your cart. We could not check the stock just now; we check it again when you place your order.')).toBeVisible();
  await section(viz, 'Replication');
  await expect(cartRow).toHaveAttribute('data-pending', '1', { timeout: 15_000 });
  await viz.screenshot({ path: testInfo.outputPath('devtools-replication-pending.png') });
  expect(await serverCart(request, token)).toEqual({ [first!.sku]: 1 });

  // The cart machine's event is in the log.
  await section(viz, 'Event log');
  await expect(viz.locator('tr[data-log-machine="cartConnection"]').first()).toBeVisible();

  await section(viz, 'Fault switches');
  await offline.uncheck();
  await section(viz, 'Machines');
  // The shop tab's agent starts once its page is idle and answers the visualizer's next heartbeat.
  await expect(connectivity).toHaveAttribute('data-active', 'online', { timeout: 20_000 });
  await section(viz, 'Replication');
  await expect(cartRow).toHaveAttribute('data-pending', '0', { timeout: 20_000 });
  await expect.poll(() => serverCart(request, token), { timeout: 15_000 }).toEqual({ [first!.sku]: 1, [second!.sku]: 1 });
});

test('a 401 forced on the next customer call: the token lock goes 0 → 1 → 0 and the call goes through', async ({ page, context, request }, testInfo) => {
  test.setTimeout(120_000);
  const customer = await createCustomer(request);
  await page.addInitScript(() => (globalThis as unknown as PageGlobals).localStorage.setItem('shop.language', 'en'));
  await page.goto('/en');
  await loginThroughModal(page, customer);
  await accountLink(page, customer.firstname).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const viz = await openVisualizer(context);
  const lock = viz.locator('[data-machine="tokenLock"]').first();
  await expect(lock).toHaveAttribute('data-active', 'normal', { timeout: 20_000 });

  await section(viz, 'Fault switches');
  await viz.getByLabel('Route (path prefix)').fill('/api/user/order-history');
  await viz.getByLabel('Fail with').selectOption({ label: '401 Unauthorized' });
  await viz.getByLabel('Next N calls').fill('1');
  await viz.getByRole('button', { name: 'Arm' }).click();
  await expect(viz.getByText(/\/api\/user\/order-history → 401 Unauthorized · 1 call left/)).toBeVisible();
  await viz.screenshot({ path: testInfo.outputPath('devtools-fault-armed.png') });

  // The shop asks for the customer's orders: refused once with 401, refreshed, asked again.
  await page.getByRole('link', { name: 'My orders' }).click();
  await expect(page.getByRole('heading', { name: 'My orders' })).toBeVisible();
  await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();
  await expect(viz.getByText(/\/api\/user\/order-history → 401/)).toHaveCount(0);

  await section(viz, 'Event log');
  await viz.getByLabel('Machine').selectOption('tokenLock');
  const rows = viz.locator('tr[data-log-machine="tokenLock"]');
  // 0 → 1: the refused call locks; 1 → 0: the refresh came back and the lock opened.
  await expect(viz.locator('tr[data-event="auth.unauthorized"]')).toHaveCount(1);
  await expect(viz.locator('tr[data-event="auth.unauthorized"]')).toContainText('normal → refreshing');
  await expect(rows.filter({ hasText: 'refreshing → normal' })).toHaveCount(1);
  await viz.screenshot({ path: testInfo.outputPath('devtools-token-lock.png') });
  await section(viz, 'Machines');
  await expect(lock).toHaveAttribute('data-active', 'normal');
  await expect(lock.getByText(/lock:\s*0/)).toBeVisible();
});
