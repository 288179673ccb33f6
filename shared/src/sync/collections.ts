import type { z } from 'zod/mini';
import { mergeCartLine } from '../cart/cart-line.ts';
import {
  CART_COLLECTION_VERSION,
  CART_INDEXES,
  CART_SERVER_OWNED_FIELDS,
  CartLineDocSchema,
  type CartLineDoc,
} from '../cart/cart.schema.ts';
import { mergeCheckoutDraft } from './checkout-draft.ts';
import {
  CHECKOUT_DRAFT_COLLECTION_VERSION,
  CHECKOUT_DRAFT_INDEXES,
  CHECKOUT_DRAFT_SERVER_OWNED_FIELDS,
  CheckoutDraftDocSchema,
  type CheckoutDraftDoc,
} from './checkout-draft.schema.ts';
import type { ReplicatedDocument } from './document.schema.ts';
import { mergeRequestResult, resolveAgainstMaster } from './merge.ts';
import { ORDER_COLLECTION_VERSION, ORDER_INDEXES, ORDER_SERVER_OWNED_FIELDS, OrderDocSchema, type OrderDoc } from './order.schema.ts';
import { mergeSkuSetEntry } from './sku-set.ts';
import {
  SKU_SET_COLLECTION_VERSION,
  SKU_SET_INDEXES,
  SKU_SET_SERVER_OWNED_FIELDS,
  SkuSetEntryDocSchema,
  type SkuSetEntryDoc,
} from './sku-set.schema.ts';
import { SYNC_TASK_COLLECTION_VERSION, SYNC_TASK_INDEXES, SyncTaskDocSchema, type SyncTaskDoc } from './sync-task.schema.ts';

/**
 * The five collections the browser replicates through `/api/replication/:collection/*` (decision 010): one table
 * the client's database, the server's replication routes and the conflict handler all read.
 */
export const COLLECTION_NAMES = ['cart', 'wishlist', 'compare', 'checkoutDrafts', 'orders'] as const;
export type CollectionName = (typeof COLLECTION_NAMES)[number];

/**
 * The collections that stay on the device (decision 042): the sync task queue. The leader tab sends each task to its
 * route itself; nothing of it goes through replication.
 */
export const LOCAL_COLLECTIONS = ['syncTasks'] as const;
export type LocalCollectionName = (typeof LOCAL_COLLECTIONS)[number];

/** Every collection the browser's database opens: still six (stack notes COL23: no seventh collection). */
export const DATABASE_COLLECTIONS = [...COLLECTION_NAMES, ...LOCAL_COLLECTIONS] as const;
export type DatabaseCollectionName = (typeof DATABASE_COLLECTIONS)[number];

export interface ReplicatedDocs {
  cart: CartLineDoc;
  wishlist: SkuSetEntryDoc;
  compare: SkuSetEntryDoc;
  checkoutDrafts: CheckoutDraftDoc;
  orders: OrderDoc;
}

export interface LocalDocs {
  syncTasks: SyncTaskDoc;
}

export type DatabaseDocs = ReplicatedDocs & LocalDocs;

/** What the database needs of a device-only collection: no merge, no server-owned fields. */
export interface LocalCollectionDefinition<Doc extends { id: string }> {
  schema: z.ZodMiniType<Doc>;
  version: number;
  indexes: ReadonlyArray<ReadonlyArray<keyof Doc & string>>;
  /** Whether documents carry RxDB attachments (the photos of a form). */
  attachments: boolean;
}

export interface CollectionDefinition<Doc extends ReplicatedDocument> {
  /** The document schema; the RxDB schema is derived from it (rx-schema.ts). */
  schema: z.ZodMiniType<Doc>;
  /** The RxDB schema version; raising it needs a migration (migrations.ts). */
  version: number;
  /** Fields only the server writes: taken from the server's copy on a conflict, ignored by the server in a push. */
  serverOwnedFields: ReadonlyArray<keyof Doc & string>;
  /** The server-owned fields of a document the server has not seen yet. */
  serverDefaults: Partial<Doc>;
  /** RxDB indexes (the primary key is added to each by RxDB). */
  indexes: ReadonlyArray<ReadonlyArray<keyof Doc & string>>;
  /**
   * Resolves a push conflict: `master` is the server's copy, `local` the client's. Answers `master` itself when the
   * local copy adds nothing to it, so that equality means "nothing to push".
   */
  merge(master: Doc, local: Doc): Doc;
}

