/**
 * `pnpm shop migrate-to-postgres` and `pnpm shop backup` on a real shop: an SQLite shop with a catalogue, a customer,
 * a placed order and its replicated documents, made through the app's own routes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig, type AppConfig } from '../config.ts';
import { TOKEN_SECRET_FILE } from '../features/accounts/token-secret.ts';
import { customerBody } from '../features/accounts/accounts.test-support.ts';
import { importCatalogue } from '../features/catalogue/catalogue.import.ts';
import { OrderClient, orderCatalogue, orderDoc } from '../features/orders/orders.test-support.ts';
import { openDatabase } from '../storage/database.ts';
import { TEST_NOW } from '../test/build-test-app.ts';
import { testDatabase, testEngine } from '../test/test-database.ts';
import { backupShop } from './backup.ts';
import { foreignKeyOrder, migrateToPostgres } from './migrate-to-postgres.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-operations-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function capture() {
  const lines: string[] = [];
  return { lines, io: { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) }, text: () => lines.join('\n') };
}

/** An SQLite shop in `dataDir` (whatever engine the project tests) with a customer and a placed order. */
async function sqliteShop(dataDir: string): Promise<AppConfig> {
  const config: AppConfig = { ...testConfig({ dataDir, seedDemo: false }), database: { engine: 'sqlite', file: path.join(dataDir, 'shop.sqlite') } };
  const app = await buildApp(config, { clock: () => TEST_NOW });
  try {
    await importCatalogue(app.db, orderCatalogue(), { mode: 'replace', useUrlKeys: true, now: TEST_NOW, origin: 'test' });
    await app.catalogue.refresh();
    const registered = await app.inject({ method: 'POST', url: '/api/user/create', payload: customerBody('anna@example.com') });
    expect(registered.statusCode, registered.body).toBe(200);
    const orders = new OrderClient(app);
    const cart = await orders.newCart();
    const [placed] = await orders.push(cart, [{ doc: orderDoc() }]);
    expect(placed).toBeUndefined();
    const pulled = await orders.pull(cart);
    expect(pulled[0]).toMatchObject({ resultCode: 200, result: { increment_id: '000000001' } });
  } finally {
    await app.close();
  }
  return config;
}

