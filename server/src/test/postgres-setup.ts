/**
 * Per-file setup of the server-pg Vitest project (vitest.config.ts), in the worker: points this file's test apps at
 * the run's PostgreSQL (postgres-global-setup.ts) under a prefix of its own (test-database.ts), lets the no-network
 * guard through to it, and drops every database this file created after its tests.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { allowTestServer } from './no-network.ts';
import { dropDatabasesOfThisFile } from './postgres-admin.ts';
import { TEST_DATABASE_PREFIX } from './test-database.ts';

const { url, port } = inject('postgres');
const prefix = `${TEST_DATABASE_PREFIX}${randomBytes(4).toString('hex')}_`;
process.env.SHOP_TEST_ENGINE = 'postgres';
process.env.SHOP_TEST_POSTGRES_URL = url;
process.env.SHOP_TEST_DATABASE_PREFIX = prefix;
allowTestServer(port);

// Registered first, so it runs after every other afterAll of the file (Vitest runs them as a stack): the apps are
// closed by then, and `with (force)` ends any connection still open.
afterAll(dropDatabasesOfThisFile);
