import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { axeClean } from './a11y.ts';
import { productList, searchApi, shoot, type ApiCategory } from './utils.ts';

/**
 * Issue 19 items 2 and 3: cards tell alike pieces apart by a short facts line (condition, year, box and papers; for
 * stones carat, colour and clarity), and on a phone a category's many sub-categories keep to one scrolling row, so
 * the first products start on the first screen.
 */

const PHONE = { width: 390, height: 844 };
const CLARITY = '(FL|IF|VVS1|VVS2|VS1|VS2|SI1|SI2)';
const COLOUR = '([D-K]|Fancy yellow|Fancy pink)';

async function category(request: APIRequestContext, urlPath: string): Promise<ApiCategory> {
  const { items } = await searchApi<ApiCategory>(request, { type: 'category', storeCode: 'en', filters: { is_active: true }, size: 4000 });
  const found = items.find((c) => c.url_path === urlPath);
  expect(found, `the demo shop has the category ${urlPath}`).toBeDefined();
  return found!;
}

async function settled(page: Page): Promise<void> {
  await expect(productList(page).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Products', exact: true })).not.toHaveAttribute('aria-busy', 'true');
}

/** Facts lines of the listed cards, once the labels are in (a card's line may be empty only for a piece without facts). */
async function factLines(page: Page, count: number): Promise<string[]> {
  const lines = productList(page).getByTestId('product-facts');
  await expect(lines.first()).not.toBeEmpty();
  return (await lines.allTextContents()).slice(0, count).map((line) => line.replace(/\s+/g, ' ').trim());
}

test('watch cards show condition, year and papers; the condition facet narrows them; diamond cards show carat, colour and clarity', async ({ page, request }) => {
  const rolex = await category(request, 'watches/rolex');
  await page.goto(`/en/${rolex.url_path}`);
  await settled(page);

  const watches = await factLines(page, 12);
  expect(watches.length).toBeGreaterThanOrEqual(8);
  for (const line of watches) expect(line).toMatch(/^(New|Pre-owned|Vintage) · Year (19|20)\d\d( · (Full set|Box & papers|Papers only|Box only))?$/);
  expect(watches.some((line) => line.startsWith('New · Year 2025 · Full set'))).toBe(true);
  // The line is part of the card's link: a screen reader hears which of the alike pieces a link opens.
  await expect(productList(page).first().getByRole('link')).toHaveAccessibleName(/ (New|Pre-owned|Vintage) Year (19|20)\d\d/);
  await shoot(page, 'category-desktop', { fullPage: false });
  await axeClean(page, 'a watch category with facts lines');

  // Condition is a facet: vintage pieces only, each dated before 1986.
  await page.getByRole('complementary').locator('summary', { hasText: 'Condition' }).click();
  await page.getByRole('complementary').getByRole('checkbox', { name: /^Vintage \(\d+\)$/ }).check();
  await expect(page).toHaveURL(/condition=/);
  await settled(page);
  await expect.poll(async () => (await factLines(page, 50)).every((line) => line.startsWith('Vintage · Year 19'))).toBe(true);
  for (const line of await factLines(page, 50)) expect(Number(/Year (\d{4})/.exec(line)?.[1])).toBeLessThan(1986);

  const diamonds = await category(request, 'diamonds');
  await page.goto(`/en/${diamonds.url_path}`);
  await settled(page);
  const stones = await factLines(page, 12);
  for (const line of stones) expect(line).toMatch(new RegExp(`^\\d+\\.\\d\\d ct · Colour ${COLOUR} · Clarity ${CLARITY}$`));
  // The card's name gives the same weight and clarity as its facts.
  const first = productList(page).first();
  const [, carat, , clarity] = new RegExp(`^(\\d+\\.\\d\\d) ct · Colour ${COLOUR} · Clarity ${CLARITY}$`).exec(stones[0]!)!;
  await expect(first.getByRole('link')).toContainText(`${carat} ct`);
  await expect(first.getByRole('link')).toContainText(clarity!);
  await axeClean(page, 'the diamonds category');
});

test('on a phone the sub-categories keep to one scrolling row, the first products start on the first screen, and "All" opens every chip', async ({ page, request }) => {
  const watches = await category(request, 'watches');
  await page.setViewportSize(PHONE);
  await page.goto(`/en/${watches.url_path}`);
  await settled(page);

  const chips = page.getByRole('list', { name: 'Subcategories' });
  const links = chips.getByRole('link');
  expect(await links.count(), 'a category with many sub-categories').toBeGreaterThanOrEqual(10);
  // One row: every chip on the same line, the row no taller than a chip.
  const firstChip = (await links.first().boundingBox())!;
  const lastChip = (await links.last().boundingBox())!;
  expect(Math.abs(lastChip.y - firstChip.y)).toBeLessThan(2);
  expect((await chips.boundingBox())!.height).toBeLessThan(firstChip.height + 12);
  // The first card starts on the first screen.
  const card = (await productList(page).first().boundingBox())!;
  expect(card.y, 'top of the first product card').toBeLessThan(PHONE.height);
  await shoot(page, 'category-phone', { fullPage: false });
  await axeClean(page, 'a category on a phone');

  // The row scrolls sideways by keyboard too: tabbing to the last chip brings it into the row's view.
  await links.last().focus();
  await expect(links.last()).toBeInViewport();

  // "All" opens every chip, wrapped, by keyboard; pressed again it closes them.
  const all = page.getByRole('button', { name: /^All \(\d+\) Subcategories$/ });
  await expect(all).toHaveAttribute('aria-expanded', 'false');
  await all.focus();
  await page.keyboard.press('Enter');
  const fewer = page.getByRole('button', { name: /^Show fewer/ });
  await expect(fewer).toHaveAttribute('aria-expanded', 'true');
  const wrapped = (await links.last().boundingBox())!;
  expect(wrapped.y).toBeGreaterThan((await links.first().boundingBox())!.y + 20);
  for (const link of await links.all()) {
    const box = (await link.boundingBox())!;
    expect(box.x + box.width, 'every chip within the screen').toBeLessThanOrEqual(PHONE.width);
  }
  await shoot(page, 'category-phone-expanded', { fullPage: false });
  await axeClean(page, 'a category on a phone with every sub-category shown');
  await page.keyboard.press('Enter');
  await expect(all).toHaveAttribute('aria-expanded', 'false');
  await expect(all).toBeFocused();
});
