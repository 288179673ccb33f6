import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { axeClean } from './a11y.ts';
import { productList, searchApi, shoot, shownTotal } from './utils.ts';

const PHONE = { width: 390, height: 844 };

async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('region', { name: 'Products', exact: true })).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('.product-grid .price--loading')).toHaveCount(0);
}

const cardNames = (page: Page) => productList(page).locator('.product-card__name').allTextContents();

test('Enter in the search box opens the results page, where a facet narrows, the sort orders and "load more" appends', async ({ page, request }) => {
  const all = await searchApi<{ name: string }>(request, { type: 'product', storeCode: 'en', query: 'gold', size: 1, includeFields: ['name'] });
  expect(all.total, 'the demo shop has more than one page of gold pieces').toBeGreaterThan(50);

  await page.goto('/en');
  const field = page.getByRole('combobox', { name: 'Search' });
  await field.fill('gold');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/en\/search\?q=gold$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for “gold”' })).toBeVisible();
  await expect(page).toHaveTitle('Search results for “gold” | Horloge & Diamant');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect.poll(() => shownTotal(page)).toBe(all.total);
  await settled(page);
  await expect(productList(page)).toHaveCount(50);
  await axeClean(page, 'the search results page');
  await shoot(page, 'search-results-desktop', { fullPage: false });

  // "Load more" appends the next page to the same list.
  const firstPage = await cardNames(page);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(productList(page)).toHaveCount(Math.min(100, all.total));
  expect((await cardNames(page)).slice(0, 50)).toEqual(firstPage);
  await expect(page.getByText(`Showing ${Math.min(100, all.total)} of ${all.total}`)).toBeVisible();

  // The sort orders by price, in the address beside the query.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: Low to high' });
  await expect(page).toHaveURL(/\/en\/search\?q=gold&sort=price-asc$/);
  const cheapest = await searchApi<{ name: string }>(request, { type: 'product', storeCode: 'en', query: 'gold', sort: 'final_price_incl_tax:asc', size: 4, includeFields: ['name'] });
  await expect.poll(async () => (await cardNames(page)).slice(0, 4)).toEqual(cheapest.items.map((item) => item.name));

  // A facet narrows the results to its count, and the address keeps the query.
  const brands = page.getByRole('complementary').getByRole('group', { name: 'Brand', exact: true });
  const brand = brands.getByRole('checkbox').first();
  const label = await brand.evaluate((input) => (input as unknown as { labels: Array<{ textContent: string | null }> }).labels[0]?.textContent ?? '');
  const inBrand = Number(/\((\d+)\)\s*$/.exec(label)?.[1]);
  expect(inBrand).toBeLessThan(all.total);
  await brand.check();
  await expect(page).toHaveURL(/\/en\/search\?q=gold&brand=\d+&sort=price-asc$/);
  await expect.poll(() => shownTotal(page)).toBe(inBrand);
  await settled(page);

  // The address is shareable: opened anew, it shows the same narrowed, sorted results.
  const shared = page.url();
  await page.goto(shared);
  await expect.poll(() => shownTotal(page)).toBe(inBrand);
  await expect(page.getByRole('complementary').getByRole('group', { name: 'Brand', exact: true }).getByRole('checkbox', { checked: true })).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveValue('gold');
});

test('the suggestions show the best matches with picture and price, and "show all results" reached with the keyboard', async ({ page, request }) => {
  const rolex = await searchApi<{ name: string }>(request, { type: 'product', storeCode: 'en', query: 'rolex', size: 8, includeFields: ['name'] });
  await page.goto('/en');
  const field = page.getByRole('combobox', { name: 'Search' });
  await field.fill('rolex');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option')).toHaveCount(9);
  await expect(suggestions.getByRole('option').first().locator('img')).toBeVisible();
  await expect(suggestions.getByRole('option').first().locator('.price')).toContainText('€');
  expect(await suggestions.locator('.search-result__name').allTextContents()).toEqual(rolex.items.map((item) => item.name));
  const showAll = suggestions.getByRole('option', { name: `Show all results (${rolex.total})` });
  await expect(showAll).toBeVisible();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  await axeClean(page, 'the search suggestions');
  await shoot(page, 'search-suggestions-desktop', { fullPage: false });

  // Down walks the best matches; up from the field reaches "show all results"; Enter opens it.
  await field.press('ArrowDown');
  await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await field.press('ArrowUp');
  await field.press('ArrowUp');
  await expect(field).toHaveAttribute('aria-activedescendant', (await showAll.getAttribute('id'))!);
  await field.press('Enter');
  await expect(page).toHaveURL(/\/en\/search\?q=rolex$/);
  await expect.poll(() => shownTotal(page)).toBe(rolex.total);
  await expect(suggestions).toHaveCount(0);
});

test('a misspelled query gets "did you mean", one that finds nothing gets help, and a search needs 3 characters', async ({ page }) => {
  // Found by the search's spelling tolerance, and told the word meant.
  await page.goto('/en/search?q=rolx');
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for “rolx”' })).toBeVisible();
  await expect.poll(() => shownTotal(page)).toBeGreaterThan(0);
  await expect(page.getByText('Did you mean rolex?')).toBeVisible();
  await page.getByRole('link', { name: 'rolex', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/search\?q=rolex$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for “rolex”' })).toBeVisible();

  // Too far off for the search: nothing found, yet the near word, popular categories and the contact page are offered.
  await page.setViewportSize(PHONE);
  await page.goto('/en/search?q=rlx');
  await expect(page.getByText('No products found for “rlx”.')).toBeVisible();
  await expect(page.getByText('Did you mean rolex?')).toBeVisible();
  const help = page.getByRole('region', { name: 'Popular categories' });
  await expect(help.getByRole('link').first()).toBeVisible();
  expect(await help.getByRole('link').count()).toBeGreaterThan(2);
  await axeClean(page, 'a search that found nothing, on a phone');
  await shoot(page, 'search-empty-phone');
  await page.getByRole('link', { name: 'rolex', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/search\?q=rolex$/);
  await expect.poll(() => shownTotal(page)).toBeGreaterThan(0);
  await settled(page);
  await shoot(page, 'search-results-phone', { fullPage: false });
  await axeClean(page, 'the search results page on a phone');

  await page.goto('/en/search?q=zzqxv');
  await expect(page.getByText('No products found for “zzqxv”.')).toBeVisible();
  await expect(page.getByText(/Did you mean/)).toHaveCount(0);
  await page.getByRole('region', { name: 'Popular categories' }).getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/en\/contacts$/);

  // Spec 2 §5: under 3 characters Enter searches nothing and says why; the page says so too.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en');
  const field = page.getByRole('combobox', { name: 'Search' });
  await field.fill('ro');
  await field.press('Enter');
  await expect(page.getByText('Searched term should consist of at least 3 characters')).toBeVisible();
  await expect(page).toHaveURL(/\/en$/);
  await page.goto('/en/search?q=ro');
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  await expect(page.getByText('Searched term should consist of at least 3 characters')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Popular categories' })).toBeVisible();
});
