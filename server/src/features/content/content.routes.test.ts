/**
 * The content calls of spec 2 §7 over HTTP, on the engine under test, with the fixture content
 * (content.test-support.ts) over the fixture catalogue: sizes (default, max, over max), the like / list / eq filters,
 * paging, the magazine's filters and search, only listed posts, pages, blocks and testimonials, the empty-result
 * message, a post's neighbours and alternates, a product's posts, the ratings, the URL map's CMS pages and the page
 * status of a page load; no script or event handler ever comes back.
 */
import { CMS_EMPTY_RESULT_MESSAGE, type BlogPost, type BlogPostSummary, type CmsBlock, type CmsHierarchyNode, type CmsPage, type ContentList } from '@shop/shared/content/content.schema';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { importContent } from './content.import.ts';
import { fixtureContent } from './content.test-support.ts';

const app = await buildTestApp({ catalogue: fixtureCatalogue() });
await importContent(app.db, fixtureContent());

async function get<T>(url: string, status = 200): Promise<T> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
  const body = response.json() as { code: number; result: T };
  expect(body.code).toBe(status);
  return body.result;
}

async function refused(url: string, status: number): Promise<string> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
  return (response.json() as { result: { message: string } }).result.message;
}

describe('GET /api/content/cms_page', () => {
  it('lists the active pages of a store, identifier as a like filter, with paths and alternates', async () => {
    const all = await get<ContentList<CmsPage>>('/api/content/cms_page?storeCode=en');
    expect(all.items.map((p) => p.identifier)).toEqual(['about-us', 'customer-service', 'vintage-watches']);
    expect(all).toMatchObject({ total: 3, start: 0, size: 250 });
    const about = all.items[0]!;
    expect(about).toMatchObject({ store: 'en', title: 'About us', path: 'i/about-us', active: true, alternates: [{ store: 'nl', path: 'i/over-ons' }], meta_description: 'Who we are.' });
    const landing = all.items[2]!;
    expect(landing).toMatchObject({ path: 'swiss-watches/vintage', listing: { category: 'watches', query: { condition: 'vintage' } }, alternates: [{ store: 'nl', path: 'horloges/vintage' }] });
    const like = await get<ContentList<CmsPage>>('/api/content/cms_page?storeCode=en&identifier=SERVICE');
    expect(like.items.map((p) => p.identifier)).toEqual(['customer-service']);
    // `%` and `_` are characters, not wildcards; an inactive page is never listed.
    expect((await get<ContentList<CmsPage>>('/api/content/cms_page?storeCode=en&identifier=%25')).total).toBe(0);
    expect((await get<ContentList<CmsPage>>('/api/content/cms_page?storeCode=en&identifier=old')).total).toBe(0);
    // The default store is nl.
    expect((await get<ContentList<CmsPage>>('/api/content/cms_page')).items.map((p) => p.identifier)).toEqual(['klantenservice', 'over-ons', 'vintage-horloges']);
  });

  it('pages with size and from; the maximum is 500, more is a 400', async () => {
    const second = await get<ContentList<CmsPage>>('/api/content/cms_page?storeCode=en&size=1&from=1');
    expect(second).toMatchObject({ total: 3, start: 1, size: 1 });
    expect(second.items.map((p) => p.identifier)).toEqual(['customer-service']);
    expect((await get<ContentList<CmsPage>>('/api/content/cms_page?storeCode=en&size=500')).size).toBe(500);
    expect(await refused('/api/content/cms_page?size=501', 400)).toBe('size must be at most 500');
    expect(await refused('/api/content/cms_block?size=501', 400)).toBe('size must be at most 500');
    expect(await refused('/api/content/cms_page?size=-1', 400)).toBe('size must be a whole number from 0');
    expect(await refused('/api/content/cms_page?from=abc', 400)).toBe('from must be a whole number from 0');
    expect(await refused('/api/content/cms_page?size=1&size=2', 400)).toBe('Give size once');
    expect(await refused('/api/content/cms_page?storeCode=de', 400)).toBe('Unknown store de; use nl or en');
    expect(await refused('/api/content/products', 400)).toMatch(/^Unknown content type; use cms_page, cms_block/);
  });
});

