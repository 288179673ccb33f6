// The closing line of `pnpm validate` says whether the server tests' PostgreSQL half ran, and CI fails without it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-summary.mjs');
const dirs = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function summary(postgres, env = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-summary-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'test-results'));
  fs.writeFileSync(path.join(dir, 'test-results', 'vitest.json'), JSON.stringify({ numPassedTests: 5, numFailedTests: 0, numPendingTests: 1 }));
  fs.writeFileSync(path.join(dir, 'test-results', 'e2e.json'), JSON.stringify({ stats: { expected: 2, unexpected: 0, skipped: 0, flaky: 0 } }));
  if (postgres) fs.writeFileSync(path.join(dir, 'test-results', 'postgres.json'), JSON.stringify(postgres));
  const { SHOP_REQUIRE_POSTGRES: _, ...inherited } = process.env;
  const run = spawnSync(process.execPath, [script], { cwd: dir, encoding: 'utf8', env: { ...inherited, ...env } });
  return { code: run.status, lines: run.stdout.trim().split('\n'), stderr: run.stderr };
}

const skipped = { skipped: true, line: 'PostgreSQL half skipped locally: no PostgreSQL binaries in /x (apt-get install postgresql, or set SHOP_TEST_POSTGRES_URL to a server); CI runs it' };

describe('test summary', () => {
  it('repeats the skip line after the totals when the PostgreSQL half was skipped locally', () => {
    expect(summary(skipped)).toMatchObject({ code: 0, lines: ['Tests: 7 passed, 0 failed, 1 skipped', skipped.line] });
  });

  it('says both engines ran when they did', () => {
    expect(summary({ skipped: false })).toMatchObject({ code: 0, lines: ['Tests: 7 passed, 0 failed, 1 skipped', 'Server tests ran on SQLite and on PostgreSQL.'] });
  });

  it('fails where PostgreSQL is required (CI) and its half did not run', () => {
    expect(summary(skipped, { SHOP_REQUIRE_POSTGRES: '1' }).code).toBe(1);
    expect(summary(null, { SHOP_REQUIRE_POSTGRES: '1' }).code).toBe(1);
    expect(summary({ skipped: false }, { SHOP_REQUIRE_POSTGRES: '1' }).code).toBe(0);
  });
});
