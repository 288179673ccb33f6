import fs from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import { clusterAvailable } from './scripts/postgres-cluster.mjs';
import { NOT_ON_POSTGRES } from './server/src/test/engine-files.ts';

// Every project's tests run with the network closed but for servers they start themselves (server/src/test/no-network.ts).
const noNetwork = '../server/src/test/no-network.ts';
const server = { root: './server', include: ['src/**/*.test.ts', 'chaos/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 };

/**
 * The server tests run twice: on SQLite (`server`) and on a throwaway PostgreSQL cluster (`server-pg`), or on the
 * server SHOP_TEST_POSTGRES_URL names. Without PostgreSQL a developer still gets the SQLite half, with one line that
 * says so (repeated by scripts/test-summary.mjs); CI sets SHOP_REQUIRE_POSTGRES=1, and then a missing PostgreSQL fails.
 */
function postgresHalf(): boolean {
  const available = process.env.SHOP_TEST_POSTGRES_URL ? { ok: true, why: '' } : clusterAvailable();
  const note = available.ok ? { skipped: false } : { skipped: true, line: `PostgreSQL half skipped locally: ${available.why} (apt-get install postgresql, or set SHOP_TEST_POSTGRES_URL to a server); CI runs it` };
  if (!available.ok && process.env.SHOP_REQUIRE_POSTGRES === '1') throw new Error(`SHOP_REQUIRE_POSTGRES=1 but ${available.why}: run scripts/ensure-postgres.sh, or set SHOP_TEST_POSTGRES_URL.`);
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync('test-results/postgres.json', `${JSON.stringify(note)}\n`);
  if (note.line) console.warn(note.line);
  return available.ok;
}

export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      { test: { name: 'shared', root: './shared', include: ['src/**/*.test.ts'], setupFiles: [noNetwork] } },
      { test: { name: 'server', ...server, setupFiles: [noNetwork] } },
      ...(postgresHalf()
        ? [
            {
              test: {
                name: 'server-pg',
                ...server,
                exclude: [...configDefaults.exclude, ...NOT_ON_POSTGRES],
                env: { SHOP_TEST_ENGINE: 'postgres' },
                globalSetup: ['./src/test/postgres-global-setup.ts'],
                setupFiles: [noNetwork, './src/test/postgres-setup.ts'],
              },
            },
          ]
        : []),
      // The workspace's own tooling (lint configuration).
      { test: { name: 'tooling', root: '.', include: ['scripts/**/*.test.mjs'], setupFiles: ['./server/src/test/no-network.ts'] } },
      {
        // A time limit catches a hang, it does not measure speed (benchmarks do): 5 s was met by slow renders on a busy
        // two-core machine, so the client's tests get the room the server's have.
        test: { name: 'client', root: './client', include: ['src/**/*.test.{ts,tsx}'], environment: 'happy-dom', setupFiles: [noNetwork, './src/test/setup.ts'], testTimeout: 20_000 },
      },
    ],
  },
});
