/**
 * Storage under pressure (spec 2 §4 "Other", §9): a real local database on a fake storage that throws the
 * QuotaExceededError Chromium gives (Dexie's AbortError with it inside) while its "disk" is full.
 */
import { SAMPLE_DOCS } from '@shop/shared/sync/test-documents';
import type { RxStorage } from 'rxdb/plugins/core';
import type { WorkboxPlugin } from 'workbox-core/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createShopDatabase, type ShopDatabase } from '../../app/database.ts';
import { quietRxdbNotice, testStorage, uniqueDatabaseName } from '../../test/rxdb-test-utils.ts';
import { createCachePersistence } from './cache-persistence.ts';
import { browserRelief } from './browser-relief.ts';
import { guardStorage } from './guarded-storage.ts';
import { isQuotaError } from './quota-errors.ts';
import { STORAGE_LIMITS, CACHING_MESSAGE } from './storage-policy.ts';
import { StoragePressure, type StorageNotices, type StorageRelief } from './storage-pressure.ts';

const storageFiles = import.meta.glob<Record<string, string>>('../../locales/*/storage.json', { eager: true, import: 'default' });

/** A write the storage refuses once for want of room. */
function refusedOnce(): () => Promise<string> {
  let refused = false;
  return async () => {
    if (refused) return 'stored';
    refused = true;
    throw chromiumQuotaAbort();
  };
}

/** What Dexie rejects with in Chromium when a transaction is aborted for want of room. */
function chromiumQuotaAbort(): Error {
  return Object.assign(new Error('QuotaExceededError An attempt was made to add something to storage that exceeded the quota.'), {
    name: 'AbortError',
    inner: new DOMException('An attempt was made to add something to storage that exceeded the quota.', 'QuotaExceededError'),
  });
}

/** A device whose storage holds the browsing caches; full until they are cleared, or for good when `stuck`. */
class FakeDevice {
  full = false;
  stuck = false;
  refusedWrites = 0;
  cleared = 0;
  purged = 0;
  usage = 10;
  told: unknown[] = [];
  notices: string[] = [];

  readonly relief: StorageRelief = {
    clearCaches: async () => {
      this.cleared += 1;
      if (!this.stuck) this.full = false;
    },
    purgeOldest: async () => {
      this.purged += 1;
      return 100;
    },
    estimate: async () => ({ usage: this.usage, quota: 100 }),
    tellWorker: (caching) => this.told.push(caching),
  };

  readonly noticesApi: StorageNotices = {
    waiting: () => this.notices.push('waiting'),
    settled: (saved) => this.notices.push(saved ? 'saved' : 'not saved'),
  };

  /** The Dexie storage (on fake-indexeddb) refusing every write while the device is full. */
  storage(): RxStorage<unknown, unknown> {
    const inner = testStorage();
    return {
      name: inner.name,
      rxdbVersion: inner.rxdbVersion,
      createStorageInstance: async (params) => {
        const instance = await inner.createStorageInstance(params);
        const write = instance.bulkWrite.bind(instance);
        instance.bulkWrite = async (rows, context) => {
          if (this.full) {
            this.refusedWrites += 1;
            throw chromiumQuotaAbort();
          }
          return write(rows, context);
        };
        return instance;
      },
    };
  }
}

const sleeps: number[] = [];
/** Runs at each wait of a write that found no room: the test frees space at the moment it likes. */
let onSleep: () => void;
let device: FakeDevice;
let pressure: StoragePressure;
let db: ShopDatabase | null = null;

async function openDatabase(): Promise<ShopDatabase> {
  db = await createShopDatabase({ name: uniqueDatabaseName(), storage: guardStorage(device.storage(), pressure), multiInstance: false });
  return db;
}

beforeEach(() => {
  quietRxdbNotice();
  sleeps.length = 0;
  onSleep = () => {};
  device = new FakeDevice();
  pressure = new StoragePressure({
    relief: device.relief,
    notices: device.noticesApi,
    sleep: async (ms) => {
      sleeps.push(ms);
      onSleep();
    },
  });
});

afterEach(async () => {
  await db?.close();
  db = null;
  vi.unstubAllGlobals();
});

