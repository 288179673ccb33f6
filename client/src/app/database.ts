/**
 * The browser's local database (ARCHITECTURE §4, decision 010): RxDB on the Dexie storage (IndexedDB), shared by
 * every tab of the shop through `multiInstance`, with the five replicated collections whose schemas, migrations and
 * merges come from shared/, and the device-only sync task queue (decision 042; its photos are RxDB attachments). Nothing on the first paint imports this module: the cart runtime loads it afterwards.
 */
import { deepEqual } from '@shop/shared/sync/canonical';
import {
  DATABASE_COLLECTIONS,
  REPLICATED_COLLECTIONS,
  isLocalCollectionName,
  type CollectionDefinition,
  type CollectionName,
  type DatabaseCollectionName,
  type DatabaseDocs,
  type ReplicatedDocs,
} from '@shop/shared/sync/collections';
import { MIGRATIONS } from '@shop/shared/sync/migrations';
import { RX_SCHEMAS } from '@shop/shared/sync/rx-schema';
import {
  addRxPlugin,
  createRxDatabase,
  type RxCollection,
  type RxCollectionCreator,
  type RxConflictHandler,
  type RxDatabase,
  type RxJsonSchema,
  type RxStorage,
  type WithDeleted,
} from 'rxdb/plugins/core';
import { RxDBAttachmentsPlugin } from 'rxdb/plugins/attachments';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { underStoragePressure } from '../features/storage/shop-storage.ts';

export type ShopCollections = { [Name in DatabaseCollectionName]: RxCollection<DatabaseDocs[Name]> };
export type ShopDatabase = RxDatabase<ShopCollections>;

export const DATABASE_NAME = 'horloge-shop';

addRxPlugin(RxDBMigrationSchemaPlugin);
addRxPlugin(RxDBLeaderElectionPlugin);
addRxPlugin(RxDBAttachmentsPlugin);

/**
 * RxDB's conflict handler on the shared merge (decision 010). `isEqual` is deep equality, so a copy the server only
 * re-stamped (`updatedAt`, `serverItemId`) still replaces the local one on pull. `resolve` merges the server's copy
 * with the local one; when the merge adds nothing it answers the server's copy itself, so nothing is pushed again.
 */
export function conflictHandlerFor<Name extends CollectionName>(name: Name): RxConflictHandler<ReplicatedDocs[Name]> {
  type Doc = ReplicatedDocs[Name];
  const definition = REPLICATED_COLLECTIONS[name] as unknown as CollectionDefinition<Doc>;
  return {
    isEqual: (a, b) => deepEqual(a, b),
    resolve: async ({ realMasterState, newDocumentState }) => {
      const { _deleted: masterDeleted, ...master } = realMasterState as WithDeleted<Doc> & { _deleted: boolean };
      const { _deleted: localDeleted, ...local } = newDocumentState as WithDeleted<Doc> & { _deleted: boolean };
      const merged = definition.merge(master as unknown as Doc, local as unknown as Doc);
      if (merged === (master as unknown) || deepEqual(merged, master)) return realMasterState;
      // Both sides deleted stays deleted; a local write on a line the server removed revives it (its ops say so).
      return { ...merged, _deleted: localDeleted && masterDeleted } as WithDeleted<Doc>;
    },
  };
}

function collectionCreators(): Record<DatabaseCollectionName, RxCollectionCreator<unknown>> {
  return Object.fromEntries(
    DATABASE_COLLECTIONS.map((name) => [
      name,
      {
        schema: RX_SCHEMAS[name] as unknown as RxJsonSchema<unknown>,
        migrationStrategies: MIGRATIONS[name],
        // A device-only collection never meets a server copy: RxDB's default handler is enough.
        ...(isLocalCollectionName(name) ? {} : { conflictHandler: conflictHandlerFor(name) as RxConflictHandler<unknown> }),
      },
    ]),
  ) as unknown as Record<DatabaseCollectionName, RxCollectionCreator<unknown>>;
}

export interface DatabaseOptions {
  name?: string;
  /** Tests bring the memory storage or Dexie on fake-indexeddb; the browser uses Dexie on IndexedDB. */
  storage?: RxStorage<unknown, unknown>;
  multiInstance?: boolean;
  /**
   * Tests open one database twice in one process, as two tabs would (RxDB allows that in dev-mode only): the second
   * instance must then not close the first.
   */
  secondInstance?: boolean;
}

export async function createShopDatabase(options: DatabaseOptions = {}): Promise<ShopDatabase> {
  let storage = options.storage ?? (getRxStorageDexie() as RxStorage<unknown, unknown>);
  // Dev-mode checks schemas and writes, but prints a banner and loads a page from the internet: opt-in only, and
  // `import.meta.env.DEV` is false in every build, so none of it reaches production or the journeys.
  if (import.meta.env.DEV && import.meta.env.VITE_RXDB_DEV_MODE === '1') {
    const [{ RxDBDevModePlugin }, { wrappedValidateAjvStorage }] = await Promise.all([import('rxdb/plugins/dev-mode'), import('rxdb/plugins/validate-ajv')]);
    addRxPlugin(RxDBDevModePlugin);
    storage = wrappedValidateAjvStorage({ storage }) as RxStorage<unknown, unknown>;
  }
  const database = await createRxDatabase<ShopCollections>({
    name: options.name ?? DATABASE_NAME,
    storage,
    multiInstance: options.multiInstance ?? true,
    // A hot reload in development makes the module run again: the older instance is closed, not refused.
    ...(options.secondInstance ? { ignoreDuplicate: true } : { closeDuplicates: true }),
  });
  await database.addCollections(collectionCreators());
  return database;
}

let instance: Promise<ShopDatabase> | undefined;

/**
 * The tab's one database, created on first use; its data lives in IndexedDB and survives reloads. Its writes go
 * through the storage pressure rules (features/storage): a full storage clears the caches of what was browsed and the
 * write waits until it fits, so nothing the shopper made is dropped.
 */
export function getShopDatabase(): Promise<ShopDatabase> {
  instance ??= createShopDatabase({ storage: underStoragePressure(getRxStorageDexie() as RxStorage<unknown, unknown>) }).catch((error: unknown) => {
    instance = undefined;
    throw error;
  });
  return instance;
}
