import { expect, test } from './fixtures.ts';
import { addFromProductPage, cartLine, headerCount, openMinicart, simpleProducts } from './cart-utils.ts';
import { menuCategories, searchApi, shoot } from './utils.ts';

/** The field and quantity messages of spec 2 §5 where a shopper meets them (issue 12, item 20). */

test('a quantity the stock cannot give, or no quantity at all, is said under the field on the product page and in the minicart', async ({ page, request }) => {
  // A unique piece: one in stock.
  const { items } = await searchApi<{ sku: string; name: string; url_path: string; custom_size_kind?: string; stock: { qty: number; is_in_stock: boolean; manage_stock: boolean; backorders?: boolean } }>(request, {
    type: 'product',
    storeCode: 'en',
    filters: { type_id: 'simple' },
    size: 100,
  });
  const unique = items.find((item) => !item.custom_size_kind && item.stock.is_in_stock && item.stock.manage_stock && !item.stock.backorders && item.stock.qty === 1);
  expect(unique, 'a piece of which the shop has one').toBeDefined();
  await page.goto(`/en/${unique!.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: unique!.name })).toBeVisible();
  const quantity = page.getByRole('textbox', { name: 'Quantity' });
  await quantity.fill('3');
  await quantity.press('Enter');
  await expect(page.getByText('Only 1 products of this type are available')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  await shoot(page, 'messages-1-product-quantity', { fullPage: false });
  await quantity.fill('-1');
  await quantity.press('Enter');
  await expect(page.getByText('Negative quantity not allowed')).toBeVisible();

  const [product] = await simpleProducts(request, 1);
  await addFromProductPage(page, product!);
  const drawer = await openMinicart(page);
  const field = cartLine(drawer, product!.name).getByRole('textbox', { name: `Quantity of ${product!.name}` });
  await field.fill('0');
  await field.press('Enter');
  await expect(cartLine(drawer, product!.name).getByRole('alert')).toHaveText('Quantity must be above 0');
  await shoot(page, 'messages-2-minicart-quantity', { fullPage: false });
});

test('0 or a negative quantity is said, never added as 1: typed then "Add to cart" at once, and in a set’s pieces (issue 14, item 7)', async ({ page, request }) => {
  const [product] = await simpleProducts(request, 1);
  await page.goto(`/en/${product!.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cart, 0 items$/ })).toBeVisible();
  const quantity = page.getByRole('textbox', { name: 'Quantity' });
  const add = page.getByRole('button', { name: 'Add to cart' });
  for (const [typed, message] of [
    ['0', 'Quantity must be above 0'],
    ['-2', 'Negative quantity not allowed'],
  ] as const) {
    // Typed, then straight to the button (no Enter): the field's message, and nothing added.
    await quantity.fill(typed);
    await add.click();
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(add).toBeDisabled();
    await expect(page.getByText('Product has been added to the cart!')).toHaveCount(0);
    expect(await headerCount(page)).toBe(0);
    await quantity.press('Escape');
  }
  await shoot(page, 'messages-4-product-zero', { fullPage: false });

  const { items } = await searchApi<{ name: string; url_path: string; product_links?: unknown[] }>(request, { type: 'product', storeCode: 'en', filters: { type_id: 'grouped' }, size: 20 });
  const set = items.find((item) => (item.product_links ?? []).length > 0);
  expect(set, 'a grouped product in the demo catalogue').toBeDefined();
  await page.goto(`/en/${set!.url_path}`);
  const pieces = page.getByRole('region', { name: 'In this set' });
  const piece = pieces.getByRole('spinbutton').first();
  await expect(piece).toBeVisible();
  await piece.fill('-1');
  await expect(pieces.getByRole('alert')).toHaveText('Negative quantity not allowed');
  await expect(piece).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  await shoot(page, 'messages-5-set-negative', { fullPage: false });
  await piece.fill('1');
  await expect(pieces.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Product has been added to the cart!')).toBeVisible();
});

test('a sort the list does not offer asks for a field', async ({ page, request }) => {
  const [category] = await menuCategories(request, 'en');
  await page.goto(`/en/${category!.url_path}?sort=colour`);
  await expect(page.getByText('Please select the field which You like to sort by')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('');
  await shoot(page, 'messages-3-sort', { fullPage: false });
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc');
  await expect(page.getByText('Please select the field which You like to sort by')).toHaveCount(0);
});
