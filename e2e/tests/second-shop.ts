/**
 * A second shop for the journeys that need other settings than the journeys' own server (the external checkout, no
 * waiting for the price sync): the same build and data, on a free port of its own (PORT=0), so no second port needs
 * keeping free. Its address is read from its "Shop open at" line; the rest of its log is read and dropped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from './fixtures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface SecondShop {
  /** The shop's address, e.g. http://127.0.0.1:41234. */
  url: string;
  stop(): void;
}

/** Starts the built server with `settings` over the journeys' environment; resolves once it answers /health/ready (its catalogue loaded). */
export async function startSecondShop(name: string, settings: Record<string, string>): Promise<SecondShop> {
  const server: ChildProcess = spawn(process.execPath, ['--expose-gc', 'dist/server.mjs'], {
    cwd: path.join(root, 'server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR!,
      CLIENT_DIST: process.env.E2E_CLIENT_DIST ?? path.join(root, 'client', 'dist'),
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let url = '';
  url = await new Promise<string>((resolve, reject) => {
    let log = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      if (url) return;
      log += chunk.toString('utf8');
      const open = /Shop open at (http:\/\/127\.0\.0\.1:\d+)\/nl/.exec(log);
      if (open) resolve(open[1]!);
    });
    server.once('exit', (code) => reject(new Error(`the ${name} shop stopped (${code}):\n${log}`)));
  });
  await expect.poll(async () => fetch(`${url}/health/ready`).then((r) => r.ok, () => false), { timeout: 60_000 }).toBe(true);
  return { url, stop: () => void server.kill() };
}
