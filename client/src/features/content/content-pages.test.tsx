import type { Category } from '@shop/shared';
import type { CmsBlock, CmsHierarchyNode, CmsPage, Testimonial, TestimonialRatings } from '@shop/shared/content/content.schema';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { category, installFakeCatalogue, product, renderShop } from '../../test/shop-test-utils.tsx';
import { currentNotifications, dismissNotification } from '../../ui/notifications.tsx';
import { shownPageIn } from '../../ui/page-head.ts';
import { offlineMissBody } from '../offline/cache-rules.ts';

const ok = (result: unknown) => new Response(JSON.stringify({ code: 200, result }), { status: 200, headers: { 'content-type': 'application/json' } });
const notFound = () => new Response(JSON.stringify({ code: 404, result: { error: 'not_found', message: 'CMS query returned empty result' } }), { status: 404, headers: { 'content-type': 'application/json' } });

function page(overrides: Partial<CmsPage> & Pick<CmsPage, 'identifier' | 'title'>): CmsPage {
  return {
    id: 1,
    store: 'en',
    content_key: null,
    content: '<p>Body</p>',
    meta_title: null,
    meta_description: null,
    active: true,
    url_path: null,
    listing: null,
    image: null,
    path: `i/${overrides.identifier}`,
    alternates: [],
    ...overrides,
  };
}

const aboutUs = page({
  id: 11,
  identifier: 'about-us',
  title: 'About us',
  content: '<h2>Since 1962</h2><p>A family of watchmakers. Read our <a href="/en/i/customer-service">customer service</a> page.</p>',
  meta_description: 'Who we are',
  content_key: 'about-us',
  alternates: [{ store: 'nl', path: 'i/over-ons' }],
});
const node = (id: number, identifier: string, title: string, position: number, children: CmsHierarchyNode[] = []): CmsHierarchyNode => ({
  id,
  identifier,
  parent_identifier: null,
  page_identifier: children.length ? null : identifier,
  title,
  position,
  path: children.length ? null : `i/${identifier}`,
  children,
});
const hierarchy = [node(1, 'service', 'Service', 0, [node(3, 'customer-service', 'Customer service', 2), node(2, 'about-us', 'About us', 1)])];

const swissWatches = category({ id: 30, name: 'Swiss watches', url_path: 'swiss-watches' });
const vintage = page({
  id: 21,
  identifier: 'swiss-watches-vintage',
  title: 'Vintage Swiss watches',
  content: '<p>Watches with a past, serviced by our watchmakers.</p>',
  url_path: 'swiss-watches/vintage',
  path: 'swiss-watches/vintage',
  listing: { category: 'swiss-watches', query: { condition: 'vintage' } },
  alternates: [{ store: 'nl', path: 'horloges/vintage' }],
});

const testimonials: Testimonial[] = Array.from({ length: 15 }, (_, n) => ({ id: n + 1, author: `Customer ${n + 1}`, location: n === 0 ? 'Utrecht' : null, rating: n % 5 === 0 ? 4 : 5, text: `Wonderful service number ${n + 1}.`, date: '2026-03-0' + String((n % 9) + 1) }));
const ratings: TestimonialRatings = { average: 4.8, count: 15, distribution: [0, 0, 0, 3, 12] };
const blocks: CmsBlock[] = [
  { id: 5, store: 'en', identifier: 'home-story', title: 'Our story', content: '<p>Three generations of watchmakers.</p>', active: true },
  { id: 6, store: 'en', identifier: 'category-30', title: 'Swiss watches', content: '<p>Swiss made, checked in our workshop.</p>', active: true },
];

