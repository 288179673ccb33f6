/**
 * Replicated documents in the database (decision 010): pull by checkpoint, push with conflict detection, and
 * server-side writes. Every accepted write is stamped with the server's time, applied, appended to the event log and
 * its write id recorded in ONE transaction; open streams hear of it after the commit.
 *
 * Concurrency (decision 041): on PostgreSQL several writes run side by side, so each write locks its owner's clock row
 * first (`lockOwner`) and only then reads the applied write ids and current copies; the event log takes its seqs from
 * the log head as the last statement before the commit, so they are gap-free and in commit order; a write refused
 * for a concurrent one (deadlock, serialization) runs again whole (`runTransaction`).
 */
import { randomUUID } from 'node:crypto';
import { DomainError } from '@shop/shared';
import {
  REPLICATED_COLLECTIONS,
  withoutClientResultFields,
  type CollectionDefinition,
  type CollectionName,
} from '@shop/shared/sync/collections';
import { sql } from 'kysely';
import { compiledOnce, type Db, type Trx } from '../../storage/database.ts';
import { engineOf, isConcurrencyConflict, isUniqueViolation, lockOwner, notify, runTransaction, type RetryOptions } from '../../storage/engine.ts';
import type { ChangeFeed } from './change-feed.ts';
import { isRetiredCollection } from './retired-collections.ts';
import { describeIssues, splitDeleted, type Checkpoint, type PullAnswer, type PulledDocument, type PushRow } from './replication.protocol.ts';

export type { Trx };
export type Doc = Record<string, unknown> & { id: string; updatedAt: number; writeId: string };

/**
 * A server-side step on the documents about to be stored, inside the write's transaction (e.g. the cart's item ids).
 * Answers the documents in the same order.
 */
export type PrepareDocuments = (
  docs: Doc[],
  context: {
    trx: Trx;
    owner: string;
    collection: CollectionName;
    /** Per document: whether this write deletes it. */
    deleted: readonly boolean[];
    /**
     * Per document: what the client pushed, its server-owned fields still in (a claim to check, never to store);
     * undefined for the server's own writes.
     */
    pushed: readonly (Doc | undefined)[];
  },
) => Promise<Doc[]>;

/** Told of the documents a write stored, after its transaction committed (e.g. to send mail about them). */
export type StoredListener = (documents: PulledDocument[], context: { owner: string; collection: CollectionName }) => Promise<void> | void;

/** Ids per `in (...)` list and rows per insert: far below SQLite's and PostgreSQL's parameter limits. */
const IN_LIST_SIZE = 500;
const INSERT_ROWS = 200;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}

/*
 * The statements every push runs, for the usual one-document push, built and compiled once (`compiledOnce`); a push of
 * several documents builds the same statements for its rows.
 */
const appliedWrite = compiledOnce<{ writeId: string }, { write_id: string; collection: string; owner: string }>((db, value) =>
  db.selectFrom('applied_writes').select(['write_id', 'collection', 'owner']).where('write_id', '=', value('writeId')),
);
const currentCopy = compiledOnce<{ collection: string; owner: string; id: string }, StoredRow & { id: string }>((db, value) =>
  db.selectFrom('replicated_documents').select(['id', 'data', 'updated_at', 'deleted']).where('collection', '=', value('collection')).where('owner', '=', value('owner')).where('id', '=', value('id')),
);
const advanceClock = compiledOnce<{ owner: string; now: number; count: number; last: number }, { last_at: number }>((db, value) =>
  db
    .insertInto('replication_clocks')
    .values({ owner: value('owner'), last_at: value('last') })
    .onConflict((oc) =>
      oc.column('owner').doUpdateSet({
        last_at: sql<number>`case when replication_clocks.last_at + 1 > ${value('now')} then replication_clocks.last_at + ${value('count')} else ${value('last')} end`,
      }),
    )
    .returning('last_at'),
);

/** Takes `count` seqs from the log head; its row lock is held until the commit (migration 013). */
const advanceLog = compiledOnce<{ count: number }, { last_seq: number }>((db, value) =>
  db
    .updateTable('replication_log_head')
    .set({ last_seq: sql<number>`last_seq + ${value('count')}` })
    .where('id', '=', 1)
    .returning('last_seq'),
);

