/**
 * The visualizer's "force a conflict on a document" switch (issue 15): a genuine conflict, through the real server
 * and the real merge, nothing simulated.
 * 1. Another device of the same owner writes the document: its new state goes to the server's push endpoint, through
 *    the replication's own fetch and credential, with the server's current copy as the assumed master (what this
 *    device last knew of it; when the server moved on since, it answers its copy and the write is made on that).
 * 2. This device writes the same document before it has pulled that change (the server's messages to the collection
 *    wait meanwhile: `ShopReplication.holdIncoming`), so its push carries the older copy as the assumed master.
 * 3. The server refuses it and answers its own copy; RxDB hands both to the collection's conflict handler (the shared
 *    merge), writes the result here and pushes it. The replication reports that resolution on its event feed
 *    (`conflict`, with both sides and the result), and this answers it.
 * Both writes are changes the merge keeps from both sides, so the result is visible: on a cart line each side adds
 * one (2 + 1 there, 2 + 1 here: 4), on a wishlist or compare entry each side adds the sku again (both add tags stay).
 * Orders and sync tasks are requests the shop acts on: a made-up write would place or send one again, so they are
 * not offered.
 */
import { addToLineOp, applyCartOp, type CartLineDoc } from '@shop/shared/cart/index';
import { COLLECTION_NAMES, type CollectionName, type ReplicatedDocs } from '@shop/shared/sync/collections';
import type { WriteStamp } from '@shop/shared/sync/document.schema';
import { addToSkuSet } from '@shop/shared/sync/sku-set';
import type { SkuSetEntryDoc } from '@shop/shared/sync/sku-set.schema';
import { getAssumedMasterState, type WithDeleted } from 'rxdb/plugins/core';
import type { ShopDatabase } from '../../app/database.ts';
import { newId, replicaId } from './replica.ts';
import { onReplicationEvent, type ReplicationEvent } from './replication-events.ts';
import { plainDocument, type ShopReplication } from './replication.ts';

/** The collections whose documents can be put in conflict (see the header). */
export const FORCEABLE_COLLECTIONS = ['cart', 'wishlist', 'compare'] as const satisfies readonly CollectionName[];
export type ForceableCollection = (typeof FORCEABLE_COLLECTIONS)[number];

/** The replica id the other device's writes carry, so the document's ops tell them apart. */
export const OTHER_DEVICE_REPLICA = 'devtools-other-device';

/** Why no conflict was made; the visualizer words each one (its texts are i18n keys). */
export type ForceConflictFailure =
  /** Not one of the collections (`COLLECTION_NAMES`). */
  | 'unknown-collection'
  /** Orders and sync tasks (see the header). */
  | 'unsupported-collection'
  /** Nothing replicates here (no owner yet, or the collection is not replicated). */
  | 'not-replicating'
  /** Another tab leads replication: the switch works in the leading tab. */
  | 'not-leader'
  /** No such document in the local database. */
  | 'not-found'
  /** The document has not reached the server yet: there is no server copy to change. */
  | 'not-on-server'
  /** The server's copy kept changing under the other device's write. */
  | 'server-moved'
  /** The server refused the other device's write, or could not be reached (see `detail`). */
  | 'server-refused'
  /** Both writes were made, but no resolved conflict was reported in time. */
  | 'timed-out';

export type ForceConflictResult =
  | { ok: true; collection: ForceableCollection; id: string; local: unknown; server: unknown; result: unknown }
  | { ok: false; collection: string; id: string; reason: ForceConflictFailure; detail?: string };

export interface ForceConflictTarget {
  database: ShopDatabase;
  /** The running replication (`SyncRuntime.replication()`), null when none runs. */
  replication: ShopReplication | null;
}

export interface ForceConflictOptions {
  /** How long to wait for the conflict to be resolved (ms). */
  timeoutMs?: number;
}

type ReplicationState = ShopReplication['states'] extends ReadonlyMap<CollectionName, infer State> ? State : never;

type Edit<Doc> = (doc: Doc, write: WriteStamp) => Doc;

const EDITS: { [Name in ForceableCollection]: Edit<ReplicatedDocs[Name]> } = {
  cart: (line: CartLineDoc, write) => applyCartOp(line, addToLineOp(1, write)),
  wishlist: (entry: SkuSetEntryDoc, write) => addToSkuSet(entry, entry.sku, entry.snapshot.value, write),
  compare: (entry: SkuSetEntryDoc, write) => addToSkuSet(entry, entry.sku, entry.snapshot.value, write),
};

