import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createCustomer, loginThroughModal } from './account-utils.ts';
import { addFromProductPage, cartToken, deviceWithToken, headerCount, openMinicart, serverCart, shownLines, simpleProducts, type CartProduct } from './cart-utils.ts';
import { POSTGRES_REQUIRED, postgresForJourneys, startShopsOnPostgres, type PostgresShops } from './postgres-shops.ts';

/**
 * One shop, two server instances on one PostgreSQL database (issue 16): each browser context talks to its own
 * instance, as two devices behind a load balancer may. What one device writes through instance A reaches the other
 * device on instance B while its page is open (the replication stream on B hears a write A accepted), and the other
 * way round, for a guest's cart shared by token; a logged-in customer's wishlist converges on both. Skipped without
 * PostgreSQL, never with SHOP_REQUIRE_POSTGRES=1 (CI).
 */

const postgres = postgresForJourneys();
test.skip(!postgres.ok && !POSTGRES_REQUIRED, postgres.skipLine);

let shops: PostgresShops;
let apiA: APIRequestContext;
let apiB: APIRequestContext;

test.beforeAll(async ({ playwright }, testInfo) => {
  // A cluster, then two instances at once: one migrates and seeds the demo catalogue while the other waits.
  testInfo.setTimeout(300_000);
  shops = await startShopsOnPostgres(2);
  apiA = await playwright.request.newContext({ baseURL: shops.urls[0]! });
  apiB = await playwright.request.newContext({ baseURL: shops.urls[1]! });
});

test.afterAll(async () => {
  await apiA?.dispose();
  await apiB?.dispose();
  shops?.stop();
});

/** A device (a browser context of its own) on one instance; `token` makes it share a guest's cart. */
async function deviceOn(browser: Browser, url: string, token?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, locale: 'en-GB' });
  return token ? deviceWithToken(context, token) : context.newPage();
}

function wishlistCount(page: Page): Promise<number> {
  return page
    .getByRole('button', { name: /^Wishlist, \d+ products?$/ })
    .textContent()
    .then((name) => Number(/Wishlist, (\d+)/.exec(name ?? '')?.[1] ?? Number.NaN));
}

async function openProduct(page: Page, product: CartProduct): Promise<void> {
  await page.goto(`/en/${product.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
}

test('both instances serve one shop from one database: a cart written through A is read through B', async ({ browser }) => {
  const [health, other] = await Promise.all([apiA.get('/health'), apiB.get('/health')]);
  expect(health.ok() && other.ok()).toBe(true);
  // The second instance waited for the first's seed: both see the same catalogue.
  expect((await other.json()).catalogue).toEqual((await health.json()).catalogue);

  const [ring] = await simpleProducts(apiA, 1);
  const phone = await deviceOn(browser, shops.urls[0]!);
  await addFromProductPage(phone, ring!);
  const token = await cartToken(phone);
  await expect.poll(() => serverCart(apiB, token), { message: 'instance B reads the cart A wrote' }).toEqual({ [ring!.sku]: 1 });

  // A device that opens on B pulls the cart as it starts.
  const laptop = await deviceOn(browser, shops.urls[1]!, token);
  await laptop.goto('/en');
  await expect.poll(() => headerCount(laptop)).toBe(1);
  await phone.context().close();
  await laptop.context().close();
});

/**
 * The times at which `page` asked the server for its cart's documents (a pull). A change that reaches the page
 * through its replication stream needs none; the 15 s cart poll (isCartUpdated) brings another device's change too,
 * but only through a pull, so a change that arrived with no pull since it was made came by the stream.
 */
function cartPulls(page: Page): number[] {
  const times: number[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/replication/cart/pull') times.push(Date.now());
  });
  return times;
}

/** Waits until `page` shows `count` items, then checks no pull brought them (see cartPulls). */
async function arrivesByStream(page: Page, pulls: number[], since: number, count: number, message: string): Promise<void> {
  await expect.poll(() => headerCount(page), { timeout: 20_000, intervals: [50], message }).toBe(count);
  expect(pulls.filter((at) => at >= since), `${message} through its replication stream, not through a pull after the 15 s cart poll`).toEqual([]);
}

test('cart lines added on A appear on B while its page is open, and the other way round', async ({ browser }) => {
  const [ring, watch, pendant] = await simpleProducts(apiA, 3);
  const phone = await deviceOn(browser, shops.urls[0]!);
  const phonePulls = cartPulls(phone);
  await addFromProductPage(phone, ring!);
  const token = await cartToken(phone);
  const laptop = await deviceOn(browser, shops.urls[1]!, token);
  const laptopPulls = cartPulls(laptop);
  await laptop.goto('/en');
  await expect.poll(() => headerCount(laptop)).toBe(1);
  // Both pages are settled: their streams are open, their first pulls done.
  await expect.poll(() => headerCount(phone)).toBe(1);

  // A → B: the laptop's page stays open.
  let since = Date.now();
  await addFromProductPage(phone, watch!);
  await arrivesByStream(laptop, laptopPulls, since, 2, 'the line added through instance A reached the device on instance B');
  // B → A.
  since = Date.now();
  await addFromProductPage(laptop, pendant!);
  await arrivesByStream(phone, phonePulls, since, 3, 'the line added through instance B reached the device on instance A');

  const expected = { [ring!.sku]: 1, [watch!.sku]: 1, [pendant!.sku]: 1 };
  const names = { [ring!.name]: ring!.sku, [watch!.name]: watch!.sku, [pendant!.name]: pendant!.sku };
  const bySku = (lines: Record<string, number>) => Object.fromEntries(Object.entries(lines).map(([name, qty]) => [names[name] ?? name, qty]));
  for (const device of [phone, laptop]) expect(bySku(await shownLines(await openMinicart(device)))).toEqual(expected);
  expect(await serverCart(apiA, token)).toEqual(expected);
  expect(await serverCart(apiB, token)).toEqual(expected);
  await phone.context().close();
  await laptop.context().close();
});

test('a logged-in customer’s wishlist converges across the two instances', async ({ browser }) => {
  const [watch, pendant] = await simpleProducts(apiA, 2);
  const customer = await createCustomer(apiA);
  const phone = await deviceOn(browser, shops.urls[0]!);
  const laptop = await deviceOn(browser, shops.urls[1]!);
  // Logged in on both: the customer was made through A, B checks the password and signs its own session (one
  // token secret, customers and sessions in the database).
  for (const device of [phone, laptop]) {
    await device.goto('/en');
    await loginThroughModal(device, customer);
  }
  // The wishlist is not streamed (only the cart is, replication.ts): another device's entries come with a pull, on
  // start, on a RESYNC or when the cart poll sees a change. A device coming back to the shop is such a start.
  await openProduct(phone, watch!);
  await phone.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(phone.getByText(`${watch!.name} has been added to your wishlist.`)).toBeVisible();
  await openProduct(laptop, pendant!);
  await expect.poll(() => wishlistCount(laptop), { timeout: 15_000, message: 'the wishlist entry added through instance A reached the device on instance B' }).toBe(1);

  await laptop.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(laptop.getByText(`${pendant!.name} has been added to your wishlist.`)).toBeVisible();
  await openProduct(phone, watch!);
  await expect.poll(() => wishlistCount(phone), { timeout: 15_000, message: 'the wishlist entry added through instance B reached the device on instance A' }).toBe(2);
  await expect(phone.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
  await expect.poll(() => wishlistCount(laptop)).toBe(2);
  await phone.context().close();
  await laptop.context().close();
});
