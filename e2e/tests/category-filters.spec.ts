import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { menuCategories, productList, searchApi, shownTotal } from './utils.ts';

/** Whole amounts as shown with any currency sign ("£2,175", "kr27,375"). */
function shownAmount(text: string): number {
  const match = /(?:€|£|\$|kr)\s?([\d.,]+)/.exec(text);
  if (!match?.[1]) throw new Error(`No price in "${text}"`);
  return Number(match[1].replace(/[.,]/g, ''));
}

/** What the shop shows a visitor from `country`: the render list's prices of every product of the category. */
async function visitorPrices(request: APIRequestContext, categoryId: number, country: string, currency: string): Promise<number[]> {
  const { items, total } = await searchApi<{ sku: string }>(request, { type: 'product', storeCode: 'en', filters: { category_ids: [categoryId] }, size: 999, includeFields: ['sku'] });
  expect(items).toHaveLength(total);
  const amounts: number[] = [];
  for (let start = 0; start < items.length; start += 200) {
    const skus = items.slice(start, start + 200).map((item) => item.sku);
    const answer = await request.get(`/api/catalog/render-list?skus=${encodeURIComponent(skus.join(','))}&currencyCode=${currency}&storeId=1`, { headers: { 'x-country-code': country } });
    expect(answer.ok()).toBe(true);
    const { result } = (await answer.json()) as { result: { items: Array<{ final_price_incl_tax: number }> } };
    amounts.push(...result.items.map((item) => Math.round(item.final_price_incl_tax)));
  }
  return amounts;
}

async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('region', { name: 'Products', exact: true })).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('.product-grid .price--loading')).toHaveCount(0);
}

test('a visitor from the UK filters by price buckets in pounds, and a bucket lists exactly the products shown in it', async ({ page, request }) => {
  const [watches] = await menuCategories(request, 'en');
  expect(watches, 'the demo shop has a menu category').toBeDefined();
  const pounds = await visitorPrices(request, watches!.id, 'GB', 'GBP');
  // The catalogue's 2500-5000 bucket at the shop's default GBP rate 0.87: £2175 up to £4350.
  const expected = pounds.filter((amount) => amount >= 2175 && amount < 4350).length;
  expect(expected, 'watches priced between £2175 and £4350 for a UK visitor').toBeGreaterThan(0);

  await page.setExtraHTTPHeaders({ 'x-country-code': 'GB' });
  await page.goto(`/en/${watches!.url_path}`);
  const prices = page.getByRole('complementary').getByRole('group', { name: 'Price' });
  const bucket = prices.getByRole('checkbox', { name: `2175 - 4350 (${expected})` });
  await expect(bucket).toBeVisible();
  await expect(prices.getByRole('checkbox', { name: /^< £2175 \(\d+\)$/ })).toBeVisible();
  await expect(prices).not.toContainText('€');

  await bucket.check();
  await expect(page).toHaveURL(/price=2500-5000/);
  await expect.poll(() => shownTotal(page)).toBe(expected);
  await settled(page);
  // Every product listed shows a price in the bucket, in pounds; with the total, the listing is exactly those.
  const shown = (await productList(page).evaluateAll((cards) => cards.map((card) => card.textContent ?? ''))).map((text) => {
    expect(text).toContain('£');
    return shownAmount(text);
  });
  expect(shown).toHaveLength(Math.min(50, expected));
  for (const amount of shown) expect(amount >= 2175 && amount < 4350, `price £${amount}`).toBe(true);

  // The chosen bucket survives a reload.
  await page.reload();
  await expect(page.getByRole('complementary').getByRole('checkbox', { name: `2175 - 4350 (${expected})` })).toBeChecked();

  // With a brand chosen too, the listing is that brand's products in the bucket, and the other brands stay on offer.
  const brands = page.getByRole('complementary').getByRole('group', { name: 'Brand', exact: true });
  const brand = brands.getByRole('checkbox').first();
  const inBrand = Number(/\((\d+)\)\s*$/.exec((await brand.evaluate((input) => (input as unknown as { labels: Array<{ textContent: string | null }> }).labels[0]?.textContent ?? '')) ?? '')?.[1]);
  await brand.check();
  await expect(page).toHaveURL(/brand=\d+/);
  await expect.poll(() => shownTotal(page)).toBe(inBrand);
  await expect(prices.getByRole('checkbox', { name: `2175 - 4350 (${inBrand})` })).toBeChecked();
  expect(await brands.getByRole('checkbox').count()).toBeGreaterThan(1);

  await page.getByRole('button', { name: 'Remove filter 2175 - 4350' }).click();
  await expect(page).not.toHaveURL(/price=/);
  await page.getByRole('button', { name: 'Clear all filters' }).click();
  await expect.poll(() => shownTotal(page)).toBe(pounds.length);
});

test('the dial opening range narrows a watch category, travels in the URL and can be cleared', async ({ page, request }) => {
  const [watches] = await menuCategories(request, 'en');
  const everything = await searchApi<unknown>(request, { type: 'product', storeCode: 'en', filters: { category_ids: [watches!.id] }, size: 1 });
  const narrowed = await searchApi<unknown>(request, { type: 'product', storeCode: 'en', filters: { category_ids: [watches!.id], oculus_diameter: { gte: 30, lte: 33.5 } }, size: 1 });
  expect(narrowed.total, 'watches with a dial opening of 30 to 33.5 mm').toBeGreaterThan(0);
  expect(narrowed.total).toBeLessThan(everything.total);

  await page.goto(`/en/${watches!.url_path}`);
  expect(await shownTotal(page)).toBe(everything.total);
  const filters = page.getByRole('complementary');
  await filters.locator('summary', { hasText: 'Dial opening' }).click();
  const range = filters.getByRole('group', { name: 'Dial opening' });
  await expect(range.getByText(/^In this selection: \d+(\.\d)?–\d+(\.\d)? mm$/)).toBeVisible();
  await range.getByRole('spinbutton', { name: 'From (mm)' }).fill('30');
  await range.getByRole('spinbutton', { name: 'To (mm)' }).fill('33.5');
  await range.getByRole('button', { name: 'Apply' }).click();

  await expect(page).toHaveURL(/[?&]oculus_diameter=30-33\.5(&|$)/);
  await expect.poll(() => shownTotal(page)).toBe(narrowed.total);
  await expect(page.getByRole('button', { name: 'Remove filter Dial opening: 30–33.5 mm' })).toBeVisible();

  // Opened from the URL, the page shows the same range and the same products.
  await page.goto(`/en/${watches!.url_path}?oculus_diameter=30-33.5`);
  await expect.poll(() => shownTotal(page)).toBe(narrowed.total);
  await expect(range.getByRole('spinbutton', { name: 'From (mm)' })).toHaveValue('30');
  await expect(range.getByRole('spinbutton', { name: 'To (mm)' })).toHaveValue('33.5');

  await range.getByRole('button', { name: 'Clear' }).click();
  await expect(page).not.toHaveURL(/oculus_diameter/);
  await expect.poll(() => shownTotal(page)).toBe(everything.total);
});
