import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openSqlite } from './database.ts';
import { migrations } from './migrations/index.ts';

describe('the SQLite database', () => {
  it('opens in WAL mode, applies every migration once and is idempotent', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-db-'));
    const db = openSqlite(path.join(dir, 'nested', 'shop.sqlite'));
    const first = await migrateToLatest(db);
    expect(first.results?.map((r) => r.migrationName)).toEqual(Object.keys(migrations));
    const again = await migrateToLatest(db);
    expect(again.results).toEqual([]);
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['products', 'product_texts', 'categories', 'url_rewrites', 'tax_rules']));
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
