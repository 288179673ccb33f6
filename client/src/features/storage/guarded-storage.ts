/**
 * The local database's storage with every write through the storage pressure (storage-pressure.ts): the RxDB storage
 * is wrapped below RxDB, so the cart, wishlist, compare list, checkout drafts, orders, queued tasks and replication's
 * own bookkeeping are all covered, whoever writes them. A write RxDB sends is one IndexedDB transaction, which a
 * quota error aborts whole, so trying the same rows again is safe.
 */
import type { RxStorage, RxStorageInstanceCreationParams } from 'rxdb/plugins/core';

export interface WriteGuard {
  write<T>(run: () => Promise<T>): Promise<T>;
}

export function guardStorage<Internals, Options>(storage: RxStorage<Internals, Options>, guard: WriteGuard): RxStorage<Internals, Options> {
  return {
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    async createStorageInstance<RxDocType>(params: RxStorageInstanceCreationParams<RxDocType, Options>) {
      const instance = await storage.createStorageInstance<RxDocType>(params);
      const bulkWrite = instance.bulkWrite.bind(instance);
      instance.bulkWrite = (rows, context) => guard.write(() => bulkWrite(rows, context));
      return instance;
    },
  };
}
