import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { scriptless, untouched } from './app-started.ts';
import { addFromProductPage, simpleProducts } from './cart-utils.ts';
import { expect, test } from './fixtures.ts';
import { menuCategories, productList, shoot } from './utils.ts';

/**
 * Server rendering (issue 20 item 1, decision 048): the shop's public pages (home, category, product, search results,
 * CMS pages, the magazine) come with their content in the first answer, so a shopper sees the page before its script
 * has run and a crawler reads its content, title and description; the script then hydrates the same markup (a
 * mismatch is a page error, which fails every journey) and the page works as before. A shopper's own pages start from
 * the shell. Server rendering is on by default (SERVER_RENDER, decision 048), for every journey.
 */

interface PostSummary {
  title: string;
  path: string;
}

async function magazinePost(request: APIRequestContext): Promise<PostSummary> {
  const response = await request.get('/api/content/wordpress_posts?storeCode=en&size=1');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { result: { items: PostSummary[] } }).result.items[0]!;
}

async function publicPages(request: APIRequestContext) {
  const [category] = (await menuCategories(request, 'en')).sort((a, b) => b.product_count - a.product_count);
  const [product] = await simpleProducts(request, 1);
  const post = await magazinePost(request);
  return [
    { path: '/en', heading: 'Horloge & Diamant', title: /Horloge &amp; Diamant/ },
    { path: `/en/${category!.url_path}`, heading: category!.name, title: new RegExp(`^${category!.name} \\|`) },
    { path: `/en/${product!.url_path}`, heading: product!.name, title: new RegExp(`^${product!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\|`) },
    { path: '/en/search?q=omega', heading: 'Search results for “omega”', title: /omega/ },
    { path: '/en/i/about-us', heading: 'About us', title: /^About us \|/ },
    { path: `/en/${post.path}`, heading: post.title, title: /\| Horloge/ },
  ];
}

