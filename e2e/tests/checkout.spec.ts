import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addFromProductPage, cartButton, cartToken, simpleProducts } from './cart-utils.ts';
import { createCustomer, loginThroughModal } from './account-utils.ts';
import { fillPersonal, serverOrders, SHOPPER, toSummary } from './checkout-utils.ts';
import { mailsAbout } from './payment-utils.ts';
import { parsePrice, shoot } from './utils.ts';

/** The bank transfer instructions as shown: the shop's account, the order's total and its number as the reference. */
async function expectBankTransfer(page: Page, number: string): Promise<void> {
  const block = page.getByRole('region', { name: 'Pay by bank transfer' });
  await expect(block).toBeVisible();
  const value = (label: string) => block.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(value('IBAN')).toHaveText('NL91 ABNA 0417 1643 00');
  await expect(value('BIC')).toHaveText('ABNANL2A');
  await expect(value('Account holder')).toHaveText('Horloge & Diamant B.V.');
  await expect(value('Reference')).toHaveText(number);
  expect(parsePrice((await value('Amount').textContent()) ?? '')).toBeGreaterThan(0);
}

/** The shop's own checkout (spec 2 §1, §4, §5): steps, field rules, the draft, one order per placement. */

test('an empty cart cannot enter checkout', async ({ page }) => {
  await page.goto('/en/checkout');
  await expect(page.getByRole('alert')).toHaveText('Shopping cart is empty before entering checkout');
  await expect(page.getByRole('link', { name: 'Return to shopping' })).toBeVisible();
});

test('a guest checks out with bank transfer and gets the order confirmation; the cart is emptied', async ({ page, request }) => {
  const [product] = await simpleProducts(request, 1);
  await addFromProductPage(page, product!);
  const token = await cartToken(page);
  await page.goto('/en/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await shoot(page, 'desktop-1-personal');

  // The field rules show after the first blur, and all of them on submit, with focus on the first.
  await page.getByLabel('First name').fill('A');
  await page.getByLabel('Last name').focus();
  await expect(page.getByText('Name must have at least 2 letters')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('E-mail address').fill('anna@');
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(page.getByText('Please provide valid e-mail address')).toBeVisible();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  await shoot(page, 'desktop-1-personal-errors');

  await fillPersonal(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  const shipping = page.getByRole('region', { name: 'Shipping' });
  // Most shoppers ship to themselves: the name and phone start from Personal Details.
  await expect(shipping.getByLabel('First name')).toHaveValue(SHOPPER.firstName);
  await expect(shipping.getByLabel('Phone Number')).toHaveValue(SHOPPER.phone);
  await shipping.getByLabel('Zip-code').fill('12');
  await shipping.getByLabel('City').focus();
  await expect(shipping.getByText('Zip-code must have at least 3 letters')).toBeVisible();
  await shoot(page, 'desktop-2-shipping');
  await page.getByRole('button', { name: 'Back' }).click();
  await toSummary(page);
  await shoot(page, 'desktop-4-summary');

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('You must accept the terms and conditions')).toBeVisible();
  await page.getByRole('checkbox', { name: /accept the terms and conditions/ }).check();
  // A double click places one order.
  await page.getByRole('button', { name: 'Place order' }).dblclick();
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`A confirmation is on its way to ${SHOPPER.email}.`)).toBeVisible();
  const number = (await page.locator('.checkout-confirmation__number strong').textContent())?.trim();
  expect(number).toMatch(/^EN\d{9}$/);
  // Bank transfer: where to transfer what, with the order number as the reference.
  await expectBankTransfer(page, number!);
  await shoot(page, 'desktop-5-confirmation');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  const orders = await serverOrders(request, token);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ resultCode: 200, increment_id: number });
  // The mail says the same: placed, to be paid by bank transfer, and where to.
  await expect.poll(async () => (await mailsAbout(request, SHOPPER.email, number!)).map((mail) => mail.subject)).toEqual([`Your order #${number}: please pay by bank transfer`]);
  const [mail] = await mailsAbout(request, SHOPPER.email, number!);
  for (const line of ['IBAN: NL91 ABNA 0417 1643 00', 'BIC: ABNANL2A', 'Account holder: Horloge & Diamant B.V.', `Reference: ${number}`]) expect(mail!.text).toContain(line);
  await page.getByRole('link', { name: 'Return to shopping' }).click();
  await expect(page).toHaveURL(/\/en$/);
});

