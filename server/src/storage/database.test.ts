import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import SqliteDatabase from 'better-sqlite3';
import { compiledOnce, migrateToLatest, openSqlite, StatementCache } from './database.ts';
import { migrations } from './migrations/index.ts';

describe('the SQLite database', () => {
  it('opens in WAL mode, applies every migration once and is idempotent', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-db-'));
    const db = openSqlite(path.join(dir, 'nested', 'shop.sqlite'));
    const first = await migrateToLatest(db);
    expect(first.results?.map((r) => r.migrationName)).toEqual(Object.keys(migrations));
    const again = await migrateToLatest(db);
    expect(again.results).toEqual([]);
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['products', 'product_texts', 'categories', 'url_rewrites', 'tax_rules']));
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('builds exactly the schema the released migrations built, byte for byte (sqlite-schema.fixture.sql)', async () => {
    // Migrations learnt a second engine after they were released: every shop already on SQLite must keep the schema
    // it has. The fixture was taken from the migrations before that change; a new migration changes it on purpose.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-db-'));
    const db = openSqlite(path.join(dir, 'shop.sqlite'));
    await migrateToLatest(db);
    const objects = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
      select type, name, tbl_name, sql from sqlite_master where name not like 'kysely_%' order by type, name`.execute(db);
    const dump = objects.rows.map((o) => `-- ${o.type} ${o.name} on ${o.tbl_name}\n${o.sql ?? '(no sql)'};\n`).join('\n');
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
    expect(dump).toBe(fs.readFileSync(new URL('./migrations/sqlite-schema.fixture.sql', import.meta.url), 'utf8'));
  });
});

describe('cheap repeated statements', () => {
  it('hands out one prepared statement per SQL text, a fresh one while it is iterated, and evicts the oldest past the limit', () => {
    const sqlite = new SqliteDatabase(':memory:');
    const cache = new StatementCache(sqlite, 2);
    const first = cache.prepare('select 1 as n');
    expect(cache.prepare('select 1 as n')).toBe(first);
    sqlite.exec('create table t (n integer)');
    sqlite.exec('insert into t values (1), (2)');
    const scan = cache.prepare('select n from t');
    const iterator = scan.iterate([]);
    iterator.next();
    const beside = cache.prepare('select n from t');
    expect(beside).not.toBe(scan);
    expect(beside.all([])).toEqual([{ n: 1 }, { n: 2 }]);
    iterator.return?.();
    expect(cache.prepare('select n from t')).toBe(scan);
    cache.prepare('select 2');
    cache.prepare('select 3');
    expect(cache.prepare('select 1 as n')).not.toBe(first);
    cache.close();
  });

  it('a compiledOnce query runs with each call’s values, in and out of transactions, and refuses a value that is not a parameter', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-db-'));
    const db = openSqlite(path.join(dir, 'shop.sqlite'));
    await migrateToLatest(db);
    const clock = compiledOnce<{ owner: string; at: number }, { last_at: number }>((q, value) =>
      q
        .insertInto('replication_clocks')
        .values({ owner: value('owner'), last_at: value('at') })
        .onConflict((oc) => oc.column('owner').doUpdateSet({ last_at: sql<number>`replication_clocks.last_at + ${value('at')}` }))
        .returning('last_at'),
    );
    expect((await clock(db, { owner: 'a', at: 5 })).rows).toEqual([{ last_at: 5 }]);
    expect((await clock(db, { owner: 'b', at: 7 })).rows).toEqual([{ last_at: 7 }]);
    await db.transaction().execute(async (trx) => {
      expect((await clock(trx, { owner: 'a', at: 2 })).rows).toEqual([{ last_at: 7 }]);
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await clock(trx, { owner: 'c', at: 1 });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const rows = await db.selectFrom('replication_clocks').select(['owner', 'last_at']).orderBy('owner').execute();
    expect(rows.map((row) => [row.owner, Number(row.last_at)])).toEqual([['a', 7], ['b', 7]]);

    const inlined = compiledOnce<{ owner: string }, never>((q, value) => q.selectFrom('replication_clocks').selectAll().where(sql.lit(value('owner')), '=', 'x'));
    await expect(inlined(db, { owner: 'a' })).rejects.toThrow('owner did not become a parameter');
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
