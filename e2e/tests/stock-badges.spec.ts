import type { Page, Request } from '@playwright/test';
import { addFromProductPage, cartLine, openMinicart, simpleProducts } from './cart-utils.ts';
import { expect, test } from './fixtures.ts';
import { menuCategories, offlineShellReady, productList, shoot } from './utils.ts';

/**
 * Live stock on listings and cart lines (issue 14 item 5, spec 1 §4, §7, §9): the cards ask `/api/stock/list` in
 * batches of at most 15 skus, the first cards at once (the prefetch count) and the others as they come near the
 * screen; each shows in stock, only N left, out of stock or not verified. Offline the checks are queued (task_id,
 * product_sku, created_at, transmited_at) and answered when the connection returns.
 */

/** The page's localStorage, as far as the journey reads it (the journeys compile without the DOM's types). */
interface PageStorage {
  localStorage: { getItem(key: string): string | null };
}

const BATCH = 15;
const PREFETCH = 15;

interface StockAnswer {
  sku: string;
  qty: number;
  status: 'ok' | 'volatile' | 'out_of_stock';
  manage_stock: boolean;
  backorders: boolean;
}

/** The text a card's badge should show for an answer (the same rule the shop uses: a few is 3 or fewer). */
function expectedText(answer: StockAnswer): string {
  if (answer.status === 'volatile') return 'Stock not verified';
  if (answer.status === 'out_of_stock') return 'Out of stock';
  if (answer.manage_stock && !answer.backorders && answer.qty > 0 && answer.qty <= 3) return `Only ${answer.qty} left`;
  return 'In stock';
}

/** Every `/api/stock/list` request of the page (its skus), and every answer (by sku). */
function watchStockLists(page: Page) {
  const batches: string[][] = [];
  const answers = new Map<string, StockAnswer>();
  const skusOf = (request: Request) => (new URL(request.url()).searchParams.get('skus') ?? '').split(',').filter(Boolean);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/stock/list') batches.push(skusOf(request));
  });
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/api/stock/list' || !response.ok()) return;
    // An answer still being read when the journey ends has nothing more to tell it.
    const body = (await response.json().catch(() => null)) as { result: StockAnswer[] } | null;
    for (const answer of body?.result ?? []) answers.set(answer.sku, answer);
  });
  return { batches, answers, asked: () => new Set(batches.flat()) };
}

const badges = (page: Page) => productList(page).locator('[data-stock]');

test('a listing shows stock badges from /api/stock/list, asked in batches of at most 15: the first cards at once, the rest as they scroll into view', async ({ page, request }) => {
  const [largest] = (await menuCategories(request, 'en')).sort((a, b) => b.product_count - a.product_count);
  expect(largest?.product_count ?? 0, 'a menu category with more than 50 products').toBeGreaterThan(50);
  const stock = watchStockLists(page);
  await page.goto(`/en/${largest!.url_path}`);
  await expect(productList(page)).toHaveCount(50);

  // The first cards ask at once, together: one full batch; the cards far below wait for the shopper to scroll.
  await expect(badges(page).nth(PREFETCH - 1)).not.toHaveAttribute('data-stock', 'checking');
  expect(stock.batches[0]).toHaveLength(BATCH);
  expect(stock.asked().size).toBeLessThan(50);
  await expect(badges(page).last()).toHaveAttribute('data-stock', 'checking');
  await expect(badges(page).last()).toHaveText('Checking stock…');

  // Scrolling down brings the other cards' checks, still never more than 15 skus in a request.
  for (let n = 0; n < 50; n += 4) await productList(page).nth(n).scrollIntoViewIfNeeded();
  await expect(badges(page).filter({ hasText: 'Checking stock…' })).toHaveCount(0);
  expect(stock.asked().size).toBe(50);
  for (const batch of stock.batches) expect(batch.length).toBeLessThanOrEqual(BATCH);
  expect(stock.batches.flat()).toHaveLength(50); // each card's stock asked once

  // Each badge says what the shop's stock answered: the texts of all cards are the texts of all answers.
  expect(stock.answers.size).toBe(50);
  const shown = await badges(page).allTextContents();
  expect(shown.sort()).toEqual([...stock.answers.values()].map(expectedText).sort());
  expect(shown.some((text) => /^Only \d left$/.test(text)), 'the demo shop has pieces of which only a few are left').toBe(true);
  expect(shown).toContain('In stock');

  await productList(page).first().scrollIntoViewIfNeeded();
  await shoot(page, 'stock-badges-listing', { fullPage: false });
});

test('a cart line shows its live stock from /api/stock/list when the minicart opens', async ({ page, request }) => {
  const [product] = await simpleProducts(request, 1);
  await addFromProductPage(page, product!);
  const stock = watchStockLists(page);
  const drawer = await openMinicart(page);
  await expect.poll(() => stock.asked().has(product!.sku)).toBe(true);
  const line = cartLine(drawer, product!.name);
  await expect(line.locator('[data-stock]')).toHaveAttribute('data-stock', /^(in_stock|few_left)$/);
  await expect(line.getByText('In stock!')).toBeVisible();
  await shoot(page, 'stock-badges-minicart', { fullPage: false });
});

test('offline, the stock checks of a listing are queued with the spec’s fields and answered when the connection returns', async ({ page, context, request }) => {
  const [largest] = (await menuCategories(request, 'en')).sort((a, b) => b.product_count - a.product_count);
  await page.goto(`/en/${largest!.url_path}`);
  await expect(productList(page)).toHaveCount(50);
  await offlineShellReady(page);
  await expect(badges(page).first()).not.toHaveAttribute('data-stock', 'checking');

  await context.setOffline(true);
  await page.reload();
  await expect(productList(page)).toHaveCount(50);
  const waiting = badges(page).filter({ hasText: 'Stock will be checked when you are back online' });
  await expect(waiting).toHaveCount(PREFETCH);
  const queue = await page.evaluate(() => JSON.parse((globalThis as unknown as PageStorage).localStorage.getItem('shop.stock.queue') ?? '[]') as unknown[]);
  expect(queue).toHaveLength(PREFETCH);
  for (const task of queue) expect(Object.keys(task as object).sort()).toEqual(['created_at', 'product_sku', 'task_id']);
  await shoot(page, 'stock-badges-offline', { fullPage: false });

  const stock = watchStockLists(page);
  await context.setOffline(false);
  await expect(waiting).toHaveCount(0);
  await expect(badges(page).first()).toHaveText(/^(In stock|Only \d left|Out of stock)$/);
  expect(stock.asked().size).toBeGreaterThanOrEqual(PREFETCH);
  for (const batch of stock.batches) expect(batch.length).toBeLessThanOrEqual(BATCH);
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as PageStorage).localStorage.getItem('shop.stock.queue'))).toBeNull();
});
