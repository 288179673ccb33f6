/** Opens the database of a data folder directly (no app), on the engine under test: for tests of storage code. */
import { openDatabase, type Db } from '../storage/database.ts';
import { testDatabase } from './test-database.ts';

/**
 * `empty`: on PostgreSQL a database without the migrations (test-database.ts), for tests that migrate step by step.
 * Only the first open of a data folder creates its database; later opens find it as it was left.
 */
export function openTestDatabase(dataDir: string, options: { empty?: boolean } = {}): Promise<Db> {
  return openDatabase(testDatabase(dataDir, options));
}

/**
 * Makes sure the database of a data folder exists before a child process (a CLI run) opens it by DATABASE_URL: the
 * CLI, like the shop outside tests, never creates a PostgreSQL database (an SQLite file it creates itself).
 */
export async function createTestDatabase(dataDir: string): Promise<void> {
  const database = testDatabase(dataDir);
  if (database.engine === 'postgres') await (await openDatabase(database)).destroy();
}
