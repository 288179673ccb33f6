/**
 * The shop as `pnpm start` runs it, in a child process: it closes cleanly on Ctrl+C (SIGINT) and on a process
 * manager's SIGTERM, with exit code 0 and a closing message, and logs JSON unless told (or on a terminal) to write
 * readable lines.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { allowTestServer } from './test/no-network.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

interface RunningShop {
  port: number;
  output(): string;
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `node --import tsx src/server.ts`, or with `viaPnpm` the package's `pnpm start` (bundle, then the bundle on Node)
 * in a process group of its own, as a terminal runs a command: Ctrl+C there signals the whole group.
 */
async function startShop(env: Record<string, string>, options: { viaPnpm?: boolean } = {}): Promise<RunningShop> {
  const [command, args] = options.viaPnpm ? ['pnpm', ['start']] : [process.execPath, ['--import', 'tsx', 'src/server.ts']];
  const child = spawn(command, args, {
    cwd: serverDir,
    detached: options.viaPnpm === true,
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(work, 'data'), DEMO_PRODUCTS: '20', CLIENT_DIST: path.join(work, 'no-client'), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const port = await new Promise<number>((resolve, reject) => {
    const check = setInterval(() => {
      const open = /Shop open at http:\/\/127\.0\.0\.1:(\d+)\/nl/.exec(output);
      if (open) {
        clearInterval(check);
        resolve(Number(open[1]));
      }
    }, 50);
    void exited.then(() => {
      clearInterval(check);
      reject(new Error(`the shop stopped before it opened:\n${output}`));
    });
  });
  const forget = allowTestServer(port);
  return {
    port,
    output: () => output,
    stop: async (signal) => {
      if (options.viaPnpm) process.kill(-child.pid!, signal);
      else child.kill(signal);
      const result = await exited;
      forget();
      return result;
    },
  };
}

describe('the started shop', () => {
  it('closes on Ctrl+C (SIGINT) with exit code 0 and says so; its logs are JSON when they do not go to a terminal', { timeout: 120_000 }, async () => {
    const shop = await startShop({});
    expect((await fetch(`http://127.0.0.1:${shop.port}/health`)).status).toBe(200);
    expect(await shop.stop('SIGINT')).toEqual({ code: 0, signal: null });
    const lines = shop.output().trim().split('\n');
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages.slice(-2)).toEqual(['Closing the shop (SIGINT)', 'Shop closed']);
  });

  it('closes on SIGTERM the same way; LOG_FORMAT=pretty writes one readable line per event and per request', { timeout: 120_000 }, async () => {
    const shop = await startShop({ LOG_FORMAT: 'pretty' });
    expect((await fetch(`http://127.0.0.1:${shop.port}/health`)).status).toBe(200);
    expect(await shop.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    const lines = shop.output().trim().split('\n');
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
    expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d INFO {2}GET \/health 200 \d+ ms$/));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^\\d\\d:\\d\\d:\\d\\d INFO {2}Shop open at http://127\\.0\\.0\\.1:${shop.port}/nl$`)));
    expect(lines.slice(-2).map((line) => line.slice(9))).toEqual(['INFO  Closing the shop (SIGTERM)', 'INFO  Shop closed']);
  });

  it('stopped with Ctrl+C under `pnpm start`, ends with exit code 0 and no pnpm error', { timeout: 120_000 }, async () => {
    const shop = await startShop({ LOG_FORMAT: 'pretty' }, { viaPnpm: true });
    expect(await shop.stop('SIGINT')).toEqual({ code: 0, signal: null });
    expect(shop.output()).not.toContain('ERR_PNPM');
    expect(shop.output()).not.toContain('ELIFECYCLE');
    expect(shop.output().trim().split('\n').at(-1)).toMatch(/INFO {2}Shop closed$/);
  });
});
