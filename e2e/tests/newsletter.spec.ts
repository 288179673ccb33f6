import { expect, test } from './fixtures.ts';
import { simpleProducts } from './cart-utils.ts';

/**
 * The newsletter modal (spec 2 §7, §9): it appears once the visitor has looked around (never on the first paint),
 * subscribing solves the shop's own proof-of-work captcha in the browser, shows the 10% coupon with a copy button,
 * and the modal is not offered again.
 */

test('subscribing from the newsletter modal with the proof-of-work captcha gives a 10% coupon, once', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const [watch] = await simpleProducts(request, 1);
  // The page's clock, so a minute on the site passes at once.
  await page.clock.install();
  await page.goto('/en');
  await expect(page.getByRole('button', { name: /^Wishlist, / })).toBeVisible();
  const modal = page.getByRole('dialog', { name: '10% off your first order' });
  await page.clock.runFor(90_000);
  // One page is not enough.
  await expect(modal).toHaveCount(0);

  await page.goto(`/en/${watch!.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: watch!.name })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Wishlist, / })).toBeVisible();
  await page.clock.runFor(65_000);
  await expect(modal).toBeVisible();

  const email = `newsletter-${Date.now()}@example.com`;
  await modal.getByRole('button', { name: 'Subscribe' }).click();
  await expect(modal.getByText('Field is required')).toBeVisible();
  await modal.getByLabel('E-mail address').fill('not-an-address');
  await expect(modal.getByText('Please provide valid e-mail address')).toBeVisible();
  await modal.getByLabel('E-mail address').fill(email);
  await modal.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('You have subscribed to our newsletter.')).toBeVisible({ timeout: 30_000 });
  const code = modal.locator('code');
  await expect(code).toHaveText(/\S{4,}/);
  await modal.getByRole('button', { name: 'Copy code' }).click();
  await expect(page.getByText('Text copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).toBe(await code.textContent());

  const status = await request.get(`/api/ext/mailchimp-subscribe/subscribe?email=${encodeURIComponent(email)}`);
  expect((await status.json()).result).toBe('subscribed');

  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toHaveCount(0);
  // Offered once: not again after more pages and time.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Wishlist, / })).toBeVisible();
  await page.clock.runFor(120_000);
  await page.goto('/en');
  await expect(page.getByRole('button', { name: /^Wishlist, / })).toBeVisible();
  await page.clock.runFor(120_000);
  await expect(modal).toHaveCount(0);
});

test('the modal stays away once dismissed', async ({ page, request }) => {
  const [watch] = await simpleProducts(request, 1);
  await page.clock.install();
  await page.goto('/en');
  await expect(page.getByRole('button', { name: /^Wishlist, / })).toBeVisible();
  await page.goto(`/en/${watch!.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: watch!.name })).toBeVisible();
  // The header's extras (with the newsletter's watch) are in once the heart is.
  await expect(page.getByRole('button', { name: /^Wishlist, / })).toBeVisible();
  await page.clock.runFor(65_000);
  const modal = page.getByRole('dialog', { name: '10% off your first order' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Checking you are not a robot…').or(modal.getByText('Robot check done.'))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await page.goto('/en');
  await expect(page.getByRole('button', { name: /^Wishlist, / })).toBeVisible();
  await page.clock.runFor(120_000);
  await expect(modal).toHaveCount(0);
});
