import { expect, test } from './fixtures.ts';
import { menuCategories, parsePrice, productList, searchApi, shownTotal } from './utils.ts';

interface PricedProduct {
  name: string;
  url_path: string;
  price_incl_tax: number;
  final_price_incl_tax: number;
  special_price: number;
}

test('a price bucket filters the listing to prices inside it, and the URL keeps it', async ({ page, request }) => {
  const [watches] = await menuCategories(request, 'en');
  await page.goto(`/en/${watches!.url_path}`);
  const all = await shownTotal(page);
  const prices = page.getByRole('complementary').getByRole('group').first();
  const bucket = prices.getByRole('checkbox', { name: /^2500 - 5000/ });
  const expected = Number(/\((\d+)\)\s*$/.exec((await bucket.evaluate((input) => (input as unknown as { labels: Array<{ textContent: string | null }> | null }).labels?.[0]?.textContent ?? '')) ?? '')?.[1]);
  await bucket.check();
  await expect(page).toHaveURL(/price=2500-5000/);
  await expect.poll(() => shownTotal(page)).toBe(expected);
  expect(expected).toBeLessThan(all);
  await expect(page.getByRole('region', { name: 'Products', exact: true })).not.toHaveAttribute('aria-busy', 'true');
  // The first amount on a card is the price paid (a struck-through original follows it).
  const shown = (await productList(page).evaluateAll((cards) => cards.map((card) => card.textContent ?? ''))).map(parsePrice);
  expect(shown.length).toBeGreaterThan(0);
  // Buckets hold prices by the whole amount shown: 2499.50 shows as 2500 and is in, 4999.50 shows as 5000 and is not.
  for (const amount of shown) expect(amount >= 2500 && amount < 5000, `price ${amount}`).toBe(true);

  // The first bucket reads '< €2500' and only one price bucket is chosen at a time.
  await prices.getByRole('checkbox', { name: /^< €2500/ }).check();
  await expect(page).toHaveURL(/price=0-2500/);
  await expect(page).not.toHaveURL(/2500-5000/);
});

test('during a special price the product shows it with the original price struck through', async ({ page, request }) => {
  const { items } = await searchApi<PricedProduct>(request, { type: 'product', storeCode: 'nl', filters: { sale: true }, size: 50 });
  const onSale = items.find((item) => item.special_price > 0 && item.final_price_incl_tax < item.price_incl_tax);
  expect(onSale, 'the demo shop has products on sale').toBeDefined();
  await page.goto(`/nl/${onSale!.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: onSale!.name })).toBeVisible();
  const original = page.locator('main del').first();
  await expect(original).toBeVisible();
  expect(parsePrice((await original.textContent()) ?? '')).toBe(Math.round(onSale!.price_incl_tax));
  await expect(page.getByText(new RegExp(`€${Math.round(onSale!.final_price_incl_tax).toLocaleString('nl-NL').replace('.', '\\.')}`)).first()).toBeVisible();
});
