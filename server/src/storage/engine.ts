/**
 * Which engine a Kysely instance or transaction runs on. Where a feature needs SQL of its own per engine, it asks
 * here, in one place per feature, and both forms are tested.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** Anything that runs queries: the database or a transaction on it. */
type Executes = Pick<Kysely<never>, 'getExecutor'>;

export function engineOf(db: Executes): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** A unique constraint refused the write (SQLite's and PostgreSQL's codes). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === '23505' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/** The advisory lock instances hold while they migrate and seed (any constant text; hashed to PostgreSQL's key). */
const STARTUP_LOCK = 'horloge-startup';

/**
 * Runs what an instance does once at start (migrate, seed the demo catalogue) while no other instance does: on
 * PostgreSQL under a session advisory lock on one connection, which `fn` gets to run on (a pool of one connection
 * would otherwise wait for itself); on SQLite, one process owns the file, so `fn` just runs on `db`.
 */
export async function withStartupLock<DB, T>(db: Kysely<DB>, fn: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  if (engineOf(db) === 'sqlite') return fn(db);
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${STARTUP_LOCK}))`.execute(connection);
    try {
      return await fn(connection);
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${STARTUP_LOCK}))`.execute(connection);
    }
  });
}
