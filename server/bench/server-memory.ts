/**
 * Resident memory of the shop's server as it runs in production: the bundled server (`pnpm start`'s build) in its
 * own process, with the Node flags `pnpm start` uses, on a catalogue database already filled. After start-up and a
 * round of listing and text searches, the process's resident set (VmRSS) and its peak (VmHWM) are read from /proc.
 * Three runs; the medians are printed.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SearchRequest } from '@shop/shared';
import { freePort } from './instances.ts';
// @ts-expect-error a plain ES module without types; it holds the flags `pnpm start` runs the server with
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  return Number(line?.match(/(\d+)/)?.[1] ?? Number.NaN) / 1000;
}

async function oneRun(dataDir: string, requests: SearchRequest[]): Promise<{ rss: number; peak: number; startMs: number; times: number[] }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...(SERVER_NODE_FLAGS as string[]), path.join(serverRoot, 'dist/server.mjs')], {
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'false', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`${base}/health/ready`).then((r) => r.ok, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const startMs = performance.now() - started;
    const times: number[] = [];
    // The first pass warms up; the second is timed. The search cache is on, as in production: the second pass asks
    // one more product per page, so every timed search misses it, and the memory read afterwards includes what it holds.
    for (let pass = 0; pass < 2; pass++) {
      for (const request of requests) {
        const asked = pass === 0 ? request : { ...request, size: (request.size ?? 50) + 1 };
        const t = performance.now();
        const response = await fetch(`${base}/api/catalog/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(asked) });
        if (!response.ok) throw new Error(`search failed: ${response.status}`);
        await response.arrayBuffer();
        if (pass === 1) times.push(performance.now() - t);
      }
    }
    await new Promise((r) => setTimeout(r, 2000));
    return { rss: statusMb(child.pid!, 'VmRSS'), peak: statusMb(child.pid!, 'VmHWM'), startMs, times };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function benchServerMemory(dataDir: string, productCount: number, requests: SearchRequest[]): Promise<void> {
  execFileSync(process.execPath, [path.join(serverRoot, 'scripts/build.mjs')], { stdio: 'ignore' });
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await oneRun(dataDir, requests));
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const times = runs.flatMap((r) => r.times).sort((a, b) => a - b);
  const p95 = times[Math.min(times.length - 1, Math.floor(0.95 * times.length))]!;
  console.log(
    `  server process (node ${(SERVER_NODE_FLAGS as string[]).join(' ')}), ${productCount} products, after ${requests.length * 2} searches (search cache on): ` +
      `resident ${median(runs.map((r) => r.rss)).toFixed(0)} MB, peak ${median(runs.map((r) => r.peak)).toFixed(0)} MB, ` +
      `ready in ${median(runs.map((r) => r.startMs)).toFixed(0)} ms (medians of ${runs.length} runs); ` +
      `search over HTTP p50 ${median([...times]).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (n=${times.length}, not from the cache)`,
  );
}
