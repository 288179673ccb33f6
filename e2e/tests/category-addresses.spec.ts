import { expect, test } from './fixtures.ts';
import { searchApi, shoot } from './utils.ts';

/** Spec 1 §2: category pages accept the route params url-key, slug and id; the page shows at the category's path. */

interface Category {
  id: number;
  name: string;
  url_key: string;
  slug: string;
  url_path: string;
  level: number;
  thumbnail?: string;
}

test('a category opened by its id, url key or slug lands on its own page, its subcategories shown with their thumbnails', async ({ page, request, browserProblems }) => {
  browserProblems.expect(/^http 404: ((GET|HEAD) http:\/\/[^/]+\/en\/999999|POST http:\/\/[^/]+\/api\/url\/map\b.*999999)/, 'the journey opens a category id that does not exist');
  const { items } = await searchApi<Category>(request, { type: 'category', storeCode: 'en', filters: { is_active: true }, sort: 'position:asc', size: 4000 });
  const watches = items.find((c) => c.level === 2 && c.url_path === 'watches')!;
  const men = items.find((c) => c.url_path === 'watches/men')!;

  await page.goto(`/en/${watches.id}?sort=price-asc`);
  await expect(page).toHaveURL(/\/en\/watches\?sort=price-asc$/);
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
  await expect(page.getByRole('heading', { level: 1, name: watches.name })).toBeVisible();
  const subcategories = page.getByRole('list', { name: 'Subcategories' });
  const menLink = subcategories.getByRole('link', { name: men.name });
  await expect(menLink).toBeVisible();
  // The thumbnail is a picture the shop has (drawn from the demo data), loaded, not the placeholder.
  const thumbnail = menLink.locator('img');
  await expect(thumbnail).toHaveAttribute('src', /^\/media\/catalog\/.+\.svg\?size=150$/);
  await expect.poll(() => thumbnail.evaluate((img: { naturalWidth: number }) => img.naturalWidth)).toBeGreaterThan(0);
  // Every subcategory has one (the demo draws one for each).
  const images = subcategories.locator('img');
  await expect(images).toHaveCount(await subcategories.getByRole('listitem').count());
  await expect.poll(() => images.evaluateAll((all: Array<{ complete: boolean; naturalWidth: number }>) => all.every((img) => img.complete && img.naturalWidth > 0))).toBe(true);
  await shoot(page, 'category-by-id', { fullPage: false });

  for (const alias of [men.url_key, men.slug]) {
    await page.goto(`/en/${alias}`);
    await expect(page).toHaveURL(/\/en\/watches\/men$/);
    await expect(page.getByRole('heading', { level: 1, name: men.name })).toBeVisible();
  }
  // Inside the app too: a link by id is followed to the page's own address.
  await page.evaluate(`history.pushState({}, '', '/en/${watches.id}'); dispatchEvent(new PopStateEvent('popstate'));`);
  await expect(page).toHaveURL(/\/en\/watches$/);
  await expect(page.getByRole('heading', { level: 1, name: watches.name })).toBeVisible();

  // A number that is no category is the not-found page, not a broken one.
  await page.goto('/en/999999');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Unfortunately we can't find the page");
});
