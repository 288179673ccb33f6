import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './a11y.ts';
import { addFromProductPage, cartToken, deviceWithToken, simpleProducts } from './cart-utils.ts';
import { fillPersonal, fillShipping } from './checkout-utils.ts';
import { searchApi, shoot } from './utils.ts';
import type { CartProduct } from './cart-utils.ts';

/**
 * Trust and checkout (issue 19 items 7–9): the footer's customer service, company numbers and payment marks; a
 * distraction-free checkout header with the help line; iDEAL first in the Dutch store and no cash on delivery for a
 * high-value order; the terms in a new tab; the checkout's skeleton while the local database's code is slow.
 */

/** A simple piece in stock priced above €1,500 (incl. VAT), that needs no size and ships anywhere. */
async function highValueProduct(request: APIRequestContext): Promise<CartProduct> {
  const { items } = await searchApi<CartProduct & { final_price_incl_tax: number; stock: { is_in_stock: boolean }; custom_size_kind?: string; allowedcountries?: string[] }>(request, {
    type: 'product',
    storeCode: 'en',
    filters: { type_id: 'simple' },
    size: 100,
  });
  for (const item of items) {
    if (item.final_price_incl_tax < 1500 || !item.stock.is_in_stock || !item.url_path || item.custom_size_kind || item.allowedcountries?.length) continue;
    const stock = await request.get(`/api/stock/check?sku=${encodeURIComponent(item.sku)}`);
    const result = stock.ok() ? (await stock.json()).result : null;
    if (result?.status === 'ok' && (!result.manage_stock || result.backorders || result.qty >= 2)) return { sku: item.sku, name: item.name, url_path: item.url_path };
  }
  throw new Error('no simple piece above €1,500 in stock in the demo catalogue');
}

test('the footer gives the customer service, the boutiques, the service pages, KvK and VAT numbers and the payment marks', async ({ page }) => {
  await page.goto('/en');
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.getByRole('heading', { name: 'Customer service' })).toBeVisible();
  await expect(footer.getByRole('link', { name: '+31 20 555 0100' })).toHaveAttribute('href', 'tel:+31205550100');
  await expect(footer.getByRole('link', { name: 'shop@localhost' })).toHaveAttribute('href', 'mailto:shop@localhost');
  await expect(footer.getByRole('link', { name: 'Send us a message' })).toBeVisible();
  await expect(footer.getByRole('heading', { name: 'Our boutiques' })).toBeVisible();
  await expect(footer.getByRole('link', { name: /Amsterdam/ }).first()).toBeVisible();
  for (const name of ['Return policy', 'Privacy policy', 'Terms and conditions', 'Customer service']) await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(footer.getByText('Chamber of Commerce (KvK) 87654321')).toBeVisible();
  await expect(footer.getByText('VAT NL864512379B01')).toBeVisible();
  await expect(footer.getByText(/Secure payment: your payment details are encrypted/)).toBeVisible();
  const marks = footer.getByRole('list', { name: 'Payment methods we accept' });
  for (const name of ['iDEAL', 'Credit card', 'PayPal', 'Bank transfer']) await expect(marks.getByRole('img', { name })).toBeVisible();
  expect(await seriousViolations(page, 'footer')).toEqual([]);
  await footer.screenshot({ path: '/tmp/shots-19/checkout-footer-desktop.png' }).catch(() => {});

  await page.setViewportSize({ width: 390, height: 844 });
  await footer.scrollIntoViewIfNeeded();
  await expect(marks.getByRole('img', { name: 'iDEAL' })).toBeVisible();
  await footer.screenshot({ path: '/tmp/shots-19/checkout-footer-phone.png' }).catch(() => {});
});

