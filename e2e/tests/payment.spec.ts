import type { Page } from '@playwright/test';
import { expect, test, type BrowserProblems } from './fixtures.ts';
import { addFromProductPage, simpleProducts } from './cart-utils.ts';
import { SHOPPER, toSummary } from './checkout-utils.ts';
import { choosePaymentOutcome, paymentOrder, placeGuestOrder, startPaymentInPage, statusUrl } from './payment-utils.ts';

/**
 * The payment flow in the browser against the sandbox provider (spec 2 §4 'Order placing', §2 'Order status page'):
 * an order placed through the API as the browser places it, the flow started in the page as the checkout starts it,
 * the sandbox's hosted page, and the shopper back on the order-status page with the provider's outcome.
 */

const SHOTS = process.env.E2E_SHOTS;

async function shoot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

// The sandbox lists no iDEAL banks, which the flow logs (spec 2 §8 'No issuers': logged only).
test.beforeEach(({ browserProblems }) => {
  browserProblems.expect(/^console error: \[payment\] No issuers /, 'the sandbox provider lists no iDEAL banks, and spec 2 §8 has the flow log that');
});

/** Opens a shop page that registers the payment door (an order-status page of nobody's order). */
async function openShop(page: Page, browserProblems: BrowserProblems): Promise<void> {
  browserProblems.expect(/^http 404: GET http:\/\/[^/]+\/api\/order-status\/nobody\?hash=x( -> |$)/, "the journey opens the order-status page of an order that does not exist, for the page's payment door");
  await page.goto('/en/order-status/nobody?hash=x');
  await expect(page.getByRole('alert')).toHaveText('Invalid payment token');
}

test('paid in the sandbox: the hosted page, then the order-status page shows success', async ({ page, request, browserProblems }) => {
  const order = await placeGuestOrder(request);
  await openShop(page, browserProblems);
  await startPaymentInPage(page, paymentOrder(order));
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await expect(page.getByText(order.incrementId)).toBeVisible();
  await shoot(page, 'sandbox-desktop');
  await choosePaymentOutcome(page, 'Paid');

  await expect(page).toHaveURL(new RegExp(`/en/order-status/${order.token}\\?hash=`));
  await expect(page.getByRole('heading', { level: 1, name: `Order status for Order # ${order.incrementId}` })).toBeVisible();
  const label = page.locator('.status-label');
  await expect(label).toHaveText('✓Paid');
  await expect(label).toHaveAttribute('data-group', 'success');
  await expect(label).toHaveCSS('color', 'rgb(35, 98, 57)');
  await expect(page.getByText(`Your payment has succeeded. The order confirmation and the invoice will be e-mailed to ${order.email} shortly.`)).toBeVisible();
  await expect(page.locator('.order-status')).toHaveAttribute('aria-busy', 'false');
  await shoot(page, 'status-success-desktop');
  await page.getByRole('link', { name: 'Return to shopping' }).click();
  await expect(page).toHaveURL(/\/en$/);
});

test('failed in the sandbox: a red Failed label and the spec\'s message', async ({ page, request, browserProblems }) => {
  const order = await placeGuestOrder(request);
  await openShop(page, browserProblems);
  await startPaymentInPage(page, paymentOrder(order));
  await choosePaymentOutcome(page, 'Failed');
  const label = page.locator('.status-label');
  await expect(label).toHaveText('✕Failed');
  await expect(label).toHaveAttribute('data-group', 'failed');
  await expect(label).toHaveCSS('color', 'rgb(155, 34, 38)');
  await expect(page.getByText('Your payment for this order has failed.')).toBeVisible();
  await shoot(page, 'status-failed-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('link', { name: /Back/ })).toBeVisible();
  await shoot(page, 'status-failed-phone');
});

test('pending in the sandbox: grey Pending, then paid later and the page updates by itself', async ({ page, request, browserProblems }) => {
  const order = await placeGuestOrder(request);
  await openShop(page, browserProblems);
  await startPaymentInPage(page, paymentOrder(order));
  await choosePaymentOutcome(page, 'Pending');
  const label = page.locator('.status-label');
  await expect(label).toHaveText('◷Pending');
  await expect(label).toHaveAttribute('data-group', 'pending');
  await expect(label).toHaveCSS('color', 'rgb(80, 84, 91)');
  await expect(page.getByText(/The details of your payment are pending\. The status will update automatically/)).toBeVisible();
  await shoot(page, 'status-pending-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'status-pending-phone');

  // The payer finishes later on the provider's page: the same order's payment (post-payment answers it again).
  const again = await request.post('/api/payment/post-payment?store=en', {
    data: { order_id: order.id, currency: 'EUR', description: 'x', redirectUrl: `${new URL(page.url()).origin}/en/order-status`, method: 'multisafepay_ideal', amount: 1 },
  });
  const gatewayUrl = new URL((await again.json()).result.payment_gateway_url as string);
  const paid = await request.post(gatewayUrl.pathname, { form: { outcome: 'paid' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);

  await expect(label).toHaveText('✓Paid', { timeout: 20_000 });
  await expect(label).toHaveAttribute('data-group', 'success');
});

test('payment not created: the error notice stays until OK, the order is canceled with the comment, the shopper is sent Home', async ({ page, request, browserProblems }) => {
  const order = await placeGuestOrder(request);
  // The order can no longer be paid (canceled before any payment was made): post-payment answers 409.
  const cancel = await request.post('/api/payment/order-comments?store=en', {
    data: { order_id: order.id, order_comment: { statusHistory: { comment: 'Canceled by the test', status: 'canceled' } } },
  });
  expect(cancel.ok(), await cancel.text()).toBe(true);
  browserProblems.expect(/^http 409: POST http:\/\/[^/]+\/api\/payment\/post-payment\?/, 'the journey pays for an order it has canceled: the payment cannot be created');
  await openShop(page, browserProblems);
  await startPaymentInPage(page, paymentOrder(order));

  const notice = page.getByRole('alert').filter({ hasText: 'Payment is not created - This order can not be paid online' });
  await expect(notice).toBeVisible();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator('.payment-progress')).toHaveCount(0);
  await shoot(page, 'payment-not-created-desktop');
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toHaveCount(0);

  const status = await request.get(statusUrl(order).replace('/en/order-status/', '/api/order-status/'));
  expect((await status.json()).result.payment).toEqual({ status: 'canceled', group: 'failed' });
});

test('a guest checks out with iDEAL, pays in the sandbox and lands on the order-status page', async ({ page, request }) => {
  const [product] = await simpleProducts(request, 1);
  await addFromProductPage(page, product!);
  await page.goto('/en/checkout');
  await toSummary(page, 'iDEAL');
  await page.getByRole('checkbox', { name: /accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();

  // The order is placed, the payment created, and the browser sent to the provider's (here the sandbox's) page.
  await expect(page).toHaveURL(/\/sandbox-pay\//, { timeout: 20_000 });
  const incrementId = (await page.getByText(/^EN\d{9}$/).first().textContent())?.trim();
  expect(incrementId).toMatch(/^EN\d{9}$/);
  await choosePaymentOutcome(page, 'Paid');

  await expect(page).toHaveURL(/\/en\/order-status\/[^/?]+\?hash=/);
  await expect(page.getByRole('heading', { level: 1, name: `Order status for Order # ${incrementId}` })).toBeVisible();
  await expect(page.locator('.status-label')).toHaveAttribute('data-group', 'success');
  await expect(page.getByText(`Your payment has succeeded. The order confirmation and the invoice will be e-mailed to ${SHOPPER.email} shortly.`)).toBeVisible();
});
