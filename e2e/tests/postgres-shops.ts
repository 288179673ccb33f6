/**
 * Several shop instances on one PostgreSQL database, for the journeys that prove the shop runs as several instances
 * (issue 16): a throwaway cluster (scripts/postgres-cluster.mjs) or the server SHOP_TEST_POSTGRES_URL names, one new
 * database, and the built server started `count` times at once through `startSecondShop` (PORT=0 each), with one
 * TOKEN_SECRET and one DATA_DIR (the demo pictures the first instance seeds), and the demo catalogue: the instances
 * wait on each other's startup lock, so one migrates and seeds while the others wait.
 *
 * The same rule as the server tests' PostgreSQL half (vitest.config.ts): without PostgreSQL a journey here is skipped
 * with one line saying so, unless SHOP_REQUIRE_POSTGRES=1 (CI), which makes a missing PostgreSQL a failure.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clusterAvailable, psql, startCluster } from '../../scripts/postgres-cluster.mjs';
import { startSecondShop, type SecondShop } from './second-shop.ts';

export const POSTGRES_REQUIRED = process.env.SHOP_REQUIRE_POSTGRES === '1';

/** Whether PostgreSQL is there for these journeys, and the line to skip with when it is not. */
export function postgresForJourneys(): { ok: boolean; skipLine: string } {
  const available = process.env.SHOP_TEST_POSTGRES_URL ? { ok: true, why: '' } : clusterAvailable();
  return {
    ok: available.ok,
    skipLine: `PostgreSQL journey skipped locally: ${available.why} (apt-get install postgresql, or set SHOP_TEST_POSTGRES_URL to a server); CI runs it`,
  };
}

export interface PostgresShops {
  /** Each instance's address, e.g. http://127.0.0.1:41234. */
  urls: string[];
  stop(): void;
}

export async function startShopsOnPostgres(count: number): Promise<PostgresShops> {
  const { ok, skipLine } = postgresForJourneys();
  if (!ok) throw new Error(`SHOP_REQUIRE_POSTGRES=1 but there is no PostgreSQL: ${skipLine}`);
  const existing = process.env.SHOP_TEST_POSTGRES_URL;
  const cluster = existing ? { url: existing, stop: () => {} } : await startCluster();
  const name = `shop_e2e_${process.pid}_${Date.now().toString(36)}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-instances-'));
  const shops: SecondShop[] = [];
  const stop = () => {
    for (const shop of shops) shop.stop();
    try {
      if (existing) psql(existing, `drop database if exists "${name}" with (force)`);
    } finally {
      cluster.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  try {
    psql(cluster.url, `create database "${name}"`);
    const url = new URL(cluster.url);
    url.pathname = `/${name}`;
    const settings = {
      DATABASE_URL: url.href,
      TOKEN_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DEV_MAILBOX: 'true',
      // As the journeys' own server (playwright.config.ts): the journeys register customers from one address.
      FORM_RATE_MAX: '1000000',
      FORM_CAPTCHA_AFTER: '1000000',
    };
    const started = await Promise.allSettled(Array.from({ length: count }, (_, i) => startSecondShop(`PostgreSQL instance ${i + 1}`, settings)));
    for (const result of started) if (result.status === 'fulfilled') shops.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    return { urls: shops.map((shop) => shop.url), stop };
  } catch (error) {
    stop();
    throw error;
  }
}
