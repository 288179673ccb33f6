/** Spec 1 §8 and §9: a product list or a search that fails while online says so clearly, and can be tried again. */
import type { Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { menuCategories, openCategoryFromMenu, productList, shoot, offlineShellReady } from './utils.ts';

const TOO_SLOW = { code: 503, result: { error: 'search_timeout', message: 'The search took too long. Please try again.' } };

/** The shop's search answers product searches as a search slower than 1000 ms does (spec 1 §9); others go through. */
function tooSlowFor(productSearch: (request: { type?: string; query?: string }) => boolean) {
  return async (route: Route) => {
    const request = JSON.parse(new URL(route.request().url()).searchParams.get('request') ?? '{}') as { type?: string; query?: string };
    if (request.type === 'product' && productSearch(request)) await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(TOO_SLOW) });
    else await route.fallback();
  };
}

test('a product list that fails while online warns that no products are synchronized, with OK, and loads on Try again', async ({ page, request, browserProblems }) => {
  browserProblems.expect(/^http 503: GET http:\/\/[^/]+\/api\/catalog\/search\?request=\S+ -> The search took too long\. Please try again\.$/, 'the journey makes the shop answer product searches as a too slow search does');
  const [category] = await menuCategories(request, 'en');
  expect(category, 'a menu category').toBeDefined();
  // The first visit: no service worker controls the page yet, so the page's own requests meet the route. The home
  // page comes rendered with its data; the category's listing is the browser's to ask, through the menu.
  await page.route('**/api/catalog/search?**', tooSlowFor(() => true));
  await page.goto('/en');
  await openCategoryFromMenu(page, category!);

  const message = 'No products synchronized for this category. Please come back while online!';
  const warning = page.getByRole('status').filter({ hasText: message });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('button', { name: 'OK' })).toBeVisible();
  const failed = page.getByRole('alert').filter({ hasText: 'Something went wrong, try again in a few seconds' });
  await expect(failed).toContainText('The search took too long. Please try again.');
  await expect(failed.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(productList(page)).toHaveCount(0);
  await expect(page.getByText('Loading products…')).toHaveCount(0);
  await shoot(page, 'listing-failed-online', { fullPage: false });

  await warning.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(message)).toHaveCount(0);
  await page.unroute('**/api/catalog/search?**');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(productList(page).first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a search the shop answers too late says so in the panel, with Try again, instead of searching forever', async ({ page, browserProblems }) => {
  browserProblems.expect(/^http 503: GET http:\/\/[^/]+\/api\/catalog\/search\?request=\S+ -> The search took too long\. Please try again\.$/, 'the journey makes the shop answer the search as a too slow search does');
  await page.route('**/api/catalog/search?**', tooSlowFor((request) => request.query !== undefined));
  await page.goto('/en');
  await page.getByRole('combobox', { name: 'Search' }).fill('omega');

  const panel = page.getByRole('region', { name: 'Search' });
  const failed = panel.getByRole('alert');
  await expect(failed).toContainText('The search took too long. Please try again.');
  await expect(panel.getByText('Searching…')).toHaveCount(0);
  await shoot(page, 'search-too-slow', { fullPage: false });

  await page.unroute('**/api/catalog/search?**');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(panel.getByRole('option').first()).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveCount(0);
});

test('an offline search answers empty, marked offline, and the panel says so; back online it searches again', async ({ page, context }) => {
  await page.goto('/en');
  await offlineShellReady(page);
  const field = page.getByRole('combobox', { name: 'Search' });
  const panel = page.getByRole('region', { name: 'Search' });
  // Online once, so the panel's code is at hand.
  await field.fill('omega');
  await expect(panel.getByRole('option').first()).toBeVisible();

  await context.setOffline(true);
  await field.fill('rolex');
  await expect(panel.getByRole('status')).toHaveText('You are offline: the search needs a connection. Please try again when you are back online.');
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(panel.getByRole('option')).toHaveCount(0);
  await shoot(page, 'search-offline', { fullPage: false });

  await context.setOffline(false);
  await expect(panel.getByRole('option').first()).toBeVisible();
  await expect(panel.getByRole('status')).toHaveText(/^\d+ results?$/);
});
