/** Opens the database of a data folder directly (no app), on the engine under test: for tests of storage code. */
import { openSqlite, type Db } from '../storage/database.ts';
import { testDatabase } from './test-database.ts';

export function openTestDatabase(dataDir: string): Db {
  const database = testDatabase(dataDir);
  if (database.engine === 'sqlite') return openSqlite(database.file);
  // Issue 16: replaced by `openDatabase({ database })` when the PostgreSQL engine (storage/postgres.ts) is merged.
  throw new Error('This build has no PostgreSQL engine yet (storage/database.ts has no openDatabase): the server-pg project cannot run.');
}
