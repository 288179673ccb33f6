/**
 * Global setup of the server-pg Vitest project (vitest.config.ts), once per run in Vitest's main process: a throwaway
 * PostgreSQL cluster (scripts/postgres-cluster.mjs), or the server named by SHOP_TEST_POSTGRES_URL, with the template
 * database every test database is copied from. Its URL and port go to the test files (postgres-setup.ts).
 * Teardown stops the cluster, and fails the run if a test file left a database behind.
 */
import type { TestProject } from 'vitest/node';
import { psql, startCluster, type Cluster } from '../../../scripts/postgres-cluster.mjs';
import { migrateToLatest, openDatabase } from '../storage/database.ts';
import { TEMPLATE_DATABASE, TEST_DATABASE_PREFIX } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: { url: string; port: number };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const existing = process.env.SHOP_TEST_POSTGRES_URL;
  let cluster: Cluster | null = null;
  const url = existing ?? (cluster = await startCluster({ log: (line) => console.warn(line) })).url;
  try {
    const port = Number(new URL(url).port || 5432);
    // A fresh template each run: on an existing server a previous run's template may be out of date.
    psql(url, `drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    psql(url, `create database ${TEMPLATE_DATABASE}`);
    // Migrated once here, so each test database starts as a migrated copy. Every connection is closed before a test
    // file copies it: PostgreSQL refuses a template that is in use.
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
    const template = await openDatabase({ engine: 'postgres', url: templateUrl.href, poolSize: 1, createIfMissing: false });
    try {
      await migrateToLatest(template);
    } finally {
      await template.destroy();
    }
    project.provide('postgres', { url, port });
  } catch (error) {
    cluster?.stop();
    throw error;
  }
  return async () => {
    try {
      const left = psql(url, `select string_agg(datname, ', ') from pg_database where starts_with(datname, '${TEST_DATABASE_PREFIX}')`);
      if (left) {
        // Vitest reports an error thrown here but still exits 0: set the code ourselves.
        console.error(`Test databases were left behind on PostgreSQL (postgres-setup.ts drops each file's own): ${left}`);
        process.exitCode = 1;
      }
    } finally {
      if (existing) psql(url, `drop database if exists ${TEMPLATE_DATABASE} with (force)`);
      cluster?.stop();
    }
  };
}
