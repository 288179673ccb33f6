import { expect, test } from './fixtures.ts';
import { addFromProductPage, openMinicart, simpleProducts, type CartProduct } from './cart-utils.ts';
import { toSummary } from './checkout-utils.ts';
import { choosePaymentOutcome, sandboxAmount } from './payment-utils.ts';
import { parsePrice, shoot } from './utils.ts';
import type { Page } from '@playwright/test';

/**
 * One price from the shelf to the payment (issue 14): the shopper's country (the location answer, then the checkout's
 * shipping country) gives the currency and the VAT of every price the shop shows, and the amount charged is the one
 * shown.
 */

async function productPagePrice(page: Page, product: CartProduct, currency: string): Promise<number> {
  await page.goto(`/en/${product.url_path}`);
  const price = page.locator('.product-price .price').first();
  await expect(price).toContainText(currency);
  await expect(price).not.toHaveClass(/price--loading/);
  return parsePrice((await price.locator('.price__current').or(price).first().textContent()) ?? '');
}

/** The checkout summary's grand total, once the shop's totals are in. */
async function checkoutTotal(page: Page, currency: string): Promise<number> {
  const total = page.locator('.checkout-order__grand dd');
  await expect(total).toContainText(currency, { timeout: 15_000 });
  return parsePrice((await total.textContent()) ?? '');
}

test('a visitor from Great Britain pays in pounds exactly the amount shown on the product page', async ({ page, request }) => {
  await page.setExtraHTTPHeaders({ 'x-country-code': 'GB' });
  const [product] = await simpleProducts(request, 1);
  const shown = await productPagePrice(page, product!, '£');
  await addFromProductPage(page, product!);

  const drawer = await openMinicart(page);
  const line = drawer.locator('.minicart-line__total');
  await expect(line).toContainText('£');
  expect(parsePrice((await line.textContent()) ?? '')).toBe(shown);
  const subtotal = drawer.locator('.minicart__totals dd').first();
  await expect(subtotal).toContainText('£');
  expect(parsePrice((await subtotal.textContent()) ?? '')).toBe(shown);
  await expect(drawer.getByText('€')).toHaveCount(0);
  await shoot(page, 'one-price-gb-minicart', { fullPage: false });
  await drawer.getByRole('button', { name: 'Close' }).first().click();

  await page.goto('/en/checkout');
  await toSummary(page, 'iDEAL', 'GB');
  const total = await checkoutTotal(page, '£');
  const shipping = parsePrice((await page.locator('.checkout-order__totals div', { hasText: 'Shipping' }).locator('dd').textContent()) ?? '');
  expect(total).toBe(shown + shipping);
  await expect(page.locator('.checkout-order')).not.toContainText('€');
  await shoot(page, 'one-price-gb-checkout');

  await page.getByRole('checkbox', { name: /accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  const banks = page.getByRole('dialog', { name: 'Choose your bank' });
  await expect(banks).toBeVisible({ timeout: 20_000 });
  await banks.getByRole('radio', { name: 'ING' }).check();
  await banks.getByRole('button', { name: 'Pay' }).click();

  // The sandbox charges the amount shown, in pounds.
  const amount = await sandboxAmount(page);
  expect(amount).toContain('£');
  // The sandbox writes pence (£7,122.00).
  expect(Number(amount.replace(/[^\d.]/g, ''))).toBe(total);
  await choosePaymentOutcome(page, 'Paid');
  await expect(page).toHaveURL(/\/en\/order-status\/[^/?]+\?hash=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  // The order-status page says the total charged, in pounds.
  const charged = page.locator('.order-status__facts div', { hasText: 'Order total' }).locator('dd');
  await expect(charged).toContainText('£');
  expect(parsePrice((await charged.textContent()) ?? '')).toBe(total);
  // The order-status answer the page shows: the same amount in the same currency.
  const url = new URL(page.url());
  const status = await request.get(`/api/order-status/${url.pathname.split('/').pop()}${url.search}`);
  expect(status.ok(), await status.text()).toBe(true);
  const order = (await status.json()).result.order as { grand_total: number; currency: string };
  expect({ total: Math.round(order.grand_total), currency: order.currency }).toEqual({ total, currency: 'GBP' });
});

test('a visitor from Germany sees one VAT everywhere: product page, cart line and checkout totals at 19%', async ({ page, request }) => {
  await page.setExtraHTTPHeaders({ 'x-country-code': 'DE' });
  const [product] = await simpleProducts(request, 1);
  const listed = await request.get(`/api/catalog/render-list?skus=${encodeURIComponent(product!.sku)}&currencyCode=EUR&storeId=1&country=DE`);
  const [priced] = (await listed.json()).result.items as Array<{ final_price_incl_tax: number; tax_rate: number }>;
  expect(priced!.tax_rate).toBe(19);

  const shown = await productPagePrice(page, product!, '€');
  expect(shown).toBe(Math.round(priced!.final_price_incl_tax));
  await addFromProductPage(page, product!);
  const drawer = await openMinicart(page);
  const line = drawer.locator('.minicart-line__total');
  await expect(line).toContainText('€');
  expect(parsePrice((await line.textContent()) ?? '')).toBe(shown);
  await expect(drawer.locator('.minicart__totals dd').first()).toHaveText(new RegExp(`€\\s?${shown.toLocaleString('en-GB')}`));
  await drawer.getByRole('button', { name: 'Close' }).first().click();

  await page.goto('/en/checkout');
  await toSummary(page, 'Bank transfer', 'DE');
  await checkoutTotal(page, '€');
  await expect(page.locator('.checkout-order__line .checkout-order__price')).toHaveText(new RegExp(`€\\s?${shown.toLocaleString('en-GB')}`));
  await expect(page.locator('.checkout-order__tax dt')).toHaveText('Including VAT (19%)');
});

test('changing the shipping country to Great Britain re-prices the checkout and another tab, and the checkout says the total changed before placing', async ({ page, context, request }) => {
  const [product] = await simpleProducts(request, 1);
  const euros = await productPagePrice(page, product!, '€');
  await addFromProductPage(page, product!);
  await page.goto('/en/checkout');
  await toSummary(page, 'Bank transfer', 'NL');
  const before = await checkoutTotal(page, '€');

  const other = await context.newPage();
  expect(await productPagePrice(other, product!, '€')).toBe(euros);

  await page.getByRole('button', { name: 'Edit Shipping' }).click();
  await page.getByRole('region', { name: 'Shipping' }).getByLabel('Country').selectOption('GB');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('button', { name: 'Continue to Order Summary' }).click();
  const after = await checkoutTotal(page, '£');

  // The other tab's product page follows, without a reload.
  const otherPrice = other.locator('.product-price .price').first();
  await expect(otherPrice).toContainText('£');
  const pounds = parsePrice((await otherPrice.textContent()) ?? '');
  expect(parsePrice((await page.locator('.checkout-order__line .checkout-order__price').textContent()) ?? '')).toBe(pounds);

  await page.getByRole('checkbox', { name: /accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'The total of your order has changed' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(`€${before.toLocaleString('en-GB')}`);
  await expect(notice).toContainText(`£${after.toLocaleString('en-GB')}`);
  await expect(notice).toBeFocused();
  await shoot(page, 'one-price-total-changed', { fullPage: false });
  // Nothing was placed by that press; the next one places the order.
  await expect(page).toHaveURL(/\/en\/checkout$/);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Thank you/ })).toBeVisible({ timeout: 20_000 });
});
