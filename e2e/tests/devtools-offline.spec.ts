import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { offlineShellReady } from './utils.ts';

/**
 * The developers' visualizer works offline once visited (issue 15), yet a shopper's service worker never downloads
 * it: its files (`assets/devtools/`: the page, panels, agent, texts, styles and ELK's layout worker) are left out of
 * the precache, and the worker keeps each one when it is first fetched.
 */

interface PageGlobals {
  caches: { keys(): Promise<string[]>; open(name: string): Promise<{ keys(): Promise<Array<{ url: string }>> }> };
  localStorage: { setItem(key: string, value: string): void };
}

const DEVTOOLS_FILE = /(^|\/)assets\/devtools\/|elk|agent-start|devtools-page|devtools-panels|devtools-protocol/;

/** The addresses in the worker's caches whose name starts with `prefix`. */
function cachedUrls(page: Page, prefix: string): Promise<string[]> {
  return page.evaluate(async (start) => {
    const { caches } = globalThis as unknown as PageGlobals;
    const names = (await caches.keys()).filter((name) => name.startsWith(start));
    const urls = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)));
    return urls.flat();
  }, prefix);
}

test("the visualizer opens offline once visited, and a shopper's worker precaches none of it", async ({ page, context }) => {
  test.setTimeout(90_000);
  // The built worker's precache list names no visualizer file.
  const built = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../client/dist/service-worker.js'), 'utf8');
  const precacheList = [...built.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
  expect(precacheList.length, 'the built worker lists its precache').toBeGreaterThan(20);
  expect(precacheList.filter((url) => DEVTOOLS_FILE.test(url))).toEqual([]);

  // A shop tab: its worker installs, and its machines are there for the visualizer to draw.
  const shop = page;
  await shop.goto('/en');
  await expect(shop.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
  await offlineShellReady(shop);
  const precached = await cachedUrls(shop, 'workbox-precache');
  expect(precached.length, "the worker's precache").toBeGreaterThan(20);
  expect(precached.filter((url) => DEVTOOLS_FILE.test(url))).toEqual([]);

  // Online: the visualizer draws a machine of the shop tab (ELK lays the statechart out in its worker).
  const viz = await context.newPage();
  await viz.addInitScript(() => (globalThis as unknown as PageGlobals).localStorage.setItem('shop.language', 'en'));
  await viz.goto('/__devtools');
  await expect(viz.getByRole('heading', { level: 1, name: 'Machine visualizer' })).toBeVisible();
  const card = viz.locator('[data-machine]').first();
  await expect(card.getByRole('img', { name: /^Statechart of / })).toBeVisible({ timeout: 30_000 });
  // What it fetched is kept: its page, its texts and the layout worker.
  const kept = await cachedUrls(viz, 'shop-assets');
  expect(kept.some((url) => /\/assets\/devtools\/devtools-page-[^/]+\.js$/.test(url))).toBe(true);
  expect(kept.some((url) => /\/assets\/devtools\/elk-worker[^/]*\.js$/.test(url))).toBe(true);

  // Offline, the visualizer opens again: its heading, its sections, and a machine of the shop tab drawn.
  await context.setOffline(true);
  await viz.reload();
  await expect(viz.getByRole('heading', { level: 1, name: 'Machine visualizer' })).toBeVisible();
  const sections = viz.getByRole('tablist', { name: 'Visualizer sections' });
  for (const name of ['Machines', 'Event log', 'Tabs', 'Replication', 'Fault switches', 'Recording']) await expect(sections.getByRole('tab', { name })).toBeVisible();
  await expect(viz.locator('[data-machine]').first().getByRole('img', { name: /^Statechart of / })).toBeVisible({ timeout: 30_000 });
  await viz.screenshot({ path: test.info().outputPath('devtools-offline.png') });
  await context.setOffline(false);
});
