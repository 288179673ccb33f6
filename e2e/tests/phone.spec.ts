import { expect, test } from './fixtures.ts';
import { shownTotal } from './utils.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the menu is a drawer and the filters a slide-over', async ({ page }) => {
  await page.goto('/en');
  await page.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('navigation', { name: 'Categories' }).getByRole('button').first().click();
  await drawer.getByRole('link', { name: /^All / }).first().click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const total = await shownTotal(page);
  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await expect(filters).toBeVisible();
  await filters.getByRole('checkbox').first().check();
  await expect(page).toHaveURL(/\?[a-z_]+=/);
  await filters.getByRole('button', { name: /^Show \d+ products?$/ }).click();
  await expect(filters).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expect.poll(() => shownTotal(page)).toBeLessThanOrEqual(total);
});
