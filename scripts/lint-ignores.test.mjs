// Lint skips generated folders wherever they are (eslint.config.js reads .gitignore): an interrupted journey run
// leaves e2e/test-results/.playwright-artifacts-* behind, which must not fail the next `pnpm lint`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { gitIgnoredGlobs } from '../eslint.config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const leftovers = path.join(root, 'e2e', 'test-results', '.playwright-artifacts-lint-check');
afterAll(() => fs.rmSync(leftovers, { recursive: true, force: true }));

describe('lint ignores', () => {
  it('turn .gitignore lines into globs that match at any depth', () => {
    expect(gitIgnoredGlobs('# built\nnode_modules/\n*.log\n/local.txt\ntools/out/\n!keep.me\n\n')).toEqual(['**/node_modules/**', '**/*.log', '**/*.log/**', 'local.txt', 'local.txt/**', 'tools/out/**']);
  });

  it('skip generated folders at any depth and lint the sources', async () => {
    const eslint = new ESLint({ cwd: root });
    for (const file of ['e2e/test-results/.playwright-artifacts-3/trace.js', 'test-results/vitest.json', 'server/data/shop.sqlite', 'client/dist/assets/app.js', 'e2e/playwright-report/index.js', 'server/bench-results/run.js']) {
      expect(await eslint.isPathIgnored(path.join(root, file)), file).toBe(true);
    }
    for (const file of ['client/src/main.tsx', 'server/src/app.ts', 'e2e/tests/utils.ts', 'eslint.config.js']) {
      expect(await eslint.isPathIgnored(path.join(root, file)), file).toBe(false);
    }
  });

  it('leave a broken file in an interrupted run’s artifacts out of `eslint .`', async () => {
    fs.mkdirSync(leftovers, { recursive: true });
    fs.writeFileSync(path.join(leftovers, 'broken.js'), 'var unused = ;\n');
    const eslint = new ESLint({ cwd: root, errorOnUnmatchedPattern: false });
    const results = await eslint.lintFiles(['e2e']);
    expect(results.filter((result) => result.filePath.includes('test-results'))).toEqual([]);
    expect(results.some((result) => result.filePath.endsWith(path.join('e2e', 'tests', 'utils.ts')))).toBe(true);
  });
});
