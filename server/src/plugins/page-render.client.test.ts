import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { pageRenderer, type ServerEntry } from './page-render.ts';

// The client's source, compiled by the test runner (the server's own compiler does not check the client's JSX).
const CLIENT_ENTRY = new URL('../../../client/src/entry-server.tsx', import.meta.url).pathname;

/**
 * The client's own server entry (client/src/entry-server.tsx, from source) rendering the demo shop's pages with their
 * data from a real shop, in-process: what a crawler and a shopper's first paint get (decision 048).
 */
const SHELL = '<!doctype html><html lang="nl"><head><title>Shop</title></head><body><div id="root"></div></body></html>';

describe('pages of the demo shop rendered on the server', async () => {
  const shop = await buildTestApp();
  const entry = (await import(/* @vite-ignore */ CLIENT_ENTRY)) as ServerEntry;
  const render = pageRenderer(shop, entry, { budgetMs: 20_000 });
  const front = Fastify();
  front.get('/*', async (request, reply) => reply.type('text/html').send((await render(request, SHELL)) ?? SHELL));

  const product = await shop.inject(`/api/catalog/search?request=${encodeURIComponent(JSON.stringify({ type: 'product', storeCode: 'nl', filters: { type_id: 'simple' }, size: 1 }))}`);
  const [first] = (product.json() as { result: { items: Array<{ name: string; url_path: string }> } }).result.items;

  async function page(url: string): Promise<string> {
    const response = await front.inject(url);
    expect(response.statusCode, url).toBe(200);
    return response.body;
  }

  it('a category: its heading, its products with prices, its title, and the answers the browser hydrates with', async () => {
    const html = await page('/nl/horloges');
    expect(html).toMatch(/<h1[^>]*>Horloges<\/h1>/);
    expect(html).toContain('<title>Horloges | ');
    expect(html).toMatch(/class="product-card/);
    expect(html).toMatch(/€\s?[\d.]+/);
    const state = JSON.parse(/<script id="shop-ssr" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as { language: string; cache: Array<[string, unknown]>; texts: Record<string, unknown>; parts: string[] };
    expect(state.language).toBe('nl');
    expect(state.cache.map(([key]) => key)).toContain('url-map:nl:horloges');
    expect(Object.keys(state.texts)).toContain('catalogue');
    // The lazy parts it drew, which the browser loads before it hydrates and whose styles the head links: the
    // category page itself and the header's extras among them.
    expect(state.parts).toEqual(expect.arrayContaining(['src/features/category/category-page.tsx#CategoryPage', 'src/features/layout/layout-extras.tsx#HeaderExtras', 'src/features/layout/layout-extras.tsx#SiteFooter']));
    expect(html).not.toMatch(/ style="/);
  });

  it('a product in Dutch and the English home, each in its own language', async () => {
    const html = await page(`/nl/${first!.url_path}`);
    expect(html).toContain(`>${first!.name.replace(/&/g, '&amp;')}</h1>`);
    expect(html).toContain('<html lang="nl"');
    const home = await page('/en');
    expect(home).toContain('<html lang="en"');
    expect(home).toContain('New arrivals');
  });

  it("leaves a shopper's own pages, redirects and addresses outside the stores to the browser", async () => {
    for (const url of ['/nl/my-account/orders', '/nl/compare', '/xx/horloges', '/']) expect(await page(url), url).toBe(SHELL);
  });

  it("draws checkout's shape, and nothing of a shopper's own: the header's notes and the skeleton the browser fills in", async () => {
    const html = await page('/nl/checkout');
    expect(html).toContain('Veilig afrekenen');
    expect(html).toMatch(/<div class="checkout container checkout-skeleton" aria-busy="true" data-testid="checkout-skeleton">/);
    expect(html).toContain('Het afrekenen wordt geladen…');
    // No form, no order, no cart lines: those are the browser's, from its local database.
    expect(html).not.toMatch(/<form|<input|checkout-order__title/);
    expect(html).not.toMatch(/ style="/);
  });
});
