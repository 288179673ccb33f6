/**
 * The magazine's pages against fixed content (the content fetchers of content-api.ts are replaced; the catalogue is the
 * fake of shop-test-utils), through the real router: index, category (with its trailing slash), search, post, a post
 * not there, a post never read while offline, and a product page's "In the magazine".
 */
import type { BlogCategory, BlogPost, BlogPostSummary, ContentList, ContentType } from '@shop/shared/content/content.schema';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/api.ts';
import { installFakeCatalogue, product, renderShop } from '../../test/shop-test-utils.tsx';
import { currentNotifications, dismissNotification } from '../../ui/notifications.tsx';
import { OFFLINE_MISS } from '../offline/cache-rules.ts';
import type { ContentQuery } from '../content/content-api.ts';

const content = vi.hoisted(() => ({
  loadContent: vi.fn(),
  loadPost: vi.fn(),
  loadProductPosts: vi.fn(),
}));
vi.mock('../content/content-api.ts', async (importOriginal) => ({ ...(await importOriginal<object>()), ...content }));

const NOT_AVAILABLE = 'The product, category or CMS page is not available in Offline mode. Redirecting to Home.';

const CATEGORIES: BlogCategory[] = [
  { id: 1, slug: 'news', name: 'News', description: 'What is new at the shop.', position: 1, post_count: 20, content_key: null },
  { id: 2, slug: 'watch-care', name: 'Watch care', description: null, position: 2, post_count: 5, content_key: null },
  { id: 3, slug: 'empty', name: 'Empty', description: null, position: 3, post_count: 0, content_key: null },
];

function summary(id: number, overrides: Partial<BlogPostSummary> = {}): BlogPostSummary {
  const slug = `story-${id}`;
  return {
    id,
    store: 'en',
    slug,
    title: `Story ${id}`,
    excerpt: `The excerpt of story ${id}.`,
    author: 'Anna de Vries',
    published_at: '2026-05-14T09:30:00Z',
    image: `story-${id}.svg`,
    categories: [{ id: 1, slug: 'news', name: 'News' }],
    tags: [{ id: 7, slug: 'rolex', name: 'Rolex' }],
    reading_minutes: 4,
    path: `magazine/2026/05/${slug}`,
    ...overrides,
  };
}

const POSTS = Array.from({ length: 30 }, (_, n) => summary(30 - n));

function post(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    ...summary(5),
    body: '<p>The first paragraph.</p><h2>A heading</h2><p>More text.</p>',
    related_skus: ['SKU-1', 'SKU-2', 'SKU-GONE'],
    content_key: null,
    alternates: [{ store: 'nl', path: 'magazine/2026/05/verhaal-5' }],
    previous: { id: 4, slug: 'story-4', title: 'Story 4', path: 'magazine/2026/05/story-4' },
    next: { id: 6, slug: 'story-6', title: 'Story 6', path: 'magazine/2026/05/story-6' },
    ...overrides,
  };
}

function list<T>(items: T[], total = items.length, start = 0): ContentList<T> {
  return { items, total, start, size: items.length };
}

beforeEach(() => {
  content.loadContent.mockImplementation(async (type: ContentType, _store: string, query: ContentQuery = {}) => {
    if (type === 'wordpress_categories') return list(CATEGORIES);
    if (type === 'wordpress_tags') return list([{ id: 7, slug: 'rolex', name: 'Rolex', post_count: 3 }]);
    if (type === 'wordpress_posts') {
      const matching = query.q === 'nothing-here' ? [] : POSTS;
      const from = query.from ?? 0;
      return list(matching.slice(from, from + (query.size ?? 3000)), matching.length, from);
    }
    throw new Error(`unexpected ${type}`);
  });
  content.loadPost.mockImplementation(async () => post());
  content.loadProductPosts.mockImplementation(async () => []);
  installFakeCatalogue({
    products: [product({ id: 1, name: 'Omega Seamaster' }), product({ id: 2, name: 'Rolex Daytona', type_id: 'configurable' })],
  });
});

