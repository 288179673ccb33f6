// The lists of server test files that run on SQLite only (engine-files.ts) stay true: every entry exists, and a file
// listed as not touching a database really opens none, so no database test silently runs on one engine only.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NO_DATABASE, NOT_ON_POSTGRES } from './engine-files.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// What a test reaches a database through: an app, a config for one, or the storage layer itself.
const OPENS_A_DATABASE = /\b(buildApp|buildTestApp|buildAccountsTestApp|testConfig|openSqlite|openDatabase|openTestDatabase|migrateToLatest|Kysely)\b|test-support/;

describe('server test files left out of the PostgreSQL half', () => {
  it('all exist', () => {
    expect(NOT_ON_POSTGRES.filter((file) => !fs.existsSync(path.join(serverDir, file)))).toEqual([]);
  });

  it('open no database when listed as not touching one', () => {
    const opening = NO_DATABASE.filter((file) => OPENS_A_DATABASE.test(fs.readFileSync(path.join(serverDir, file), 'utf8')));
    expect(opening).toEqual([]);
  });
});
