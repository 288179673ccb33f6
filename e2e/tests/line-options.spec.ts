import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createCustomer, loginThroughModal } from './account-utils.ts';
import { cartButton, openMinicart } from './cart-utils.ts';
import { fillPersonal, SHOPPER } from './checkout-utils.ts';
import { chooseInLanguagesModal } from './languages-utils.ts';
import { searchApi, shoot } from './utils.ts';

/**
 * What a shopper chose stays with the line wherever the line is shown (issue 12, item 6): a ring's size and a gift
 * set's pieces in the minicart, the checkout summary, the thank-you page and the order in My orders, with the order's
 * status as a label; and a logged-in customer's checkout (no "create an account", the store's country preset).
 */

interface Ring {
  sku: string;
  name: string;
  url_path: string;
  configurable_options: Array<{ attribute_code: string; label: string; values: Array<{ value_index: number; label: string }> }>;
  configurable_children: Array<{ sku: string; size?: number; status: number; stock: { is_in_stock: boolean; qty: number } }>;
}

interface Bundle {
  sku: string;
  name: string;
  url_path: string;
  bundle_options: Array<{ option_id: number; title: string; type: string; required: boolean; position: number; product_links: Array<{ sku: string; is_default: boolean; position: number }> }>;
}

/** A ring sold by size with a size in stock, and that size's label. */
async function ringWithSize(request: APIRequestContext, store: 'en' | 'nl'): Promise<{ ring: Ring; size: string }> {
  const { items } = await searchApi<Ring>(request, { type: 'product', storeCode: store, filters: { type_id: 'configurable' }, size: 200 });
  for (const ring of items) {
    const option = ring.configurable_options?.find((candidate) => candidate.attribute_code === 'size');
    if (!option || ring.configurable_options.length !== 1) continue;
    const child = ring.configurable_children.find((candidate) => candidate.status === 1 && candidate.stock.is_in_stock && candidate.stock.qty > 0);
    const value = option.values.find((candidate) => candidate.value_index === child?.size);
    if (child && value) return { ring, size: value.label };
  }
  throw new Error('no ring sold by size with a size in stock in the demo catalogue');
}

async function giftSet(request: APIRequestContext): Promise<Bundle> {
  const { items } = await searchApi<Bundle & { stock: { is_in_stock: boolean } }>(request, { type: 'product', storeCode: 'en', filters: { type_id: 'bundle' }, size: 50 });
  for (const bundle of items) {
    const members = (await (await request.get(`/api/catalog/product/members?storeCode=en&sku=${encodeURIComponent(bundle.sku)}`)).json()).result as Array<{ sku: string; stock: { is_in_stock: boolean } }>;
    const inStock = new Set(members.filter((member) => member.stock.is_in_stock).map((member) => member.sku));
    const defaults = bundle.bundle_options.flatMap((option) => [[...option.product_links].sort((a, b) => a.position - b.position).find((link) => link.is_default) ?? option.product_links[0]]);
    if (bundle.stock.is_in_stock && defaults.every((link) => link && inStock.has(link.sku))) return bundle;
  }
  throw new Error('no gift set with its default pieces in stock in the demo catalogue');
}

/** The options shown under a line, as "Label: value" rows. */
async function optionRows(line: Locator): Promise<string[]> {
  const rows = line.getByLabel('Chosen options').locator('.line-options__row');
  return (await rows.allTextContents()).map((row) => row.replace(/\s+/g, ' ').trim());
}

async function addRing(page: Page, ring: Ring, size: string): Promise<void> {
  await page.goto(`/en/${ring.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: ring.name })).toBeVisible();
  await page.getByRole('group', { name: 'Choose Ring size' }).getByRole('radio', { name: size, exact: true }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Product has been added to the cart!').first()).toBeVisible();
}

async function addGiftSet(page: Page, bundle: Bundle): Promise<string[]> {
  await page.goto(`/en/${bundle.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: bundle.name })).toBeVisible();
  const add = page.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeEnabled();
  // The rows the line must show: each option with the names of the pieces chosen for it.
  const expected: string[] = [];
  for (const option of [...bundle.bundle_options].sort((a, b) => a.position - b.position)) {
    const group = page.getByRole('group', { name: new RegExp(`^${option.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (Required|Optional)$`) });
    const chosen = group.locator('input:checked');
    if ((await chosen.count()) === 0) continue;
    const names = await group.locator('label:has(input:checked) .set-row__name').allTextContents();
    const qtys = await group.locator('label:has(input:checked) .set-row__price').allTextContents();
    expected.push(`${option.title}: ${names.map((name, index) => (/Quantity: ([2-9]|\d\d)/.test(qtys[index] ?? '') ? `${/Quantity: (\d+)/.exec(qtys[index]!)![1]} × ${name}` : name)).join(', ')}`);
  }
  await add.click();
  await expect(page.getByText(/Product has been added to the cart!|Product quantity has been updated!/).first()).toBeVisible();
  return expected;
}

