import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { cartLine, openMinicart } from './cart-utils.ts';
import { searchApi, shoot, offlineShellReady } from './utils.ts';

/**
 * The magazine (issue 18 §7, §10): browse the index and a category (its address with a trailing slash), search (3
 * characters at least), open a post and add one of its products to the cart; read a post, go offline and reload it;
 * open a post never read while offline and land Home with the spec's message.
 */

interface PostSummary {
  id: number;
  slug: string;
  title: string;
  path: string;
  image: string | null;
  categories: Array<{ slug: string; name: string }>;
}
interface Post extends PostSummary {
  related_skus: string[];
}
interface Picture {
  complete: boolean;
  naturalWidth: number;
  currentSrc: string;
}

const NOT_AVAILABLE = 'The product, category or CMS page is not available in Offline mode. Redirecting to Home.';

async function posts(request: APIRequestContext, query = ''): Promise<{ items: PostSummary[]; total: number }> {
  const response = await request.get(`/api/content/wordpress_posts?storeCode=en&size=60${query}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).result;
}

async function post(request: APIRequestContext, id: number): Promise<Post> {
  const response = await request.get(`/api/ext/wordpress/post/${id}?storeCode=en`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).result;
}

/** A post with a picture among whose products one is simple, in stock, priced and needs no size: it adds from the card. */
async function postWithAddableProduct(request: APIRequestContext): Promise<{ post: Post; product: { id: number; sku: string; name: string; url_path: string } }> {
  for (const summary of (await posts(request)).items) {
    if (!summary.image) continue;
    const full = await post(request, summary.id);
    if (full.related_skus.length === 0) continue;
    const { items } = await searchApi<{ id: number; sku: string; name: string; url_path: string; type_id: string; custom_size_kind?: string; price_incl_tax: number; stock: { is_in_stock: boolean }; allowedcountries?: string[] }>(request, {
      type: 'product',
      storeCode: 'en',
      filters: { sku: full.related_skus },
      size: full.related_skus.length,
    });
    const addable = items.find((item) => item.type_id === 'simple' && !item.custom_size_kind && item.price_incl_tax > 0 && item.stock.is_in_stock && !item.allowedcountries?.length);
    if (addable) return { post: full, product: addable };
  }
  throw new Error('no post of the demo magazine names a simple product in stock');
}

async function expectPictureShown(image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element) => (element as unknown as Picture).complete && (element as unknown as Picture).naturalWidth > 0)).toBe(true);
}

function postHeading(page: Page, title: string): Locator {
  return page.getByRole('heading', { level: 1, name: title });
}

test('browse the magazine: the index, a category chip, news with its trailing slash, search, a post and its product into the cart', async ({ page, request }) => {
  const newest = (await posts(request, '&sort=published_at:desc')).items[0]!;

  await page.goto('/en/magazine');
  await expect(page.getByRole('heading', { level: 1, name: 'Magazine' })).toBeVisible();
  // The lead story is the newest post, on its hero picture.
  const lead = page.getByRole('region', { name: newest.title });
  await expect(lead).toBeVisible();
  await expectPictureShown(lead.locator('img'));
  expect(await lead.locator('img').evaluate((element) => (element as unknown as Picture).currentSrc)).toContain('/media/content/');
  await expect(page.locator('.post-grid').getByRole('article').first()).toBeVisible();
  await shoot(page, 'magazine-index-desktop');

  // A category chip opens its category.
  const chips = page.getByRole('navigation', { name: 'Magazine categories' });
  const chip = chips.getByRole('link').nth(1);
  const chipHref = (await chip.getAttribute('href'))!;
  await chip.click();
  await expect(page).toHaveURL(new RegExp(`${chipHref}$`));
  await expect(chips.getByRole('link', { name: /stories$/ }).and(page.locator('[aria-current="page"]'))).toBeVisible();
  await expect(page.locator('.post-grid').getByRole('article').first()).toBeVisible();

  // Spec 1 §2: magazine/category/news/ is a page of the shop, trailing slash and all.
  const news = (await posts(request, '&category=news')).items;
  expect(news.length, 'the demo magazine has news').toBeGreaterThan(0);
  await page.goto('/en/magazine/category/news/');
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  await expect(page.getByRole('heading', { name: news[0]!.title })).toBeVisible();
  // Its breadcrumb 'Magazine' leads to the magazine.
  await page.getByRole('navigation', { name: /breadcrumb/i }).getByRole('link', { name: 'Magazine' }).click();
  await expect(page).toHaveURL(/\/en\/magazine$/);

  // Search: 2 characters are refused with the spec's message; a word finds its posts.
  const box = page.getByRole('searchbox', { name: 'Search the magazine' });
  await box.fill('ro');
  await box.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Searched term should consist of at least 3 characters' })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/magazine$/);
  const word = newest.title.split(/\s+/).find((part) => part.length >= 5)!.replace(/[^\p{L}\p{N}-]/gu, '');
  await box.fill(word);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/en/magazine/search/${encodeURIComponent(word)}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Stories about “${word}”` })).toBeVisible();
  await expect(page.getByRole('heading', { name: newest.title })).toBeVisible();

  // A post, and one of its products into the cart from its card.
  const { post: story, product } = await postWithAddableProduct(request);
  await page.goto(`/en/${story.path}`);
  await expect(postHeading(page, story.title)).toBeVisible();
  await expectPictureShown(page.locator('.magazine-post__hero img'));
  const related = page.getByRole('region', { name: 'Featured in this story' });
  const piece = related.locator('.magazine-products__piece').filter({ has: page.getByText(product.name, { exact: true }) });
  await expect(piece).toBeVisible();
  await shoot(page, 'magazine-post-desktop');
  await piece.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Product has been added to the cart!')).toBeVisible();
  const drawer = await openMinicart(page);
  await expect(cartLine(drawer, product.name)).toBeVisible();
  await page.keyboard.press('Escape');

  // The product's page shows the posts that mention it ("wordpress by productId"), newest first.
  const mentions = await request.get(`/api/ext/wordpress/product/${product.id}?storeCode=en`);
  const [newestMention] = (await mentions.json()).result as PostSummary[];
  await page.goto(`/en/${product.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const inMagazine = page.getByRole('region', { name: 'In the magazine' });
  await expect(inMagazine.getByRole('link', { name: newestMention!.title })).toHaveAttribute('href', `/en/${newestMention!.path}`);
});

test('a post read once opens offline with its picture; one never read sends the shopper Home', async ({ page, context, request }) => {
  const [read, unread] = (await posts(request)).items.filter((candidate) => candidate.image);
  expect(unread, 'two posts with pictures').toBeDefined();

  await page.goto('/en');
  await expect(page.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
  await offlineShellReady(page);

  await page.goto(`/en/${read!.path}`);
  await expect(postHeading(page, read!.title)).toBeVisible();
  await expectPictureShown(page.locator('.magazine-post__hero img'));

  await context.setOffline(true);
  await page.reload();
  await expect(postHeading(page, read!.title)).toBeVisible();
  await expectPictureShown(page.locator('.magazine-post__hero img'));

  // Never read: Home, with the spec's notice.
  await page.goto(`/en/${unread!.path}`);
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('alert').filter({ hasText: NOT_AVAILABLE })).toBeVisible();
  await context.setOffline(false);
});

test('the magazine on a phone', async ({ page, request }) => {
  const story = (await posts(request)).items.find((candidate) => candidate.image)!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/en/magazine');
  await expect(page.locator('.lead-story img')).toBeVisible();
  await expect(page.locator('.post-grid').getByRole('article').first()).toBeVisible();
  await shoot(page, 'magazine-index-phone');
  await page.goto(`/en/${story.path}`);
  await expect(postHeading(page, story.title)).toBeVisible();
  await expectPictureShown(page.locator('.magazine-post__hero img'));
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement.scrollWidth <= (globalThis as unknown as { document: { documentElement: { clientWidth: number } } }).document.documentElement.clientWidth)).toBe(true);
  await shoot(page, 'magazine-post-phone');
});
