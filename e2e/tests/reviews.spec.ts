import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from './fixtures.ts';
import { simpleProducts } from './cart-utils.ts';

/**
 * Reviews (spec 2 §3, §7, §8): a shopper's review is 'submitted for moderation' and not listed; once the shop
 * operator approves it (the `shop reviews` command on the same database), the product page lists it with its rating.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function shop(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('pnpm', ['--silent', '--filter', '@shop/server', 'shop', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'silent' },
  });
  return stdout;
}

test('a review waits for moderation, then is listed with its rating', async ({ page, request }) => {
  test.skip(!!process.env.E2E_BASE_URL, 'moderation runs the command on the journeys’ own database');
  const [watch] = await simpleProducts(request, 1);
  await page.goto(`/en/${watch!.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: watch!.name })).toBeVisible();
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('No reviews yet. Be the first to share your opinion.')).toBeVisible();

  await reviews.getByRole('button', { name: 'Write a review' }).click();
  const form = reviews.getByRole('form', { name: 'Your review' });
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form.getByText('Field is required')).toHaveCount(3);
  await expect(form.getByText('Please choose a rating from 1 to 5 stars')).toBeVisible();
  await expect(form.getByRole('radio', { name: '1 star' })).toBeFocused();

  // The stars are the radios' labels: a click on the fourth chooses 4.
  await form.getByRole('group', { name: 'Your rating' }).locator('label').filter({ hasText: '4 stars' }).click();
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await form.getByLabel('Nickname').fill('Anna');
  await form.getByLabel('Summary').fill('Keeps perfect time');
  await form.getByLabel('Review').fill('Bought it for my husband; he has not taken it off since.');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Thank you! Your review has been submitted for moderation.')).toBeVisible();

  // Pending: not listed.
  await page.reload();
  await expect(reviews.getByText('No reviews yet. Be the first to share your opinion.')).toBeVisible();

  const pending = await shop('reviews', 'pending');
  const id = /#(\d+)[^\n]*Anna[^\n]*\n\s*Keeps perfect time/.exec(pending)?.[1];
  expect(id, `the pending review in:\n${pending}`).toBeTruthy();
  await shop('reviews', 'approve', id!);

  await page.reload();
  await expect(reviews.getByRole('heading', { name: 'Keeps perfect time' })).toBeVisible();
  await expect(reviews.getByText('by Anna', { exact: false })).toBeVisible();
  await expect(reviews.getByText('Rated 4.0 out of 5')).toBeVisible();
  await expect(reviews.getByRole('img', { name: '4 out of 5 stars' }).first()).toBeVisible();
  // The score in percent (spec 1 §3 'ratings') beside the stars, the review's and the average's.
  await expect(reviews.getByRole('listitem').filter({ hasText: 'Keeps perfect time' }).getByRole('img', { name: '4 out of 5 stars, 80%' })).toBeVisible();
  await expect(reviews.getByRole('listitem').filter({ hasText: 'Keeps perfect time' }).getByText('80%', { exact: true })).toBeVisible();
  await reviews.screenshot({ path: test.info().outputPath('reviews-with-percent.png') });
});
