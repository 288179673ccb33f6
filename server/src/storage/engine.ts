/**
 * Which engine a Kysely instance or transaction runs on. Where a feature needs SQL of its own per engine, it asks
 * here, in one place per feature, and both forms are tested.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

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