test('checkout in a distraction-free header; iDEAL first in /nl, no cash on delivery for a high-value order; the terms open in a new tab', async ({ page, context }) => {
  // An English-speaking shopper in the Dutch store: the store decides the methods' order, the language the texts.
  await page.addInitScript(() => (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem('shop.language', 'en'));
  await addFromProductPage(page, await highValueProduct(page.request));
  await page.goto('/nl/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /Horloge & Diamant/ })).toBeVisible();
  await expect(header.getByText('Secure checkout')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Call customer service: +31 20 555 0100' })).toHaveAttribute('href', 'tel:+31205550100');
  // Nothing to wander off to: no search, no menu, no category navigation.
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await expect(page.getByRole('search')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Categories' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await shoot(page, 'checkout-header-desktop', { fullPage: false });
  await page.screenshot({ path: '/tmp/shots-19/checkout-desktop.png' }).catch(() => {});

  await fillPersonal(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await fillShipping(page);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const methods = page.getByRole('group', { name: 'Payment method' }).getByRole('radio');
  await expect(methods.first()).toHaveAccessibleName('iDEAL');
  await expect(methods.first()).toBeChecked();
  await expect(methods.nth(1)).toHaveAccessibleName('Credit card');
  await expect(methods.nth(2)).toHaveAccessibleName('PayPal');
  // Each method carries its mark.
  await expect(page.locator('.checkout-method .payment-mark')).toHaveCount(await methods.count());
  // The grand total in euros, in either format (€8,255 or € 8.255,00).
  const [, whole = '', cents = '00'] = /^([\d.,]*?)(?:[.,](\d{2}))?$/.exec(((await page.locator('.checkout-order__grand dd').textContent()) ?? '').replace(/[^\d.,]/g, '')) ?? [];
  const grand = Number(`${whole.replace(/[.,]/g, '')}.${cents}`);
  expect(grand, 'the piece costs more than the €1,000 limit for cash on delivery').toBeGreaterThan(1000);
  await expect(page.getByRole('radio', { name: 'Cash on delivery' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Check / Money order' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/shots-19/checkout-payment-desktop.png', fullPage: true }).catch(() => {});

  await page.getByRole('radio', { name: 'Bank transfer' }).click();
  await page.getByRole('button', { name: 'Continue to Order Summary' }).click();
  const terms = page.getByRole('link', { name: 'Read the terms and conditions (opens in a new tab)' });
  await expect(terms).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([context.waitForEvent('page'), terms.click()]);
  await tab.waitForLoadState();
  await expect(tab).toHaveURL(/\/nl\/i\/algemene-voorwaarden$/);
  await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
  await tab.close();
  // The checkout is where it was.
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.mouse.wheel(0, -10_000);
  await expect(header.getByRole('link', { name: 'Call customer service: +31 20 555 0100' })).toBeVisible();
  await expect(header.getByText('Secure checkout')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots-19/checkout-phone.png' }).catch(() => {});
  expect(await seriousViolations(page)).toEqual([]);
});

test('on a slow network, checkout shows a form-shaped skeleton at once while the local database’s code is delayed', async ({ page, browser }) => {
  const [product] = await simpleProducts(page.request, 1);
  await addFromProductPage(page, product!);
  const token = await cartToken(page);
  // The same shopper on a second device whose first page is checkout: nothing cached yet, no service worker, so the
  // network gives the local database's code, and the journey holds it back.
  const device = await browser.newContext();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let delayed = 0;
  await device.route(/\/assets\/cart-runtime-[^/]+\.js$/, async (route) => {
    delayed += 1;
    await released;
    await route.continue();
  });
  const checkout = await deviceWithToken(device, token);
  await checkout.goto('/en/checkout');
  const skeleton = checkout.getByTestId('checkout-skeleton');
  await expect(skeleton).toBeVisible();
  await expect(skeleton).toHaveAttribute('aria-busy', 'true');
  await expect(checkout.getByRole('status').filter({ hasText: 'Loading the checkout…' })).toBeAttached();
  // The header is drawn already, with its secure note.
  await expect(checkout.getByRole('banner').getByText('Secure checkout')).toBeVisible();
  // Still the skeleton a moment later: the page waits for the database's code, which the network holds back.
  await expect.poll(() => delayed).toBeGreaterThan(0);
  await checkout.waitForTimeout(1500);
  await expect(skeleton).toBeVisible();
  await expect(checkout.getByRole('heading', { level: 1, name: 'Checkout' })).toHaveCount(0);
  await checkout.screenshot({ path: '/tmp/shots-19/checkout-skeleton-desktop.png' }).catch(() => {});
  expect(await seriousViolations(checkout)).toEqual([]);
  release();
  await expect(checkout.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(skeleton).toHaveCount(0);
  await expect(checkout.getByLabel('First name')).toBeVisible();
  await expect(checkout.getByText(product!.name)).toBeVisible();
  await device.close();
});
