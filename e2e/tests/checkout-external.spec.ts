import { expect, test } from './fixtures.ts';
import { cartToken, openMinicart, simpleProducts } from './cart-utils.ts';
import { startSecondShop, type SecondShop } from './second-shop.ts';
import { shoot } from './utils.ts';

/**
 * External checkout (spec 1 §1, spec 2 §2): a second shop server with EXTERNAL_CHECKOUT on (same data, its own port)
 * sends /checkout to `<CMS url>/vue/cart/sync/cart/<cart token>`, and only there /order-success exists.
 */
const CMS = 'http://cms.shop.test';
let shop: SecondShop | undefined;
let external = '';

test.beforeAll(async () => {
  shop = await startSecondShop('external-checkout', { EXTERNAL_CHECKOUT: 'true', CMS_URL: CMS });
  external = shop.url;
});

test.afterAll(() => {
  shop?.stop();
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
