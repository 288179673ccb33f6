/**
 * What a logout could not send (sync-runtime.ts, pushPending): the customer's own documents that had not reached the
 * shop leave the collections every shopper of the device sees and are kept for that customer alone (localStorage,
 * under the customer's id); when the same customer logs in again they are merged back into the collections, where
 * that login's replication sends them. Another customer, or a guest, never sees them.
 */
import type { CollectionDefinition, CollectionName, ReplicatedDocs } from '@shop/shared/sync/collections';
import { REPLICATED_COLLECTIONS } from '@shop/shared/sync/collections';
import type { ShopDatabase } from '../../app/database.ts';
import type { UnsentDocuments } from './sync-runtime.ts';

export const KEPT_KEY_PREFIX = 'shop.sync.kept.';

/**
 * The customer's own documents a logout removes from the device (an order not yet sent stays where it is). Sync tasks
 * are not replicated (decision 042): a customer's unsent task stays in its collection, parked for that customer
 * (session.ts, `parkCustomerTasks`).
 */
export const KEPT_COLLECTIONS = ['cart', 'wishlist', 'compare', 'checkoutDrafts'] as const satisfies readonly CollectionName[];
type KeptCollection = (typeof KEPT_COLLECTIONS)[number];
type AnyDoc = ReplicatedDocs[KeptCollection];

interface KeptRecord {
  at: number;
  documents: Partial<Record<KeptCollection, AnyDoc[]>>;
}

const keyOf = (customerId: number) => `${KEPT_KEY_PREFIX}${customerId}`;

function mergeOf(name: KeptCollection): (base: AnyDoc, kept: AnyDoc) => AnyDoc {
  return (REPLICATED_COLLECTIONS[name] as unknown as CollectionDefinition<AnyDoc>).merge;
}

function readRecord(customerId: number): KeptRecord | null {
  try {
    const value = JSON.parse(localStorage.getItem(keyOf(customerId)) ?? 'null') as KeptRecord | null;
    return value && typeof value === 'object' && typeof value.documents === 'object' && value.documents !== null ? value : null;
  } catch {
    return null;
  }
}

/** How many documents are kept for the customer. */
export function keptCount(customerId: number): number {
  const record = readRecord(customerId);
  return record ? Object.values(record.documents).reduce((sum, docs) => sum + (docs?.length ?? 0), 0) : 0;
}

/**
 * Keeps the customer's unsent documents (`unsent` ids; every document of the kept collections when null: nobody could
 * tell what arrived), together with what an earlier logout kept; answers how many are kept. Throws when they cannot
 * be stored: the caller must not wipe them then.
 */
export async function keepUnsent(database: ShopDatabase, customerId: number, unsent: UnsentDocuments | null, now: number): Promise<number> {
  const record: KeptRecord = readRecord(customerId) ?? { at: now, documents: {} };
  let added = 0;
  for (const name of KEPT_COLLECTIONS) {
    const collection = database.collections[name];
    const ids = unsent === null ? null : (unsent[name] ?? []);
    if (ids !== null && ids.length === 0) continue;
    const docs = ids === null ? await collection.find().exec() : [...(await collection.findByIds(ids).exec()).values()];
    if (docs.length === 0) continue;
    const kept = new Map((record.documents[name] ?? []).map((doc) => [doc.id, doc]));
    for (const doc of docs) {
      const { _deleted: _ignored, ...data } = doc.toMutableJSON() as AnyDoc & { _deleted?: boolean };
      const earlier = kept.get(data.id);
      kept.set(data.id, earlier ? mergeOf(name)(earlier, data) : data);
      added += 1;
    }
    record.documents[name] = [...kept.values()] as never;
  }
  if (added === 0) return keptCount(customerId);
  localStorage.setItem(keyOf(customerId), JSON.stringify({ ...record, at: now }));
  return keptCount(customerId);
}

/** Puts what a logout kept for the customer back into the collections (merged with what is there); answers how many. */
export async function restoreKept(database: ShopDatabase, customerId: number): Promise<number> {
  const record = readRecord(customerId);
  if (!record) return 0;
  let restored = 0;
  const left: KeptRecord = { at: record.at, documents: {} };
  for (const name of KEPT_COLLECTIONS) {
    const collection = database.collections[name];
    const merge = (kept: AnyDoc) => async () => {
      const existing = await collection.findOne(kept.id).exec();
      if (!existing) throw new Error(`The kept ${name} document ${kept.id} is gone`);
      await existing.incrementalModify((here) => mergeOf(name)(here as AnyDoc, kept) as never);
    };
    for (const kept of record.documents[name] ?? []) {
      try {
        if (await collection.findOne(kept.id).exec()) await merge(kept)();
        // Another tab may insert it at the same moment: then it is merged into that one.
        else await collection.insert(kept as never).catch(merge(kept));
        restored += 1;
      } catch (error) {
        // Kept for a later login rather than lost.
        (left.documents[name] ??= [] as never[]).push(kept as never);
        console.error('A kept change could not be put back', error);
      }
    }
  }
  if (Object.keys(left.documents).length > 0) localStorage.setItem(keyOf(customerId), JSON.stringify(left));
  else localStorage.removeItem(keyOf(customerId));
  return restored;
}