/** The catalogue's fake, with the content calls of the contract answered from the data above. */
function installShop(options: { offline?: boolean } = {}) {
  const catalogue = installFakeCatalogue({ categories: [swissWatches], products: [product({ id: 1, name: 'Omega Seamaster 1968', category_ids: [30] })], urls: { 'swiss-watches': { _type: 'category', _source: swissWatches } } });
  const calls: string[] = [];
  const content = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    calls.push(`${url.pathname}${url.search}`);
    if (options.offline && (url.pathname.startsWith('/api/ext/') || url.pathname.startsWith('/api/content/'))) return new Response(JSON.stringify(offlineMissBody(url.pathname)), { status: 504 });
    if (url.pathname === '/api/url/map') {
      const body = JSON.parse(String(init?.body)) as { url: string };
      if (body.url === 'swiss-watches/vintage') return ok({ _type: 'cms_page', _source: vintage });
      if (body.url === 'watches/story') return ok({ _type: 'cms_page', _source: page({ id: 22, identifier: 'watch-story', title: 'The watch story', url_path: 'watches/story', path: 'watches/story' }) });
    }
    if (url.pathname === '/api/ext/cms-data/cmsPageIdentifier/about-us/storeId/en') return ok(aboutUs);
    if (url.pathname.startsWith('/api/ext/cms-data/cmsPageIdentifier/')) return notFound();
    if (url.pathname === '/api/content/cms_hierarchy') return ok({ items: hierarchy, total: 1, start: 0, size: 250 });
    if (url.pathname === '/api/content/cms_block') {
      const wanted = url.searchParams.get('identifier');
      const items = blocks.filter((block) => block.identifier === wanted);
      return ok({ items, total: items.length, start: 0, size: 400 });
    }
    if (url.pathname === '/api/ext/review-ratings') return ok(ratings);
    if (url.pathname === '/api/content/review') {
      const from = Number(url.searchParams.get('from') ?? 0);
      const size = Number(url.searchParams.get('size') ?? 10000);
      return ok({ items: testimonials.slice(from, from + size), total: testimonials.length, start: from, size });
    }
    return catalogue.fetchMock(input, init);
  });
  vi.stubGlobal('fetch', content);
  return { calls, searches: catalogue.searches };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const shown of currentNotifications()) dismissNotification(shown.id);
});