afterEach(() => {
  currentNotifications().forEach((notification) => dismissNotification(notification.id));
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  content.loadContent.mockReset();
  content.loadPost.mockReset();
  content.loadProductPosts.mockReset();
  for (const element of document.head.querySelectorAll('[data-page-head]')) element.remove();
});

const postsQueries = () => content.loadContent.mock.calls.filter(([type]) => type === 'wordpress_posts').map(([, , query]) => query as ContentQuery);

describe('the magazine index', () => {
  it('opens with the lead story on a hero picture, then a grid of cards, category chips with counts and paging', async () => {
    await renderShop('/en/magazine');
    const lead = await screen.findByRole('region', { name: 'Story 30' });
    const hero = lead.querySelector('img')!;
    expect(hero.getAttribute('src')).toBe('/media/content/story-30.svg?size=hero');
    expect(hero.getAttribute('srcset')).toBe('/media/content/story-30.svg?size=310 310w, /media/content/story-30.svg?size=744 744w, /media/content/story-30.svg?size=hero 1600w');
    expect(hero.getAttribute('width')).toBeTruthy();
    expect(hero.getAttribute('height')).toBeTruthy();
    // Page 1: the lead and 12 cards, newest first.
    expect(postsQueries()[0]).toMatchObject({ sort: 'published_at:desc', from: 0, size: 13 });
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(12);
    expect(within(cards[0]!).getByRole('heading', { name: 'Story 29' })).toBeTruthy();
    expect(within(cards[0]!).getByText('The excerpt of story 29.')).toBeTruthy();
    expect(within(cards[0]!).getByText('4 min read')).toBeTruthy();
    expect(within(cards[0]!).getByText('14 May 2026')).toBeTruthy();
    expect(within(cards[0]!).getByRole('link', { name: 'News' }).getAttribute('href')).toBe('/en/magazine/category/news');
    // Chips: the categories with posts, with their counts.
    const chips = screen.getByRole('navigation', { name: 'Magazine categories' });
    expect(within(chips).getByRole('link', { name: /^News\s*20\s*stories$/ }).getAttribute('href')).toBe('/en/magazine/category/news');
    expect(within(chips).queryByRole('link', { name: /Empty/ })).toBeNull();
    // 30 posts: 13 on the first page, 12 on the second, 5 on the third.
    const paging = screen.getByRole('navigation', { name: 'Pages of stories' });
    expect(within(paging).getByText('Page 1 of 3')).toBeTruthy();
    expect(within(paging).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/en/magazine?page=2');
  });

  it('tells search engines its title, description, canonical address and the same page in the other store', async () => {
    await renderShop('/en/magazine');
    await screen.findByRole('region', { name: 'Story 30' });
    await waitFor(() => expect(document.title).toMatch(/^Magazine \| /));
    expect(document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toContain('Stories about watches');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${window.location.origin}/en/magazine`);
    expect([...document.querySelectorAll('link[rel="alternate"]')].map((link) => link.getAttribute('hreflang'))).toEqual(['en', 'nl']);
  });

  it('shows a later page from the route query, without a lead story', async () => {
    await renderShop('/en/magazine?page=2');
    expect(await screen.findByRole('heading', { name: 'Story 17' })).toBeTruthy();
    expect(postsQueries()[0]).toMatchObject({ from: 13, size: 12 });
    expect(screen.queryByRole('region', { name: /Story/ })).toBeNull();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/en/magazine');
  });
});

describe('a category, a tag and a search', () => {
  it('opens a category at its address with a trailing slash, with its heading and only its posts', async () => {
    await renderShop('/en/magazine/category/news/');
    expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Story 30' });
    expect(postsQueries().at(-1)).toMatchObject({ category: 'news', from: 0, size: 12 });
    expect(screen.getByRole('link', { name: /^News\s*20\s*stories$/ }).getAttribute('aria-current')).toBe('page');
    // Breadcrumbs: 'Magazine' links to this store's /magazine.
    const trail = screen.getByRole('navigation', { name: /breadcrumb/i });
    expect(within(trail).getByRole('link', { name: 'Magazine' }).getAttribute('href')).toBe('/en/magazine');
  });

  it('is page not found for a category the store does not have', async () => {
    await renderShop('/en/magazine/category/no-such-thing');
    expect(await screen.findByText("Unfortunately we can't find the page")).toBeTruthy();
  });

  it('filters by a tag from the route query', async () => {
    await renderShop('/en/magazine?tag=rolex');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stories tagged “Rolex”' })).toBeTruthy();
    await waitFor(() => expect(postsQueries().at(-1)).toMatchObject({ tag: 'rolex', from: 0, size: 12 }));
  });

  it('refuses a search under 3 characters with the spec message, and searches from 3 on', { timeout: 20_000 }, async () => {
    const { router } = await renderShop('/en/magazine');
    const box = await screen.findByRole('searchbox', { name: 'Search the magazine' });
    fireEvent.change(box, { target: { value: ' ro ' } });
    fireEvent.submit(box.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe('Searched term should consist of at least 3 characters');
    expect(router.state.location.pathname).toBe('/en/magazine');
    fireEvent.change(box, { target: { value: 'rolex daytona' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(decodeURIComponent(router.state.location.pathname)).toBe('/en/magazine/search/rolex daytona'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Stories about “rolex daytona”' })).toBeTruthy();
    await waitFor(() => expect(postsQueries().at(-1)).toMatchObject({ q: 'rolex daytona' }));
  });

  it('a search address under 3 characters shows the message and asks nothing', async () => {
    await renderShop('/en/magazine/search/ro');
    expect((await screen.findByRole('alert')).textContent).toBe('Searched term should consist of at least 3 characters');
    expect(postsQueries()).toHaveLength(0);
  });

  it('says so when a search finds nothing', async () => {
    await renderShop('/en/magazine/search/nothing-here');
    expect(await screen.findByText('No stories here yet')).toBeTruthy();
    expect(screen.getByText(/No stories match “nothing-here”/)).toBeTruthy();
  });
});

describe('a post', () => {
  it('shows hero, title, author, date, reading time, category, tags, body, related products and neighbours', async () => {
    await renderShop('/en/magazine/2026/05/story-5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Story 5' })).toBeTruthy();
    expect(content.loadPost).toHaveBeenCalledWith('en', 'story-5');
    const hero = screen.getByAltText('Photograph for “Story 5”');
    expect(hero.getAttribute('src')).toBe('/media/content/story-5.svg?size=hero');
    expect([hero.getAttribute('width'), hero.getAttribute('height')]).toEqual(['1600', '900']);
    expect(screen.getByText('By Anna de Vries')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'A heading' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '#Rolex' }).getAttribute('href')).toBe('/en/magazine?tag=rolex');
    const trail = screen.getByRole('navigation', { name: /breadcrumb/i });
    expect(within(trail).getByRole('link', { name: 'Magazine' }).getAttribute('href')).toBe('/en/magazine');
    expect(within(trail).getByRole('link', { name: 'News' }).getAttribute('href')).toBe('/en/magazine/category/news');
    // The related products: a simple one adds to the cart, a configurable one opens its page; one gone is left out.
    const related = await screen.findByRole('region', { name: 'Featured in this story' });
    await within(related).findByText('Omega Seamaster');
    expect(within(related).getAllByRole('article')).toHaveLength(2);
    expect(await within(related).findByRole('button', { name: 'Add to cart' })).toBeTruthy();
    expect(within(related).getByRole('link', { name: 'Choose options: Rolex Daytona' }).getAttribute('href')).toBe('/en/watches/p-2');
    const more = screen.getByRole('navigation', { name: 'More from the magazine' });
    expect(within(more).getByRole('link', { name: /Previous story/ }).getAttribute('href')).toBe('/en/magazine/2026/05/story-4');
    expect(within(more).getByRole('link', { name: /Next story/ }).getAttribute('href')).toBe('/en/magazine/2026/05/story-6');
  });

  it('describes itself as an Article, with hreflang to the same post in the other store', async () => {
    await renderShop('/en/magazine/2026/05/story-5');
    await screen.findByRole('heading', { level: 1, name: 'Story 5' });
    await waitFor(() => expect(document.title).toMatch(/^Story 5 \| /));
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${window.location.origin}/en/magazine/2026/05/story-5`);
    expect(document.querySelector('link[hreflang="nl"]')?.getAttribute('href')).toBe(`${window.location.origin}/nl/magazine/2026/05/verhaal-5`);
    const article = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!) as Record<string, unknown>;
    expect(article).toMatchObject({
      '@type': 'Article',
      headline: 'Story 5',
      datePublished: '2026-05-14T09:30:00Z',
      author: { name: 'Anna de Vries' },
      publisher: { '@type': 'Organization' },
      image: [`${window.location.origin}/media/content/story-5.svg?size=hero`],
    });
  });

  it('opens at its own address when asked under another date', async () => {
    const { router } = await renderShop('/en/magazine/2025/01/story-5');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/magazine/2026/05/story-5'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Story 5' })).toBeTruthy();
  });

  it('is page not found when the post is not there', async () => {
    content.loadPost.mockRejectedValue(new ApiError(404, 'not_found', 'CMS query returned empty result'));
    await renderShop('/en/magazine/2026/05/gone');
    expect(await screen.findByText("Unfortunately we can't find the page")).toBeTruthy();
  });

  it('never read, opened offline: the shopper goes Home with the spec message', async () => {
    content.loadPost.mockRejectedValue(new ApiError(504, OFFLINE_MISS, 'Offline'));
    const { router } = await renderShop('/en/magazine/2026/05/never-read');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    expect((await screen.findByRole('alert')).textContent).toContain(NOT_AVAILABLE);
  });

  it('a failure online shows the error with a retry, not Home', async () => {
    content.loadPost.mockRejectedValueOnce(new ApiError(500, 'internal', 'boom'));
    const { router } = await renderShop('/en/magazine/2026/05/story-5');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Story 5' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en/magazine/2026/05/story-5');
  });

  it('an unknown magazine address is page not found', async () => {
    await renderShop('/en/magazine/2026/05');
    expect(await screen.findByText("Unfortunately we can't find the page")).toBeTruthy();
  });
});

describe('a product page', () => {
  const omega = product({ id: 1, name: 'Omega Seamaster' });

  it('shows the posts that mention the product ("wordpress by productId")', async () => {
    installFakeCatalogue({ products: [omega], urls: { 'watches/p-1': { _type: 'product', _source: omega } } });
    content.loadProductPosts.mockResolvedValue([summary(3), summary(2)]);
    await renderShop('/en/watches/p-1');
    const section = await screen.findByRole('region', { name: 'In the magazine' });
    expect(content.loadProductPosts).toHaveBeenCalledWith('en', 1);
    expect(within(section).getByRole('link', { name: 'Story 3' }).getAttribute('href')).toBe('/en/magazine/2026/05/story-3');
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows nothing of the magazine when no post mentions it', async () => {
    installFakeCatalogue({ products: [omega], urls: { 'watches/p-1': { _type: 'product', _source: omega } } });
    await renderShop('/en/watches/p-1');
    await screen.findByRole('heading', { level: 1, name: 'Omega Seamaster' });
    await waitFor(() => expect(content.loadProductPosts).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'In the magazine' })).toBeNull();
  });
});
