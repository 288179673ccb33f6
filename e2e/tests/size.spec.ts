import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { cartButton, cartToken, openMinicart } from './cart-utils.ts';
import { serverOrders, SHOPPER, toSummary } from './checkout-utils.ts';
import { choosePaymentOutcome, mailsAbout } from './payment-utils.ts';
import { searchApi, shoot } from './utils.ts';

/**
 * Jewellery made to measure (issue 14, item 12): a ring asks the shopper's size (spec 2 §9 units: mm or inch) and
 * refuses to be added without one ('Please fill your size') or with nonsense; the size travels on the cart line (one
 * line per size) to the checkout, the order and its confirmation mail. The product page shows related and matching
 * pieces from the catalogue's links.
 */

interface SizedRing {
  sku: string;
  name: string;
  url_path: string;
  custom_size_kind?: string;
  stock: { is_in_stock: boolean; qty: number; manage_stock: boolean };
  product_links?: Array<{ link_type: string; linked_product_sku: string }>;
}

/** A ring that asks the shopper's size, with a few in stock and linked pieces shown on its page. */
async function sizedRing(request: APIRequestContext): Promise<SizedRing> {
  const { items } = await searchApi<SizedRing>(request, { type: 'product', storeCode: 'en', filters: { type_id: 'simple' }, size: 500 });
  for (const ring of items) {
    if (ring.custom_size_kind !== 'ring' || !ring.url_path || !ring.stock.is_in_stock || (ring.stock.manage_stock && ring.stock.qty < 4)) continue;
    if (!ring.product_links?.some((link) => link.link_type !== 'associated')) continue;
    const stock = await (await request.get(`/api/stock/check?sku=${encodeURIComponent(ring.sku)}`)).json();
    if (stock.result?.status === 'ok') return ring;
  }
  throw new Error('the demo catalogue has a ring that asks a size, in stock, with related pieces');
}

/** The options shown under each line, as "Label: value" rows. */
async function optionRows(lines: Locator): Promise<string[]> {
  return (await lines.locator('.line-options__row').allTextContents()).map((row) => row.replace(/\s+/g, ' ').trim());
}

test('a ring with a size reaches the order mail: refused without a size, one line per size, paid in the sandbox', async ({ page, request }) => {
  test.setTimeout(120_000);
  const ring = await sizedRing(request);
  await page.goto(`/en/${ring.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: ring.name })).toBeVisible();

  // Without a size: the spec's message at the field, which takes the focus; nothing is added.
  const size = page.getByRole('textbox', { name: 'Your ring size' });
  const unit = page.getByRole('combobox', { name: 'Unit' });
  await expect(size).toBeVisible();
  await expect(unit).toHaveValue('mm');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill your size' })).toBeVisible();
  await expect(size).toBeFocused();
  await expect(size).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'size-1-please-fill-your-size', { fullPage: false });

  // Nonsense is refused with a clear message; nothing is added.
  await size.fill('large');
  await size.blur();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter your size as a number' })).toBeVisible();
  await size.fill('17');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your size must be between 38 and 76 mm' })).toBeVisible();
  await expect(page.getByText('Product has been added to the cart!')).toHaveCount(0);
  await expect(cartButton(page)).toHaveAccessibleName(/^Cart, 0 items$/);

  // A size in millimetres (a decimal comma is read), then the same ring in inches: two lines.
  await size.fill('54,5');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Product has been added to the cart!').first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /size/i })).toHaveCount(0);
  await unit.selectOption('inch');
  await size.fill('2.13');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartButton(page)).toHaveAccessibleName(/^Cart, 2 items$/);

  // Related and matching pieces: cards that open their own pages.
  const shelves = page.locator('section.product-related');
  await expect(shelves.first()).toBeVisible();
  const shelfNames = await shelves.getByRole('heading', { level: 2 }).allTextContents();
  expect(shelfNames.length).toBeGreaterThan(0);
  for (const name of shelfNames) expect(['You may also like', 'Matching pieces']).toContain(name);
  await expect(shelves.first().getByRole('article').first().getByRole('link')).toHaveAttribute('href', /^\/en\//);
  await shelves.first().scrollIntoViewIfNeeded();
  await shoot(page, 'size-2-related-products', { fullPage: false });

  // The minicart: two lines of the ring, each with its size.
  const drawer = await openMinicart(page);
  const ringLines = drawer.getByRole('listitem').filter({ has: page.getByRole('link', { name: ring.name, exact: true }) });
  await expect(ringLines).toHaveCount(2);
  expect((await optionRows(ringLines)).sort()).toEqual(['Size: 2.13 inch', 'Size: 54.5 mm']);
  await shoot(page, 'size-3-minicart-lines', { fullPage: false });
  const token = await cartToken(page);

  // The checkout summary, then the sandbox payment.
  await page.goto('/en/checkout');
  await toSummary(page, 'Credit card');
  const summary = page.getByRole('complementary', { name: 'Your order' });
  expect((await optionRows(summary.getByRole('listitem').filter({ hasText: ring.name }))).sort()).toEqual(['Size: 2.13 inch', 'Size: 54.5 mm']);
  await page.getByRole('checkbox', { name: /accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await choosePaymentOutcome(page, 'Paid');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible({ timeout: 20_000 });

  // The placed order carries both sizes, and so does its confirmation mail.
  const [order] = (await serverOrders(request, token)).filter((doc) => doc.resultCode === 200);
  expect(order?.increment_id).toMatch(/^EN\d{9}$/);
  const placed = order as unknown as { items: Array<{ sku: string; custom_size?: string; custom_size_unit?: string }> };
  expect(placed.items.map((item) => [item.sku, item.custom_size, item.custom_size_unit]).sort()).toEqual([
    [ring.sku, '2.13', 'inch'],
    [ring.sku, '54.5', 'mm'],
  ]);
  // The mail of the placed order (waiting for its payment), then the one of the payment received.
  await expect.poll(async () => (await mailsAbout(request, SHOPPER.email, order!.increment_id!)).length).toBe(2);
  const mails = await mailsAbout(request, SHOPPER.email, order!.increment_id!);
  for (const mail of mails) {
    expect(mail.text, mail.subject).toContain(ring.name);
    expect(mail.text, mail.subject).toContain('Size: 54.5 mm');
    expect(mail.text, mail.subject).toContain('Size: 2.13 inch');
  }
});
