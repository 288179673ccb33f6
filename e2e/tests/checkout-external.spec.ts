import { expect, test } from './fixtures.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cartToken, openMinicart, simpleProducts } from './cart-utils.ts';
import { shoot } from './utils.ts';

/**
 * External checkout (spec 1 §1, spec 2 §2): a second shop server with EXTERNAL_CHECKOUT on (same data, its own port)
 * sends /checkout to `<CMS url>/vue/cart/sync/cart/<cart token>`, and only there /order-success exists.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CMS = 'http://cms.shop.test';
let server: ChildProcess | undefined;
let external = '';

test.beforeAll(async () => {
  // On a free port of its own (PORT=0): the journeys need no second port kept free.
  server = spawn(process.execPath, ['--expose-gc', 'dist/server.mjs'], {
    cwd: path.join(root, 'server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR!,
      CLIENT_DIST: process.env.E2E_CLIENT_DIST ?? path.join(root, 'client', 'dist'),
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      EXTERNAL_CHECKOUT: 'true',
      CMS_URL: CMS,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The port it took is in its "Shop open at" line; the rest of its log is read and dropped.
  external = await new Promise<string>((resolve, reject) => {
    let log = '';
    server!.stdout!.on('data', (chunk: Buffer) => {
      if (external) return;
      log += chunk.toString('utf8');
      const open = /Shop open at (http:\/\/127\.0\.0\.1:\d+)\/nl/.exec(log);
      if (open) resolve(open[1]!);
    });
    server!.once('exit', (code) => reject(new Error(`the external-checkout shop stopped (${code}):\n${log}`)));
  });
  await expect.poll(async () => fetch(`${external}/health`).then((r) => r.ok, () => false), { timeout: 60_000 }).toBe(true);
});

test.afterAll(() => {
  server?.kill();
});

test('with the external checkout on, /checkout (with or without a store) goes to the CMS with the cart token; /order-success thanks the shopper', async ({ page, request }) => {
  await page.route(`${CMS}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>External checkout</h1>' }));
  const [product] = await simpleProducts(request, 1);
  await page.goto(`${external}/en/${product!.url_path}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const notices = page.getByRole('region', { name: 'Notifications' });
  const added = notices.getByRole('status').filter({ hasText: 'Product has been added to the cart!' });
  await expect(added).toBeVisible();
  // The server says the checkout is external: the notice offers OK only, never 'Proceed to checkout' (spec 1 §2, §8).
  // Read once, while the notice is shown (it leaves after 5 s, and a waiting assertion would then pass on nothing).
  expect(await added.locator('a, button').allTextContents()).toEqual(['OK']);
  await shoot(page, 'external-checkout-1-added-notice', { fullPage: false });
  const token = await cartToken(page);
  // The minicart's checkout button leads where the checkout really is: the CMS.
  const drawer = await openMinicart(page);
  await drawer.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(`${CMS}/vue/cart/sync/cart/${token}`);
  await expect(page.getByRole('heading', { name: 'External checkout' })).toBeVisible();
  await page.goto(`${external}/en/checkout`);
  await expect(page).toHaveURL(`${CMS}/vue/cart/sync/cart/${token}`);
  await expect(page.getByRole('heading', { name: 'External checkout' })).toBeVisible();
  // Without a store, /checkout is the default store's checkout: it leaves for the CMS too.
  await page.goto(`${external}/checkout`);
  await expect(page).toHaveURL((url) => url.href.startsWith(`${CMS}/vue/cart/sync`));

  await page.goto(`${external}/en/order-success/EN000000123`);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByText('EN000000123')).toBeVisible();
});

test('with the internal checkout (the default) the added notice offers "Proceed to checkout" to the shop’s own checkout', async ({ page, request }) => {
  const [product] = await simpleProducts(request, 1);
  await page.goto(`/en/${product!.url_path}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const added = page.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({ hasText: 'Product has been added to the cart!' });
  await expect(added).toBeVisible();
  await added.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/en\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
});

test('with the internal checkout (the default) /order-success does not exist', async ({ page, browserProblems }) => {
  browserProblems.expect(/^http 404: (GET|HEAD) http:\/\/[^/]+\/en\/order-success\/EN000000123$/, 'the journey opens the page that does not exist without the external checkout');
  browserProblems.expect(/^http 404: POST http:\/\/[^/]+\/api\/url\/map( \{"url":"order-success\/EN000000123"| -> No mapping found for order-success\/EN000000123$)/, 'the app looks that address up in the URL map, which has none');
  await page.goto('/en/order-success/EN000000123');
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toHaveCount(0);
  await expect(page.getByText(/can.t find the page|not found/i).first()).toBeVisible();
});
