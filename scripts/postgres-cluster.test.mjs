// The throwaway PostgreSQL cluster of the server tests' PostgreSQL half: it starts on loopback with the test settings,
// answers, stops and leaves nothing behind, even when the process that started it was killed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clusterAvailable, psql, startCluster, sweepAbandoned } from './postgres-cluster.mjs';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'postgres-cluster.mjs');
// Where there is no PostgreSQL a developer gets the skip line from vitest.config.ts; CI requires it.
const runs = clusterAvailable().ok || process.env.SHOP_REQUIRE_POSTGRES === '1';

function answers(url) {
  try {
    return psql(url, 'select 1') === '1';
  } catch {
    return false;
  }
}

// initdb and the first start take a few seconds, many more on a busy machine: time is not what these tests check.
describe.runIf(runs)('throwaway PostgreSQL cluster', { timeout: 60_000 }, () => {
  it('starts on 127.0.0.1 with the test settings, answers, and is gone after stop', async () => {
    const cluster = await startCluster();
    try {
      expect(cluster.url).toBe(`postgres://postgres@127.0.0.1:${cluster.port}/postgres`);
      expect(psql(cluster.url, 'show fsync')).toBe('off');
      expect(psql(cluster.url, 'show listen_addresses')).toBe('127.0.0.1');
      expect(psql(cluster.url, "select pg_encoding_to_char(encoding) || ' ' || datcollate from pg_database where datname = 'postgres'")).toBe('UTF8 C.UTF-8');
      if (process.getuid?.() === 0) expect(fs.statSync(path.join(cluster.dir, 'data')).uid).not.toBe(0);
    } finally {
      cluster.stop();
    }
    expect(fs.existsSync(cluster.dir)).toBe(false);
    expect(answers(cluster.url)).toBe(false);
  });

  it('keeps crash safety when asked to be durable', async () => {
    const cluster = await startCluster({ durable: true });
    try {
      expect(psql(cluster.url, 'show fsync')).toBe('on');
    } finally {
      cluster.stop();
    }
  });

  it('stops and deletes a cluster whose starting process was killed', async () => {
    const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const url = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
        const match = /DATABASE_URL=(\S+)/.exec(out);
        if (match) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`the cluster script ended with ${code}`)));
    });
    expect(answers(url)).toBe(true);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('exit', resolve));
    expect(answers(url)).toBe(true); // Abandoned, still running.
    sweepAbandoned();
    expect(answers(url)).toBe(false);
  });
});
