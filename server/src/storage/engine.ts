/**
 * Which engine a Kysely instance or transaction runs on. Where a feature needs SQL of its own per engine, it asks
 * here, in one place per feature, and both forms are tested.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';

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

/**
 * PostgreSQL gave up on the transaction because of another one: a deadlock (40P01) or a serialization failure (40001).
 * Nothing of it was kept, so running it again is safe (`runTransaction`). SQLite never answers these.
 */
export function isConcurrencyConflict(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return code === '40P01' || code === '40001';
}

export interface RetryOptions {
  /** How many times the whole transaction runs again after a conflict (3 by default). */
  retries?: number;
  /** Which errors run it again (`isConcurrencyConflict` by default). */
  retryOn?: (error: unknown) => boolean;
}

/**
 * Runs `fn` in a transaction and, when PostgreSQL refuses it because of a concurrent one (`isConcurrencyConflict`),
 * runs the whole of it again, up to `retries` times, after a short random pause. `fn` must keep its results to itself
 * (build them inside, answer them at the end): a retried attempt starts from nothing. On SQLite one connection runs
 * every transaction after the other, so there is nothing to retry and `fn` runs once.
 */
export async function runTransaction<DB, T>(db: Kysely<DB>, fn: (trx: Transaction<DB>) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const retries = options.retries ?? 3;
  const retryOn = options.retryOn ?? isConcurrencyConflict;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (error) {
      if (attempt >= retries || !retryOn(error)) throw error;
      // The other transaction usually commits within milliseconds: wait a little, longer each time, never in step.
      await sleep(Math.round((attempt + 1) * 5 + Math.random() * 10));
    }
  }
}

/**
 * Serialises the writes of one replication owner on PostgreSQL: the owner's clock row, locked first in the write's
 * transaction (created when the owner has none), so a second write of the same owner reads the applied write ids and
 * the current copies only after the first one committed. The lock order of every write (decision 041) is: owner clock,
 * stock rows by sku, store order sequence (an order takes its number last), replication log head. On SQLite one connection already runs the writes
 * one after the other, and this costs no statement.
 */
export async function lockOwner<DB>(trx: Transaction<DB>, owner: string): Promise<void> {
  if (engineOf(trx) === 'sqlite') return;
  await sql`insert into replication_clocks (owner, last_at) values (${owner}, 0) on conflict (owner) do update set last_at = replication_clocks.last_at`.execute(trx);
}

/**
 * Locks the stock rows of `skus` in sku order on PostgreSQL (`for update`), before an order takes its quantities: two
 * orders of the same skus then wait for each other instead of locking rows in scan order and deadlocking. SQLite: no
 * statement (one connection).
 */
export async function lockSkus<DB>(trx: Transaction<DB>, skus: readonly string[]): Promise<void> {
  if (engineOf(trx) === 'sqlite' || skus.length === 0) return;
  const sorted = [...new Set(skus)].sort();
  await sql`select sku from stock_items where sku in (${sql.join(sorted)}) order by sku for update`.execute(trx);
}

/** The advisory lock catalogue imports take: any constant text, hashed to PostgreSQL's key. */
const CATALOGUE_IMPORT_LOCK = 'horloge-catalogue-import';

/**
 * Lets one catalogue import run at a time on PostgreSQL (a transaction-scoped advisory lock, taken first), so the
 * catalogue version (`catalogue_changes.id`) is handed out in commit order and an import reads what the previous one
 * wrote. SQLite runs one transaction at a time anyway.
 */
export async function lockCatalogueImports<DB>(trx: Transaction<DB>): Promise<void> {
  await advisoryLock(trx, CATALOGUE_IMPORT_LOCK);
}

/** The advisory lock content imports take (features/content/content.import.ts). */
const CONTENT_IMPORT_LOCK = 'horloge-content-import';

/** Lets one content import (which replaces all content) run at a time on PostgreSQL; SQLite runs one anyway. */
export async function lockContentImports<DB>(trx: Transaction<DB>): Promise<void> {
  await advisoryLock(trx, CONTENT_IMPORT_LOCK);
}

async function advisoryLock<DB>(trx: Transaction<DB>, key: string): Promise<void> {
  if (engineOf(trx) === 'sqlite') return;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/**
 * `pg_notify(channel, payload)` inside the transaction: PostgreSQL delivers it to every listening instance when the
 * transaction commits, in commit order, and never when it rolls back. Nothing on SQLite (one instance).
 */
export async function notify<DB>(trx: Transaction<DB>, channel: string, payload: string): Promise<void> {
  if (engineOf(trx) === 'sqlite') return;
  await sql`select pg_notify(${channel}, ${payload})`.execute(trx);
}
