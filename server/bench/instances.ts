/**
 * Server instances for the scale-out benches (orders on PostgreSQL, a change through another instance): a throwaway
 * PostgreSQL cluster with durable settings (scripts/postgres-cluster.mjs; fsync and synchronous commit on, as a shop
 * would run), one fresh database per bench, and N bundled servers (`dist/server.mjs`, as `pnpm start` runs it) as
 * child processes on that database with one shared TOKEN_SECRET and DATA_DIR. Each child listens on a free port the
 * OS gave (asked for just before), logs errors only (no per-request lines, like the in-process SQLite bench) and
 * counts as up once /health/ready answers (its catalogue loaded).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clusterAvailable, psql, startCluster, type Cluster } from '../../scripts/postgres-cluster.mjs';
// @ts-expect-error a plain ES module without types; it holds the flags `pnpm start` runs the server with
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Whether the PostgreSQL benches can run here, and why not. */
export function postgresForBench(): { ok: boolean; why: string } {
  return process.env.BENCH_POSTGRES_URL ? { ok: true, why: '' } : clusterAvailable();
}

export interface BenchCluster {
  /** A new empty database on the cluster, answered as its URL. */
  database(name: string): string;
  /** The postmaster's process id (its CPU time and its backends'), or null on a server BENCH_POSTGRES_URL names. */
  postmaster: number | null;
  stop(): void;
}

/**
 * A durable throwaway cluster, or the server BENCH_POSTGRES_URL names (its maintenance database; the bench databases
 * it makes are dropped again by `stop`).
 */
export async function startBenchCluster(): Promise<BenchCluster> {
  const existing = process.env.BENCH_POSTGRES_URL;
  const cluster: Pick<Cluster, 'url' | 'stop' | 'dir'> = existing ? { url: existing, dir: '', stop: () => {} } : await startCluster({ durable: true });
  const made: string[] = [];
  const suffix = `${process.pid}_${Date.now().toString(36)}`;
  return {
    postmaster: existing ? null : Number(fs.readFileSync(path.join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]),
    database(name) {
      const full = `shop_bench_${name}_${suffix}`;
      psql(cluster.url, `create database "${full}"`);
      made.push(full);
      const url = new URL(cluster.url);
      url.pathname = `/${full}`;
      return url.href;
    },
    stop() {
      try {
        if (existing) for (const name of made) psql(cluster.url, `drop database if exists "${name}" with (force)`);
      } finally {
        cluster.stop();
      }
    },
  };
}

let bundled = false;
/** Bundles the server once per bench run (scripts/build.mjs), as `pnpm start` does. */
export function bundleServer(): void {
  if (bundled) return;
  execFileSync(process.execPath, [path.join(serverRoot, 'scripts/build.mjs')], { cwd: serverRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  bundled = true;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Instances {
  urls: string[];
  /** The children's process ids (the bench reads their CPU time). */
  pids: number[];
  stop(): Promise<void>;
}

/**
 * Starts `count` bundled servers on `databaseUrl`, all at once (the others wait on the startup lock while the first
 * migrates), and resolves when every one answers /health/ready. `settings` go over the defaults below.
 */
export async function startInstances(databaseUrl: string, count: number, settings: Record<string, string> = {}): Promise<Instances> {
  bundleServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-instances-'));
  const tokenSecret = randomBytes(32).toString('hex');
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const child = spawn(process.execPath, [...(SERVER_NODE_FLAGS as string[]), 'dist/server.mjs'], {
        cwd: serverRoot,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          TOKEN_SECRET: tokenSecret,
          SEED_DEMO: 'false',
          // Errors only: the bench's orders carry made-up totals on purpose, which the shop logs as a warning each.
          LOG_LEVEL: 'error',
          LOG_FORMAT: 'json',
          FORM_RATE_MAX: '1000000',
          FORM_CAPTCHA_AFTER: '1000000',
          ...settings,
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      children.push(child);
      urls.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(urls.map((url, i) => healthy(url, children[i]!)));
    return { urls, pids: children.map((child) => child.pid!), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function healthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server instance for ${url} stopped (exit code ${child.exitCode}) before it answered /health/ready`);
    const ok = await fetch(`${url}/health/ready`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server instance for ${url} did not answer /health/ready within 120 s`);
}

/**
 * CPU seconds a process and its children have used so far (user + system, from /proc; 0 where there is none): its
 * own time, the time of the children it has already reaped, and the time of those still running (PostgreSQL's
 * backends are the postmaster's children). Differences of two readings give the CPU spent in between.
 */
export function treeCpuSeconds(pid: number): number {
  const stat = (id: number) => {
    try {
      // The fields after the command's closing parenthesis, from the state (field 3 of proc(5)) on.
      return fs.readFileSync(`/proc/${id}/stat`, 'utf8').split(') ').pop()!.split(' ');
    } catch {
      return null;
    }
  };
  const own = stat(pid);
  if (!own) return 0;
  // utime, stime, cutime, cstime are fields 14 to 17.
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const child = stat(Number(name));
    // The parent's pid is field 4.
    if (child && Number(child[1]) === pid) ticks += Number(child[11]) + Number(child[12]);
  }
  return ticks / 100;
}
