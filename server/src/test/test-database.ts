/**
 * Which database engine a server test runs on, and the database each test app gets. The one seam between the tests and
 * the engines: `testConfig` (config.ts) and `openTestDatabase` ask here, so no test file names an engine.
 *
 * The `server` Vitest project runs on SQLite (a file in the app's data folder); `server-pg` sets
 * SHOP_TEST_ENGINE=postgres, and its per-file setup (postgres-setup.ts) sets the cluster's URL and this file's
 * database prefix. Each data folder maps to its own database, named from the folder, so an app restarted on the same
 * folder finds its data again, as it does in its SQLite file. The databases are created from `TEMPLATE_DATABASE` on
 * first open and dropped after the file's tests.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';

export type TestEngine = 'sqlite' | 'postgres';

/** The database the global setup prepares (postgres-global-setup.ts) and every test database is copied from. */
export const TEMPLATE_DATABASE = 'shop_template';
/** Every test database's name starts with this; the global teardown checks that none is left. */
export const TEST_DATABASE_PREFIX = 'shop_t_';

export type TestDatabase =
  | { engine: 'sqlite'; file: string }
  | { engine: 'postgres'; url: string; poolSize: number; createIfMissing: true; template: string };

export function testEngine(): TestEngine {
  return process.env.SHOP_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
}

/** The PostgreSQL cluster of this test run and this test file's database prefix (set by postgres-setup.ts). */
export function testCluster(): { url: string; prefix: string } {
  const url = process.env.SHOP_TEST_POSTGRES_URL;
  const prefix = process.env.SHOP_TEST_DATABASE_PREFIX;
  if (!url || !prefix) throw new Error('The PostgreSQL tests run in the server-pg Vitest project, whose setup (server/src/test/postgres-setup.ts) sets SHOP_TEST_POSTGRES_URL and SHOP_TEST_DATABASE_PREFIX.');
  return { url, prefix };
}

/**
 * The database of the app on `dataDir` for the engine under test. On PostgreSQL it is copied from the migrated
 * `TEMPLATE_DATABASE`; `empty` copies PostgreSQL's own empty `template0` instead, for tests that run the migrations
 * themselves (an SQLite file starts empty anyway).
 */
export function testDatabase(dataDir: string, options: { empty?: boolean } = {}): TestDatabase {
  if (testEngine() === 'sqlite') return { engine: 'sqlite', file: path.join(dataDir, 'shop.sqlite') };
  const { url, prefix } = testCluster();
  const name = `${prefix}${createHash('sha1').update(path.resolve(dataDir)).digest('hex').slice(0, 16)}`;
  const target = new URL(url);
  target.pathname = `/${name}`;
  // A few connections per app: test files run several apps at once, and the cluster allows 300 for all workers.
  return { engine: 'postgres', url: target.href, poolSize: 4, createIfMissing: true, template: options.empty ? 'template0' : TEMPLATE_DATABASE };
}

/** What a child process (a CLI run, a spawned shop) needs in its environment to reach the database of `dataDir`. */
export function testDatabaseEnv(dataDir: string): Record<string, string> {
  const database = testDatabase(dataDir);
  return database.engine === 'postgres' ? { DATABASE_URL: database.url } : {};
}
