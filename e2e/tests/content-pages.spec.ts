import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { chooseInLanguagesModal } from './languages-utils.ts';
import { productList, searchApi, shoot, shownTotal, offlineShellReady } from './utils.ts';

/**
 * The content pages the storefront renders (issue 18): the CMS pages linked from the footer in both stores (and the
 * languages modal taking a page to its counterpart), a curated landing page (a story above a filtered listing), the
 * testimonials with their rating, and CMS pages offline: one read opens again, one never read sends the shopper Home.
 */

const NOT_AVAILABLE = 'The product, category or CMS page is not available in Offline mode. Redirecting to Home.';

interface CmsPageAnswer {
  identifier: string;
  title: string;
  path: string;
  url_path: string | null;
  listing: { category: string; query?: Record<string, string> } | null;
  alternates: Array<{ store: string; path: string }>;
}

async function apiResult<T>(request: APIRequestContext, url: string, init?: { data: unknown }): Promise<T> {
  const response = init ? await request.post(url, { data: init.data }) : await request.get(url);
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as { result: T }).result;
}

const cmsPage = (request: APIRequestContext, store: 'nl' | 'en', identifier: string) => apiResult<CmsPageAnswer>(request, `/api/ext/cms-data/cmsPageIdentifier/${identifier}/storeId/${store}`);

const footerService = (page: Page) => page.getByRole('contentinfo').getByRole('navigation', { name: 'Service' });

test('a CMS page opens from the footer in both stores, and the languages modal takes it to its counterpart', async ({ page, request }) => {
  const overOns = await cmsPage(request, 'nl', 'over-ons');
  const aboutUs = await cmsPage(request, 'en', 'about-us');
  expect(overOns.alternates).toContainEqual({ store: 'en', path: 'i/about-us' });

  await page.goto('/nl');
  await footerService(page).getByRole('link', { name: 'Over ons' }).click();
  await expect(page).toHaveURL(/\/nl\/i\/over-ons$/);
  await expect(page.getByRole('heading', { level: 1, name: overOns.title })).toBeVisible();
  // Breadcrumbs (spec 1 §2), the service pages beside it, and its head.
  await expect(page.getByRole('navigation', { name: 'Kruimelpad' }).getByText('U bent hier:')).toBeVisible();
  const section = page.getByRole('navigation', { name: 'In deze rubriek' });
  await expect(section.getByRole('link')).toHaveCount(6);
  await expect(section.getByRole('link', { name: 'Over ons' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/nl\/i\/over-ons$/);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/en\/i\/about-us$/);
  await expect(page).toHaveTitle(new RegExp(`^${overOns.title}`));
  await shoot(page, 'cms-page-nl-desktop');

  // A sibling from the side navigation.
  await section.getByRole('link', { name: 'Klantenservice' }).click();
  await expect(page).toHaveURL(/\/nl\/i\/klantenservice$/);
  await expect(page.getByRole('heading', { level: 1, name: (await cmsPage(request, 'nl', 'klantenservice')).title })).toBeVisible();

  await page.goto('/en');
  await footerService(page).getByRole('link', { name: 'About us' }).click();
  await expect(page).toHaveURL(/\/en\/i\/about-us$/);
  await expect(page.getByRole('heading', { level: 1, name: aboutUs.title })).toBeVisible();

  // The languages modal takes the page to the same page in the other store.
  await chooseInLanguagesModal(page, { store: 'Dutch store (/nl)' });
  await expect(page).toHaveURL(/\/nl\/i\/over-ons$/);
  await expect(page.getByRole('heading', { level: 1, name: overOns.title })).toBeVisible();
});

test('a CMS page reads well on a phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const aboutUs = await cmsPage(request, 'en', 'about-us');
  await page.goto('/en/i/about-us');
  await expect(page.getByRole('heading', { level: 1, name: aboutUs.title })).toBeVisible();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, 'cms-page-en-phone');
  // The phone menu links the service pages too.
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog');
  await menu.getByRole('navigation', { name: 'Service' }).getByRole('link', { name: 'Customer service' }).click();
  await expect(page).toHaveURL(/\/en\/i\/customer-service$/);
});

