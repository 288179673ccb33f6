/** `pnpm shop serve` as an operator runs it: a child process, its instances and its proxy. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterAvailable } from '../../../scripts/postgres-cluster.mjs';
import { allowTestServer } from '../test/no-network.ts';
import { testEngine } from '../test/test-database.ts';
import { SQLITE_REFUSAL } from './serve.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-serve-'));
const running = new Set<ChildProcess>();
afterAll(async () => {
  for (const child of running) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(work, { recursive: true, force: true });
});

/** Starts `pnpm shop serve <args>`; `lines` fills with its output, `waitFor` resolves on the first line matching. */
function serve(args: string[], env: Record<string, string> = {}) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(work, 'data'), PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...env };
  delete childEnv.DATABASE_URL;
  const child = spawn(path.join(serverDir, 'node_modules', '.bin', 'tsx'), ['src/cli/shop.ts', 'serve', ...args], { cwd: serverDir, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const lines: string[] = [];
  const waiting: Array<{ pattern: RegExp; resolve: (match: RegExpExecArray) => void }> = [];
  const take = (line: string) => {
    lines.push(line);
    for (const waiter of [...waiting]) {
      const match = waiter.pattern.exec(line);
      if (match) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  };
  readline.createInterface({ input: child.stdout! }).on('line', take);
  readline.createInterface({ input: child.stderr! }).on('line', take);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return {
    child,
    lines,
    exited,
    waitFor: (pattern: RegExp) =>
      new Promise<RegExpExecArray>((resolve, reject) => {
        const seen = lines.map((line) => pattern.exec(line)).find(Boolean);
        if (seen) return resolve(seen);
        waiting.push({ pattern, resolve });
        void exited.then((code) => reject(new Error(`serve stopped (${code}) before printing ${pattern}:\n${lines.join('\n')}`)));
      }),
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.runIf(testEngine() === 'sqlite')('pnpm shop serve on SQLite', () => {
  it('refuses more than one instance and says why', { timeout: 60_000 }, async () => {
    const shop = serve(['--instances', '2']);
    expect(await shop.exited).toBe(2);
    expect(shop.lines.join('\n')).toContain(SQLITE_REFUSAL);
    expect(SQLITE_REFUSAL).toMatch(/^Several instances need PostgreSQL: set DATABASE_URL/);
  });
});

describe.runIf(testEngine() === 'postgres' && clusterAvailable().ok)('pnpm shop serve --instances 2 --pg-throwaway', () => {
  it('serves /health from both instances through the proxy, restarts a killed instance, and stops everything on SIGTERM', { timeout: 180_000 }, async () => {
    const shop = serve(['--instances', '2', '--pg-throwaway']);
    const open = await shop.waitFor(/^Shop open at (http:\/\/127\.0\.0\.1:(\d+))\/nl: 2 instances/);
    const url = open[1]!;
    allowTestServer(Number(open[2]));
    const pid = async (instance: number, not?: number) => {
      const line = await shop.waitFor(new RegExp(`^Instance ${instance} \\(pid (?!${not ?? 0}\\))(\\d+)\\) open at`));
      return Number(line[1]);
    };
    const [first, second] = [await pid(1), await pid(2)];

    /** Who answers /health through the proxy, `times` times in a row (each must answer 200). */
    const answers = async (times: number) => {
      const names: string[] = [];
      for (let i = 0; i < times; i++) {
        const response = await fetch(`${url}/health`);
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ status: 'ok' });
        names.push(response.headers.get('x-shop-instance')!);
      }
      return names;
    };
    expect(new Set(await answers(4))).toEqual(new Set(['1', '2']));

    process.kill(first, 'SIGKILL');
    await shop.waitFor(/^Instance 1 stopped \(SIGKILL\); starting it again/);
    // Meanwhile the other instance takes every request.
    expect(new Set(await answers(3))).toEqual(new Set(['2']));
    const restarted = await pid(1, first);
    expect(restarted).not.toBe(first);
    await expect.poll(async () => new Set(await answers(2)), { timeout: 10_000 }).toEqual(new Set(['1', '2']));

    shop.child.kill('SIGTERM');
    expect(await shop.exited).toBe(0);
    expect(shop.lines).toContain('Throwaway PostgreSQL cluster stopped and deleted.');
    expect(alive(restarted) || alive(second)).toBe(false);
    await expect(fetch(`${url}/health`)).rejects.toThrow();
  });
});
