import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { searchApi } from './utils.ts';

/** Helpers of the cart journeys: pick products the demo shop can sell, read the cart as the shopper and the server see it. */

export const TOKEN_KEY = 'shop.cart.token';

/** The little of the page's globals the journeys read (this project's tsconfig has no DOM library). */
export interface PageGlobals {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  navigator: { serviceWorker: { ready: Promise<unknown>; controller: unknown; addEventListener(type: 'controllerchange', listener: () => void, options: { once: boolean }): void } };
}

export interface CartProduct {
  sku: string;
  name: string;
  url_path: string;
}

/**
 * Simple products in stock (the server's stock check says 'ok'), in the English store, of which the stock gives at
 * least `minQty` (the cart holds to the stock: a journey that sets a quantity of 4 needs a piece with 4 or more; the
 * stock journey buys up pieces with fewer than 5, so the two never share one).
 */
export async function simpleProducts(request: APIRequestContext, count: number, minQty = 5): Promise<CartProduct[]> {
  const { items } = await searchApi<CartProduct & { stock: { is_in_stock: boolean }; custom_size_kind?: string; allowedcountries?: string[] }>(request, {
    type: 'product',
    storeCode: 'en',
    filters: { type_id: 'simple' },
    size: 60,
  });
  const found: CartProduct[] = [];
  for (const item of items) {
    // A ring or bracelet needs the shopper's size (size.spec.ts): these journeys add products that need none.
    // A piece the shop sends to some countries only (allowed-countries.spec.ts) is left out: journeys ship anywhere.
    if (!item.stock.is_in_stock || !item.url_path || item.custom_size_kind || item.allowedcountries?.length) continue;
    const stock = await request.get(`/api/stock/check?sku=${encodeURIComponent(item.sku)}`);
    const result = stock.ok() ? (await stock.json()).result : null;
    const gives = result && (!result.manage_stock || result.backorders || result.qty >= minQty);
    if (result?.status === 'ok' && gives) found.push({ sku: item.sku, name: item.name, url_path: item.url_path });
    if (found.length === count) break;
  }
  expect(found, `${count} simple products in stock in the demo catalogue`).toHaveLength(count);
  return found;
}

export function cartButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Cart, \d+ items?$/ });
}

/** The number the header shows (total quantity). */
export async function headerCount(page: Page): Promise<number> {
  const name = (await cartButton(page).textContent()) ?? '';
  return Number(/Cart, (\d+)/.exec(name)?.[1] ?? Number.NaN);
}

export async function openMinicart(page: Page): Promise<Locator> {
  await cartButton(page).click();
  const drawer = page.getByRole('dialog', { name: 'Shopping cart' });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** A line of the open minicart, by product name. */
export function cartLine(drawer: Locator, name: string): Locator {
  return drawer.getByRole('listitem').filter({ has: drawer.page().getByRole('link', { name, exact: true }) });
}

export async function addFromProductPage(page: Page, product: CartProduct, message = 'Product has been added to the cart!'): Promise<void> {
  await page.goto(`/en/${product.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(message)).toBeVisible();
}

export async function cartToken(page: Page): Promise<string> {
  const read = () => page.evaluate((key) => (globalThis as unknown as PageGlobals).localStorage.getItem(key), TOKEN_KEY);
  await expect.poll(read, { message: 'a server cart token' }).not.toBeNull();
  return (await read())!;
}

/** The server quote's lines as sku → qty (GET /api/cart/pull). */
export async function serverCart(request: APIRequestContext, token: string): Promise<Record<string, number>> {
  const response = await request.get(`/api/cart/pull?cartId=${encodeURIComponent(token)}`);
  expect(response.ok(), await response.text()).toBe(true);
  const items = (await response.json()).result as Array<{ sku: string; qty: number }>;
  return Object.fromEntries(items.map((item) => [item.sku, item.qty]));
}

/** A second device of the same shopper: a context whose pages start with the given cart token. */
export async function deviceWithToken(context: BrowserContext, token: string): Promise<Page> {
  await context.addInitScript(([key, value]) => {
    // The new page's first document, about:blank, has no storage of its own: only the shop's pages get the token.
    if ((globalThis as unknown as { location: { protocol: string } }).location.protocol === 'about:') return;
    const { localStorage } = globalThis as unknown as PageGlobals;
    if (!localStorage.getItem(key)) localStorage.setItem(key, value);
  }, [TOKEN_KEY, token] as const);
  return context.newPage();
}

/** The quantities the open minicart shows, as name → qty. */
export async function shownLines(drawer: Locator): Promise<Record<string, number>> {
  const rows = drawer.getByRole('listitem');
  const result: Record<string, number> = {};
  for (const row of await rows.all()) {
    const name = (await row.getByRole('link').last().textContent())?.trim() ?? '';
    const qty = await row.getByRole('textbox', { name: /^Quantity of / }).inputValue();
    result[name] = Number(qty);
  }
  return result;
}
