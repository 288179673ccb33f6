import { expect, test } from './fixtures.ts';
import { addFromProductPage, cartLine, openMinicart, simpleProducts } from './cart-utils.ts';
import { menuCategories, searchApi, shoot } from './utils.ts';

/** The field and quantity messages of spec 2 §5 where a shopper meets them (issue 12, item 20). */

test('a quantity the stock cannot give, or no quantity at all, is said under the field on the product page and in the minicart', async ({ page, request }) => {
  // A unique piece: one in stock.
  const { items } = await searchApi<{ sku: string; name: string; url_path: string; stock: { qty: number; is_in_stock: boolean; manage_stock: boolean; backorders?: boolean } }>(request, {
    type: 'product',
    storeCode: 'en',
    filters: { type_id: 'simple' },
    size: 100,
  });
  const unique = items.find((item) => item.stock.is_in_stock && item.stock.manage_stock && !item.stock.backorders && item.stock.qty === 1);
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

test('a sort the list does not offer asks for a field', async ({ page, request }) => {
  const [category] = await menuCategories(request, 'en');
  await page.goto(`/en/${category!.url_path}?sort=colour`);
  await expect(page.getByText('Please select the field which You like to sort by')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('');
  await shoot(page, 'messages-3-sort', { fullPage: false });
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc');
  await expect(page.getByText('Please select the field which You like to sort by')).toHaveCount(0);
});
