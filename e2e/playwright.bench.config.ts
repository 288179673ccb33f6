import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * `pnpm bench`'s browser part: Lighthouse and the JavaScript of the shop's pages, the sync timings of issue 4 (tab to tab, device to device through the server, draining
 * queued writes) and the developers' visualizer's cost per inspected event on the shop's tab (issue 15), measured in
 * Debian's Chromium against the real server. Prints medians and 95th percentiles; asserts no time (machines here are
 * shared and noisy).
 */
export default defineConfig({
  ...base,
  testDir: './bench',
  testMatch: '**/*.bench.ts',
  reporter: [['list']],
  retries: 0,
  timeout: 600_000,
});
