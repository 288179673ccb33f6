/**
 * The PostgreSQL engine itself: opening, type parsers, migrations, the startup lock, and both engines in one
 * process. Runs in the server-pg Vitest project (its setup gives the run's cluster and this file's database prefix,
 * and drops the databases after the file); the SQLite project has nothing to check here.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { allowTestServer } from '../test/no-network.ts';
import { testCluster, testEngine } from '../test/test-database.ts';
import { compiledOnce, describeDatabase, migrateToLatest, openDatabase, openSqlite, type Db } from './database.ts';
import { engineOf, withStartupLock } from './engine.ts';
import { migrations } from './migrations/index.ts';
import { DatabaseUnreachableError } from './postgres.ts';
import { seedDemoIfEmpty } from './seed/seed-demo.ts';

const opened: Db[] = [];
let databases = 0;

/** A new, empty database under this file's prefix (postgres-setup.ts drops them after the file). */
async function freshDatabase(poolSize = 4): Promise<{ db: Db; url: string }> {
  const { url: base, prefix } = testCluster();
  const target = new URL(base);
  target.pathname = `/${prefix}engine_${databases++}`;
  const url = target.toString();
  const db = await openDatabase({ engine: 'postgres', url, poolSize, createIfMissing: true });
  opened.push(db);
  return { db, url };
}

describe.runIf(testEngine() === 'postgres')('the PostgreSQL database', () => {
  afterAll(async () => {
    for (const db of opened) await db.destroy();
  });

  it('creates a missing database once, migrates it, and a second run changes nothing', async () => {
    const { db, url } = await freshDatabase();
    expect(engineOf(db)).toBe('postgres');
    const again = await openDatabase({ engine: 'postgres', url, poolSize: 1, createIfMissing: true });
    opened.push(again);
    const first = await migrateToLatest(db);
    expect(first.results?.map((r) => r.migrationName)).toEqual(Object.keys(migrations));
    expect((await migrateToLatest(again)).results).toEqual([]);
  });

  it('numbers ids by identity, keeps amounts as doubles and orders document ids byte by byte', async () => {
    const { db } = await freshDatabase();
    await migrateToLatest(db);
    const columns = await sql<{ table_name: string; column_name: string; data_type: string; is_identity: string; collation_name: string | null }>`
      select table_name, column_name, data_type, is_identity, collation_name from information_schema.columns where table_schema = 'public'`.execute(db);
    const column = (table: string, name: string) => columns.rows.find((c) => c.table_name === table && c.column_name === name);
    for (const [table, name] of [['catalogue_changes', 'id'], ['replication_events', 'seq'], ['customers', 'id'], ['customer_addresses', 'id'], ['outbox', 'id'], ['reviews', 'id'], ['order_comments', 'id'], ['payment_comments', 'id']] as const) {
      expect(column(table, name)?.is_identity, `${table}.${name}`).toBe('YES');
    }
    for (const name of ['price', 'price_incl_tax', 'row_total_incl_tax', 'tax_percent']) expect(column('order_items', name)?.data_type).toBe('double precision');
    expect(column('orders', 'grand_total')?.data_type).toBe('double precision');
    expect(column('replicated_documents', 'id')?.collation_name).toBe('C');
    const inserted = await db.insertInto('catalogue_changes').values({ kind: 'test', detail: 'x', created_at: 'now' }).returning('id').executeTakeFirstOrThrow();
    expect(inserted.id).toBe(1);
  });

  it('answers counts, bigints and numerics as numbers, and refuses a bigint JavaScript cannot hold exactly', async () => {
    const { db } = await freshDatabase();
    const row = await sql<{ n: unknown; at: unknown; price: unknown; average: unknown }>`
      select count(*) as n, cast(1750000000123 as bigint) as at, cast(1234.5 as numeric(14, 2)) as price, avg(x) as average from (values (4), (5)) as v(x)`.execute(db);
    expect(row.rows[0]).toEqual({ n: 2, at: 1750000000123, price: 1234.5, average: 4.5 });
    await expect(sql`select cast(9007199254740993 as bigint) as n`.execute(db)).rejects.toThrow(/past the largest whole number/);
    // The pool still works after a refused value.
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });

  it('stops with a message naming DATABASE_URL, without its password, when the server cannot be reached', async () => {
    // A loopback port nothing listens on (taken, then given back).
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const allowed = allowTestServer(closed);
    const url = `postgres://shop:hunter2@127.0.0.1:${closed}/shop`;
    const opening = openDatabase({ engine: 'postgres', url, poolSize: 1, createIfMissing: false });
    await expect(opening).rejects.toBeInstanceOf(DatabaseUnreachableError);
    const message = await opening.catch((error: Error) => error.message);
    allowed();
    expect(message).toContain(`DATABASE_URL=postgres://shop:***@127.0.0.1:${closed}/shop`);
    expect(message).not.toContain('hunter2');
    expect(describeDatabase({ engine: 'postgres', url, poolSize: 1, createIfMissing: false })).not.toContain('hunter2');
  });

  it('lets two instances start together: one migrates and seeds, the other waits and finds it done', async () => {
    const { url } = await freshDatabase(1);
    const [a, b] = await Promise.all([
      openDatabase({ engine: 'postgres', url, poolSize: 1, createIfMissing: true }),
      openDatabase({ engine: 'postgres', url, poolSize: 1, createIfMissing: true }),
    ]);
    opened.push(a, b);
    const start = (db: Db) =>
      withStartupLock(db, async (locked) => {
        await migrateToLatest(locked);
        return seedDemoIfEmpty(locked, { seed: 7, productCount: 20, useUrlKeys: true, now: new Date('2026-06-15T12:00:00Z') });
      });
    const seeded = await Promise.all([start(a), start(b)]);
    expect(seeded.filter((summary) => summary !== null)).toHaveLength(1);
    const changes = await a.selectFrom('catalogue_changes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(changes.n).toBe(1);
  });

  it('compiles a compiledOnce query per engine when both engines live in one process', async () => {
    const { db } = await freshDatabase();
    await migrateToLatest(db);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-engines-'));
    const sqlite = openSqlite(path.join(dir, 'shop.sqlite'));
    await migrateToLatest(sqlite);
    const setting = compiledOnce<{ key: string }, { value: string }>((db, value) => db.selectFrom('settings').select('value').where('key', '=', value('key')));
    for (const each of [sqlite, db, sqlite, db]) {
      await each.insertInto('settings').values({ key: 'k', value: engineOf(each) }).onConflict((oc) => oc.column('key').doNothing()).execute();
      expect((await setting(each, { key: 'k' })).rows).toEqual([{ value: engineOf(each) }]);
    }
    await sqlite.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
