import { expect, test } from './fixtures.ts';
import { addFromProductPage, cartButton, cartLine, cartToken, headerCount, openMinicart, serverCart, simpleProducts } from './cart-utils.ts';

/** One browser, two tabs (spec 1 §4: a cart change in another tab is seen there; ARCHITECTURE §4: one local database). */

test('a product added in one tab shows in a second tab, and changes there come back', async ({ page, context, request }) => {
  const [ring] = await simpleProducts(request, 1);
  await page.goto('/en');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  await addFromProductPage(page, ring!);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

  const second = await context.newPage();
  await second.goto('/en');
  await expect(cartButton(second)).toHaveAccessibleName('Cart, 1 item');
  const drawer = await openMinicart(second);
  const line = cartLine(drawer, ring!.name);
  await expect(line).toBeVisible();
  await expect(line.getByRole('img')).toHaveCount(0); // the thumbnail is decorative; its name is the link
  await expect(line.locator('img')).toHaveAttribute('src', /size=150/);

  // The stepper in the second tab sets the quantity; the first tab's count follows.
  await line.getByRole('button', { name: `One more ${ring!.name}` }).click();
  await expect(line.getByRole('textbox', { name: `Quantity of ${ring!.name}` })).toHaveValue('2');
  await expect.poll(() => headerCount(page)).toBe(2);

  // The server holds what both tabs show.
  const token = await cartToken(page);
  await expect.poll(() => serverCart(request, token)).toEqual({ [ring!.sku]: 2 });

  // Removing asks first; cancelling keeps the line, confirming removes it everywhere.
  await line.getByRole('button', { name: `Remove ${ring!.name}` }).click();
  const confirm = second.getByRole('alertdialog', { name: 'Remove product' });
  await expect(confirm).toContainText('Are you sure you would like to remove this item from the shopping cart?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(line).toBeVisible();
  await line.getByRole('button', { name: `Remove ${ring!.name}` }).click();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(drawer.getByText('Your shopping cart is empty.')).toBeVisible();
  await expect.poll(() => headerCount(page)).toBe(0);
  await expect.poll(() => serverCart(request, token)).toEqual({});
});

test('adding the same product again says the quantity was updated; a wrong coupon gets the server’s message', async ({ page, request, browserProblems }) => {
  browserProblems.expect(/^http 400: POST http:\/\/[^/]+\/api\/cart\/apply-coupon\?.*coupon=NOT-A-CODE/, 'the journey enters a coupon code that does not exist');
  const [watch] = await simpleProducts(request, 1);
  await addFromProductPage(page, watch!);
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Product quantity has been updated!')).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');

  const drawer = await openMinicart(page);
  await expect(drawer.getByText('Subtotal')).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Discount code' }).fill('NOT-A-CODE');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer.getByRole('alert')).toHaveText("You've entered an incorrect coupon code");
  await drawer.getByRole('textbox', { name: 'Discount code' }).fill('WELCOME10');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer.getByText('Code WELCOME10 applied')).toBeVisible();
  await expect(drawer.getByText('Discount')).toBeVisible();
});

test('a configurable product says why it cannot be added until a variant is chosen', async ({ page, request }) => {
  const response = await request.get(`/api/catalog/search?request=${encodeURIComponent(JSON.stringify({ type: 'product', storeCode: 'en', filters: { type_id: 'configurable' }, size: 5 }))}`);
  const { items } = (await response.json()).result as { items: Array<{ name: string; url_path: string; stock: { is_in_stock: boolean } }> };
  const product = items.find((item) => item.stock.is_in_stock);
  expect(product, 'a configurable product in stock').toBeDefined();
  await page.goto(`/en/${product!.url_path}`);
  const add = page.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription(/^Choose .+ to add this product to the cart\.$/);
});

test('when the tab that syncs closes, another tab takes over and hears the server', async ({ page, context, request }) => {
  const [ring, watch] = await simpleProducts(request, 2);
  await addFromProductPage(page, ring!);
  const token = await cartToken(page);
  const second = await context.newPage();
  await second.goto('/en');
  await expect.poll(() => headerCount(second)).toBe(1);

  // Only one tab replicates: the first, which opened the cart first. Closing it hands the replication over.
  await page.close();
  const response = await request.post(`/api/cart/update?cartId=${encodeURIComponent(token)}`, { data: { cartItem: { sku: watch!.sku, qty: 2 } } });
  expect(response.ok(), await response.text()).toBe(true);
  await expect.poll(() => headerCount(second), { timeout: 15_000 }).toBe(3);
});