describe('GET /api/content/cms_block and cms_hierarchy', () => {
  it('lists active blocks, identifier a comma-separated list of exact identifiers', async () => {
    const all = await get<ContentList<CmsBlock>>('/api/content/cms_block?storeCode=en');
    expect(all.items.map((b) => b.identifier)).toEqual(['footer-note', 'home-story']);
    expect(all.size).toBe(400);
    const some = await get<ContentList<CmsBlock>>('/api/content/cms_block?storeCode=en&identifier=home-story,hidden-block,home');
    expect(some.items.map((b) => b.identifier)).toEqual(['home-story']);
    // The javascript: link lost its address, the store link kept it.
    expect(some.items[0]!.content).toBe('<p>Our story <a>here</a> and <a href="/en/i/about-us">about</a>.</p>');
  });

  it('answers the roots with their subtrees, or one node (eq) with its children', async () => {
    const roots = await get<ContentList<CmsHierarchyNode>>('/api/content/cms_hierarchy?storeCode=en');
    expect(roots.items.map((n) => n.identifier)).toEqual(['service', 'legal']);
    expect(roots.items[0]!.children.map((n) => [n.identifier, n.path])).toEqual([
      ['about', 'i/about-us'],
      ['help', 'i/customer-service'],
    ]);
    const one = await get<ContentList<CmsHierarchyNode>>('/api/content/cms_hierarchy?storeCode=en&identifier=about');
    expect(one.items).toEqual([{ id: expect.any(Number), identifier: 'about', parent_identifier: 'service', page_identifier: 'about-us', title: 'About us', position: 1, path: 'i/about-us', children: [] }]);
    expect((await get<ContentList<CmsHierarchyNode>>('/api/content/cms_hierarchy?storeCode=en&identifier=servic')).total).toBe(0);
  });
});

