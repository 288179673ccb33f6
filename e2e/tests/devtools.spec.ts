import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { simpleProducts, type PageGlobals } from './cart-utils.ts';
import { expect, test } from './fixtures.ts';

/**
 * The developers' visualizer (issue 15): opened beside the shop in the same browser profile, it draws the shop tab's
 * machines live, logs their events, travels back to one, and exports a recording it then replays.
 */

const LAPTOP = { width: 1366, height: 768 };

async function section(viz: Page, name: string): Promise<void> {
  await viz.getByRole('tab', { name }).click();
  await expect(viz.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

async function axeClean(viz: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page: viz }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const problems = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(problems, `axe on the visualizer's ${where}`).toEqual([]);
}

test('the visualizer follows the shop tab: cart machine, its events, time travel and a replayed recording', async ({ page, context, request }, testInfo) => {
  test.setTimeout(120_000);
  const [product] = await simpleProducts(request, 1);
  const viz = page;
  await viz.setViewportSize(LAPTOP);
  // The visualizer speaks the interface language the developer chose (else the default store's, Dutch).
  await viz.addInitScript(() => (globalThis as unknown as PageGlobals).localStorage.setItem('shop.language', 'en'));
  await viz.goto('/__devtools');
  await expect(viz.getByRole('heading', { level: 1, name: 'Machine visualizer' })).toBeVisible();

  const shop = await context.newPage();
  await shop.goto(`/en/${product!.url_path}`);
  await expect(shop.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();

  // The cart connection's card (the shop tab's agent starts once its page is idle), with its statechart laid out
  // and its active state named; then the shopper adds to the cart.
  const machines = viz.getByRole('tabpanel');
  const cart = machines.locator('[data-machine="cartConnection"]').first();
  await expect(cart).toBeVisible({ timeout: 20_000 });
  await shop.getByRole('button', { name: 'Add to cart' }).click();
  await expect(shop.getByText('Product has been added to the cart!')).toBeVisible();
  await expect(cart).toHaveAttribute('data-active', /\S/);
  await expect(cart.getByRole('img', { name: /^Statechart of Cart connection; active: / })).toBeVisible({ timeout: 20_000 });
  await expect(cart.locator('.dt-node--current').first()).toBeVisible();
  await axeClean(viz, 'machines');
  await viz.screenshot({ path: testInfo.outputPath('devtools-machines.png') });

  // The cart machine's events in the log; one picked shows the machine as it was then, until back to live.
  await section(viz, 'Event log');
  const cartEvents = viz.locator('tr[data-log-machine="cartConnection"]');
  await expect(cartEvents.first()).toBeVisible();
  await viz.getByLabel('Machine').selectOption('cartConnection');
  await expect(viz.locator('tr[data-log-machine]:not([data-log-machine="cartConnection"])')).toHaveCount(0);
  await cartEvents.first().getByRole('button').click();
  await expect(viz.getByText(/^Viewing the past: cartConnection after /)).toBeVisible();
  const past = viz.locator('.dt-log__detail [data-machine="cartConnection"]');
  await expect(past).toHaveAttribute('data-active', /\S/);
  await axeClean(viz, 'event log');
  await viz.screenshot({ path: testInfo.outputPath('devtools-events.png') });
  await viz.getByRole('button', { name: 'Back to live' }).click();
  await expect(viz.getByText(/^Viewing the past/)).toHaveCount(0);

  // The cart's write reached the server: the leading tab's report has the line and nothing waiting.
  await section(viz, 'Replication');
  const cartRow = viz.locator('[data-collection="cart"]');
  await expect(cartRow).toHaveAttribute('data-pending', '0', { timeout: 20_000 });
  await expect(cartRow.getByRole('cell').nth(0)).toHaveText(/^1$/);
  await axeClean(viz, 'replication');
  await section(viz, 'Fault switches');
  await axeClean(viz, 'fault switches');

  await section(viz, 'Tabs');
  await expect(viz.locator('tr[data-tab][data-open="true"]')).toHaveCount(1);
  await axeClean(viz, 'tabs');
  await viz.screenshot({ path: testInfo.outputPath('devtools-tabs.png') });

  // The keyboard moves between the sections.
  await viz.getByRole('tab', { name: 'Tabs' }).focus();
  await viz.keyboard.press('ArrowRight');
  await expect(viz.getByRole('tab', { name: 'Replication' })).toBeFocused();
  await expect(viz.getByRole('tab', { name: 'Replication' })).toHaveAttribute('aria-selected', 'true');

  // Export the session, load it back, and step through it.
  await section(viz, 'Recording');
  const [download] = await Promise.all([viz.waitForEvent('download'), viz.getByRole('button', { name: 'Export recording' }).click()]);
  const file = testInfo.outputPath('recording.json');
  await download.saveAs(file);

  const input = viz.getByLabel('Recording file (JSON)');
  await input.setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{ not json') });
  await expect(viz.getByRole('alert')).toHaveText('This file is not JSON.');

  await input.setInputFiles(file);
  const status = viz.locator('.dt-replay__status');
  await expect(status).toHaveText(/^Step 0 of \d+$/);
  const total = Number(/of (\d+)/.exec((await status.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(0);
  await viz.getByRole('button', { name: 'Step forward' }).click();
  await expect(status).toHaveText(`Step 1 of ${total}`);
  await viz.getByLabel('Step', { exact: true }).fill(String(total));
  await expect(status).toHaveText(`Step ${total} of ${total}`);
  const replayed = viz.locator('.dt-replay [data-machine="cartConnection"]');
  await expect(replayed).toHaveAttribute('data-active', /\S/);
  await viz.getByRole('button', { name: 'Step back' }).click();
  await expect(status).toHaveText(`Step ${total - 1} of ${total}`);
  await axeClean(viz, 'recording');
  await viz.screenshot({ path: testInfo.outputPath('devtools-recording.png') });
});