function sqliteCounts(file: string): Record<string, number> {
  const sqlite = new SqliteDatabase(file, { readonly: true });
  try {
    const tables = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'").all() as Array<{ name: string }>;
    return Object.fromEntries(tables.map(({ name }) => [name, (sqlite.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n]));
  } finally {
    sqlite.close();
  }
}

describe('foreignKeyOrder', () => {
  it('puts every table after the tables it points at, and names a cycle', () => {
    const parents: Record<string, string[]> = { order_items: ['orders'], orders: [], customers: [], customer_addresses: ['customers'], categories: ['categories'] };
    expect(foreignKeyOrder(Object.keys(parents), (table) => parents[table]!)).toEqual(['categories', 'customers', 'orders', 'customer_addresses', 'order_items']);
    expect(() => foreignKeyOrder(['a', 'b'], (table) => (table === 'a' ? ['b'] : ['a']))).toThrow(/a, b form a cycle/);
  });
});

describe.runIf(testEngine() === 'postgres')('pnpm shop migrate-to-postgres', () => {
  it('moves an SQLite shop into PostgreSQL with equal row counts, working next ids and the token secret, and refuses a target with shop data', { timeout: 120_000 }, async () => {
    const dataDir = path.join(work, 'moving');
    const source = await sqliteShop(dataDir);
    const before = sqliteCounts(path.join(dataDir, 'shop.sqlite'));
    expect(before.orders).toBe(1);
    expect(before.customers).toBe(1);
    expect(before.replicated_documents).toBeGreaterThan(0);

    // The target: a migrated database with no shop in it (the migrations' own rows, a welcome coupon, are no shop data).
    const target = testDatabase(path.join(work, 'target'));
    if (target.engine !== 'postgres') throw new Error('runs on PostgreSQL only');
    await (await openDatabase(target)).destroy();
    const config: AppConfig = { ...source, database: { engine: 'postgres', url: target.url, poolSize: 2, createIfMissing: false } };
    const moved = capture();
    expect(await migrateToPostgres(config, moved.io), moved.text()).toBe(0);
    expect(moved.text()).toMatch(/the row counts match/);
    expect(moved.text()).toMatch(/^orders\s+1\s+1$/m);
    expect(moved.text()).toContain('Copied the token secret');

    const db = await openDatabase(config);
    try {
      for (const [table, rows] of Object.entries({ ...before, settings: before.settings! + 1 })) {
        const { rows: counted } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
        expect(counted[0]!.n, table).toBe(rows);
      }
      const secret = await db.selectFrom('settings').select('value').where('key', '=', 'token_secret').executeTakeFirst();
      expect(secret?.value).toBe(fs.readFileSync(path.join(dataDir, TOKEN_SECRET_FILE), 'utf8').trim());
    } finally {
      await db.destroy();
    }

    // The shop runs on the target: new rows take the next numbers instead of colliding with the copied ones.
    const app = await buildApp(config, { clock: () => TEST_NOW });
    try {
      const second = await app.inject({ method: 'POST', url: '/api/user/create', payload: customerBody('bram@example.com') });
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json().result.id).toBe(2);
      const orders = new OrderClient(app);
      const cart = await orders.newCart();
      await orders.push(cart, [{ doc: orderDoc() }]);
      expect((await orders.pull(cart))[0]).toMatchObject({ resultCode: 200, result: { increment_id: '000000002' } });
      const events = await app.db.selectFrom('replication_events').select(({ fn }) => [fn.max('seq').as('last'), fn.countAll().as('n')]).executeTakeFirstOrThrow();
      expect(Number(events.last)).toBe(Number(events.n));
      expect(Number(events.n)).toBeGreaterThan(before.replication_events!);
    } finally {
      await app.close();
    }

    // A second run finds the shop there and changes nothing.
    const again = capture();
    expect(await migrateToPostgres(config, again.io)).toBe(1);
    expect(again.text()).toMatch(/already holds shop data: .*customers \(2 rows\).*Nothing was copied/);
    const after = await openDatabase(config);
    try {
      const { rows } = await sql<{ n: number }>`select count(*) as n from customers`.execute(after);
      expect(rows[0]!.n).toBe(2);
    } finally {
      await after.destroy();
    }
  });
});

describe('pnpm shop backup', () => {
  it.runIf(testEngine() === 'sqlite')('writes a readable, owner-only copy of the SQLite shop, also while it runs', { timeout: 60_000 }, async () => {
    const dataDir = path.join(work, 'backed-up');
    const config = await sqliteShop(dataDir);
    // The shop is open (its WAL holds recent writes) while the backup is taken.
    const app = await buildApp(config, { clock: () => TEST_NOW });
    try {
      const file = path.join(work, 'backups', 'shop-backup.sqlite');
      const backup = capture();
      expect(await backupShop(config, file, backup.io), backup.text()).toBe(0);
      expect(backup.text()).toMatch(/^Backed up .*shop\.sqlite to .*shop-backup\.sqlite/);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.existsSync(`${file}.partial`)).toBe(false);
      expect(sqliteCounts(file)).toEqual(sqliteCounts(config.database.engine === 'sqlite' ? config.database.file : ''));
      const copy = new SqliteDatabase(file, { readonly: true });
      try {
        expect(copy.prepare('select increment_id from orders').all()).toHaveLength(1);
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        copy.close();
      }
    } finally {
      await app.close();
    }
  });

  it('on PostgreSQL prints the pg_dump command without the password and writes nothing', async () => {
    const config: AppConfig = { ...testConfig({ dataDir: path.join(work, 'pg') }), database: { engine: 'postgres', url: 'postgres://shop:s3cret@db.example.com:5432/shop', poolSize: 1, createIfMissing: false } };
    const file = path.join(work, 'my backup.dump');
    const backup = capture();
    expect(await backupShop(config, file, backup.io)).toBe(1);
    expect(backup.text()).toContain(`pg_dump -Fc --file '${file}' postgres://shop@db.example.com:5432/shop`);
    expect(backup.text()).toContain('pg_restore');
    expect(backup.text()).not.toContain('s3cret');
    expect(fs.existsSync(file)).toBe(false);
  });
});