/** The markup of `#root` in the page as served. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script id="shop-ssr"');
  return start >= 0 && end > start ? html.slice(start, end) : '';
}

test('the first answer of a public page carries its content, title, description and canonical address, within the Content-Security-Policy', async ({ request }) => {
  for (const { path, heading, title } of await publicPages(request)) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const root = rootOf(html);
    expect(root, `${path} is rendered on the server`).toContain('<h1');
    expect(root, path).toContain(heading.replace(/&/g, '&amp;'));
    const served = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    expect(served, path).toMatch(title);
    expect(html.match(/<meta name="description"/g), `${path}: one description`).toHaveLength(1);
    if (path !== '/en/search?q=omega') expect(html, path).toContain('rel="canonical"');
    // The policy refuses style attributes and inline scripts: the markup has neither (data scripts are not run).
    expect(root, path).not.toMatch(/ style="/);
    for (const script of html.match(/<script[^>]*>/g) ?? []) expect(script, path).toMatch(/type="(module|application\/json|application\/ld\+json)"/);
  }
  // The search results are not for search engines.
  expect(await (await request.get('/en/search?q=omega')).text()).toContain('<meta name="robots" content="noindex"');
  // A shopper's own pages start from the shell; checkout from its shape, with nothing of the shopper's in it.
  for (const path of ['/en/compare', '/en/my-account/orders']) expect(rootOf(await (await request.get(path)).text()), path).toBe('');
  const checkout = rootOf(await (await request.get('/en/checkout')).text());
  expect(checkout).toContain('data-testid="checkout-skeleton"');
  expect(checkout).not.toMatch(/<form|<input/);
});

test('with no script at all, a category shows its products and a product its name, price and picture', async ({ browser, request, browserProblems }) => {
  browserProblems.expect(/^request failed: GET http:\/\/[^/]+\/assets\/[^ ]+\.js \(csp\)$/, "scripts are off in this context: the browser refuses to fetch the page's modules");
  const [category] = (await menuCategories(request, 'en')).sort((a, b) => b.product_count - a.product_count);
  const [product] = await simpleProducts(request, 1);
  const context = await browser.newContext({ javaScriptEnabled: false });
  scriptless(context);
  const page = await context.newPage();
  await page.goto(`/en/${category!.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: category!.name })).toBeVisible();
  await expect(productList(page)).toHaveCount(50);
  // The first cards' pictures are the page's largest: asked first, at once.
  await expect(productList(page).first().locator('img')).toHaveAttribute('fetchpriority', 'high');
  await shoot(page, 'server-render-category-no-script', { fullPage: false });

  await page.goto(`/en/${product!.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
  await expect(page.locator('main').getByText(/€\s?[\d,.]+/).first()).toBeVisible();
  await expect(page.locator('main img[fetchpriority="high"]').first()).toBeVisible();
  await context.close();
});

test.describe('a first visit', () => {
  // Without a worker: once the offline shell is in control it serves the shell, and the server renders nothing.
  test.use({ serviceWorkers: 'block' });

  test("a rendered page's first answer links every style it uses once hydrated, and preloads its chunks and texts: nothing moves when the script runs", async ({ page, request }) => {
    // (In the page's own words: these journeys are typed without the browser's library.)
    await page.addInitScript(`new MutationObserver((changes, observer) => {
      if (document.documentElement.dataset.app !== 'started') return;
      window.stylesAtStart = [...document.styleSheets].map((sheet) => sheet.href && new URL(sheet.href).pathname).filter(Boolean);
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app'] });`);
    for (const { path } of await publicPages(request)) {
      const response = await page.goto(path);
      const served = (await response?.text()) ?? '';
      expect(rootOf(served), `${path} is rendered on the server`).toContain('<h1');
      const head = served.slice(0, served.indexOf('</head>'));
      const linked = new Set([...head.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map((match) => match[1]));
      expect(head, `${path}: the texts every page loads first`).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/common-[^"]+\.js">/);
      // The styles in use once the page has hydrated: the shop's are one file (client/vite.config.ts), linked at once.
      const used = await page.evaluate<string[]>('window.stylesAtStart');
      expect(used.length, path).toBeGreaterThan(0);
      for (const href of used) expect(linked, `${path} uses ${href}`).toContain(href);
      // Every shift since the page began, but those right after an input (none here).
      const shifts = await page.evaluate<number>(`new Promise((resolve) => {
        let total = 0;
        new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries()) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      })`);
      expect(shifts, `${path}: layout shift`).toBeLessThan(0.02);
    }
  });
});

test("a page its shopper has not touched yet opens no local database and asks nothing of the cart's replication; their first key starts them", async ({ browser, request }) => {
  const [product] = await simpleProducts(request, 1);
  const replication: string[] = [];
  const newContext = async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    untouched(context);
    context.on('request', (asked) => {
      const { pathname } = new URL(asked.url());
      if (pathname.startsWith('/api/replication/')) replication.push(pathname);
    });
    return context;
  };
  const databases = (page: Page) => page.evaluate<string[]>('indexedDB.databases().then((all) => all.map((database) => database.name))');
  /**
   * Opens `path` in a new page of `context()` showing the cart button `cart`, and lets it stand a while, as a shopper
   * looks at a page, within the few quiet seconds after which the work starts by itself (QUIET_START_MS in
   * client/src/app/after-interactive.ts): what the page has opened and asked by then is read at once. A look that a
   * slow machine made too late says nothing either way: it is taken again on a fresh page (a page that starts its work
   * early fails every look made in time).
   */
  const lookAt = async (context: () => Promise<BrowserContext>, path: string, cart: string) => {
    for (let look = 1; ; look += 1) {
      replication.length = 0;
      const page = await (await context()).newPage();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: cart })).toBeVisible();
      const sinceLoad = () => page.evaluate<number>("performance.now() - performance.getEntriesByType('navigation')[0].loadEventEnd");
      await page.waitForTimeout(Math.max(0, 1000 - (await sinceLoad())));
      const seen = { databases: await databases(page), replication: [...replication] };
      const lookedAt = await sinceLoad();
      if (lookedAt < 3500) return { page, seen };
      expect(look, `the page was looked at within its quiet seconds (${Math.round(lookedAt)} ms after its load)`).toBeLessThan(3);
      await page.close();
    }
  };

  // A first visit, each look in a browser of its own (a late look may have opened the database).
  let context: BrowserContext | undefined;
  const { page: first, seen: firstSeen } = await lookAt(
    async () => {
      await context?.close();
      context = await newContext();
      return context;
    },
    '/en',
    'Cart, 0 items',
  );
  expect(firstSeen.databases, 'no local database before the first input').toEqual([]);
  await first.keyboard.press('Shift');
  await expect.poll(() => databases(first), { message: 'the local database opens after the first input' }).not.toEqual([]);
  // Adding to the cart is an input too.
  replication.length = 0;
  await addFromProductPage(first, product!);
  await expect.poll(() => replication.length, { message: "the cart's replication runs once there is a cart" }).toBeGreaterThan(0);
  await first.close();

  // The shopper comes back: the header shows the count kept from the last visit, and the cart waits for them.
  const { page: back, seen: backSeen } = await lookAt(async () => context!, '/en', 'Cart, 1 item');
  expect(backSeen.replication, 'no replication before the first input').toEqual([]);
  await back.keyboard.press('Shift');
  await expect.poll(() => replication.length, { message: "the cart's replication starts after the first input" }).toBeGreaterThan(0);
  await context!.close();
});

/** Serves `path`'s page with its first heading marked, as the server sent it: hydration keeps the element, a client render would not. */
async function markServerHeading(page: Page, path: string): Promise<void> {
  await page.route(`**${path}`, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replace('<h1', '<h1 data-from-server="yes"') });
  });
}

test('a rendered page hydrates without a mismatch and works: the product adds to the cart, a card opens its product', async ({ page, request }) => {
  const [product] = await simpleProducts(request, 1);
  await markServerHeading(page, `/en/${product!.url_path}`);
  await addFromProductPage(page, product!);
  await expect(page.locator('h1[data-from-server="yes"]')).toHaveText(product!.name);

  const [category] = (await menuCategories(request, 'en')).sort((a, b) => b.product_count - a.product_count);
  await markServerHeading(page, `/en/${category!.url_path}`);
  await page.goto(`/en/${category!.url_path}`);
  await expect(productList(page)).toHaveCount(50);
  await expect(page.locator('h1[data-from-server="yes"]')).toHaveText(category!.name);
  // A card's link opens its product in the app (no page load: the server-rendered marker stays off the new heading).
  const link = productList(page).first().getByRole('link').first();
  const href = (await link.getAttribute('href'))!;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The Dutch store renders in Dutch.
  await page.goto('/nl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
