/**
 * `pnpm shop migrate-to-postgres`: moves a shop from its SQLite file (DATA_DIR/shop.sqlite) into the empty PostgreSQL
 * database DATABASE_URL names. Stop the shop first: what it writes after the copy is taken stays behind.
 *
 * 1. A consistent copy of the SQLite file is taken with SQLite's online backup, into a temporary folder, and migrated
 *    to the current schema there (the shop's own file is only read).
 * 2. The target is refused when it holds shop data: any row beyond what the migrations put in an empty database
 *    (measured on a fresh SQLite database migrated beside the copy) and the token secret row a started instance makes.
 * 3. The target is migrated; then, in one PostgreSQL transaction, every table of the copy is emptied on the target and
 *    copied in foreign-key order, in batches; the identity columns' sequences are set past the highest copied id (or
 *    the next insert would collide); the replication log head, where the table exists, is set to the log's last
 *    `seq`; the data folder's token secret becomes the `settings` row `token_secret` when that is not set, so
 *    customers stay logged in; and every table's row count is compared. Any difference rolls all of it back.
 *
 * Tables are read from the database, not listed here, so tables added by later migrations move as well.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import { TOKEN_SECRET_FILE, TOKEN_SECRET_SETTING } from '../features/accounts/token-secret.ts';
import { describeDatabase, migrateToLatest, openDatabase, openSqlite, type Db } from '../storage/database.ts';
import { OWNER_DIR_MODE } from '../storage/owner-only.ts';

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Any table, any columns: the copy is schema-driven. */
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
/** Anything that runs raw SQL: the target or the copying transaction. */
type Executes = Pick<Kysely<never>, 'getExecutor'>;

/** Bound parameters per insert statement (PostgreSQL allows 65535). */
const PARAMETERS_PER_BATCH = 30_000;
const MAX_ROWS_PER_BATCH = 1000;

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The shop's tables in an SQLite file (not SQLite's own, not the migrator's bookkeeping). */
function sqliteTables(sqlite: SqliteDatabase.Database): string[] {
  return (sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name").all() as Array<{ name: string }>).map(
    (row) => row.name,
  );
}

/** Parents before children: each table comes after the tables its foreign keys point at. */
export function foreignKeyOrder(tables: string[], parentsOf: (table: string) => string[]): string[] {
  const remaining = new Map(tables.map((table) => [table, new Set(parentsOf(table).filter((parent) => parent !== table && tables.includes(parent)))]));
  const order: string[] = [];
  while (remaining.size > 0) {
    const ready = [...remaining].filter(([, parents]) => parents.size === 0).map(([table]) => table).sort();
    if (ready.length === 0) throw new Error(`The foreign keys of ${[...remaining.keys()].join(', ')} form a cycle`);
    for (const table of ready) {
      order.push(table);
      remaining.delete(table);
      for (const parents of remaining.values()) parents.delete(table);
    }
  }
  return order;
}

function countRows(sqlite: SqliteDatabase.Database, table: string): number {
  return (sqlite.prepare(`select count(*) as n from ${quote(table)}`).get() as { n: number }).n;
}

async function postgresTables(db: Executes): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(db);
  return rows.map((row) => row.table_name);
}

