/** What the catalogue import tests share: fresh migrated databases (removed after the file's tests), the import options and a table dump. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatImportProblem } from '@shop/shared';
import { afterAll, expect } from 'vitest';
import { migrateToLatest, type Db } from '../../storage/database.ts';
import { CATALOGUE_TABLES } from '../../storage/schema.ts';
import { openTestDatabase } from '../../test/open-test-database.ts';
import { CatalogueImportError, type ImportOptions } from './catalogue.import.ts';

const dirs: string[] = [];
const databases: Db[] = [];
afterAll(async () => {
  for (const db of databases.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A folder of its own, removed after the test file. */
export function tempDir(prefix = 'shop-import-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** An empty shop database with every migration run (SQLite, or PostgreSQL in the server-pg project). */
export async function freshDb(): Promise<Db> {
  const db = await openTestDatabase(tempDir());
  databases.push(db);
  await migrateToLatest(db);
  return db;
}

export const IMPORT_NOW = new Date('2026-06-15T12:00:00Z');
export const REPLACE: ImportOptions = { mode: 'replace', useUrlKeys: true, now: IMPORT_NOW, origin: 'test' };
export const UPSERT: ImportOptions = { ...REPLACE, mode: 'upsert' };

/** Every catalogue table, row by row: what "the database is unchanged" compares. */
export async function dumpCatalogue(db: Db): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const table of [...CATALOGUE_TABLES, 'catalogue_changes'] as const) tables[table] = await db.selectFrom(table).selectAll().execute();
  return tables;
}

/** The problems an import refused with, as the CLI prints them (the import must have failed with CatalogueImportError). */
export async function problemsOf(run: Promise<unknown>): Promise<string[]> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CatalogueImportError);
  return (error as CatalogueImportError).problems.map(formatImportProblem);
}
