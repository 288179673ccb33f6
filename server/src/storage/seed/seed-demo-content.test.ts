import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportContent, importContent } from '../../features/content/content.import.ts';
import { buildTestApp, TEST_NOW } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { DEFAULT_PRODUCT_COUNT } from './generator/generate-catalogue.ts';
import { contentIsEmpty, seedDemoContentIfEmpty } from './seed-demo.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-demo-content-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
// The demo shop as it starts on an empty database (SEED_DEMO, the default).
const app = await buildTestApp({ config: { dataDir } });
const withoutPictures = { seed: 20261122, productCount: DEFAULT_PRODUCT_COUNT, now: TEST_NOW };
const options = { ...withoutPictures, dataDir };

describe('the demo shop seeds its content on first start', () => {
  it('loads the service pages, blocks, landing pages, magazine and testimonials of both stores', async () => {
    const content = await exportContent(app.db);
    for (const store of ['nl', 'en'] as const) {
      expect(content.pages.filter((page) => page.store === store).length).toBeGreaterThanOrEqual(10);
      expect(content.posts.filter((post) => post.store === store).length).toBeGreaterThanOrEqual(40);
      expect(content.testimonials.filter((t) => t.store === store).length).toBeGreaterThanOrEqual(20);
      expect(content.blocks.filter((block) => block.store === store).map((block) => block.identifier)).toContain('footer-service');
    }
    expect(content.pages.map((page) => page.identifier)).toEqual(expect.arrayContaining(['over-ons', 'about-us', 'algemene-voorwaarden', 'terms-and-conditions']));
  });

  it('draws every picture the content names into the content media folder, and the media route serves them', async () => {
    const content = await exportContent(app.db);
    const names = new Set([...content.posts.map((post) => post.image), ...content.pages.map((page) => page.image)].filter((name): name is string => !!name));
    expect(names.size).toBeGreaterThan(20);
    for (const name of names) expect(fs.existsSync(path.join(dataDir, 'media', 'content', name)), name).toBe(true);
    const [first] = [...names];
    const response = await app.inject({ url: `/media/content/${first}?size=310`, headers: { accept: 'image/webp' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
  });

  it('answers the content calls: a service page in each store, a landing page through the URL map, the listed testimonials', async () => {
    const page = await app.inject({ url: '/api/ext/cms-data/cmsPageIdentifier/over-ons/storeId/nl' });
    expect(page.statusCode).toBe(200);
    expect(page.json().result).toMatchObject({ title: 'Over ons', alternates: [{ store: 'en', path: 'i/about-us' }] });
    for (const [url, storeCode] of [['swiss-watches/vintage', 'en'], ['horloges/pre-owned', 'nl']] as const) {
      const mapped = await app.inject({ method: 'POST', url: '/api/url/map', payload: { url, storeCode } });
      expect(mapped.json().result, url).toMatchObject({ _type: 'cms_page', _source: { url_path: url } });
    }
    const reviews = await app.inject({ url: '/api/content/review?storeCode=en' });
    expect(reviews.json().result.total).toBe(20);
  });

  it('loads nothing twice: a restart finds content and leaves it as it is', async () => {
    const before = await exportContent(app.db);
    expect(await seedDemoContentIfEmpty(app.db, options)).toBeNull();
    expect(await exportContent(app.db)).toEqual(before);
  });
});

describe('content an operator loaded', () => {
  it('is never replaced by the demo content, even a single testimonial', async () => {
    const shop = await buildTestApp({ catalogue: fixtureCatalogue() });
    expect(await contentIsEmpty(shop.db)).toBe(true);
    const own = { version: 1, pages: [], blocks: [], categories: [], tags: [], posts: [], testimonials: [{ store: 'nl', author: 'Een klant', rating: 5, text: 'Prima winkel.', date: '2026-01-05' }] };
    await importContent(shop.db, own, { now: TEST_NOW.getTime() });
    expect(await seedDemoContentIfEmpty(shop.db, withoutPictures)).toBeNull();
    const content = await exportContent(shop.db);
    expect(content.pages).toEqual([]);
    expect(content.testimonials.map((t) => t.author)).toEqual(['Een klant']);
  });

  it('is the demo content only when the shop has none: a shop with its own catalogue gets it too, related products it lacks are only warnings', async () => {
    const shop = await buildTestApp({ catalogue: fixtureCatalogue() });
    const summary = await seedDemoContentIfEmpty(shop.db, withoutPictures);
    expect(summary?.posts).toBeGreaterThanOrEqual(80);
    expect(summary?.warnings.length).toBeGreaterThan(0);
    expect(await contentIsEmpty(shop.db)).toBe(false);
  });
});
