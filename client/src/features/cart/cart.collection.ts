/**
 * The cart's lines in the local database: every change is an op on a line (shared cart-line CRDT, decision 010),
 * written with RxDB's incremental writes so that two tabs writing at once both land. A line is checked against the
 * shared schema before it is written: what the server's replication would refuse is never stored, so a failed write
 * leaves the line as it was.
 */
import {
  addToCart,
  CartLineDocSchema,
  createCartLine,
  findCartLine,
  removeCartLine,
  setCartLineQty,
  type CartItemToAdd,
  type CartLineDoc,
} from '@shop/shared/cart/index';
import type { WriteStamp } from '@shop/shared/sync/document.schema';
import type { RxDocument } from 'rxdb/plugins/core';
import { map, type Observable } from 'rxjs';
import type { ShopCollections } from '../../app/database.ts';

export type CartCollection = ShopCollections['cart'];
/** Makes the stamp of the next local write: a new id, the time and this device's replica id. */
export type NextWrite = () => WriteStamp;

export interface AddedLine {
  line: CartLineDoc;
  /** The cart already held this line: "quantity updated" rather than "added". */
  existed: boolean;
}

function plain(doc: RxDocument<CartLineDoc>): CartLineDoc {
  const { _deleted: _ignored, ...data } = doc.toMutableJSON() as CartLineDoc & { _deleted?: boolean };
  return data;
}

function checked<T extends CartLineDoc>(line: T): T {
  const result = CartLineDocSchema.safeParse(line);
  if (!result.success) throw new Error(`The cart line ${line.id} is not valid: ${result.error.issues[0]?.message ?? 'unknown problem'}`);
  return line;
}

/** Most recently added first; ties by id so every tab shows the same order. */
export function byRecentlyAdded(a: CartLineDoc, b: CartLineDoc): number {
  return b.snapshot.at - a.snapshot.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

const visibleQuery = (collection: CartCollection) => collection.find({ selector: { qty: { $gt: 0 } } });

export async function visibleLines(collection: CartCollection): Promise<CartLineDoc[]> {
  return (await visibleQuery(collection).exec()).map(plain).sort(byRecentlyAdded);
}

/** The lines the cart shows (quantity above 0), as they change in this tab, another tab, or through the server. */
export function watchVisibleLines(collection: CartCollection): Observable<CartLineDoc[]> {
  return visibleQuery(collection).$.pipe(map((docs) => docs.map(plain).sort(byRecentlyAdded)));
}

async function modify(collection: CartCollection, id: string, change: (line: CartLineDoc) => CartLineDoc): Promise<CartLineDoc | null> {
  const doc = await collection.findOne(id).exec();
  if (!doc) return null;
  const written = await doc.incrementalModify((line) => checked(change(line)));
  return plain(written);
}

/**
 * "Add to cart" for validated items: an increment on the line the item matches (spec 1 §4 "Cart item matching"),
 * or a new line. A line another tab creates at the same moment is added to instead of overwritten.
 */
export async function addItems(collection: CartCollection, items: readonly CartItemToAdd[], nextWrite: NextWrite): Promise<AddedLine[]> {
  const added: AddedLine[] = [];
  for (const item of items) {
    const match = findCartLine(await visibleLines(collection), item);
    const id = match?.id ?? item.id;
    const updated = await modify(collection, id, (line) => addToCart(line, item, nextWrite()));
    if (updated) {
      added.push({ line: updated, existed: match !== undefined });
      continue;
    }
    try {
      const created = await collection.insert(checked(createCartLine(item, nextWrite())));
      added.push({ line: plain(created), existed: false });
    } catch (error) {
      const retried = await modify(collection, id, (line) => addToCart(line, item, nextWrite()));
      if (!retried) throw error;
      added.push({ line: retried, existed: true });
    }
  }
  return added;
}

/** "Set quantity" (the stepper, a typed quantity): last writer wins. */
export function setLineQty(collection: CartCollection, id: string, qty: number, nextWrite: NextWrite): Promise<CartLineDoc | null> {
  return modify(collection, id, (line) => setCartLineQty(line, qty, nextWrite()));
}

/** Removal: a tombstone op; the line disappears from the cart here, in other tabs and on the server. */
export function removeLine(collection: CartCollection, id: string, nextWrite: NextWrite): Promise<CartLineDoc | null> {
  return modify(collection, id, (line) => removeCartLine(line, nextWrite()));
}

export async function clearLines(collection: CartCollection, nextWrite: NextWrite): Promise<void> {
  for (const line of await visibleLines(collection)) await removeLine(collection, line.id, nextWrite);
}
