import { defineConfig } from '@playwright/test';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Journeys run in Debian's Chromium against the real server, which serves the built client on one port.
 * Each run gets a fresh data folder (<tmp>/shop-e2e-<port>, emptied when the run starts and left afterwards for a
 * look at what the journeys wrote), so the server migrates and seeds the demo catalogue on its first start.
 * E2E_BASE_URL points the journeys at an already running shop instead (no server is started then);
 * E2E_PORT and E2E_CLIENT_DIST let two runs (each with its own client build) go side by side; E2E_PORT is the only
 * port a run needs (the external-checkout journey's second shop takes a free one).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3217);
// Workers re-read this file: the folder is emptied once, by the runner, and handed down through the environment.
// One folder per port, so runs never pile up data folders in the temp directory.
if (!process.env.E2E_DATA_DIR) {
  const dataDir = path.join(tmpdir(), `shop-e2e-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  process.env.E2E_DATA_DIR = dataDir;
}
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  // Chromium must see a network interface besides loopback, or it reports itself offline (README).
  globalSetup: './tests/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report feeds the one closing line of `pnpm validate` (scripts/test-summary.mjs).
  reporter: [['list'], ['json', { outputFile: path.join(root, 'test-results', 'e2e.json') }]],
  use: {
    baseURL,
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  ...(external
    ? {}
    : {
        webServer: {
          command: 'pnpm --filter @shop/server start',
          cwd: root,
          // Ready: listening and its catalogue loaded (before, searches answer a 503 `catalogue_loading`).
          url: `${baseURL}/health/ready`,
          reuseExistingServer: false,
          // The first start builds and seeds the catalogue database.
          timeout: 300_000,
          stdout: 'pipe',
          stderr: 'pipe',
          env: {
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: process.env.E2E_DATA_DIR,
            CLIENT_DIST: process.env.E2E_CLIENT_DIST ?? path.join(root, 'client', 'dist'),
            LOG_LEVEL: 'warn',
            // The journeys read the mails the shop sent (order mails) from the developers' mailbox.
            DEV_MAILBOX: 'true',
            // The developers' visualizer (issue 15): its journeys and the bench open /__devtools beside the shop.
            DEVTOOLS: process.env.E2E_DEVTOOLS ?? 'on',
            // Every journey registers its customers from 127.0.0.1: the per-address form throttle would ask the
            // API helpers for the captcha (security/accounts-throttle.test.ts tests the throttle itself).
            FORM_RATE_MAX: '1000000',
            FORM_CAPTCHA_AFTER: '1000000',
            // Every journey's product views are statistics events from 127.0.0.1 (its own throttle: queued-routes.test.ts).
            STATS_RATE_MAX: '100000000',
            // The forms' journeys read what came in through the operators' admin API (issue 17).
            ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN ?? 'e2e-admin-token-of-the-journeys',
          },
        },
      }),
});