type DocumentRow = { collection: string; owner: string; id: string; data: string; updated_at: number; deleted: number };
type EventRow = { seq: number; collection: string; owner: string; doc_id: string; write_id: string; at: number; data: string };
type AppliedRow = { write_id: string; collection: string; owner: string; at: number };

const upsertDocuments = (db: Trx | Db, rows: DocumentRow[]) =>
  db
    .insertInto('replicated_documents')
    .values(rows)
    .onConflict((oc) => oc.columns(['collection', 'owner', 'id']).doUpdateSet((eb) => ({ data: eb.ref('excluded.data'), updated_at: eb.ref('excluded.updated_at'), deleted: eb.ref('excluded.deleted') })));
const insertEvents = (db: Trx | Db, rows: EventRow[]) => db.insertInto('replication_events').values(rows);
const insertApplied = (db: Trx | Db, rows: AppliedRow[]) => db.insertInto('applied_writes').values(rows);
const upsertDocument = compiledOnce<DocumentRow, never>((db, value) =>
  upsertDocuments(db, [{ collection: value('collection'), owner: value('owner'), id: value('id'), data: value('data'), updated_at: value('updated_at'), deleted: value('deleted') }]),
);
const insertEvent = compiledOnce<EventRow, never>((db, value) =>
  insertEvents(db, [{ seq: value('seq'), collection: value('collection'), owner: value('owner'), doc_id: value('doc_id'), write_id: value('write_id'), at: value('at'), data: value('data') }]),
);
const insertOneApplied = compiledOnce<AppliedRow, never>((db, value) =>
  insertApplied(db, [{ write_id: value('write_id'), collection: value('collection'), owner: value('owner'), at: value('at') }]),
);

interface StoredRow {
  id: string;
  data: string;
  updated_at: number | string | bigint;
  deleted: number;
}

export interface CurrentCopy {
  data: Doc;
  deleted: boolean;
}

/** What a server-side write stores: the document (`id` and `updatedAt` are set for it) and whether it is deleted. */
export interface ServerWrite {
  data: Record<string, unknown> & { writeId?: string };
  deleted?: boolean;
}

interface PendingWrite {
  id: string;
  data: Doc;
  deleted: boolean;
  /** The document as the client pushed it (push writes only). */
  pushed?: Doc;
}

/** What a write stored, and the last log seq it took (none when it stored nothing). */
interface Stored {
  documents: PulledDocument[];
  seq?: number;
}

/** PostgreSQL sends a write's last log seq on this channel at its commit (the log feed of other instances listens). */
export const EVENTS_CHANNEL = 'shop_events';

/**
 * A write runs again whole when PostgreSQL refused it for a concurrent one: a deadlock or serialization failure, or a
 * unique key taken by another owner's write that committed after this one read (a write id, an order id). The retry
 * reads again and answers what SQLite, one write after the other, would have answered.
 */
const WRITE_RETRY: RetryOptions = { retryOn: (error) => isConcurrencyConflict(error) || isUniqueViolation(error) };

/** Marks the write ids the server makes itself, so the log tells them from the shoppers'. */
export const SERVER_REPLICA = 'server';

function served(data: Doc, deleted: boolean): PulledDocument {
  return { ...data, _deleted: deleted };
}

function fromRow(row: StoredRow): CurrentCopy {
  const data = JSON.parse(row.data) as Doc;
  // PostgreSQL answers bigint columns as strings; the stored JSON is the document, the column its index.
  data.updatedAt = Number(row.updated_at);
  return { data, deleted: Number(row.deleted) === 1 };
}

/**
 * Two states are the same version when they carry the same `writeId` and deletion flag. `updatedAt` and the
 * server-owned fields are the server's to change after a write, so a client that pushed a write and then writes again
 * before pulling the server's stamped copy is not in conflict with itself.
 */
function sameVersion(assumed: Record<string, unknown>, master: CurrentCopy): boolean {
  return assumed.writeId === master.data.writeId && (assumed._deleted === true) === master.deleted;
}

function definitionOf(collection: CollectionName): CollectionDefinition<Doc> {
  // Every write reads the definition first: a retired collection is never stored (retired-collections.ts).
  if (isRetiredCollection(collection)) throw new Error(`The ${String(collection)} collection is no longer replicated; nothing of it is stored`);
  return REPLICATED_COLLECTIONS[collection] as unknown as CollectionDefinition<Doc>;
}