const isForceable = (name: string): name is ForceableCollection => (FORCEABLE_COLLECTIONS as readonly string[]).includes(name);

/** The document without `_deleted` (and RxDB's fields), as the collection's rules take it. */
function content<Doc>(doc: unknown): Doc {
  const { _deleted: _d, ...data } = plainDocument(doc) as Record<string, unknown>;
  return data as Doc;
}

const stamp = (replica: string): WriteStamp => ({ id: newId(), at: Date.now(), replica });

export async function forceConflict(target: ForceConflictTarget, collection: string, id: string, options: ForceConflictOptions = {}): Promise<ForceConflictResult> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const failed = (reason: ForceConflictFailure, detail?: string): ForceConflictResult => ({ ok: false, collection, id, reason, ...(detail === undefined ? {} : { detail }) });
  if (!(COLLECTION_NAMES as readonly string[]).includes(collection)) return failed('unknown-collection');
  if (!isForceable(collection)) return failed('unsupported-collection');
  const { database, replication } = target;
  if (!replication || database.closed) return failed('not-replicating');
  if (!database.isLeader()) return failed('not-leader');
  const state = replication.states.get(collection);
  const internal = state?.internalReplicationState;
  if (!state || !internal || state.isStopped()) return failed('not-replicating');
  const doc = await database.collections[collection].findOne(id).exec();
  if (!doc) return failed('not-found');

  // Listening before this device writes: the resolution may be reported before the write's promise settles.
  let resolveConflict!: (event: Extract<ReplicationEvent, { type: 'conflict' }>) => void;
  const resolved = new Promise<Extract<ReplicationEvent, { type: 'conflict' }>>((resolve) => (resolveConflict = resolve));
  const stopListening = onReplicationEvent((event) => {
    if (event.type === 'conflict' && event.collection === collection && event.id === id) resolveConflict(event);
  });
  try {
    const made = await writeOnBothSides(replication, internal, collection, id, doc as unknown as Parameters<typeof writeOnBothSides>[4]);
    if (made !== true) return failed(made.reason, made.detail);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
    try {
      const conflict = await Promise.race([resolved, timeout]);
      if (!conflict) return failed('timed-out');
      // The merge's result goes to the server too: answered once it is there (or the time is up).
      await Promise.race([state.awaitInSync(), timeout]);
      return { ok: true, collection, id, local: conflict.local, server: conflict.server, result: conflict.result };
    } finally {
      clearTimeout(timer);
    }
  } finally {
    stopListening();
  }
}

/** Steps 1 and 2 of the header, with the server's messages to the collection held back meanwhile. */
async function writeOnBothSides(
  replication: ShopReplication,
  internal: NonNullable<ReplicationState['internalReplicationState']>,
  collection: ForceableCollection,
  id: string,
  doc: { incrementalModify(mutation: (data: unknown) => unknown): Promise<unknown> },
): Promise<true | { reason: ForceConflictFailure; detail?: string }> {
  const edit = EDITS[collection] as Edit<ReplicatedDocs[ForceableCollection]>;
  const release = replication.holdIncoming(collection);
  try {
    let server = (await getAssumedMasterState(internal, [id]))[id]?.docData as WithDeleted<ReplicatedDocs[ForceableCollection]> | undefined;
    if (!server) return { reason: 'not-on-server' };
    let accepted = false;
    for (let attempt = 0; attempt < 3 && !accepted; attempt += 1) {
      const assumed = plainDocument(server) as WithDeleted<ReplicatedDocs[ForceableCollection]>;
      const written = { ...edit(content(assumed), stamp(OTHER_DEVICE_REPLICA)), _deleted: false };
      const answer = await replication.pushAsAnotherDevice(collection, [{ assumedMasterState: assumed, newDocumentState: written }]);
      const current = answer.find((copy) => copy.id === id);
      if (current) server = current as WithDeleted<ReplicatedDocs[ForceableCollection]>;
      else accepted = true;
    }
    if (!accepted) return { reason: 'server-moved' };
    // This device's write, made before the other one was pulled.
    await doc.incrementalModify((data) => edit(content(data), stamp(replicaId())));
    return true;
  } catch (error) {
    return { reason: 'server-refused', detail: error instanceof Error ? error.message : String(error) };
  } finally {
    release();
  }
}
