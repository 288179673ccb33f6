import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Thin helpers for the journeys: the catalogue API for picking test data, and reading what the shopper sees. */

export interface ApiProduct {
  id: number;
  name: string;
  url_path: string;
  type_id: string;
  configurable_options?: Array<{ attribute_code: string; label: string; values: Array<{ value_index: number; label: string }> }>;
  configurable_children?: Array<{ stock: { is_in_stock: boolean }; status: number } & Record<string, unknown>>;
}

export interface ApiCategory {
  id: number;
  name: string;
  level: number;
  url_path: string;
  include_in_menu: boolean;
  product_count: number;
}

export async function searchApi<T>(request: APIRequestContext, body: Record<string, unknown>): Promise<{ items: T[]; total: number }> {
  const response = await request.get(`/api/catalog/search?request=${encodeURIComponent(JSON.stringify(body))}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { result: { items: T[]; total: number } }).result;
}

export async function menuCategories(request: APIRequestContext, storeCode: 'nl' | 'en'): Promise<ApiCategory[]> {
  const { items } = await searchApi<ApiCategory>(request, { type: 'category', storeCode, filters: { is_active: true }, sort: 'position:asc', size: 4000 });
  return items.filter((category) => category.level === 2 && category.include_in_menu);
}

/**
 * Opens a menu category by an in-app navigation, from the page shown (English). A page loaded by address is rendered
 * on the server with its data (decision 048): a journey that meets the browser's own listing request goes this way.
 */
export async function openCategoryFromMenu(page: Page, category: ApiCategory): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Categories' });
  await menu.getByRole('button', { name: category.name }).click();
  await menu.getByRole('link', { name: `All ${category.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
}

/** Whole-number prices as shown ("€12.500" in Dutch, "€12,500" in English). */
export function parsePrice(text: string): number {
  const match = /[€£$]\s?([\d.,\s]+)/.exec(text);
  if (!match?.[1]) throw new Error(`No price in "${text}"`);
  return Number(match[1].replace(/[.,\s]/g, ''));
}

export function productList(page: Page): Locator {
  return page.getByRole('region', { name: /^(Producten|Products|Produkte)$/ }).getByRole('article');
}

export async function shownTotal(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: /\d+ (producten|products?|product|Produkte?)$/ });
  await expect(status).toBeVisible();
  return Number(/(\d+)/.exec((await status.textContent()) ?? '')?.[1]);
}

/** A full-page screenshot for looking at a page, written only when E2E_SHOTS names a folder (never in CI). */
export async function shoot(page: Page, name: string, options: { fullPage?: boolean } = { fullPage: true }): Promise<void> {
  const folder = process.env.E2E_SHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, ...options });
}

/**
 * Resolves once the offline shell's service worker controls the page (it installs after the first page has loaded and
 * then serves the app with no network) and what this visit read before it took control has been asked again through
 * it, so it is cached (register-worker.ts marks the document).
 */
export async function offlineShellReady(page: Page): Promise<void> {
  await expect(page.locator('html'), 'the offline shell is ready').toHaveAttribute('data-offline-shell', 'ready', { timeout: 30_000 });
}

/** A simple product as the stock journeys pick it. */
export interface StockedProduct {
  sku: string;
  name: string;
  url_path: string;
  stock: { qty: number; is_in_stock: boolean; manage_stock: boolean; backorders?: boolean };
  custom_size_kind?: string;
}

/**
 * A simple product with `min` to `max` pieces in managed stock, as the server's stock check answers now; `fromEnd`
 * looks from the end of the catalogue (so two journeys running side by side pick different pieces).
 */
export async function fewInStock(request: APIRequestContext, { min, max, fromEnd = false }: { min: number; max: number; fromEnd?: boolean }): Promise<StockedProduct & { qty: number }> {
  const { items } = await searchApi<StockedProduct>(request, { type: 'product', storeCode: 'en', filters: { type_id: 'simple' }, size: 200 });
  for (const item of fromEnd ? items.reverse() : items) {
    if (!item.url_path || item.custom_size_kind || !item.stock.manage_stock || item.stock.backorders || !item.stock.is_in_stock || item.stock.qty < min || item.stock.qty > max) continue;
    const check = await (await request.get(`/api/stock/check?sku=${encodeURIComponent(item.sku)}`)).json();
    if (check.result.status === 'ok' && check.result.qty >= min && check.result.qty <= max) return { ...item, qty: check.result.qty };
  }
  throw new Error(`the demo catalogue has a simple product with ${min} to ${max} pieces in stock`);
}