async function postgresColumns(db: Executes): Promise<Map<string, Set<string>>> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns where table_schema = current_schema()`.execute(db);
  const columns = new Map<string, Set<string>>();
  for (const row of rows) columns.set(row.table_name, (columns.get(row.table_name) ?? new Set()).add(row.column_name));
  return columns;
}

async function postgresCount(db: Executes, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]!.n);
}

/** Rows each table holds right after the migrations ran on an empty database. */
function rowsAfterMigrations(freshFile: string): Promise<Map<string, number>> {
  const db = openSqlite(freshFile);
  return migrateToLatest(db)
    .then(() => db.destroy())
    .then(() => {
      const sqlite = new SqliteDatabase(freshFile, { readonly: true });
      try {
        return new Map(sqliteTables(sqlite).map((table) => [table, countRows(sqlite, table)]));
      } finally {
        sqlite.close();
      }
    });
}

/** What in the target is shop data: rows past what the migrations make, apart from a started instance's token secret. */
async function shopDataIn(target: Db, fromMigrations: Map<string, number>): Promise<string[]> {
  const found: string[] = [];
  for (const table of await postgresTables(target)) {
    let rows = await postgresCount(target, table);
    if (table === 'settings') rows -= Number((await sql<{ n: number }>`select count(*) as n from settings where key = ${TOKEN_SECRET_SETTING}`.execute(target)).rows[0]!.n);
    if (rows > (fromMigrations.get(table) ?? 0)) found.push(`${table} (${rows} rows)`);
  }
  return found;
}

function pad(text: string | number, width: number, right = false): string {
  const value = String(text);
  return right ? value.padStart(width) : value.padEnd(width);
}

export async function migrateToPostgres(config: AppConfig, io: Io): Promise<number> {
  if (config.database.engine !== 'postgres') {
    io.err('Set DATABASE_URL to the empty PostgreSQL database the shop moves into (postgres://user:password@host:5432/shop); the shop is read from DATA_DIR/shop.sqlite.');
    return 2;
  }
  const source = path.join(config.dataDir, 'shop.sqlite');
  if (!fs.existsSync(source)) {
    io.err(`There is no SQLite shop at ${source}: set DATA_DIR to the shop's data folder.`);
    return 1;
  }
  const started = performance.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-migrate-'));
  fs.chmodSync(work, OWNER_DIR_MODE);
  let target: Db | null = null;
  try {
    // 1. A consistent copy, brought to the current schema.
    const copyFile = path.join(work, 'shop.sqlite');
    const live = new SqliteDatabase(source, { fileMustExist: true });
    try {
      await live.backup(copyFile);
    } finally {
      live.close();
    }
    const copyDb = openSqlite(copyFile);
    await migrateToLatest(copyDb);
    await copyDb.destroy();
    const fromMigrations = await rowsAfterMigrations(path.join(work, 'fresh.sqlite'));

    // 2. The target: reachable, and holding no shop.
    target = await openDatabase({ ...config.database, poolSize: 2 });
    const shopData = await shopDataIn(target, fromMigrations);
    if (shopData.length > 0) {
      io.err(
        `${describeDatabase(config)} already holds shop data: ${shopData.join(', ')}. Nothing was copied. Move the shop into an empty database (createdb, or drop and create this one).`,
      );
      return 1;
    }
    await migrateToLatest(target);

    // 3. The copy, in one transaction.
    const sqlite = new SqliteDatabase(copyFile, { readonly: true });
    try {
      const tables = sqliteTables(sqlite);
      const targetTables = new Set(await postgresTables(target));
      const targetColumns = await postgresColumns(target);
      const missing = tables.filter((table) => !targetTables.has(table));
      if (missing.length > 0) throw new Error(`The PostgreSQL schema lacks tables the shop has: ${missing.join(', ')}`);
      const order = foreignKeyOrder(tables, (table) =>
        (sqlite.prepare(`select "table" from pragma_foreign_key_list(?)`).all(table) as Array<{ table: string }>).map((row) => row.table),
      );
      const counts: Array<{ table: string; sqlite: number; postgres: number }> = [];
      /** Rows the move adds on purpose (the token secret row). */
      const added = new Map<string, number>();
      await target.transaction().execute(async (trx) => {
        const db = trx as unknown as AnyDb;
        // Children first: the migrations' own rows (a welcome coupon, the log head) make way for the shop's.
        for (const table of [...order].reverse()) await sql`delete from ${sql.table(table)}`.execute(db);
        for (const table of order) {
          const columns = (sqlite.prepare(`select name from pragma_table_info(?) order by cid`).all(table) as Array<{ name: string }>).map((row) => row.name);
          const unknown = columns.filter((column) => !targetColumns.get(table)?.has(column));
          if (unknown.length > 0) throw new Error(`The PostgreSQL table ${table} lacks the columns ${unknown.join(', ')}`);
          const batchSize = Math.max(1, Math.min(MAX_ROWS_PER_BATCH, Math.floor(PARAMETERS_PER_BATCH / columns.length)));
          let batch: Array<Record<string, unknown>> = [];
          const flush = async () => {
            if (batch.length === 0) return;
            await db.insertInto(table).values(batch).execute();
            batch = [];
          };
          for (const row of sqlite.prepare(`select ${columns.map(quote).join(', ')} from ${quote(table)}`).iterate() as Iterable<Record<string, unknown>>) {
            batch.push(row);
            if (batch.length >= batchSize) await flush();
          }
          await flush();
        }

        // Identity columns (migrations' autoId): the next number after the highest copied one.
        const { rows: identities } = await sql<{ table_name: string; column_name: string }>`
          select table_name, column_name from information_schema.columns
          where table_schema = current_schema() and is_identity = 'YES' order by table_name`.execute(db);
        for (const { table_name: table, column_name: column } of identities) {
          await sql`select setval(pg_get_serial_sequence(${quote(table)}, ${column}), coalesce(max(${sql.ref(column)}), 0) + 1, false) from ${sql.table(table)}`.execute(db);
        }

        // The replication log head (migration 013): the log's last seq, whatever the copy said.
        if (targetColumns.get('replication_log_head')?.has('last_seq') && targetTables.has('replication_events')) {
          await sql`update replication_log_head set last_seq = (select coalesce(max(seq), 0) from replication_events)`.execute(db);
        }

        // The token secret, so every session and customer token stays valid.
        if (targetTables.has('settings')) {
          const file = path.join(config.dataDir, TOKEN_SECRET_FILE);
          const secret = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
          if (secret.length >= 32) {
            const inserted = await sql`insert into settings (key, value) values (${TOKEN_SECRET_SETTING}, ${secret}) on conflict (key) do nothing`.execute(db);
            if (Number(inserted.numAffectedRows ?? 0) > 0) {
              io.out(`Copied the token secret of ${file} into the settings row ${TOKEN_SECRET_SETTING}: customers stay logged in.`);
              added.set('settings', 1);
            }
          }
        }

        for (const table of order) counts.push({ table, sqlite: countRows(sqlite, table), postgres: await postgresCount(db, table) });
        const differ = counts.filter((count) => count.sqlite + (added.get(count.table) ?? 0) !== count.postgres);
        if (differ.length > 0) throw new Error(`Row counts differ after the copy (${differ.map((c) => `${c.table}: ${c.sqlite} vs ${c.postgres}`).join('; ')}); nothing was kept`);
      });

      const width = Math.max(...counts.map((count) => count.table.length), 5);
      io.out(`${pad('table', width)}  ${pad('SQLite', 8, true)}  ${pad('PostgreSQL', 10, true)}`);
      for (const count of counts) io.out(`${pad(count.table, width)}  ${pad(count.sqlite, 8, true)}  ${pad(count.postgres, 10, true)}`);
      const total = counts.reduce((sum, count) => sum + count.sqlite, 0);
      io.out(
        `Moved ${total} rows in ${order.length} tables from ${source} to ${describeDatabase(config)} in ${((performance.now() - started) / 1000).toFixed(1)} s; the row counts match${added.size > 0 ? ' (settings has the token secret row besides)' : ''}. ` +
          'Start the shop with this DATABASE_URL; pictures stay in DATA_DIR/media.',
      );
      return 0;
    } finally {
      sqlite.close();
    }
  } finally {
    await target?.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
