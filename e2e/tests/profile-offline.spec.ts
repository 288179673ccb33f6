import { expect, test } from './fixtures.ts';
import { accountLink, createCustomer, loginThroughModal, newCustomer, storedUser } from './account-utils.ts';
import { addFromProductPage, simpleProducts, type PageGlobals } from './cart-utils.ts';
import { offlineShellReady } from './utils.ts';

/**
 * The sync task queue (issue 17, spec 2 §4/§7, decision 042): the profile update is a queued task. Changed while
 * offline, it is kept on the device; when the connection returns the leading tab sends it (with its X-Task-Id), the
 * cart is reloaded from the server, the shopper hears 'Account data has successfully been updated', and the shop has
 * the new name. The visualizer's queue panel shows the task and its state.
 */

test('a profile changed offline reaches the shop once back online', async ({ page, context, request }, testInfo) => {
  const customer = await createCustomer(request, newCustomer('Grace'));
  const [product] = await simpleProducts(request, 1);
  await page.goto('/en/');
  await loginThroughModal(page, customer);
  // A cart on the server, so that coming back online has a cart to reload.
  await addFromProductPage(page, product!);
  await offlineShellReady(page);
  await accountLink(page, customer.firstname).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  const firstName = page.getByLabel('First name');
  await expect(firstName).toHaveValue(customer.firstname);
  // The queue runs beside the cart, started once the page is idle.
  await expect.poll(() => page.evaluate(() => Boolean((globalThis as { __shopDevtools?: { taskQueue?: unknown } }).__shopDevtools?.taskQueue))).toBe(true);

  // The visualizer opens beside the shop (its page and texts load while online).
  const viz = await context.newPage();
  // The visualizer speaks the interface language the developer chose (else the default store's, Dutch).
  await viz.addInitScript(() => (globalThis as unknown as PageGlobals).localStorage.setItem('shop.language', 'en'));
  await viz.goto('/__devtools');
  await viz.getByRole('tab', { name: 'Sync tasks' }).click();
  await expect(viz.getByRole('heading', { name: 'Sync task queue' })).toBeVisible();
  await page.bringToFront();

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: /^Offline/ })).toBeVisible();
  await firstName.fill('Gracie');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your changes are saved on this device and will be sent when the connection returns.')).toBeVisible();
  const user = (await storedUser(page))!;
  const before = await request.get('/api/user/me', { headers: { authorization: `Bearer ${user.token}` } });
  expect((await before.json()).result.firstname).toBe('Grace');

  // The visualizer, beside the shop, shows the waiting task (never its body).
  await viz.bringToFront();
  const row = viz.getByRole('row').filter({ hasText: '/api/user/me' });
  await expect(row).toContainText('pending');
  await expect(row).toContainText('offline: waits for the connection');
  await expect(viz.getByText('Gracie')).toHaveCount(0);
  await viz.screenshot({ path: testInfo.outputPath('queue-panel-offline.png'), fullPage: true });

  // Back online: the queue is processed and the cart reloaded from the server (spec 2 §4).
  // The cart's connection resyncs (its pull, or the replication's) as soon as the connection returns.
  const cartReload = page.waitForRequest((request) => /^\/api\/(cart\/|replication\/cart\/)/.test(new URL(request.url()).pathname), { timeout: 5_000 });
  const taskSent = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/user/me' && request.method() === 'POST', { timeout: 15_000 });
  await context.setOffline(false);
  const sent = await taskSent;
  expect(sent.headers()['x-task-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(sent.headers()['x-client']).toBe('1.0');
  await expect(page.getByText('Account data has successfully been updated')).toBeVisible({ timeout: 15_000 });
  await cartReload;
  await expect.poll(async () => {
    const me = await request.get('/api/user/me', { headers: { authorization: `Bearer ${(await storedUser(page))!.token}` } });
    return (await me.json()).result.firstname;
  }).toBe('Gracie');
  // The session took the answer: the header greets the new name.
  await expect(accountLink(page, 'Gracie')).toBeVisible();

  await viz.bringToFront();
  await viz.getByRole('button', { name: /^All \(/ }).click();
  await viz.screenshot({ path: testInfo.outputPath('queue-panel-online.png'), fullPage: true });
});