describe('the magazine', () => {
  it('lists only active posts published by now, ID desc by default, published_at desc on request, 3000 at most', async () => {
    const posts = await get<ContentList<BlogPostSummary>>('/api/content/wordpress_posts?storeCode=en');
    expect(posts.items.map((p) => p.id)).toEqual([12, 11, 10]);
    expect(posts.size).toBe(3000);
    const byDate = await get<ContentList<BlogPostSummary>>('/api/content/wordpress_posts?storeCode=en&sort=published_at:desc');
    expect(byDate.items.map((p) => p.slug)).toEqual(['choosing-a-diver', 'speedmaster-on-the-moon', 'ring-sizes']);
    const moon = posts.items.find((p) => p.id === 10)!;
    expect(moon).toEqual({
      id: 10,
      store: 'en',
      slug: 'speedmaster-on-the-moon',
      title: 'The Speedmaster on the moon',
      excerpt: 'How a chronograph went to the moon.',
      author: 'Anna de Vries',
      published_at: '2026-03-10T09:00:00.000Z',
      image: 'moon.svg',
      categories: [
        { id: expect.any(Number), slug: 'news', name: 'News' },
        { id: expect.any(Number), slug: 'watch-guide', name: 'Watch guide' },
      ],
      tags: [{ id: expect.any(Number), slug: 'omega', name: 'Omega' }],
      reading_minutes: 1,
      path: 'magazine/2026/03/speedmaster-on-the-moon',
    });
    expect(moon).not.toHaveProperty('body');
    expect((await get<ContentList<BlogPostSummary>>('/api/content/wordpress_posts?storeCode=en&size=3000')).total).toBe(3);
    expect(await refused('/api/content/wordpress_posts?size=3001', 400)).toBe('size must be at most 3000');
    expect(await refused('/api/content/wordpress_posts?sort=title:asc', 400)).toBe('sort must be ID:desc or published_at:desc');
  });

  it('filters by category, tag and search words of at least 3 characters', async () => {
    const slugs = async (query: string) => (await get<ContentList<BlogPostSummary>>(`/api/content/wordpress_posts?storeCode=en&${query}`)).items.map((p) => p.slug);
    expect(await slugs('category=news')).toEqual(['ring-sizes', 'speedmaster-on-the-moon']);
    expect(await slugs('tag=rolex')).toEqual(['choosing-a-diver']);
    expect(await slugs('category=watch-guide&tag=omega')).toEqual(['choosing-a-diver', 'speedmaster-on-the-moon']);
    expect(await slugs('q=MOON')).toEqual(['speedmaster-on-the-moon']);
    expect(await slugs('q=measure')).toEqual(['ring-sizes']);
    expect(await slugs('q=draft')).toEqual([]);
    expect(await slugs('category=nieuws')).toEqual([]);
    expect(await refused('/api/content/wordpress_posts?q=ab', 400)).toBe('Searched term should consist of at least 3 characters');
    expect(await refused('/api/content/wordpress_posts?q=%20a%20%20', 400)).toBe('Searched term should consist of at least 3 characters');
  });

  it('counts listed posts per category and tag', async () => {
    const categories = await get<ContentList<{ slug: string; post_count: number }>>('/api/content/wordpress_categories?storeCode=en');
    expect(categories.items.map((c) => [c.slug, c.post_count])).toEqual([
      ['news', 2],
      ['watch-guide', 2],
    ]);
    expect(categories.size).toBe(10000);
    const tags = await get<ContentList<{ slug: string; post_count: number }>>('/api/content/wordpress_tags?storeCode=en');
    expect(tags.items.map((t) => [t.slug, t.post_count])).toEqual([
      ['omega', 2],
      ['rolex', 1],
    ]);
    expect(await refused('/api/content/wordpress_tags?size=10001', 400)).toBe('size must be at most 10000');
  });

  it('answers a post by id or slug with its body, neighbours and alternates; a missing one is the empty result', async () => {
    const post = await get<BlogPost>('/api/ext/wordpress/post/10?storeCode=en');
    expect(post).toMatchObject({
      slug: 'speedmaster-on-the-moon',
      related_skus: ['W-2'],
      content_key: 'speedmaster-moon',
      alternates: [{ store: 'nl', path: 'magazine/2026/03/speedmaster-op-de-maan' }],
      previous: { id: 12, slug: 'ring-sizes', title: 'Ring sizes explained', path: 'magazine/2026/02/ring-sizes' },
      next: { id: 11, slug: 'choosing-a-diver', path: 'magazine/2026/04/choosing-a-diver' },
    });
    expect(post.body).toBe('<p>In 1969 the Speedmaster went to the moon.</p><img alt="Moon" src="/media/content/moon.svg?size=744" />');
    expect((await get<BlogPost>('/api/ext/wordpress/post/choosing-a-diver?storeCode=en')).next).toBeNull();
    expect((await get<BlogPost>('/api/ext/wordpress/post/ring-sizes?storeCode=en')).previous).toBeNull();
    for (const missing of ['3000000000?storeCode=en', '13?storeCode=en', 'next-year?storeCode=en', '20?storeCode=en', 'nothing-here?storeCode=en', '10']) {
      expect(await refused(`/api/ext/wordpress/post/${missing}`, 404)).toBe(CMS_EMPTY_RESULT_MESSAGE);
    }
  });

  it('answers the listed posts naming a product or one of its variants, newest first', async () => {
    const posts = async (id: number, store = 'en') => (await get<BlogPostSummary[]>(`/api/ext/wordpress/product/${id}?storeCode=${store}`)).map((p) => p.slug);
    expect(await posts(2)).toEqual(['speedmaster-on-the-moon']);
    expect(await posts(2, 'nl')).toEqual(['speedmaster-op-de-maan']);
    expect(await posts(3)).toEqual(['choosing-a-diver']);
    // R-6's variant R-6-52 is named.
    expect(await posts(6)).toEqual(['ring-sizes']);
    expect(await posts(4)).toEqual([]);
    expect(await posts(999)).toEqual([]);
    expect(await posts(5000000000)).toEqual([]);
    expect(await refused('/api/ext/wordpress/product/W-2', 400)).toBe('productId must be a whole number');
  });
});