test('a vintage landing page shows its story above the listing its query filters', async ({ page, request }) => {
  const found = await apiResult<{ _type: string; _source: CmsPageAnswer }>(request, '/api/url/map', { data: { url: 'swiss-watches/vintage', storeCode: 'en' } });
  expect(found._type).toBe('cms_page');
  const landing = found._source;
  expect(landing.listing, 'the vintage landing page lists products').not.toBeNull();
  const category = await apiResult<{ _type: string; _source: { id: number } }>(request, '/api/url/map', { data: { url: landing.listing!.category, storeCode: 'en' } });
  const filters: Record<string, unknown> = { category_ids: [category._source.id], visibility: [2, 4] };
  for (const [key, value] of Object.entries(landing.listing!.query ?? {})) filters[key] = value.split(',').map((v) => (/^\d+$/.test(v) ? Number(v) : v));
  const expected = await searchApi(request, { type: 'product', storeCode: 'en', filters, size: 1 });
  expect(expected.total, 'the landing page has products').toBeGreaterThan(0);

  await page.goto('/en/swiss-watches/vintage/');
  await expect(page.getByRole('heading', { level: 1, name: landing.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'The collection' })).toBeVisible();
  await expect(productList(page).first()).toBeVisible();
  expect(await shownTotal(page)).toBe(expected.total);
  // The fixed filter is the page's own: not in the address, not offered to remove.
  expect(new URL(page.url()).search).toBe('');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/en\/swiss-watches\/vintage$/);
  await shoot(page, 'landing-vintage-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'landing-vintage-phone', { fullPage: false });
});

test('the testimonials show their average rating and count', async ({ page, request }) => {
  const ratings = await apiResult<{ average: number; count: number }>(request, '/api/ext/review-ratings?storeCode=en');
  expect(ratings.count).toBeGreaterThanOrEqual(20);
  await page.goto('/en/testimonial');
  await expect(page.getByRole('heading', { level: 1, name: 'What our customers say' })).toBeVisible();
  await expect(page.getByText(`${ratings.average.toFixed(1)} out of 5 · based on ${ratings.count} reviews`)).toBeVisible();
  await expect(page.getByRole('img', { name: `${Number(ratings.average.toFixed(1))} out of 5 stars` }).first()).toBeVisible();
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.map((text) => (JSON.parse(text) as { aggregateRating?: { reviewCount: number } }).aggregateRating?.reviewCount)).toContain(ratings.count);
  await expect(page.getByRole('listitem').filter({ has: page.locator('blockquote') })).toHaveCount(Math.min(12, ratings.count));
  await page.getByRole('button', { name: 'Show more reviews' }).click();
  await expect(page.getByRole('listitem').filter({ has: page.locator('blockquote') })).toHaveCount(Math.min(24, ratings.count));
  await shoot(page, 'testimonials-desktop');
});

test('a CMS page read once opens offline; one never read sends the shopper Home', async ({ page, context, request }) => {
  const aboutUs = await cmsPage(request, 'en', 'about-us');
  await page.goto('/en');
  await expect(page.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
  await offlineShellReady(page);
  await page.goto('/en/i/about-us');
  await expect(page.getByRole('heading', { level: 1, name: aboutUs.title })).toBeVisible();
  const pictures = page.locator('main .prose img');
  const hasPictures = (await pictures.count()) > 0;
  if (hasPictures) {
    await pictures.first().scrollIntoViewIfNeeded();
    await expect.poll(() => pictures.first().evaluate((image) => (image as unknown as { complete: boolean; naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  }

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: aboutUs.title })).toBeVisible();
  if (hasPictures) {
    await pictures.first().scrollIntoViewIfNeeded();
    await expect.poll(() => pictures.first().evaluate((image) => (image as unknown as { complete: boolean; naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  }

  // A service page never read: Home, with the spec's notice.
  await footerService(page).getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('alert').filter({ hasText: NOT_AVAILABLE })).toBeVisible();
  // Opened by its address (a full page load), the same.
  await page.goto('/en/i/terms-and-conditions');
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('alert').filter({ hasText: NOT_AVAILABLE })).toBeVisible();
});