test('a customer paying by bank transfer finds the instructions in My orders, on any device', async ({ page, browser, request }) => {
  const customer = await createCustomer(request);
  const [product] = await simpleProducts(request, 1);
  await page.goto('/en');
  await loginThroughModal(page, customer);
  await addFromProductPage(page, product!);
  await page.goto('/en/checkout');
  await toSummary(page);
  await page.getByRole('checkbox', { name: /accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible({ timeout: 20_000 });
  const number = (await page.locator('.checkout-confirmation__number strong').textContent())?.trim() ?? '';
  await expectBankTransfer(page, number);
  // The customer's other device: My orders, the order, and how to pay it.
  const device = await browser.newContext();
  const other = await device.newPage();
  await other.goto('/en');
  await loginThroughModal(other, customer);
  await other.goto('/en/my-account/orders');
  await other.getByRole('link', { name: new RegExp(number) }).click();
  await expect(other.getByRole('heading', { level: 2, name: new RegExp(number) })).toBeVisible();
  await expectBankTransfer(other, number);
  await shoot(other, 'desktop-my-order-bank-transfer');
  await device.close();
});

test('the draft survives a reload and shows in a second tab', async ({ page, context, request }) => {
  const [product] = await simpleProducts(request, 1);
  await addFromProductPage(page, product!);
  await page.goto('/en/checkout');
  await page.getByLabel('First name').fill('Beatrix');
  await page.getByLabel('E-mail address').fill('beatrix@example.com');
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Beatrix');
  await expect(page.getByLabel('E-mail address')).toHaveValue('beatrix@example.com');

  const second = await context.newPage();
  await second.goto('/en/checkout');
  await expect(second.getByLabel('First name')).toHaveValue('Beatrix');
  await second.getByLabel('Last name').fill('Oranje');
  await expect(page.getByLabel('Last name')).toHaveValue('Oranje');
});

test('the same order placed from two tabs is one order', async ({ page, context, request }) => {
  const [product] = await simpleProducts(request, 1);
  await addFromProductPage(page, product!);
  const token = await cartToken(page);
  await page.goto('/en/checkout');
  await toSummary(page);
  const second = await context.newPage();
  await second.goto('/en/checkout');
  await toSummary(second);
  for (const tab of [page, second]) await tab.getByRole('checkbox', { name: /accept the terms and conditions/ }).check();
  await Promise.all([page.getByRole('button', { name: 'Place order' }).click(), second.getByRole('button', { name: 'Place order' }).click()]);
  for (const tab of [page, second]) await expect(tab.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible({ timeout: 20_000 });
  const first = await page.locator('.checkout-confirmation__number strong').textContent();
  await expect(second.locator('.checkout-confirmation__number strong')).toHaveText(first!);
  const orders = await serverOrders(request, token);
  expect(orders.filter((order) => order.resultCode === 200)).toHaveLength(1);
});

test('on a phone every step fits the screen', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
  const page = await context.newPage();
  const [product] = await simpleProducts(request, 1);
  await addFromProductPage(page, product!);
  await page.goto('/en/checkout');
  await shoot(page, 'phone-1-personal');
  await fillPersonal(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await shoot(page, 'phone-2-shipping');
  await page.getByRole('button', { name: 'Back' }).click();
  await toSummary(page);
  await shoot(page, 'phone-4-summary');
  await page.getByRole('checkbox', { name: /accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible({ timeout: 20_000 });
  await shoot(page, 'phone-5-confirmation');
  const width = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await context.close();
});

test('typing fast into a checkout field keeps every key and the caret where the shopper types', async ({ page, request }) => {
  const [product] = await simpleProducts(request, 1);
  await addFromProductPage(page, product!);
  await page.goto('/en/checkout');
  const field = page.getByLabel('First name');
  await field.click();
  await field.pressSequentially('Alexandrina Victoria', { delay: 0 });
  await expect(field).toHaveValue('Alexandrina Victoria');
  // Edit in the middle: the caret stays where the shopper types.
  await field.press('Home');
  await field.press('ArrowRight');
  await field.pressSequentially('xyz', { delay: 0 });
  await expect(field).toHaveValue('Axyzlexandrina Victoria');
});
