/**
 * The wishlist and the compare list in the local database (spec 2 §3, §4 'Wishlist and compare'; decision 010):
 * add-wins sets keyed by sku, written with RxDB's incremental writes so two tabs writing at once both land, and
 * replicated by the cart runtime's replication (as the owner the server knows: the cart, or the customer).
 * - unique by sku: the document id is the sku;
 * - adding a sku already in the list is ignored (no write, no notice of a change);
 * - a wishlist item's quantity is always 1.
 */
import type { ProductSnapshot, WriteStamp } from '@shop/shared/sync/document.schema';
import { addToSkuSet, isInSkuSet, removeFromSkuSet, skuSetAddedAt } from '@shop/shared/sync/sku-set';
import { SkuSetEntryDocSchema, type SkuSetEntryDoc } from '@shop/shared/sync/sku-set.schema';
import type { RxCollection, RxDocument } from 'rxdb/plugins/core';
import { map, type Observable } from 'rxjs';

export type SkuListCollection = RxCollection<SkuSetEntryDoc>;
export type NextWrite = () => WriteStamp;

/** One product of a list as the pages show it. */
export interface ListItem extends ProductSnapshot {
  sku: string;
  /** Always 1 (spec 2 §3: wishlist qty is set to 1). */
  qty: 1;
  addedAt: number;
}

export type AddOutcome = 'added' | 'present';

function plain(doc: RxDocument<SkuSetEntryDoc>): SkuSetEntryDoc {
  const { _deleted: _ignored, ...data } = doc.toMutableJSON() as SkuSetEntryDoc & { _deleted?: boolean };
  return data;
}

function checked(entry: SkuSetEntryDoc): SkuSetEntryDoc {
  const result = SkuSetEntryDocSchema.safeParse(entry);
  if (!result.success) throw new Error(`The list entry ${entry.id} is not valid: ${result.error.issues[0]?.message ?? 'unknown problem'}`);
  return entry;
}

/** The entries in the list as items, most recently added first (ties by sku, so every tab shows one order). */
export function listItems(entries: readonly SkuSetEntryDoc[]): ListItem[] {
  return entries
    .filter(isInSkuSet)
    .map((entry) => ({ ...entry.snapshot.value, sku: entry.sku, qty: 1 as const, addedAt: skuSetAddedAt(entry)?.at ?? 0 }))
    .sort((a, b) => b.addedAt - a.addedAt || (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
}

export async function readList(collection: SkuListCollection): Promise<ListItem[]> {
  return listItems((await collection.find().exec()).map(plain));
}

/** The list as it changes here, in another tab, or through the server. */
export function watchList(collection: SkuListCollection): Observable<ListItem[]> {
  return collection.find().$.pipe(map((docs) => listItems(docs.map(plain))));
}

/** Adds the product unless its sku is already in the list ('present': nothing is written). */
export async function addToList(collection: SkuListCollection, sku: string, snapshot: ProductSnapshot, nextWrite: NextWrite): Promise<AddOutcome> {
  const modifyExisting = async (): Promise<AddOutcome | null> => {
    const doc = await collection.findOne(sku).exec();
    if (!doc) return null;
    let outcome: AddOutcome = 'present';
    await doc.incrementalModify((entry) => {
      if (isInSkuSet(entry)) {
        outcome = 'present';
        return entry;
      }
      outcome = 'added';
      return checked(addToSkuSet(entry, sku, snapshot, nextWrite()));
    });
    return outcome;
  };
  const existing = await modifyExisting();
  if (existing) return existing;
  try {
    await collection.insert(checked(addToSkuSet(undefined, sku, snapshot, nextWrite())));
    return 'added';
  } catch (error) {
    // Another tab inserted the same sku a moment ago: that entry is the one to add to (or leave alone).
    const retried = await modifyExisting();
    if (!retried) throw error;
    return retried;
  }
}

/** Removes the sku; false when it was not in the list. */
export async function removeFromList(collection: SkuListCollection, sku: string, nextWrite: NextWrite): Promise<boolean> {
  const doc = await collection.findOne(sku).exec();
  if (!doc || !isInSkuSet(plain(doc))) return false;
  let removed = false;
  await doc.incrementalModify((entry) => {
    removed = isInSkuSet(entry);
    return removed ? checked(removeFromSkuSet(entry, nextWrite())) : entry;
  });
  return removed;
}
