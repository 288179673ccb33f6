// The seam between the server tests and the engines (test-database.ts, postgres-setup.ts): each data folder gets its
// own database on the engine under test, the same one again after a restart, and a PostgreSQL test file reaches the
// run's cluster through the no-network guard and owns the databases under its prefix.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { psql } from '../../../scripts/postgres-cluster.mjs';
import { testConfig } from '../config.ts';
import { migrations } from '../storage/migrations/index.ts';
import { databasesOfThisFile } from './postgres-admin.ts';
import { TEMPLATE_DATABASE, testCluster, testDatabase, testDatabaseEnv, testEngine } from './test-database.ts';

const dirs = [fs.mkdtempSync(path.join(os.tmpdir(), 'shop-engine-a-')), fs.mkdtempSync(path.join(os.tmpdir(), 'shop-engine-b-'))] as const;
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe.runIf(testEngine() === 'sqlite')('test databases on SQLite', () => {
  it('are a file in the data folder, which child processes find by DATA_DIR alone', () => {
    expect(testDatabase(dirs[0])).toEqual({ engine: 'sqlite', file: path.join(dirs[0], 'shop.sqlite') });
    expect(testConfig({ dataDir: dirs[0] }).database).toEqual({ engine: 'sqlite', file: path.join(dirs[0], 'shop.sqlite') });
    expect(testDatabaseEnv(dirs[0])).toEqual({});
  });
});

describe.runIf(testEngine() === 'postgres')('test databases on PostgreSQL', () => {
  const name = (dir: string) => {
    const database = testDatabase(dir);
    if (database.engine !== 'postgres') throw new Error('expected PostgreSQL');
    return { url: database.url, name: new URL(database.url).pathname.slice(1) };
  };

  it("are one per data folder, under this file's prefix, the same again for the same folder", () => {
    const { prefix } = testCluster();
    const [a, b] = [name(dirs[0]), name(dirs[1])];
    expect(a.name.startsWith(prefix) && b.name.startsWith(prefix)).toBe(true);
    expect(a.name).not.toBe(b.name);
    expect(name(dirs[0])).toEqual(a);
    expect(name(`${dirs[0]}/.`)).toEqual(a);
    expect(testDatabaseEnv(dirs[0])).toEqual({ DATABASE_URL: a.url });
  });

  it('live on the run’s cluster, which the no-network guard lets this file reach', async () => {
    const { url } = testCluster();
    const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.destroy();
    const a = name(dirs[0]);
    psql(url, `create database "${a.name}" template ${TEMPLATE_DATABASE}`);
    expect(databasesOfThisFile()).toContain(a.name);
    expect(psql(a.url, 'select current_database()')).toBe(a.name);
    // The global setup migrated the template, so a copy starts with every migration.
    expect(psql(a.url, 'select count(*) from kysely_migration')).toBe(String(Object.keys(migrations).length));
    expect(testConfig({ dataDir: dirs[0] }).database).toMatchObject({ engine: 'postgres', url: a.url, createIfMissing: true, template: TEMPLATE_DATABASE });
    expect(testDatabase(dirs[0], { empty: true })).toMatchObject({ url: a.url, template: 'template0' });
    // Dropped by the per-file setup after this file; the global teardown fails the run if one is left.
  });
});
