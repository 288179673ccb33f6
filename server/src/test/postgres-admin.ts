/** The test run's PostgreSQL, seen from a test file of the server-pg project: its databases, by this file's prefix. */
import { psql } from '../../../scripts/postgres-cluster.mjs';
import { testCluster } from './test-database.ts';

/** The databases the current test file's apps created, by name. */
export function databasesOfThisFile(): string[] {
  const { url, prefix } = testCluster();
  const names = psql(url, `select string_agg(datname, ' ' order by datname) from pg_database where starts_with(datname, '${prefix}')`);
  return names ? names.split(' ') : [];
}

/** Drops the current test file's databases, ending any connection still open to them. */
export function dropDatabasesOfThisFile(): void {
  const { url } = testCluster();
  for (const name of databasesOfThisFile()) psql(url, `drop database if exists "${name}" with (force)`);
}