export class ReplicationRepository {
  private readonly prepares = new Map<CollectionName, PrepareDocuments>();
  private readonly storedListeners = new Map<CollectionName, StoredListener>();

  constructor(
    private readonly db: Db,
    private readonly feed: ChangeFeed,
    private readonly now: () => number,
  ) {}

  /** Lets a feature touch up documents of a collection as they are stored (once per collection). */
  onPrepare(collection: CollectionName, prepare: PrepareDocuments): void {
    this.prepares.set(collection, prepare);
  }

  /** Lets a feature act on documents of a collection once their write committed (once per collection). */
  onStored(collection: CollectionName, listener: StoredListener): void {
    this.storedListeners.set(collection, listener);
  }

  /**
   * The owner's documents after the checkpoint, by `(updatedAt, id)`, deleted ones included. The checkpoint answered
   * is the last document's, or the one asked when nothing is newer.
   */
  async pull(collection: CollectionName, owner: string, checkpoint: Checkpoint | null, limit: number): Promise<PullAnswer> {
    let query = this.db
      .selectFrom('replicated_documents')
      .select(['id', 'data', 'updated_at', 'deleted'])
      .where('collection', '=', collection)
      .where('owner', '=', owner);
    if (checkpoint) {
      const { id, updatedAt } = checkpoint;
      // On PostgreSQL, `id` needs a byte-order collation ("C") for this comparison to match SQLite's.
      query = query.where((eb) => eb.or([eb('updated_at', '>', updatedAt), eb.and([eb('updated_at', '=', updatedAt), eb('id', '>', id)])]));
    }
    const rows = await query.orderBy('updated_at').orderBy('id').limit(limit).execute();
    const documents = rows.map((row) => {
      const copy = fromRow(row);
      return served(copy.data, copy.deleted);
    });
    const last = documents.at(-1);
    return { documents, checkpoint: last ? { id: last.id, updatedAt: last.updatedAt } : checkpoint };
  }

  /** The owner's documents of a collection, deleted ones left out unless asked for. */
  async list(collection: CollectionName, owner: string, options: { includeDeleted?: boolean } = {}): Promise<PulledDocument[]> {
    let query = this.db.selectFrom('replicated_documents').select(['id', 'data', 'updated_at', 'deleted']).where('collection', '=', collection).where('owner', '=', owner);
    if (!options.includeDeleted) query = query.where('deleted', '=', 0);
    const rows = await query.orderBy('updated_at').orderBy('id').execute();
    return rows.map((row) => {
      const copy = fromRow(row);
      return served(copy.data, copy.deleted);
    });
  }

  /** When any of the owner's documents in the collection last changed, or null when it holds none. */
  async lastChange(collection: CollectionName, owner: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('replicated_documents')
      .select((eb) => eb.fn.max('updated_at').as('last'))
      .where('collection', '=', collection)
      .where('owner', '=', owner)
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? null : Number(row.last);
  }