describe('testimonials', () => {
  it('lists only status 1, newest first, and rates them', async () => {
    const list = await get<ContentList<{ author: string; date: string; text: string }>>('/api/content/review?storeCode=en');
    expect(list.items.map((t) => [t.author, t.date])).toEqual([
      ['Sarah', '2026-05-20'],
      ['Peter', '2026-05-01'],
      ['Tom', '2026-04-11'],
    ]);
    expect(list.size).toBe(10000);
    expect(await get('/api/ext/review-ratings?storeCode=en')).toEqual({ average: 4.3, count: 3, distribution: [0, 0, 0, 2, 1] });
    expect(await get('/api/ext/review-ratings?storeCode=nl')).toEqual({ average: 5, count: 1, distribution: [0, 0, 0, 0, 1] });
  });
});

describe('/api/ext/cms-data', () => {
  it('lists its calls and answers one page or block by id or identifier; else the empty result', async () => {
    expect((await get<{ calls: unknown[] }>('/api/ext/cms-data')).calls).toHaveLength(4);
    const page = await get<CmsPage>('/api/ext/cms-data/cmsPageIdentifier/over-ons/storeId/nl');
    expect(page).toMatchObject({ title: 'Over ons', alternates: [{ store: 'en', path: 'i/about-us' }] });
    expect(await get<CmsPage>(`/api/ext/cms-data/cmsPage/${page.id}`)).toEqual(page);
    const block = await get<CmsBlock>('/api/ext/cms-data/cmsBlockIdentifier/footer-note/storeId/en');
    expect(await get<CmsBlock>(`/api/ext/cms-data/cmsBlock/${block.id}`)).toEqual(block);
    for (const url of [
      '/api/ext/cms-data/cmsPageIdentifier/old-page/storeId/en',
      '/api/ext/cms-data/cmsPageIdentifier/over-ons/storeId/en',
      '/api/ext/cms-data/cmsBlockIdentifier/hidden-block/storeId/en',
      '/api/ext/cms-data/cmsPage/999999',
      '/api/ext/cms-data/cmsBlock/999999',
      // Past what an integer column holds (PostgreSQL would refuse the query): not there either.
      '/api/ext/cms-data/cmsPage/3000000000',
      '/api/ext/cms-data/cmsBlock/8000000000',
    ]) {
      expect(await refused(url, 404), url).toBe(CMS_EMPTY_RESULT_MESSAGE);
    }
    expect(await refused('/api/ext/cms-data/cmsPage/abc', 400)).toBe('id must be a whole number');
    expect(await refused('/api/ext/cms-data/cmsPageIdentifier/over-ons/storeId/fr', 400)).toBe('Unknown store fr; use nl or en');
  });

  it('is cacheable by browsers and the service worker', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/content/cms_page?storeCode=en' });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('sanitising', () => {
  it('never answers a script, an event handler or a javascript: address from any call', async () => {
    const urls = [
      '/api/content/cms_page?storeCode=en',
      '/api/content/cms_page?storeCode=nl',
      '/api/content/cms_block?storeCode=en',
      '/api/content/wordpress_posts?storeCode=en',
      '/api/content/review?storeCode=en',
      '/api/ext/cms-data/cmsPageIdentifier/about-us/storeId/en',
      '/api/ext/cms-data/cmsPageIdentifier/customer-service/storeId/en',
      '/api/ext/wordpress/post/10?storeCode=en',
    ];
    for (const url of urls) {
      const body = (await app.inject({ method: 'GET', url })).body;
      expect(body, url).not.toMatch(/<script|onerror|onclick|javascript:/i);
    }
  });
});

describe('the URL map and page loads', () => {
  const map = (url: string, storeCode = 'en') => app.inject({ method: 'POST', url: '/api/url/map', payload: { url, storeCode } });

  it('maps i/{identifier} and a landing page url_path to the CMS page, after products and categories', async () => {
    for (const url of ['i/about-us', '/i/about-us/', 'i/about-us?utm=x']) {
      const response = await map(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json().result).toMatchObject({ _type: 'cms_page', _source: { identifier: 'about-us', path: 'i/about-us' } });
    }
    expect((await map('swiss-watches/vintage/')).json().result).toMatchObject({ _type: 'cms_page', _source: { identifier: 'vintage-watches' } });
    expect((await map('horloges/vintage', 'nl')).json().result).toMatchObject({ _type: 'cms_page', _source: { identifier: 'vintage-horloges' } });
    // A category still answers as a category.
    expect((await map('watches')).json().result._type).toBe('category');
    expect((await map('i/old-page')).statusCode).toBe(404);
    expect((await map('i/over-ons')).statusCode).toBe(404);
  });

  it('lets a landing page at a category’s address win over the category (the operator curated that address)', async () => {
    const own = await buildTestApp({ catalogue: fixtureCatalogue() });
    try {
      const category = (await own.inject({ method: 'POST', url: '/api/url/map', payload: { url: 'watches', storeCode: 'en' } })).json().result;
      expect(category._type).toBe('category');
      const file = fixtureContent();
      file.pages.push({ store: 'en', identifier: 'all-watches', title: 'Our watches', content: '<p>Chosen for you.</p>', url_path: 'watches', listing: { category: 'watches' } });
      await importContent(own.db, file);
      const landing = (await own.inject({ method: 'POST', url: '/api/url/map', payload: { url: 'watches/', storeCode: 'en' } })).json().result;
      expect(landing).toMatchObject({ _type: 'cms_page', _source: { identifier: 'all-watches', listing: { category: 'watches' } } });
    } finally {
      await own.close();
    }
  });
});

describe('the sitemap and robots.txt', () => {
  it('lists both stores’ categories, products, CMS pages and posts with absolute addresses', async () => {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const base = 'http://127.0.0.1:3000';
    for (const url of [
      `${base}/nl`,
      `${base}/en/magazine`,
      `${base}/en/watches`,
      `${base}/nl/horloges/heren`,
      `${base}/en/i/about-us`,
      `${base}/nl/i/over-ons`,
      `${base}/en/swiss-watches/vintage`,
      `${base}/en/magazine/2026/03/speedmaster-on-the-moon`,
      `${base}/nl/magazine/2026/03/speedmaster-op-de-maan`,
    ]) {
      expect(locs, url).toContain(url);
    }
    expect(locs.filter((l) => l.includes('/omega-speedmaster'))).toHaveLength(2);
    // Not listed: inactive pages and categories, drafts, future posts, disabled products and variants.
    for (const part of ['old-page', 'draft-post', 'next-year', 'archief', 'cartier-tank-must', 'gouden-ring-52']) expect(locs.some((l) => l.includes(part)), part).toBe(false);
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(await refused('/sitemap.xml?page=2', 404)).toBe('The sitemap has 1 page');
    expect(await refused('/sitemap.xml?page=x', 400)).toBe('page must be a whole number from 1');
  });

  it('robots.txt names the sitemap; neither is answered with the app shell', async () => {
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Sitemap: http://127.0.0.1:3000/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
  });
});

describe('page loads with the built storefront', async () => {
  const clientDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
  afterAll(() => fs.rmSync(clientDist, { recursive: true, force: true }));
  fs.writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><html><head><title>shop</title></head><body><div id="root"></div></body></html>');
  const shop = await buildTestApp({ catalogue: fixtureCatalogue(), config: { clientDist, env: 'production' } });
  await importContent(shop.db, fixtureContent());

  it('answers a CMS or landing page that exists with 200 and one that does not with 404', async () => {
    for (const url of ['/en/i/about-us', '/en/i/about-us/', '/nl/i/over-ons?x=1', '/i/over-ons', '/i/about-us', '/en/swiss-watches/vintage', '/nl/horloges/vintage/', '/en/magazine', '/en/magazine/2026/03/speedmaster-on-the-moon']) {
      const response = await shop.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
    }
    for (const url of ['/en/i/over-ons', '/en/i/old-page', '/i/nothing', '/en/swiss-watches/modern']) expect((await shop.inject(url)).statusCode, url).toBe(404);
  });

  it('never answers the sitemap or robots.txt with the app shell', async () => {
    const sitemap = await shop.inject('/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).not.toContain('<div id="root">');
    const robots = await shop.inject('/robots.txt');
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).not.toContain('<div id="root">');
  });
});
