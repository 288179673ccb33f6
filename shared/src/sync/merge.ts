import { canonicalJson, compareText, deepEqual } from './canonical.ts';
import type { Lww, ReplicatedDocument, Stamp } from './document.schema.ts';

/** Orders stamps by time, then replica id: the order "last writer wins" follows everywhere. */
export function compareStamps(a: Stamp, b: Stamp): number {
  return a.at - b.at || compareText(a.replica, b.replica);
}

/**
 * The later of two registers. Equal stamps with different values (one replica writing twice in one millisecond)
 * are broken by the value's canonical JSON, so the choice never depends on the argument order.
 */
export function mergeLww<T>(a: Lww<T>, b: Lww<T>): Lww<T>;
export function mergeLww<T>(a: Lww<T> | undefined, b: Lww<T> | undefined): Lww<T> | undefined;
export function mergeLww<T>(a: Lww<T> | undefined, b: Lww<T> | undefined): Lww<T> | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const order = compareStamps(a, b) || compareText(canonicalJson(a.value), canonicalJson(b.value));
  return order >= 0 ? a : b;
}

/** A register written now: the caller brings the time and its replica id. */
export function lww<T>(value: T, stamp: Stamp): Lww<T> {
  return { value, at: stamp.at, replica: stamp.replica };
}

/**
 * The replication fields of a symmetric merge: those of the copy with the later `(updatedAt, writeId)`. Taking the
 * maximum keeps the merge commutative, associative and idempotent.
 */
export function mergeDocumentMeta(a: ReplicatedDocument, b: ReplicatedDocument): { updatedAt: number; writeId: string } {
  const later = a.updatedAt - b.updatedAt || compareText(a.writeId, b.writeId);
  const winner = later >= 0 ? a : b;
  return { updatedAt: winner.updatedAt, writeId: winner.writeId };
}

/** Equal apart from `updatedAt` and `writeId`: nothing left to push. */
export function sameContent<T extends ReplicatedDocument>(a: T, b: T): boolean {
  return deepEqual({ ...a, updatedAt: 0, writeId: '' }, { ...b, updatedAt: 0, writeId: '' });
}

/**
 * Finishes a conflict resolution (decision 010) from a merged document: server-owned fields and `updatedAt` come
 * from the server's copy (`master`). When the merge adds nothing to the master, the master itself is answered, so
 * RxDB sees no change and pushes nothing; otherwise the local `writeId` names the write to push again.
 */
export function resolveAgainstMaster<T extends ReplicatedDocument>(
  master: T,
  local: T,
  merged: T,
  serverOwnedFields: ReadonlyArray<keyof T>,
): T {
  const result: T = { ...merged, updatedAt: master.updatedAt };
  for (const field of serverOwnedFields) {
    if (master[field] === undefined) delete result[field];
    else result[field] = master[field];
  }
  if (sameContent(result, master)) return master;
  return { ...result, writeId: local.writeId };
}

/**
 * The merge of orders and sync tasks: the request fields of the client's copy, the result fields of the server's.
 * Neither side's fields leak into the other's.
 */
export function mergeRequestResult<T extends ReplicatedDocument>(master: T, local: T, serverOwnedFields: ReadonlyArray<keyof T>): T {
  const merged: T = { ...local };
  return resolveAgainstMaster(master, local, merged, serverOwnedFields);
}