  /**
   * Applies a push. Answers the server's copy of every row whose `assumedMasterState` is not the server's current
   * version (RxDB's conflict answer). A row whose `writeId` was already applied changes nothing; it is answered with
   * the server's copy, because the device only pushes it again when it never got the first answer: the copy it then
   * missed (server-owned fields, an order's number) was skipped by its pull while the write was unsent, so this answer
   * is its only way to get it. The browser's merge takes that copy as it is, and nothing is pushed again.
   * Every row is checked against the collection's schema before anything is written.
   */
  async push(collection: CollectionName, owner: string, rows: readonly PushRow[]): Promise<PulledDocument[]> {
    const definition = definitionOf(collection);
    const checked = rows.map((row, index) => {
      const where = `rows.${index}.newDocumentState`;
      const { data, deleted } = splitDeleted(row.newDocumentState, where);
      const parsed = definition.schema.safeParse(data);
      if (!parsed.success) throw new DomainError('bad_request', `Invalid ${collection} document: ${describeIssues(parsed.error, where)}`);
      const assumed = row.assumedMasterState ?? null;
      if (assumed && assumed._deleted !== undefined && typeof assumed._deleted !== 'boolean') {
        throw new DomainError('bad_request', `rows.${index}.assumedMasterState._deleted: expected boolean`);
      }
      return { data: parsed.data, deleted, assumed };
    });

    const { stored, conflicts } = await runTransaction(this.db, async (trx) => {
      // The owner first: a concurrent write of the same owner (the same write pushed twice) waits here, then sees this one.
      await lockOwner(trx, owner);
      const conflicts: PulledDocument[] = [];
      const applied = await this.appliedWrites(trx, collection, owner, checked.map((row) => row.data.writeId));
      const current = await this.currentCopies(trx, collection, owner, checked.map((row) => row.data.id));
      const masters = new Map(current);
      // The server's copies of documents whose write was already applied (a push sent again after its answer was lost).
      const retried = new Map<string, PulledDocument>();
      const seenWrites = new Set<string>();
      const writes: PendingWrite[] = [];
      for (const row of checked) {
        const { id } = row.data;
        let { writeId } = row.data;
        if (applied.has(writeId)) {
          const copy = current.get(id);
          // The device resolved the conflict its resend was answered with (its write had been applied, then another
          // write came on top): it has seen the current copy and sends its merge under the id of that earlier write. A
          // new write, as any resolved conflict is, under a write id of the shop's own (the device's is taken).
          const resolved = copy !== undefined && copy.data.writeId !== writeId && row.assumed !== null && sameVersion(row.assumed, copy);
          if (!resolved) {
            if (copy) retried.set(id, served(copy.data, copy.deleted));
            continue;
          }
          writeId = serverWriteId();
          row.data = { ...row.data, writeId };
        }
        if (seenWrites.has(writeId)) continue;
        const master = masters.get(id);
        if (master && (!row.assumed || !sameVersion(row.assumed, master))) {
          conflicts.push(served(master.data, master.deleted));
          continue;
        }
        const data = withoutClientResultFields(collection, row.data as never, master?.data as never) as unknown as Doc;
        const write = { id, data, deleted: row.deleted, pushed: row.data as Doc };
        seenWrites.add(writeId);
        // A later row of this push on the same document builds on this one.
        masters.set(id, write);
        writes.push(write);
      }
      // A document this push also changes or already answers as a conflict needs no second answer.
      for (const [id, copy] of retried) if (masters.get(id) === current.get(id) && !conflicts.some((c) => c.id === id)) conflicts.push(copy);
      return { stored: await this.store(trx, collection, owner, writes), conflicts };
    }, WRITE_RETRY);
    await this.announce(collection, owner, stored);
    return conflicts;
  }

  /**
   * A change the server makes itself (the cart endpoints), read-modify-write in one transaction: `decide` gets the
   * current copy and answers the new document (its `writeId` is made here when it has none) or null to write nothing.
   */
  async writeServerSide(
    collection: CollectionName,
    owner: string,
    id: string,
    decide: (current: CurrentCopy | null, trx: Trx) => Promise<ServerWrite | null>,
  ): Promise<PulledDocument | null> {
    const schema = definitionOf(collection).schema;
    const stored = await runTransaction(this.db, async (trx): Promise<Stored> => {
      await lockOwner(trx, owner);
      const current = await this.current(trx, collection, owner, id);
      const next = await decide(current, trx);
      if (!next) return { documents: [] };
      const candidate = { ...next.data, id, updatedAt: current?.data.updatedAt ?? 0, writeId: next.data.writeId ?? serverWriteId() };
      const parsed = schema.safeParse(candidate);
      // The server's own write breaking the shared schema is a bug here, not bad input: a 500 that the log explains.
      if (!parsed.success) throw new Error(`A server-side ${collection} write is invalid: ${describeIssues(parsed.error)}`);
      return this.store(trx, collection, owner, [{ id, data: parsed.data, deleted: next.deleted ?? false }]);
    }, WRITE_RETRY);
    await this.announce(collection, owner, stored);
    return stored.documents[0] ?? null;
  }

