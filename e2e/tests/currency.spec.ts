import { expect, test } from './fixtures.ts';
import { parsePrice, searchApi } from './utils.ts';

interface PricedProduct {
  sku: string;
  url_path: string;
  type_id: string;
  hide_price: boolean;
}

test('a visitor from the US sees the product page’s price in dollars, as the render list gives it', async ({ page, request }) => {
  const { items } = await searchApi<PricedProduct>(request, { type: 'product', storeCode: 'en', filters: { type_id: 'simple' }, size: 20 });
  const watch = items.find((item) => !item.hide_price);
  expect(watch, 'the demo shop has a simple product with a price').toBeDefined();
  const answer = await request.get(`/api/catalog/render-list?skus=${encodeURIComponent(watch!.sku)}&currencyCode=USD&storeId=1`, { headers: { 'x-country-code': 'US' } });
  const [expected] = ((await answer.json()) as { result: { items: Array<{ final_price_incl_tax: number }> } }).result.items;
  expect(expected).toBeDefined();

  await page.setExtraHTTPHeaders({ 'x-country-code': 'US' });
  await page.goto(`/en/${watch!.url_path}`);
  const price = page.locator('.product-price .price').first();
  await expect(price).toContainText('$');
  await expect(price).not.toContainText('€');
  expect(parsePrice((await price.textContent()) ?? '')).toBe(Math.round(expected!.final_price_incl_tax));
  // The country is remembered for the next visit (spec 2 §4).
  const stored = await page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('countryCode'));
  expect(stored).toBe('US');
});
