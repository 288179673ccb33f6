/** For tests: local databases on Dexie over fake-indexeddb (as in the browser, without one), closed after each test. */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import type { RxStorage } from 'rxdb/plugins/core';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, vi } from 'vitest';
import { createShopDatabase, type ShopDatabase } from '../app/database.ts';

export const testStorage = () => getRxStorageDexie({ indexedDB, IDBKeyRange }) as RxStorage<unknown, unknown>;

let counter = 0;
export const uniqueDatabaseName = () => `shop-test-${Date.now()}-${(counter += 1)}`;

const open: ShopDatabase[] = [];

/** A fresh database, closed after the test: at most ~13 collections may be open in one process. */
export async function testDatabase(name = uniqueDatabaseName()): Promise<ShopDatabase> {
  const db = await createShopDatabase({ name, storage: testStorage(), multiInstance: false });
  open.push(db);
  return db;
}

export function closeTestDatabasesAfterEach(): void {
  afterEach(async () => {
    await Promise.all(open.splice(0).map((db) => (db.closed ? undefined : db.close())));
  });
}

/** The Dexie storage's one-time "Open Core" notice says nothing a test needs. */
export function quietRxdbNotice(): void {
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('RxDB Open Core')) return;
    warn(...args);
  });
}

/** Polls until `check` passes (replication is asynchronous). */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
