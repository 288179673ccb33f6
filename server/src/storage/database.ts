/**
 * Opens the shop's database: SQLite (better-sqlite3, WAL) by default, PostgreSQL when DATABASE_URL is set.
 * Repositories only see `Kysely<Database>` and run on both.
 *
 * The contract with the rest of the server (and its tests):
 * - `config.database` (config.ts `DatabaseConfig`) is `{ engine: 'sqlite', file }` or
 *   `{ engine: 'postgres', url, poolSize, createIfMissing, template? }`. `loadConfig` fills it from DATA_DIR or
 *   DATABASE_URL / DATABASE_POOL_SIZE (createIfMissing false); tests and `serve` may set createIfMissing (and a
 *   template database to copy).
 * - `openDatabase(config.database)` answers the open `Db`; it also takes the whole config (`{ database }`). On
 *   PostgreSQL it checks the connection first and throws `DatabaseUnreachableError` naming DATABASE_URL (never its
 *   password). Callers migrate with `migrateToLatest(db)` and close with `db.destroy()`, on both engines.
 * - `engineOf(db)` (engine.ts) says which engine a `Db` or transaction runs on; `describeDatabase` names it for
 *   people (the file, or the URL without its password).
 *
 * Two things keep small statements cheap (the orders-speed decision): SQLite statements stay prepared, by SQL text, in a bounded
 * cache (`StatementCache`), and the few statements of the hot write paths are built and compiled by Kysely once
 * per engine (`compiledOnce`) and then run with new parameter values.
 */
import { OWNER_DIR_MODE, OWNER_FILE_MODE } from './owner-only.ts';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, Migrator, SqliteDialect, type Compilable, type MigrationResultSet, type QueryResult, type SqliteStatement, type Transaction } from 'kysely';
import { redactDatabaseUrl, type DatabaseConfig } from '../config.ts';
import { migrations } from './migrations/index.ts';
import { openPostgres } from './postgres.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
/** A transaction on the shop's database. */
export type Trx = Transaction<Database>;

/** How many prepared statements one connection keeps (the app issues a few hundred distinct SQL texts). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * What Kysely's SQLite driver sees of the connection: `prepare` answers the statement prepared earlier for the same
 * SQL text (past the limit the least recently used is dropped; better-sqlite3 finalises it when collected).
 * better-sqlite3 statements are re-runnable with new parameters and SQLite re-prepares them itself after a schema
 * change; a statement still being iterated (a streamed query) is never handed out twice, a fresh one is prepared
 * beside it.
 */
export class StatementCache {
  private readonly statements = new Map<string, SqliteDatabase.Statement>();

  constructor(
    readonly sqlite: SqliteDatabase.Database,
    private readonly size = STATEMENT_CACHE_SIZE,
  ) {}

  prepare(text: string): SqliteStatement {
    const cached = this.statements.get(text);
    if (cached) {
      if (cached.busy) return this.sqlite.prepare(text);
      // Map order is insertion order: moving the hit to the end keeps the oldest first for eviction.
      this.statements.delete(text);
      this.statements.set(text, cached);
      return cached;
    }
    const statement = this.sqlite.prepare(text);
    this.statements.set(text, statement);
    if (this.statements.size > this.size) this.statements.delete(this.statements.keys().next().value!);
    return statement;
  }

  close(): void {
    this.statements.clear();
    this.sqlite.close();
  }
}

/**
 * Pragmas: WAL lets readers (another process, a backup) run beside the one writer; `synchronous = NORMAL` is safe in
 * WAL (a power cut may lose the last commits, never corrupt the file) and spares an fsync per commit;
 * foreign keys are checked; a locked file is waited for up to 5 s instead of failing at once.
 */
export function openSqlite(file: string): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: OWNER_DIR_MODE });
  // The file exists with the owner's mode before SQLite opens it: its WAL and SHM files take the same mode.
  fs.closeSync(fs.openSync(file, 'a', OWNER_FILE_MODE));
  fs.chmodSync(file, OWNER_FILE_MODE);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: new StatementCache(sqlite) }) });
}

/** Opens the configured database: `openDatabase(config)` or `openDatabase(config.database)`. */
export async function openDatabase(config: DatabaseConfig | { database: DatabaseConfig }, options: { onIdleError?: (error: Error) => void } = {}): Promise<Db> {
  const database = 'engine' in config ? config : config.database;
  if (database.engine === 'sqlite') return openSqlite(database.file);
  return openPostgres({ ...database, ...options });
}

/** The database for people: the SQLite file, or the PostgreSQL address without its password. */
export function describeDatabase(config: DatabaseConfig | { database: DatabaseConfig }): string {
  const database = 'engine' in config ? config : config.database;
  return database.engine === 'sqlite' ? database.file : redactDatabaseUrl(database.url);
}

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '?'} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}

/** Stands for a named parameter while a `compiledOnce` query is built; never reaches the database. */
const MARK = '\u0000kysely-param:';

/** Any Kysely instance or transaction, whatever its tables: the compiled query carries its own SQL. */
type Executor = Pick<Kysely<never>, 'executeQuery' | 'getExecutor'>;

/**
 * A query of fixed shape built and compiled once, then run with new values: Kysely's builder and compiler cost more
 * than SQLite's work for a small statement. `build` gets a stand-in for each named value and answers the query
 * (built on the executor it is given); every stand-in must become a bound parameter (a value in `where`, `values`,
 * `set` or `sql`), which is checked when it compiles. The SQL is compiled on first use per engine (the executor's
 * adapter class), so a process with both engines (moving a shop to PostgreSQL) runs each its own SQL.
 */
export function compiledOnce<Values extends object, Row>(
  build: (db: Kysely<Database>, value: <K extends keyof Values & string>(name: K) => Values[K]) => Compilable<Row>,
): (executor: Executor, values: Values) => Promise<QueryResult<Row>> {
  type Compiled = { query: CompiledQuery<Row>; slots: Array<{ name: string } | { constant: unknown }> };
  const byEngine = new Map<unknown, Compiled>();
  return async (executor, values) => {
    const engine = executor.getExecutor().adapter.constructor;
    let compiled = byEngine.get(engine);
    if (!compiled) {
      const names = new Set<string>();
      const query = build(executor as unknown as Kysely<Database>, (name) => {
        names.add(name);
        return `${MARK}${name}` as never;
      }).compile();
      const slots = query.parameters.map((parameter) =>
        typeof parameter === 'string' && parameter.startsWith(MARK) ? { name: parameter.slice(MARK.length) } : { constant: parameter },
      );
      const bound = new Set(slots.flatMap((slot) => ('name' in slot ? [slot.name] : [])));
      const lost = [...names].filter((name) => !bound.has(name));
      if (lost.length > 0) throw new Error(`compiledOnce: ${lost.join(', ')} did not become a parameter of: ${query.sql}`);
      compiled = { query, slots };
      byEngine.set(engine, compiled);
    }
    const { query, slots } = compiled;
    const parameters = slots.map((slot) => ('name' in slot ? values[slot.name as keyof Values] : slot.constant));
    // A fresh query id per run, the compiled operation node kept (what a plugin would look at).
    return executor.executeQuery<Row>({ ...CompiledQuery.raw(query.sql, parameters), query: query.query });
  };
}
