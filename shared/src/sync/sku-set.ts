import { compareText } from './canonical.ts';
import type { ProductSnapshot, Stamp, WriteStamp } from './document.schema.ts';
import { compareStamps, lww, mergeDocumentMeta, mergeLww } from './merge.ts';
import type { AddTag, SkuSetEntryDoc } from './sku-set.schema.ts';

function compareTags(a: AddTag, b: AddTag): number {
  return compareStamps(a, b) || compareText(a.id, b.id);
}

function normalise(adds: readonly AddTag[], removed: readonly string[]): Pick<SkuSetEntryDoc, 'adds' | 'removed'> {
  const gone = [...new Set(removed)].sort(compareText);
  const seen = new Set(gone);
  const byId = new Map<string, AddTag>();
  for (const tag of adds) {
    if (seen.has(tag.id)) continue;
    const known = byId.get(tag.id);
    if (!known || compareTags(tag, known) > 0) byId.set(tag.id, tag);
  }
  return { adds: [...byId.values()].sort(compareTags), removed: gone };
}

/** The sku is in the list while some add has not been seen by a remove (add wins). */
export function isInSkuSet(entry: SkuSetEntryDoc | undefined): boolean {
  return entry !== undefined && entry.adds.length > 0;
}

/**
 * Adds the sku with the write as a fresh tag and refreshes its snapshot. Adding a sku that is already there keeps
 * one entry (spec 2 §4: unique by sku); the new tag only makes the add survive a concurrent remove.
 */
export function addToSkuSet(entry: SkuSetEntryDoc | undefined, sku: string, snapshot: ProductSnapshot, write: WriteStamp): SkuSetEntryDoc {
  const tag: AddTag = { id: write.id, at: write.at, replica: write.replica };
  const stamped = lww(snapshot, write);
  if (!entry) return { id: sku, sku, updatedAt: 0, writeId: write.id, adds: [tag], removed: [], snapshot: stamped };
  return { ...entry, ...normalise([...entry.adds, tag], entry.removed), snapshot: mergeLww(entry.snapshot, stamped), writeId: write.id };
}

/** Removes the sku by cancelling the adds this copy has seen; an add made elsewhere meanwhile survives. */
export function removeFromSkuSet(entry: SkuSetEntryDoc, write: WriteStamp): SkuSetEntryDoc {
  return { ...entry, ...normalise([], [...entry.removed, ...entry.adds.map((tag) => tag.id)]), writeId: write.id };
}

/** The symmetric merge of two copies of one entry: union of adds and of removed tags, the later snapshot. */
export function mergeSkuSetEntry(a: SkuSetEntryDoc, b: SkuSetEntryDoc): SkuSetEntryDoc {
  return {
    id: a.id,
    sku: a.sku,
    ...mergeDocumentMeta(a, b),
    ...normalise([...a.adds, ...b.adds], [...a.removed, ...b.removed]),
    snapshot: mergeLww(a.snapshot, b.snapshot),
  };
}

/** When the sku was last added, for ordering the list; undefined when it is not in the list. */
export function skuSetAddedAt(entry: SkuSetEntryDoc): Stamp | undefined {
  const last = entry.adds.at(-1);
  return last ? { at: last.at, replica: last.replica } : undefined;
}
