import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      { test: { name: 'shared', root: './shared', include: ['src/**/*.test.ts'] } },
      { test: { name: 'server', root: './server', include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        test: { name: 'client', root: './client', include: ['src/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
    ],
  },
});
