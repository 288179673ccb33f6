import { defineConfig } from 'vitest/config';

// Every project's tests run with the network closed but for servers they start themselves (server/src/test/no-network.ts).
const noNetwork = '../server/src/test/no-network.ts';

export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      { test: { name: 'shared', root: './shared', include: ['src/**/*.test.ts'], setupFiles: [noNetwork] } },
      { test: { name: 'server', root: './server', include: ['src/**/*.test.ts'], setupFiles: [noNetwork], testTimeout: 30_000, hookTimeout: 60_000 } },
      // The workspace's own tooling (lint configuration).
      { test: { name: 'tooling', root: '.', include: ['scripts/**/*.test.mjs'], setupFiles: ['./server/src/test/no-network.ts'] } },
      {
        test: { name: 'client', root: './client', include: ['src/**/*.test.{ts,tsx}'], environment: 'happy-dom', setupFiles: [noNetwork] },
      },
    ],
  },
});
