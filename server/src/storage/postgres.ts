/**
 * The shop on PostgreSQL (DATABASE_URL): Kysely's PostgreSQL dialect over a node-postgres pool.
 *
 * node-postgres answers `bigint` (int8: counts, sums, millisecond times) and `numeric` (prices) as strings, where
 * SQLite answers numbers. The pool's own type parsers turn them into numbers, so repositories read the same values
 * on both engines; an int8 past Number.MAX_SAFE_INTEGER fails its query instead of losing digits. The parsers are
 * given per pool, never set on `pg.types` for the whole process, so both engines can live in one process.
 */
import pg from 'pg';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import { ConfigError, redactDatabaseUrl } from '../config.ts';
import type { Database } from './schema.ts';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** int8 text as a number; past 2^53 it would silently round, so it throws (the query fails with this message). */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`PostgreSQL answered ${text}, past the largest whole number JavaScript holds exactly`);
  return value;
}

/** numeric text as a number: the shop's numeric columns are money (14,2) and rates (7,4), well inside a double. */
export function parseNumeric(text: string): number {
  return Number(text);
}

const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format !== 'binary' && oid === INT8_OID) return parseInt8;
    if (format !== 'binary' && oid === NUMERIC_OID) return parseNumeric;
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

export interface PostgresOptions {
  url: string;
  poolSize: number;
  /** Create the database named in the URL when it does not exist (from `template` when given). */
  createIfMissing?: boolean;
  template?: string;
  /** An idle pooled connection failed (the server restarted, a network cut): the pool drops it and opens another. */
  onIdleError?: (error: Error) => void;
}

/**
 * DATABASE_URL names a server the shop cannot use; the message names the variable, never the password. A kind of
 * configuration error: the start stops with the message alone, as for a bad setting.
 */
export class DatabaseUnreachableError extends ConfigError {
  override name = 'DatabaseUnreachableError';
}

/** `"name"` as an SQL identifier. */
function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The database the URL names (node-postgres takes the user name when the path is empty). */
function databaseName(url: URL): string {
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  return name || decodeURIComponent(url.username) || 'postgres';
}

/** Creates the URL's database through the server's maintenance database `postgres`; one that exists is kept. */
async function createDatabaseIfMissing(url: string, template: string | undefined): Promise<void> {
  const target = new URL(url);
  const name = databaseName(target);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return;
    await client.query(`create database ${quoteIdentifier(name)}${template ? ` template ${quoteIdentifier(template)}` : ''}`);
  } catch (error) {
    // Another process created it between the look-up and the create.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

/**
 * Opens the pool and checks that the server answers, so a wrong address stops the start at once with a clear
 * message instead of failing the first shopper's request.
 */
export async function openPostgres(options: PostgresOptions): Promise<Kysely<Database>> {
  const shown = `DATABASE_URL=${redactDatabaseUrl(options.url)}`;
  try {
    if (options.createIfMissing) await createDatabaseIfMissing(options.url, options.template);
  } catch (error) {
    throw new DatabaseUnreachableError(`Could not create the PostgreSQL database of ${shown}: ${(error as Error).message}`, { cause: error });
  }
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize, types, keepAlive: true, application_name: 'horloge-shop' });
  pool.on('error', (error) => options.onIdleError?.(error));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool,
      // A transaction left open by a crashed request must not hold its row locks for ever.
      onCreateConnection: async (connection) => {
        await connection.executeQuery(CompiledQuery.raw("set idle_in_transaction_session_timeout = '30s'"));
      },
    }),
  });
  try {
    await db.executeQuery(CompiledQuery.raw('select 1'));
  } catch (error) {
    await db.destroy();
    throw new DatabaseUnreachableError(`Could not connect to PostgreSQL at ${shown}: ${(error as Error).message}`, { cause: error });
  }
  return db;
}