describe('telling a quota error', () => {
  it('sees it however the browser, Dexie or RxDB wraps it', () => {
    expect(isQuotaError(chromiumQuotaAbort())).toBe(true);
    expect(isQuotaError(new DOMException('Quota exceeded.', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError(Object.assign(new Error('QuotaExceededError '), { name: 'AbortError' }))).toBe(true);
    expect(isQuotaError({ name: 'OpenFailedError', inner: { name: 'QuotaExceededError' } })).toBe(true);
    expect(isQuotaError({ name: 'RxError', parameters: { error: chromiumQuotaAbort() } })).toBe(true);
    expect(isQuotaError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true);
    expect(isQuotaError(new DOMException('Transaction aborted', 'AbortError'))).toBe(false);
    expect(isQuotaError(new DOMException('Key already exists', 'ConstraintError'))).toBe(false);
    expect(isQuotaError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});

describe('a write of the shopper’s data under a full storage', () => {
  it('clears the caches of what was browsed and writes again: the cart line is kept, nobody waits', async () => {
    const database = await openDatabase();
    device.full = true;
    await database.cart.insert({ ...SAMPLE_DOCS.cart });
    expect(device.refusedWrites).toBe(1);
    expect(device.cleared).toBe(1);
    expect((await database.cart.findOne(SAMPLE_DOCS.cart.id).exec())?.qty).toBe(2);
    expect(device.notices).toEqual([]);
  });

  it('when clearing is not enough, tells the shopper, waits and writes once there is room: nothing is dropped', async () => {
    const database = await openDatabase();
    device.full = true;
    device.stuck = true;
    // At the fifth wait the shopper has freed space on the device.
    onSleep = () => {
      if (sleeps.length === 5) device.stuck = false;
    };
    await Promise.all([database.cart.insert({ ...SAMPLE_DOCS.cart }), database.orders.insert({ ...SAMPLE_DOCS.orders }), database.syncTasks.insert({ ...SAMPLE_DOCS.syncTasks })]);
    // Each of the three waited 1 s, then 2 s (the room came during the second wait).
    expect([...sleeps].sort()).toEqual([1000, 1000, 1000, 2000, 2000, 2000]);
    expect((await database.cart.findOne(SAMPLE_DOCS.cart.id).exec())?.qty).toBe(2);
    expect(await database.orders.findOne(SAMPLE_DOCS.orders.id).exec()).not.toBeNull();
    expect(await database.syncTasks.findOne(SAMPLE_DOCS.syncTasks.id).exec()).not.toBeNull();
    // Told once while the writes waited, and once when they were all in.
    expect(device.notices).toEqual(['waiting', 'saved']);
  });

  it('passes other errors on untouched, clearing nothing', async () => {
    const database = await openDatabase();
    await database.cart.insert({ ...SAMPLE_DOCS.cart });
    await expect(database.cart.insert({ ...SAMPLE_DOCS.cart })).rejects.toMatchObject({ code: 'CONFLICT' });
    const broken = new DOMException('Unexpected internal error.', 'UnknownError');
    await expect(pressure.write(() => Promise.reject(broken))).rejects.toBe(broken);
    expect(device.cleared).toBe(0);
    expect(device.notices).toEqual([]);
  });

  it('switches persistent cache writes off after 30 storage errors, and says so to the worker', async () => {
    for (let i = 0; i < 29; i += 1) expect(await pressure.write(refusedOnce())).toBe('stored');
    expect(pressure.caching).toEqual({ writes: true, reads: true });
    expect(device.told).toEqual([]);
    await pressure.write(refusedOnce());
    expect(pressure.caching).toEqual({ writes: false, reads: true });
    expect(device.told).toEqual([{ writes: false, reads: true }]);
    expect(device.cleared).toBe(30);
  });
});

describe('the quota check every 30 seconds', () => {
  it('purges the oldest cache entries only when over quota, and reminds the worker that caching is off', async () => {
    device.usage = 50;
    await pressure.check();
    expect(device.purged).toBe(0);
    device.usage = 95;
    await pressure.check();
    expect(device.purged).toBe(1);
    expect(device.told).toEqual([]);

    for (let i = 0; i < STORAGE_LIMITS.writeErrorsBeforeCachingOff; i += 1) await pressure.write(refusedOnce());
    expect(device.told).toEqual([{ writes: false, reads: true }]);
    // A worker that was stopped and started again has forgotten: every check says it again.
    await pressure.check();
    expect(device.told).toEqual([{ writes: false, reads: true }, { writes: false, reads: true }]);
  });

  it('runs every 30 seconds from the start', async () => {
    vi.useFakeTimers();
    const estimate = vi.spyOn(device.relief, 'estimate');
    const stop = pressure.start();
    expect(estimate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(estimate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(estimate).toHaveBeenCalledTimes(2);
    stop();
    vi.useRealTimers();
  });
});

describe('the caches in the browser', () => {
  function fakeCaches(names: Record<string, string[]>) {
    const stores = new Map(Object.entries(names).map(([name, urls]) => [name, [...urls]]));
    vi.stubGlobal('caches', {
      keys: async () => [...stores.keys()],
      delete: async (name: string) => stores.delete(name),
      open: async (name: string) => ({
        keys: async () => (stores.get(name) ?? []).map((url) => ({ url })),
        delete: async (request: { url: string }) => {
          const urls = stores.get(name)!;
          const at = urls.indexOf(request.url);
          if (at >= 0) urls.splice(at, 1);
          return at >= 0;
        },
      }),
    });
    return stores;
  }

  it('clearing empties and removes the runtime caches of what was browsed and keeps the app shell', async () => {
    const stores = fakeCaches({ 'shop-catalogue-v1': ['/api/url/map?storeCode=nl&url=ringen', '/api/location'], 'shop-media-v1': ['/media/a.jpg'], 'workbox-precache-v2-http://shop/': ['/index.html'] });
    const catalogue = stores.get('shop-catalogue-v1')!;
    await browserRelief.clearCaches();
    expect([...stores.keys()]).toEqual(['workbox-precache-v2-http://shop/']);
    // Emptied entry by entry before it went (Chromium frees a removed cache only when nothing holds it).
    expect(catalogue).toEqual([]);
  });

  it('a purge removes the entries with an index below 100 of each, oldest first', async () => {
    const pictures = Array.from({ length: 130 }, (_, i) => `/media/${i}.jpg`);
    const stores = fakeCaches({ 'shop-media-v1': pictures, 'shop-catalogue-v1': ['/api/location'], 'workbox-precache-v2-http://shop/': ['/index.html'] });
    expect(await browserRelief.purgeOldest()).toBe(101);
    expect(stores.get('shop-media-v1')).toEqual(pictures.slice(100));
    expect(stores.get('shop-catalogue-v1')).toEqual([]);
    expect(stores.get('workbox-precache-v2-http://shop/')).toEqual(['/index.html']);
  });
});

describe('the service worker’s caching', () => {
  const response = new Response('x');
  const args = { request: new Request('http://shop/media/a.jpg'), response, cachedResponse: response, cacheName: 'shop-media-v1', event: {} as Parameters<NonNullable<WorkboxPlugin['cacheWillUpdate']>>[0]['event'], state: {} };

  it('stops writing after 30 write errors, or when the page says so', async () => {
    const persistence = createCachePersistence();
    for (let i = 0; i < 29; i += 1) persistence.writeFailed();
    expect(await persistence.plugin.cacheWillUpdate!(args)).toBe(response);
    persistence.writeFailed();
    expect(await persistence.plugin.cacheWillUpdate!(args)).toBeNull();
    expect(await persistence.plugin.cachedResponseWillBeUsed!(args)).toBe(response);

    const told = createCachePersistence();
    told.fromPage({ type: CACHING_MESSAGE, writes: false, reads: true });
    expect(await told.plugin.cacheWillUpdate!(args)).toBeNull();
    told.fromPage({ type: 'SKIP_WAITING' });
    expect(told.allowed()).toEqual({ writes: false, reads: true });
  });

  it('stops reading after one failed cache lookup, not after a failed fetch', async () => {
    const persistence = createCachePersistence();
    await persistence.plugin.handlerDidError!({ ...args, error: new TypeError('Failed to fetch') });
    await persistence.plugin.handlerDidError!({ ...args, error: new DOMException('aborted', 'AbortError') });
    expect(await persistence.plugin.cachedResponseWillBeUsed!(args)).toBe(response);
    expect(await persistence.plugin.handlerDidError!({ ...args, error: new DOMException('Unexpected internal error.', 'UnknownError') })).toBeUndefined();
    expect(await persistence.plugin.cachedResponseWillBeUsed!(args)).toBeNull();
    expect(await persistence.plugin.cacheWillUpdate!(args)).toBe(response);
  });
});

describe('storage texts', () => {
  it('have the same keys in en, nl and de', () => {
    const english = Object.keys(storageFiles['../../locales/en/storage.json']!).sort();
    expect(Object.keys(storageFiles['../../locales/nl/storage.json']!).sort()).toEqual(english);
    expect(Object.keys(storageFiles['../../locales/de/storage.json']!).sort()).toEqual(english);
  });
});
