import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addFromProductPage, cartLine, openMinicart } from './cart-utils.ts';
import { placeApiOrder } from './payment-utils.ts';
import { fewInStock, shoot, type StockedProduct } from './utils.ts';

/**
 * Issue 13, item 4: the cart holds to the stock. The minicart's quantity field refuses more than the stock gives with
 * the spec's message, and when the last pieces are sold to someone else, the shopper's line is re-checked as the cart
 * syncs: it says "Out of the stock!" and the shopper is told with a warning that stays.
 */

/** Someone else buys every piece left (a guest order through the API, as a browser places it). */
async function buyEverything(request: APIRequestContext, product: StockedProduct, qty: number): Promise<void> {
  await placeApiOrder(request, product, { qty });
  const check = await (await request.get(`/api/stock/check?sku=${encodeURIComponent(product.sku)}`)).json();
  expect(check.result.status, 'the order took the last pieces').toBe('out_of_stock');
}

test('the minicart refuses more than the stock gives, and a line whose last pieces were sold elsewhere says "Out of the stock!"', async ({ page, request }) => {
  const product = await fewInStock(request, { min: 2, max: 4 });
  await addFromProductPage(page, product);
  const drawer = await openMinicart(page);
  const line = cartLine(drawer, product.name);
  // The server checked the line when it arrived.
  await expect(line.getByText('In stock!')).toBeVisible();

  const quantity = line.getByRole('textbox', { name: `Quantity of ${product.name}` });
  await quantity.fill('40');
  await quantity.press('Enter');
  await expect(line.getByText(`Only ${product.qty} products of this type are available`)).toBeVisible();
  await shoot(page, 'cart-stock-quantity-refused');
  await quantity.fill('1');
  await quantity.press('Enter');

  await buyEverything(request, product, product.qty);
  // The cart syncs: its polling asks the server whether the cart changed (every 15 s), and the server re-checks the
  // lines' stock first; the marked line replicates to the open minicart.
  await expect(line.getByText('Out of the stock!')).toBeVisible({ timeout: 25_000 });
  // The line stays (out-of-stock products are allowed in the cart), and the shopper is told.
  await expect(page.getByText(`${product.name}: Out of the stock!`)).toBeVisible();
  await expect(line.getByRole('textbox', { name: `Quantity of ${product.name}` })).toHaveValue('1');
  await shoot(page, 'cart-stock-out-of-stock');
});