  /** Which of these write ids were applied already; one used by another owner or collection is refused. */
  private async appliedWrites(trx: Trx, collection: string, owner: string, writeIds: readonly string[]): Promise<Set<string>> {
    const applied = new Set<string>();
    for (const part of chunks([...new Set(writeIds)], IN_LIST_SIZE)) {
      const rows =
        part.length === 1
          ? (await appliedWrite(trx, { writeId: part[0]! })).rows
          : await trx.selectFrom('applied_writes').select(['write_id', 'collection', 'owner']).where('write_id', 'in', part).execute();
      for (const row of rows) {
        if (row.collection !== collection || row.owner !== owner) {
          throw new DomainError('bad_request', `The write id ${row.write_id} was already used; every write needs a new id`);
        }
        applied.add(row.write_id);
      }
    }
    return applied;
  }

  private async currentCopies(trx: Trx, collection: string, owner: string, ids: readonly string[]): Promise<Map<string, CurrentCopy>> {
    const copies = new Map<string, CurrentCopy>();
    for (const part of chunks([...new Set(ids)], IN_LIST_SIZE)) {
      const rows =
        part.length === 1
          ? (await currentCopy(trx, { collection, owner, id: part[0]! })).rows
          : await trx
              .selectFrom('replicated_documents')
              .select(['id', 'data', 'updated_at', 'deleted'])
              .where('collection', '=', collection)
              .where('owner', '=', owner)
              .where('id', 'in', part)
              .execute();
      for (const row of rows) copies.set(row.id, fromRow(row));
    }
    return copies;
  }

  private async current(trx: Trx, collection: string, owner: string, id: string): Promise<CurrentCopy | null> {
    return (await this.currentCopies(trx, collection, owner, [id])).get(id) ?? null;
  }

  /**
   * `count` server times for one owner, each above the last one handed out, even within one millisecond or when the
   * clock steps back: a pull that has passed a checkpoint must never miss a later write. The clock row is updated in
   * the write's transaction, so on PostgreSQL its row lock orders one owner's concurrent writes.
   */
  private async stamps(trx: Trx, owner: string, count: number): Promise<number> {
    const now = this.now();
    const { rows } = await advanceClock(trx, { owner, now, count, last: now + count - 1 });
    const row = rows[0]!;
    return Number(row.last_at) - count + 1;
  }

  private async store(trx: Trx, collection: CollectionName, owner: string, writes: PendingWrite[]): Promise<Stored> {
    if (writes.length === 0) return { documents: [] };
    const first = await this.stamps(trx, owner, writes.length);
    const stamped = writes.map((write, index): Doc => ({ ...write.data, updatedAt: first + index }));
    const prepare = this.prepares.get(collection);
    const prepared = prepare
      ? await prepare(stamped, { trx, owner, collection, deleted: writes.map((write) => write.deleted), pushed: writes.map((write) => write.pushed) })
      : stamped;
    const documents = prepared.map((data, index) => served(data, writes[index]!.deleted));

    // The table keeps the last copy of each document (one push may write a document twice); the log keeps every write.
    const rows = [...new Map(documents.map((document) => [document.id, document])).values()].map(
      ({ _deleted, ...data }): DocumentRow => ({ collection, owner, id: data.id, data: JSON.stringify(data), updated_at: data.updatedAt, deleted: _deleted ? 1 : 0 }),
    );
    // A write's own write ids (the prepare step may have made the server's: a cart line the stock lowered).
    const applied = documents.map((document): AppliedRow => ({ write_id: String(document.writeId), collection, owner, at: document.updatedAt }));
    if (engineOf(trx) === 'postgres' && documents.length <= INSERT_ROWS) {
      return { documents, seq: await storeAndLogOnPostgres(trx, rows, applied, this.events(collection, owner, documents)) };
    }
    for (const part of chunks(rows, INSERT_ROWS)) await (part.length === 1 ? upsertDocument(trx, part[0]!) : upsertDocuments(trx, part).execute());
    for (const part of chunks(applied, INSERT_ROWS)) await (part.length === 1 ? insertOneApplied(trx, part[0]!) : insertApplied(trx, part).execute());
    return { documents, seq: await this.appendToLog(trx, collection, owner, documents) };
  }

  /** The log rows of the writes, without their seqs (the log head hands them out). */
  private events(collection: CollectionName, owner: string, documents: PulledDocument[]): Omit<EventRow, 'seq'>[] {
    return documents.map((document) => ({ collection, owner, doc_id: document.id, write_id: String(document.writeId), at: document.updatedAt, data: JSON.stringify(document) }));
  }

