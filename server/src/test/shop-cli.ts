/**
 * `pnpm shop ...` as an operator runs it, for the CLI's tests: a child process (tsx) in the server folder on a
 * temporary DATA_DIR, on the engine under test. Each test file gets its own folder, removed after the file.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { createTestDatabase } from './open-test-database.ts';
import { testDatabaseEnv } from './test-database.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A temp folder (`work`, the operator's current folder; the data in `work/data`) and a `shop(...args)` that runs there. */
export function shopCli(name: string): { work: string; shop: (...args: string[]) => Promise<CliRun> } {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `shop-cli-${name}-`));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
  const shop = async (...args: string[]): Promise<CliRun> => {
    await createTestDatabase(path.join(work, 'data'));
    return new Promise((resolve) => {
      execFile(
        path.join(serverDir, 'node_modules', '.bin', 'tsx'),
        ['src/cli/shop.ts', ...args],
        { cwd: serverDir, env: { ...process.env, DATA_DIR: 'data', INIT_CWD: work, NODE_ENV: 'test', ...testDatabaseEnv(path.join(work, 'data')) } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  };
  return { work, shop };
}
