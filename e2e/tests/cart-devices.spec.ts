import { expect, test } from './fixtures.ts';
import { addFromProductPage, cartLine, cartToken, deviceWithToken, headerCount, openMinicart, serverCart, shownLines, simpleProducts } from './cart-utils.ts';

/**
 * Two devices of one shopper: two browser contexts (nothing shared) with one cart token. Concurrent edits converge
 * on both and on the server; two adds made offline on the two devices add up (decision 010).
 */

test('two devices editing one cart at the same time end with the same cart', async ({ browser, page, request }) => {
  const [ring, watch, pendant] = await simpleProducts(request, 3);
  await addFromProductPage(page, ring!);
  const token = await cartToken(page);

  const laptop = await browser.newContext({ locale: 'en-GB' });
  const other = await deviceWithToken(laptop, token);
  await other.goto('/en');
  await expect.poll(() => headerCount(other)).toBe(1);

  // At the same time: the phone sets the ring to 3 and adds a watch, the laptop adds a pendant and one more ring.
  const phoneDrawer = await openMinicart(page);
  await Promise.all([
    (async () => {
      await cartLine(phoneDrawer, ring!.name).getByRole('textbox', { name: `Quantity of ${ring!.name}` }).fill('3');
      await cartLine(phoneDrawer, ring!.name).getByRole('textbox', { name: `Quantity of ${ring!.name}` }).press('Enter');
      await phoneDrawer.getByRole('button', { name: 'Close the shopping cart' }).click();
      await addFromProductPage(page, watch!);
    })(),
    (async () => {
      await addFromProductPage(other, pendant!);
      await addFromProductPage(other, ring!, 'Product quantity has been updated!');
    })(),
  ]);

  // Last writer wins between "set to 3" and "one more": 3 or 4 rings, but the same on both devices and the server.
  const drawers = [await openMinicart(page), await openMinicart(other)];
  const skuByName = { [ring!.name]: ring!.sku, [watch!.name]: watch!.sku, [pendant!.name]: pendant!.sku };
  const sorted = (lines: Record<string, number>) => JSON.stringify(Object.entries(lines).sort());
  const agreed = async () => {
    const [server, ...shown] = await Promise.all([serverCart(request, token), ...drawers.map((drawer) => shownLines(drawer))]);
    const bySku = (lines: Record<string, number>) => Object.fromEntries(Object.entries(lines).map(([name, qty]) => [skuByName[name] ?? name, qty]));
    return shown.every((lines) => sorted(bySku(lines)) === sorted(server)) ? server : null;
  };
  await expect.poll(agreed, { timeout: 15_000, message: 'both devices and the server show the same cart' }).not.toBeNull();
  const final = (await agreed())!;
  expect(Object.keys(final).sort()).toEqual([pendant!.sku, ring!.sku, watch!.sku].sort());
  expect([3, 4]).toContain(final[ring!.sku]);
  expect(final[watch!.sku]).toBe(1);
  expect(final[pendant!.sku]).toBe(1);
  await laptop.close();
});

test('two adds made offline on two devices add up once both are back', async ({ browser, page, context, request }) => {
  const [ring] = await simpleProducts(request, 1);
  await addFromProductPage(page, ring!);
  const token = await cartToken(page);
  await expect.poll(() => serverCart(request, token)).toEqual({ [ring!.sku]: 1 });

  const laptop = await browser.newContext({ locale: 'en-GB' });
  const other = await deviceWithToken(laptop, token);
  await other.goto(`/en/${ring!.url_path}`);
  await expect.poll(() => headerCount(other)).toBe(1);

  await context.setOffline(true);
  await laptop.setOffline(true);
  for (const device of [page, other]) {
    await device.getByRole('button', { name: 'Add to cart' }).click();
    await expect(device.getByText('Product quantity has been updated!')).toBeVisible();
    await expect.poll(() => headerCount(device)).toBe(2);
  }
  expect(await serverCart(request, token)).toEqual({ [ring!.sku]: 1 });

  await context.setOffline(false);
  await laptop.setOffline(false);
  await expect.poll(() => serverCart(request, token), { timeout: 15_000 }).toEqual({ [ring!.sku]: 3 });
  await expect.poll(() => headerCount(page), { timeout: 10_000 }).toBe(3);
  await expect.poll(() => headerCount(other), { timeout: 10_000 }).toBe(3);
  await laptop.close();
});
