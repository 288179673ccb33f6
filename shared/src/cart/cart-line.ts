import { canonicalJson, compareText } from '../sync/canonical.ts';
import type { WriteStamp } from '../sync/document.schema.ts';
import { compareStamps, mergeLww } from '../sync/merge.ts';
import type { CartLineDoc, CartOp } from './cart.schema.ts';

/**
 * The cart line CRDT of decision 010. A line keeps its ops; its quantity is their fold in `(at, replica, id)` order.
 * Merging is the union of ops by id followed by compaction (dropping every op before the last `set` or `remove`),
 * so every replica that has seen the same ops holds the same line, whatever order the copies met in.
 */

export function compareCartOps(a: CartOp, b: CartOp): number {
  return compareStamps(a, b) || compareText(a.id, b.id);
}

function isBarrier(op: CartOp): boolean {
  return op.kind === 'set' || op.kind === 'remove';
}

/**
 * One copy of each op id, in fold order, without the ops before the last `set`/`remove` (they cannot change the
 * quantity any more). Two different ops under one id cannot come from a correct client; if they meet, the one with
 * the greater canonical JSON is kept so that every replica keeps the same.
 */
export function compactCartOps(ops: readonly CartOp[]): CartOp[] {
  const byId = new Map<string, CartOp>();
  for (const op of ops) {
    const known = byId.get(op.id);
    if (!known || compareText(canonicalJson(op), canonicalJson(known)) > 0) byId.set(op.id, op);
  }
  const sorted = [...byId.values()].sort(compareCartOps);
  let start = 0;
  sorted.forEach((op, index) => {
    if (isBarrier(op)) start = index;
  });
  return sorted.slice(start);
}

/** The quantity the ops fold to: `set` assigns, `add` increments, `remove` zeroes; never below 0. */
export function cartLineQty(ops: readonly CartOp[]): number {
  let qty = 0;
  for (const op of [...ops].sort(compareCartOps)) {
    if (op.kind === 'set') qty = op.qty;
    else if (op.kind === 'add') qty += op.qty;
    else qty = 0;
  }
  return Math.max(0, qty);
}

function assertWholeQty(qty: number, minimum: number): void {
  if (!Number.isInteger(qty) || qty < minimum) throw new RangeError(`A cart quantity must be a whole number of at least ${minimum}, not ${qty}`);
}

/** "Add to cart": an increment that adds up with concurrent adds from other tabs and devices. */
export function addToLineOp(qty: number, write: WriteStamp): CartOp {
  assertWholeQty(qty, 1);
  return { id: write.id, kind: 'add', qty, at: write.at, replica: write.replica };
}

/** "Set quantity": the last writer wins over earlier adds and sets. */
export function setQtyOp(qty: number, write: WriteStamp): CartOp {
  assertWholeQty(qty, 0);
  return { id: write.id, kind: 'set', qty, at: write.at, replica: write.replica };
}

/** Removal: a tombstone; an add made after it revives the line. */
export function removeOp(write: WriteStamp): CartOp {
  return { id: write.id, kind: 'remove', qty: 0, at: write.at, replica: write.replica };
}

/**
 * The op as it is applied to a line: a write made after the shopper saw the line must act on what they saw, so an op
 * that would sort before the line's last op (a clock behind another device's, or two writes in one millisecond) is
 * moved to 1 ms after it. Without this, a "remove" clicked on a slow-clocked phone could sort before the "set" it
 * removes and leave the line in the cart.
 */
export function causalCartOp(line: Pick<CartLineDoc, 'ops'>, op: CartOp): CartOp {
  let last: CartOp | undefined;
  for (const known of line.ops) if (!last || compareCartOps(known, last) > 0) last = known;
  return last && compareCartOps(op, last) <= 0 ? { ...op, at: last.at + 1 } : op;
}

/** A local write on a line: the op (see `causalCartOp`) joins the set, and its id becomes the line's `writeId`. */
export function applyCartOp(line: CartLineDoc, op: CartOp): CartLineDoc {
  const ops = compactCartOps([...line.ops, causalCartOp(line, op)]);
  return { ...line, ops, qty: cartLineQty(ops), writeId: op.id };
}

/** Shown in the cart: the quantity folds to more than 0. */
export function isCartLineVisible(line: CartLineDoc): boolean {
  return line.qty > 0;
}

/** Compacted to a lone `remove`: the line can be deleted (RxDB `_deleted`). A later add still revives it. */
export function isCartLineRemoved(line: CartLineDoc): boolean {
  return line.ops.length === 1 && line.ops[0]?.kind === 'remove';
}

type LineIdentity = Omit<CartLineDoc, 'ops' | 'qty' | 'snapshot' | 'serverItemId'>;

function identity(line: CartLineDoc): LineIdentity {
  const { ops: _ops, qty: _qty, snapshot: _snapshot, serverItemId: _serverItemId, ...rest } = line;
  return rest;
}

function compareIdentity(a: LineIdentity, b: LineIdentity): number {
  return a.updatedAt - b.updatedAt || compareText(a.writeId, b.writeId) || compareText(canonicalJson(a), canonicalJson(b));
}

/**
 * The symmetric merge of two copies of one line: union and compaction of the ops, the later snapshot, and for the
 * remaining fields those of the copy with the later `(updatedAt, writeId)`. Commutative, associative, idempotent.
 */
export function mergeCartLine(a: CartLineDoc, b: CartLineDoc): CartLineDoc {
  const left = identity(a);
  const right = identity(b);
  const ops = compactCartOps([...a.ops, ...b.ops]);
  const merged: CartLineDoc = {
    ...(compareIdentity(left, right) >= 0 ? left : right),
    snapshot: mergeLww(a.snapshot, b.snapshot),
    ops,
    qty: cartLineQty(ops),
  };
  const serverItemId = a.serverItemId === undefined ? b.serverItemId : b.serverItemId === undefined || compareText(a.serverItemId, b.serverItemId) >= 0 ? a.serverItemId : b.serverItemId;
  if (serverItemId !== undefined) merged.serverItemId = serverItemId;
  return merged;
}