  /**
   * Appends the writes to the event log, last before the commit: the log head hands out their seqs and stays locked
   * until the commit, so seqs are gap-free and in commit order on both engines (decision 041). On PostgreSQL the
   * last seq is announced on `EVENTS_CHANNEL`, delivered at the commit. Answers the last seq.
   */
  private async appendToLog(trx: Trx, collection: CollectionName, owner: string, documents: PulledDocument[]): Promise<number> {
    const head = (await advanceLog(trx, { count: documents.length })).rows[0];
    if (!head) throw new Error(LOG_HEAD_MISSING);
    const last = Number(head.last_seq);
    let seq = last - documents.length;
    for (const part of chunks(this.events(collection, owner, documents), INSERT_ROWS)) {
      const events = part.map((event): EventRow => ({ seq: ++seq, ...event }));
      await (events.length === 1 ? insertEvent(trx, events[0]!) : insertEvents(trx, events).execute());
    }
    await notify(trx, EVENTS_CHANNEL, String(last));
    return last;
  }

  private announce(collection: CollectionName, owner: string, stored: Stored): Promise<void> {
    const { documents, seq } = stored;
    const last = documents.at(-1);
    if (!last) return Promise.resolve();
    this.feed.publish({ collection, owner, documents, checkpoint: { id: last.id, updatedAt: last.updatedAt }, ...(seq !== undefined ? { seq } : {}) });
    const listener = this.storedListeners.get(collection);
    return listener ? Promise.resolve(listener(documents, { owner, collection })) : Promise.resolve();
  }
}

const LOG_HEAD_MISSING = 'The replication log head is missing (migration 013 seeds it)';

/**
 * PostgreSQL: the documents' upsert, their write ids, the log head's seqs, the log rows and the notification at the commit in ONE
 * statement (data-modifying `with` parts all run, on one snapshot), so a write holds the log head (and an order its
 * store's number row) for one round trip and the commit. The same rows and seqs as `appendToLog`. Answers the last seq.
 */
async function storeAndLogOnPostgres(trx: Trx, rows: DocumentRow[], applied: AppliedRow[], events: Omit<EventRow, 'seq'>[]): Promise<number> {
  const count = events.length;
  const documentValues = sql.join(rows.map((row) => sql`(${row.collection}, ${row.owner}, ${row.id}, ${row.data}, cast(${row.updated_at} as bigint), cast(${row.deleted} as integer))`));
  const appliedValues = sql.join(applied.map((row) => sql`(${row.write_id}, ${row.collection}, ${row.owner}, cast(${row.at} as bigint))`));
  const eventValues = sql.join(
    events.map((event, index) => sql`(cast(${index + 1} as integer), ${event.collection}, ${event.owner}, ${event.doc_id}, ${event.write_id}, cast(${event.at} as bigint), ${event.data})`),
  );
  const { rows: heads } = await sql<{ last_seq: number }>`
    with stored as (
      insert into replicated_documents (collection, owner, id, data, updated_at, deleted) values ${documentValues}
      on conflict (collection, owner, id) do update set data = excluded.data, updated_at = excluded.updated_at, deleted = excluded.deleted
    ), applied as (
      insert into applied_writes (write_id, collection, owner, at) values ${appliedValues}
    ), head as (
      update replication_log_head set last_seq = last_seq + cast(${count} as integer) where id = 1 returning last_seq
    ), logged as (
      insert into replication_events (seq, collection, owner, doc_id, write_id, at, data)
      select head.last_seq - cast(${count} as integer) + e.k, e.collection, e.owner, e.doc_id, e.write_id, e.at, e.data
      from head cross join (values ${eventValues}) as e (k, collection, owner, doc_id, write_id, at, data)
    )
    select last_seq, pg_notify(${EVENTS_CHANNEL}, cast(last_seq as text)) from head`.execute(trx);
  const head = heads[0];
  if (!head) throw new Error(LOG_HEAD_MISSING);
  return Number(head.last_seq);
}

export function serverWriteId(): string {
  return `${SERVER_REPLICA}:${randomUUID()}`;
}