describe('a CMS page (/{store}/i/{slug})', () => {
  it('shows its title, its sanitised body as prose, breadcrumbs and the pages beside it', async () => {
    installShop();
    await renderShop('/en/i/about-us');
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Since 1962' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText('You are here:')).toBeTruthy();
    expect(within(crumbs).getByText('About us').getAttribute('aria-current')).toBe('page');
    // The service pages' side navigation, in the hierarchy's order, this page marked.
    const section = await screen.findByRole('navigation', { name: 'In this section' });
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['About us', '/en/i/about-us'],
      ['Customer service', '/en/i/customer-service'],
    ]);
    expect(links[0]!.getAttribute('aria-current')).toBe('page');
  });

  it('writes its head: title, description, canonical and hreflang to its counterpart, which the languages modal opens', async () => {
    installShop();
    await renderShop('/en/i/about-us');
    await screen.findByRole('heading', { level: 1, name: 'About us' });
    await waitFor(() => expect(document.title).toBe('About us | Horloge & Diamant'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Who we are');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${window.location.origin}/en/i/about-us`);
    expect(document.head.querySelector('link[hreflang="nl"]')?.getAttribute('href')).toBe(`${window.location.origin}/nl/i/over-ons`);
    expect(shownPageIn('nl')).toBe('i/over-ons');
  });

  it('follows a link in its body inside the app', async () => {
    installShop();
    const { router } = await renderShop('/en/i/about-us');
    fireEvent.click(await screen.findByRole('link', { name: 'customer service' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/i/customer-service'));
  });

  it('is "page not found" when the shop has no such page', async () => {
    installShop();
    await renderShop('/en/i/no-such-page');
    expect(await screen.findByText("Unfortunately we can't find the page")).toBeTruthy();
  });

  it('never read and offline: goes Home with the spec’s message', async () => {
    installShop({ offline: true });
    const { router } = await renderShop('/en/i/about-us');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    await waitFor(() => expect(currentNotifications().map((shown) => shown.message)).toContain('The product, category or CMS page is not available in Offline mode. Redirecting to Home.'));
  });
});

describe('a landing page (a CMS page the URL map finds)', () => {
  it('shows its story above the category’s listing, filtered by its query, the filter neither in the address nor offered', async () => {
    const { searches } = installShop();
    const { router } = await renderShop('/en/swiss-watches/vintage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vintage Swiss watches' })).toBeTruthy();
    expect(screen.getByText('Watches with a past, serviced by our watchmakers.')).toBeTruthy();
    expect(await screen.findByText('Omega Seamaster 1968')).toBeTruthy();
    const listing = searches.filter((request) => request.type === 'product' && request.filters?.category_ids);
    expect(listing.length).toBeGreaterThan(0);
    for (const request of listing) expect(request.filters).toMatchObject({ category_ids: [30], condition: ['vintage'] });
    expect(router.state.location.search).toEqual({});
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Swiss watches' }).getAttribute('href')).toBe('/en/swiss-watches');
    await waitFor(() => expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${window.location.origin}/en/swiss-watches/vintage`));
    expect(document.head.querySelector('link[hreflang="nl"]')?.getAttribute('href')).toBe(`${window.location.origin}/nl/horloges/vintage`);
  });

  it('without a listing reads like a CMS page', async () => {
    installShop();
    await renderShop('/en/watches/story');
    expect(await screen.findByRole('heading', { level: 1, name: 'The watch story' })).toBeTruthy();
    expect(screen.getByText('Body')).toBeTruthy();
  });
});

describe('the testimonials (/{store}/testimonial)', () => {
  it('show the average rating and the count, with stars named for assistive technology, and structured data', async () => {
    installShop();
    await renderShop('/en/testimonial');
    expect(await screen.findByRole('heading', { level: 1, name: 'What our customers say' })).toBeTruthy();
    expect(await screen.findByText(/4\.8 out of 5 · based on 15 reviews/)).toBeTruthy();
    expect(screen.getAllByRole('img', { name: '4.8 out of 5 stars' }).length).toBe(1);
    await waitFor(() => {
      const data = [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent ?? '{}') as { aggregateRating?: unknown });
      expect(data.map((item) => item.aggregateRating)).toContainEqual({ '@type': 'AggregateRating', ratingValue: 4.8, reviewCount: 15, bestRating: 5, worstRating: 1 });
    });
  });

  it('show a page at a time, and the rest on "Show more reviews"', async () => {
    const { calls } = installShop();
    await renderShop('/en/testimonial');
    expect(await screen.findByText('Wonderful service number 12.')).toBeTruthy();
    expect(screen.queryByText('Wonderful service number 13.')).toBeNull();
    expect(screen.getByText('Showing 12 of 15 reviews')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    expect(await screen.findByText('Wonderful service number 15.')).toBeTruthy();
    expect(calls.some((call) => call.startsWith('/api/content/review?') && call.includes('from=12'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull();
  });
});

describe('CMS blocks and service links', () => {
  it('the home page shows its story block, and the footer links the six service pages of the store', async () => {
    installShop();
    await renderShop('/en');
    expect(await screen.findByText('Three generations of watchmakers.')).toBeTruthy();
    const footer = await screen.findByRole('contentinfo');
    const service = await within(footer).findByRole('navigation', { name: 'Service' });
    const hrefs = within(service).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs.slice(0, 6)).toEqual(['/en/i/about-us', '/en/i/customer-service', '/en/i/legal-notice', '/en/i/privacy-policy', '/en/i/return-policy', '/en/i/terms-and-conditions']);
    expect(hrefs).toContain('/en/testimonial');
  });

  it('a category page shows the block named after its category, drawn with the page (it never pushes the listing down)', async () => {
    installShop();
    await renderShop('/en/swiss-watches');
    expect(await screen.findByRole('heading', { level: 1, name: 'Swiss watches' })).toBeTruthy();
    // Loaded with the page's code: already there when the page first shows, not added afterwards.
    expect(screen.getByText('Swiss made, checked in our workshop.')).toBeTruthy();
  });

  it('a page whose block the store does not have shows none, without an error', async () => {
    installShop();
    await renderShop('/en/store-locator');
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('[data-cms-block]')).toBeNull();
  });
});

// Only for the type checker: the fixtures' category is a Category.
export type { Category };