test('a ring size and a gift set’s pieces show in the minicart, checkout, thank-you page and My orders', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const { ring, size } = await ringWithSize(request, 'en');
  const bundle = await giftSet(request);
  const customer = await createCustomer(request);

  await page.goto('/en');
  await loginThroughModal(page, customer);
  await addRing(page, ring, size);
  const setRows = await addGiftSet(page, bundle);
  expect(setRows.length).toBeGreaterThan(0);

  // The minicart.
  const drawer = await openMinicart(page);
  const ringLine = drawer.getByRole('listitem').filter({ has: page.getByRole('link', { name: ring.name, exact: true }) });
  const setLine = drawer.getByRole('listitem').filter({ has: page.getByRole('link', { name: bundle.name, exact: true }) });
  expect(await optionRows(ringLine)).toEqual([`Ring size: ${size}`]);
  expect(await optionRows(setLine)).toEqual(setRows);
  await shoot(page, 'options-1-minicart', { fullPage: false });
  await drawer.getByRole('link', { name: 'Proceed to checkout' }).click();

  // Checkout: a logged-in customer is not offered an account; the summary shows the options.
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /create an account/i })).toHaveCount(0);
  const summary = page.getByRole('complementary', { name: 'Your order' });
  expect(await optionRows(summary.getByRole('listitem').filter({ hasText: ring.name }))).toEqual([`Ring size: ${size}`]);
  expect(await optionRows(summary.getByRole('listitem').filter({ hasText: bundle.name }))).toEqual(setRows);
  await fillPersonal(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  const shipping = page.getByRole('region', { name: 'Shipping' });
  // The store's country (the Netherlands) is preset.
  await expect(shipping.getByLabel('Country')).toHaveValue('NL');
  await shipping.getByLabel('Street name').fill('Kalverstraat');
  await shipping.getByLabel('House/Apartment number').fill('1');
  await shipping.getByLabel('Zip-code').fill('1012 NX');
  await shipping.getByLabel('City').fill('Amsterdam');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('radio', { name: 'Bank transfer' }).click();
  await page.getByRole('button', { name: 'Continue to Order Summary' }).click();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  await shoot(page, 'options-2-checkout-summary');
  await page.getByRole('checkbox', { name: /accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();

  // The thank-you page.
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible({ timeout: 20_000 });
  const number = (await page.locator('.checkout-confirmation__number strong').textContent())?.trim() ?? '';
  const ordered = page.getByRole('region', { name: 'Your order' });
  expect(await optionRows(ordered.getByRole('listitem').filter({ hasText: ring.name }))).toEqual([`Ring size: ${size}`]);
  expect(await optionRows(ordered.getByRole('listitem').filter({ hasText: bundle.name }))).toEqual(setRows);
  await shoot(page, 'options-3-thank-you');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  // My orders, on the customer's other device: the status as a label, and the options on the order's page.
  const laptop = await (await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } })).newPage();
  await laptop.goto('/en');
  await loginThroughModal(laptop, customer);
  await laptop.goto('/en/my-account/orders');
  const row = laptop.getByRole('row').filter({ hasText: number });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.locator('.account-status')).toHaveText(/^(Pending|Pending Payment|Processing|Complete|Canceled)$/);
  await shoot(laptop, 'options-4-my-orders');
  await row.getByRole('link', { name: new RegExp(number) }).click();
  await expect(laptop.getByRole('heading', { name: new RegExp(number) })).toBeVisible();
  expect(await optionRows(laptop.getByRole('row').filter({ hasText: ring.name }))).toEqual([`Ring size: ${size}`]);
  expect(await optionRows(laptop.getByRole('row').filter({ hasText: bundle.name }))).toEqual(setRows);
  await expect(laptop.locator('.account-status')).not.toHaveText(/_/);
  await shoot(laptop, 'options-5-my-order');
  await laptop.context().close();
});

test('the Dutch store presets the Netherlands for a guest, who is offered an account; an English screen of it names the ring size in English', async ({ page, request }) => {
  const { ring, size } = await ringWithSize(request, 'nl');
  await page.goto('/nl');
  await chooseInLanguagesModal(page, { language: 'English' });
  await page.goto(`/nl/${ring.url_path}`);
  const picker = page.getByRole('group', { name: 'Choose Ring size' });
  await expect(picker).toBeVisible();
  await expect(page.locator('.product-layout__info')).not.toContainText(/ringmaat/i);
  await picker.getByRole('radio', { name: size, exact: true }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Product has been added to the cart!').first()).toBeVisible();

  await page.goto('/nl/checkout');
  await expect(page.getByRole('checkbox', { name: /create an account/i })).toBeVisible();
  await fillPersonal(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(page.getByRole('region', { name: 'Shipping' }).getByLabel('Country')).toHaveValue('NL');
  await expect(page.getByRole('region', { name: 'Shipping' }).getByLabel('First name')).toHaveValue(SHOPPER.firstName);
});
