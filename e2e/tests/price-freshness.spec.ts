import { expect, test } from './fixtures.ts';
import type { Route } from '@playwright/test';
import { startSecondShop, type SecondShop } from './second-shop.ts';
import { menuCategories, openCategoryFromMenu, shoot } from './utils.ts';

/**
 * Price freshness (spec 1 §4). The shop of the other journeys waits for the price sync (PRICE_SYNC_WAIT on): its
 * answers are priced at the request and nothing more is asked. A second shop with PRICE_SYNC_WAIT=false (same data,
 * its own port) answers listings at once with the index's prices marked not current; the storefront shows them
 * subdued, "not yet confirmed", asks /api/catalog/prices and puts the synced prices in their place.
 */
let shop: SecondShop | undefined;
let notWaiting = '';

test.beforeAll(async () => {
  shop = await startSecondShop('PRICE_SYNC_WAIT=false', { PRICE_SYNC_WAIT: 'false' });
  notWaiting = shop.url;
});

test.afterAll(() => {
  shop?.stop();
});

test('with PRICE_SYNC_WAIT=false a listing shows its prices subdued first, then the synced prices in the same place', async ({ page, request }) => {
  const [category] = await menuCategories(request, 'en');
  // The listing is the browser's own request: the category is opened from the menu (an address is rendered on the
  // server with its data), once the home page's own price syncs are done.
  // Its listing: the menu's prefetch may ask it first (and the other categories' around it), so the answer is picked
  // by its category, from the page's start.
  const listing = page.waitForResponse((response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/api/catalog/search' || !url.search.includes('price_is_current')) return false;
    const asked = JSON.parse(url.searchParams.get('request') ?? '{}') as { type?: string; filters?: { category_ids?: number[] } };
    return asked.type === 'product' && asked.filters?.category_ids?.includes(category!.id) === true;
  });
  await page.goto(`${notWaiting}/en`);
  await page.waitForLoadState('networkidle');
  // The price sync's answers are held until the stale state has been looked at.
  const held: Route[] = [];
  await page.route('**/api/catalog/prices?**', (route) => void held.push(route));
  await openCategoryFromMenu(page, category!);
  const answered = (await (await listing).json()) as { result: { items: Array<{ sku: string; price_is_current?: boolean; price_refreshed_at?: string; hide_price: boolean }> } };
  expect(answered.result.items.length).toBeGreaterThan(0);
  for (const item of answered.result.items) {
    expect(item.price_is_current).toBe(false);
    expect(item.price_refreshed_at).toBeUndefined();
  }

  const cards = page.getByRole('main').getByRole('article');
  const priced = answered.result.items.filter((item) => !item.hide_price);
  const first = cards.filter({ has: page.locator('.price') }).first();
  const price = first.locator('.price');
  await expect(price).toHaveClass(/price--unconfirmed/);
  await expect(price).toContainText('not yet confirmed');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const before = await price.boundingBox();
  await shoot(page, 'price-freshness-1-not-yet-confirmed', { fullPage: false });

  // Each held call asks at most 50 skus; together they ask the priced cards of the page, but those the home page's
  // sync has just made current (the first card's among them: its price is still unconfirmed above).
  const asked = held.flatMap((route) => new URL(route.request().url()).searchParams.get('skus')!.split(','));
  for (const route of held) expect(new URL(route.request().url()).searchParams.get('skus')!.split(',').length).toBeLessThanOrEqual(50);
  const pricedSkus = new Set(priced.map((item) => item.sku));
  expect(asked.filter((sku) => !pricedSkus.has(sku))).toEqual([]);
  expect(asked).toContain(priced[0]!.sku);
  const synced = await Promise.all(held.splice(0).map(async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { result: { items: Array<{ sku: string; price_is_current: boolean; price_refreshed_at: string; final_price_incl_tax: number }> } };
    await route.fulfill({ response });
    return body.result.items;
  }));
  for (const item of synced.flat()) {
    expect(item.price_is_current).toBe(true);
    expect(Date.parse(item.price_refreshed_at)).toBeGreaterThan(Date.now() - 60_000);
  }

  await expect(page.locator('.price--unconfirmed')).toHaveCount(0);
  await expect(price).not.toContainText('not yet confirmed');
  // The synced price took the stale one's place: the same spot, nothing moved.
  const after = await price.boundingBox();
  expect(after?.y).toBe(before?.y);
  expect(after?.x).toBe(before?.x);
  const firstSku = priced[0]!.sku;
  const shownSynced = synced.flat().find((item) => item.sku === firstSku)!;
  await expect(price).toContainText(Math.round(shownSynced.final_price_incl_tax).toLocaleString('en-GB'));
  await shoot(page, 'price-freshness-2-synced', { fullPage: false });
});

test('with the price sync waited for (the default) answers are current and nothing more is asked', async ({ page, request }) => {
  const [category] = await menuCategories(request, 'en');
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/catalog/prices')) asked.push(r.url());
  });
  const listing = page.waitForResponse((response) => response.url().includes('/api/catalog/search') && response.url().includes('price_is_current'));
  await page.goto(`/en/${category!.url_path}`);
  const answered = (await (await listing).json()) as { result: { items: Array<{ price_is_current?: boolean; price_refreshed_at?: string }> } };
  for (const item of answered.result.items) {
    expect(item.price_is_current).toBe(true);
    expect(Date.parse(item.price_refreshed_at!)).toBeGreaterThan(Date.now() - 60_000);
  }
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(page.locator('.price--unconfirmed')).toHaveCount(0);
  expect(asked).toEqual([]);
});
