/**
 * The local database's storage under the storage-pressure rules (storage-policy.ts), for the tab's one database
 * (app/database.ts): the writes guarded, the caches of what was browsed as the relief, the shopper's notices, and
 * the quota check every 30 seconds from the moment the database opens.
 */
import type { RxStorage } from 'rxdb/plugins/core';
import { browserRelief } from './browser-relief.ts';
import { guardStorage } from './guarded-storage.ts';
import { StoragePressure, type StorageNotices } from './storage-pressure.ts';

let pressure: StoragePressure | null = null;

/** The notices load on first use: a full storage is rare, and the database's first load carries none of it. */
const notices: StorageNotices = {
  waiting: () => void import('./storage-notices.ts').then(({ storageNotices }) => storageNotices.waiting()),
  settled: (saved) => void import('./storage-notices.ts').then(({ storageNotices }) => storageNotices.settled(saved)),
};

export function underStoragePressure<Internals, Options>(storage: RxStorage<Internals, Options>): RxStorage<Internals, Options> {
  if (!pressure) {
    pressure = new StoragePressure({
      relief: browserRelief,
      notices,
      sleep: (ms) => new Promise((wake) => setTimeout(wake, ms)),
      report: (what, error) => console.warn(what, error),
    });
    pressure.start();
  }
  return guardStorage(storage, pressure);
}
