import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addFromProductPage, cartButton, cartToken, serverCart, type CartProduct } from './cart-utils.ts';
import { fillPersonal, fillShipping } from './checkout-utils.ts';
import { searchApi, shoot } from './utils.ts';

/**
 * Products with `allowedcountries` (spec 1 §3): the demo sends watches on an alligator strap within the EU only. The
 * product page says where such a piece ships, and the checkout will not send it to the United States.
 */

/** A simple watch on an alligator strap, in stock: one the demo does not send to the United States. */
async function restrictedWatch(request: APIRequestContext): Promise<CartProduct> {
  const [strap] = (await searchApi<{ options: Array<{ value: string; label: string }> }>(request, { type: 'attribute', storeCode: 'en', filters: { attribute_code: 'watch_strap' } })).items;
  const alligator = strap!.options.find((option) => option.label === 'Alligator leather strap')!;
  const { items } = await searchApi<CartProduct & { allowedcountries?: string[]; stock: { is_in_stock: boolean; qty: number } }>(request, {
    type: 'product',
    storeCode: 'en',
    filters: { type_id: 'simple', watch_strap: Number(alligator.value) },
    includeFields: ['sku', 'name', 'url_path', 'allowedcountries', 'stock'],
    size: 50,
  });
  for (const item of items) {
    if (!item.stock.is_in_stock || !item.allowedcountries || item.allowedcountries.includes('US')) continue;
    const stock = await (await request.get(`/api/stock/check?sku=${encodeURIComponent(item.sku)}`)).json();
    if (stock.result?.status === 'ok') return { sku: item.sku, name: item.name, url_path: item.url_path };
  }
  throw new Error('the demo catalogue should have a watch on an alligator strap in stock that does not ship to the US');
}

test('a watch that may not go to the United States says so on its page, and the checkout refuses that country naming it; the cart and draft stay', async ({ page, request }) => {
  const watch = await restrictedWatch(request);
  await addFromProductPage(page, watch);
  const note = page.getByText(/^Ships only to /);
  await expect(note).toContainText('Germany');
  await expect(note).toContainText('Netherlands');
  // The shop ships to more countries than the EU (GB, CH, US): the note names those this piece does not go to.
  await expect(note).toContainText(/we cannot send this piece to [^.]*United States\./);
  await shoot(page, 'allowed-countries-product');
  const token = await cartToken(page);

  await page.goto('/en/checkout');
  await fillPersonal(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await fillShipping(page);
  const shipping = page.getByRole('region', { name: 'Shipping' });
  await shipping.getByLabel('Country').selectOption('US');
  await shipping.getByLabel('Zip-code').fill('10001');
  await shipping.getByLabel('City').fill('New York');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  const refusal = shipping.getByRole('alert');
  await expect(refusal).toHaveText(`${watch.name} cannot be shipped to United States. Please choose another shipping country or remove it from your cart.`);
  // Still on the shipping step: the payment step's choices are not offered.
  await expect(page.getByRole('button', { name: 'Continue to Order Summary' })).toHaveCount(0);
  await shoot(page, 'allowed-countries-refused');

  // Nothing the shopper made is lost: the cart on the server and in the header, the address as typed.
  expect(await serverCart(request, token)).toEqual({ [watch.sku]: 1 });
  await expect(cartButton(page)).toContainText('1');
  await page.reload();
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(page.getByRole('region', { name: 'Shipping' }).getByLabel('City')).toHaveValue('New York');

  // A country on the watch's list lets the shopper on.
  await page.getByRole('region', { name: 'Shipping' }).getByLabel('Country').selectOption('DE');
  await expect(page.getByRole('region', { name: 'Shipping' }).getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('button', { name: 'Continue to Order Summary' })).toBeVisible();
});
