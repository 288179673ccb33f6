import type { CartLineDoc, CartLineDocV0 } from '../cart/cart.schema.ts';
import { DATABASE_COLLECTIONS, databaseCollection, type DatabaseCollectionName } from './collections.ts';
import type { SyncTaskDoc, SyncTaskDocV0 } from './sync-task.schema.ts';

/**
 * RxDB migration strategies per collection: `migrations[name][v]` turns a document of version v-1 into version v.
 * They are pure and deterministic, so every device (and the server) migrating the same old document gets the same
 * new one. Fields RxDB keeps beside the data (`_deleted`, `_meta`, ...) pass through untouched.
 */
export type MigrationStrategy = (oldDoc: Record<string, unknown>) => Record<string, unknown>;
export type MigrationStrategies = Record<number, MigrationStrategy>;

/** The replica name migrated data is stamped with. */
export const MIGRATION_REPLICA = 'migration';

/**
 * Cart v0 → v1 (decision 010): the plain quantity becomes one `set` op and the display fields a stamped snapshot,
 * both dated at the document's `updatedAt`. The op id carries that time, so two devices migrating the same copy make
 * the same op and two different copies keep both ops in time order.
 */
export function migrateCartLineV0(oldDoc: CartLineDocV0 & Record<string, unknown>): CartLineDoc & Record<string, unknown> {
  const { name, price_incl_tax, image, url_path, qty: oldQty, ...rest } = oldDoc;
  const qty = Number.isFinite(oldQty) && oldQty > 0 ? Math.floor(oldQty) : 0;
  const at = oldDoc.updatedAt;
  return {
    ...rest,
    snapshot: { value: { name, price_incl_tax, image, url_path }, at, replica: MIGRATION_REPLICA },
    ops: [{ id: `v0-${at}`, kind: 'set', qty, at, replica: MIGRATION_REPLICA }],
    qty,
  };
}

/**
 * Sync task v0 → v1 (decision 042): the task leaves replication. `task_id` is the id, `updated_at` the replicated
 * `updatedAt`; the replication's `updatedAt` and `writeId` go. Everything else is kept as it was.
 */
export function migrateSyncTaskV0(oldDoc: SyncTaskDocV0 & Record<string, unknown>): SyncTaskDoc & Record<string, unknown> {
  const { updatedAt, writeId: _writeId, ...rest } = oldDoc;
  return { ...rest, task_id: oldDoc.id, updated_at: updatedAt };
}

/** A version that only added optional fields: the stored document is already a valid one of the new version. */
export const unchanged: MigrationStrategy = (oldDoc) => oldDoc;

export const MIGRATIONS: Record<DatabaseCollectionName, MigrationStrategies> = {
  cart: { 1: (oldDoc) => migrateCartLineV0(oldDoc as CartLineDocV0 & Record<string, unknown>), 2: unchanged, 3: unchanged },
  wishlist: {},
  compare: {},
  checkoutDrafts: {},
  orders: { 1: unchanged },
  syncTasks: { 1: (oldDoc) => migrateSyncTaskV0(oldDoc as SyncTaskDocV0 & Record<string, unknown>) },
};

/** Brings a stored document of `fromVersion` up to the collection's current version (e.g. on the server). */
export function migrateDocument(name: DatabaseCollectionName, doc: Record<string, unknown>, fromVersion: number): Record<string, unknown> {
  const target = databaseCollection(name).version;
  if (!Number.isInteger(fromVersion) || fromVersion < 0 || fromVersion > target) {
    throw new RangeError(`No migration of ${name} from version ${fromVersion} to ${target}`);
  }
  let current = doc;
  for (let version = fromVersion + 1; version <= target; version += 1) {
    const step = MIGRATIONS[name][version];
    if (!step) throw new RangeError(`The ${name} collection has no migration to version ${version}`);
    current = step(current);
  }
  return current;
}

/** Every collection has a strategy for each version above 0 (RxDB refuses to open a collection otherwise). */
export function missingMigrations(): string[] {
  return DATABASE_COLLECTIONS.flatMap((name) =>
    Array.from({ length: databaseCollection(name).version }, (_, index) => index + 1)
      .filter((version) => !MIGRATIONS[name][version])
      .map((version) => `${name}@${version}`),
  );
}