export type CollectionRegistry = { [Name in CollectionName]: CollectionDefinition<ReplicatedDocs[Name]> };

function symmetric<Doc extends ReplicatedDocument>(
  merge: (a: Doc, b: Doc) => Doc,
  serverOwnedFields: ReadonlyArray<keyof Doc>,
): (master: Doc, local: Doc) => Doc {
  return (master, local) => resolveAgainstMaster(master, local, merge(master, local), serverOwnedFields);
}

const skuSet: CollectionDefinition<SkuSetEntryDoc> = {
  schema: SkuSetEntryDocSchema,
  version: SKU_SET_COLLECTION_VERSION,
  serverOwnedFields: SKU_SET_SERVER_OWNED_FIELDS,
  serverDefaults: {},
  indexes: SKU_SET_INDEXES,
  merge: symmetric(mergeSkuSetEntry, SKU_SET_SERVER_OWNED_FIELDS),
};

export const REPLICATED_COLLECTIONS: CollectionRegistry = {
  cart: {
    schema: CartLineDocSchema,
    version: CART_COLLECTION_VERSION,
    serverOwnedFields: CART_SERVER_OWNED_FIELDS,
    serverDefaults: {},
    indexes: CART_INDEXES,
    merge: symmetric(mergeCartLine, CART_SERVER_OWNED_FIELDS),
  },
  wishlist: skuSet,
  compare: skuSet,
  checkoutDrafts: {
    schema: CheckoutDraftDocSchema,
    version: CHECKOUT_DRAFT_COLLECTION_VERSION,
    serverOwnedFields: CHECKOUT_DRAFT_SERVER_OWNED_FIELDS,
    serverDefaults: {},
    indexes: CHECKOUT_DRAFT_INDEXES,
    merge: symmetric(mergeCheckoutDraft, CHECKOUT_DRAFT_SERVER_OWNED_FIELDS),
  },
  orders: {
    schema: OrderDocSchema,
    version: ORDER_COLLECTION_VERSION,
    serverOwnedFields: ORDER_SERVER_OWNED_FIELDS,
    serverDefaults: { transmited: false },
    indexes: ORDER_INDEXES,
    merge: (master, local) => mergeRequestResult(master, local, ORDER_SERVER_OWNED_FIELDS),
  },
};

export const LOCAL_COLLECTION_DEFINITIONS: { [Name in LocalCollectionName]: LocalCollectionDefinition<LocalDocs[Name]> } = {
  syncTasks: { schema: SyncTaskDocSchema, version: SYNC_TASK_COLLECTION_VERSION, indexes: SYNC_TASK_INDEXES, attachments: true },
};

/** Schema, version, indexes and attachments of any collection of the database. */
export function databaseCollection(name: DatabaseCollectionName): LocalCollectionDefinition<{ id: string }> {
  if (isLocalCollectionName(name)) return LOCAL_COLLECTION_DEFINITIONS[name] as unknown as LocalCollectionDefinition<{ id: string }>;
  const definition = REPLICATED_COLLECTIONS[name];
  return { schema: definition.schema as z.ZodMiniType<{ id: string }>, version: definition.version, indexes: definition.indexes as never, attachments: false };
}

export function isLocalCollectionName(value: string): value is LocalCollectionName {
  return (LOCAL_COLLECTIONS as readonly string[]).includes(value);
}

export function isCollectionName(value: string): value is CollectionName {
  return (COLLECTION_NAMES as readonly string[]).includes(value);
}

/**
 * A pushed document with the server-owned fields of the server's copy (or the collection's `serverDefaults`, for a
 * new document): the server ignores result fields in a push (decision 010).
 */
export function withoutClientResultFields<Name extends CollectionName>(
  name: Name,
  pushed: ReplicatedDocs[Name],
  current: ReplicatedDocs[Name] | undefined,
): ReplicatedDocs[Name] {
  const definition = REPLICATED_COLLECTIONS[name] as CollectionDefinition<ReplicatedDocs[Name]>;
  const source: Partial<ReplicatedDocs[Name]> = current ?? definition.serverDefaults;
  const result: Record<string, unknown> = { ...pushed };
  for (const field of definition.serverOwnedFields) {
    const kept = source[field];
    if (kept === undefined) delete result[field];
    else result[field] = kept;
  }
  return result as ReplicatedDocs[Name];
}
