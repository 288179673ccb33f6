import type { Browser, Page, Response } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { menuCategories, searchApi, shoot, offlineShellReady, type ApiProduct } from './utils.ts';

/**
 * The shop's addresses (spec 2 §2): one it does not have answers 404 with the not-found page, so search engines do
 * not index it, from the server on a first visit and from the service worker afterwards; its pages, categories and
 * products answer 200; /pwa.html is Home; /error is the error page in the minimal layout.
 */

const NOT_FOUND = "Unfortunately we can't find the page";
const MISSING = ['/en/no-such-watch-anywhere', '/nl/horloges/bestaat-niet', '/xx/checkout', '/en/checkout/step-2'];

/** The 404s of the addresses this journey opens on purpose: the page load (the worker asks with HEAD), its URL-map lookup. */
function expectMissingPages(browserProblems: { expect(match: RegExp, reason: string): void }): void {
  const paths = MISSING.map((path) => path.replace(/[/.-]/g, '\\$&')).join('|');
  browserProblems.expect(new RegExp(`^http 404: (GET|HEAD) http://[^/]+(${paths})$`), 'the journey opens addresses the shop does not have');
  const lookups = MISSING.map((path) => path.split('/').slice(2).join('/').replace(/[/.-]/g, '\\$&')).join('|');
  // Asked by the page (with its body) and, with the worker in control, by the worker (the server's message names it).
  browserProblems.expect(new RegExp(`^http 404: POST http://[^/]+/api/url/map( \\{"url":"(${lookups})"| -> No mapping found for (${lookups})$)`), 'the app looks those addresses up in the URL map, which has none of them');
}

/** Opens an address as a first visit: a browser of its own, before any service worker. */
async function firstVisit(browser: Browser, path: string, run: (page: Page, response: Response | null) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ locale: 'en-GB' });
  try {
    const page = await context.newPage();
    await run(page, await page.goto(new URL(path, test.info().project.use.baseURL).href));
  } finally {
    await context.close();
  }
}

test('on a first visit, an unknown address answers 404 with the not-found page; pages, categories and products 200', async ({ browser, request, browserProblems }) => {
  expectMissingPages(browserProblems);
  for (const path of MISSING) {
    await firstVisit(browser, path, async (page, response) => {
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(/Unfortunately we can.t find the page|Helaas kunnen we de pagina niet vinden/);
      await shoot(page, 'addresses-not-found');
    });
  }

  const [category] = await menuCategories(request, 'en');
  const { items } = await searchApi<ApiProduct>(request, { type: 'product', storeCode: 'en', size: 1, sort: 'updated_at:desc' });
  const product = items[0]!;
  for (const [path, heading] of [
    [`/en/${category!.url_path}`, category!.name],
    [`/en/${product.url_path}`, product.name],
    ['/en/checkout', 'Checkout'],
  ] as const) {
    await firstVisit(browser, path, async (page, response) => {
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toHaveText(heading);
    });
  }
});

test('/pwa.html, /nl/pwa.html and /en/pwa.html open Home on a first visit', async ({ browser }) => {
  for (const [path, home, shelf] of [
    ['/pwa.html', /\/nl$/, 'Nieuw binnen'],
    ['/nl/pwa.html', /\/nl$/, 'Nieuw binnen'],
    ['/en/pwa.html', /\/en$/, 'New arrivals'],
  ] as const) {
    await firstVisit(browser, path, async (page, response) => {
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()['content-type'], path).toContain('text/html');
      await expect(page).toHaveURL(home);
      await expect(page.getByRole('heading', { name: shelf })).toBeVisible();
    });
  }
});

test('/error shows the error page in the minimal layout, with a way Home', async ({ page }) => {
  const response = await page.goto('/en/error');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Internal Server Error 500' })).toBeVisible();
  await expect(page.getByText('Something went wrong, try again in a few seconds')).toBeVisible();
  // The minimal layout: the shop's name and the page, no menu, search, cart or footer.
  await expect(page.getByRole('link', { name: /^Horloge & Diamant .*\(home\)$/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await shoot(page, 'error-page', { fullPage: false });

  await page.getByRole('main').getByRole('link', { name: 'Return to homepage' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeVisible();
});

test('with the service worker in control, an unknown address still answers 404, and a page seen opens offline', async ({ page, context, request, browserProblems }) => {
  expectMissingPages(browserProblems);
  const [category] = await menuCategories(request, 'en');
  await page.goto(`/en/${category!.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: category!.name })).toBeVisible();
  await offlineShellReady(page);

  const missing = await page.goto('/en/no-such-watch-anywhere');
  expect(missing?.fromServiceWorker()).toBe(true);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();

  const known = await page.goto(`/en/${category!.url_path}`);
  expect(known?.fromServiceWorker()).toBe(true);
  expect(known?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: category!.name })).toBeVisible();

  await context.setOffline(true);
  const offline = await page.reload();
  expect(offline?.fromServiceWorker()).toBe(true);
  expect(offline?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: category!.name })).toBeVisible();
});
