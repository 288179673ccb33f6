/**
 * The change feed of several server instances on one PostgreSQL database (plan §5.1, decision 041). The replication
 * log (`replication_events`) is the truth: a write committed by any instance is in it, numbered by `seq` in commit
 * order without gaps (replication.repository.ts). This instance
 * - delivers its own writes to its streams at once, when they are published after their commit, as
 *   InProcessChangeFeed does;
 * - reads the log after the last seq it has seen whenever another instance notifies `shop_events` (sent in the
 *   writing transaction, so it arrives after the commit) and every POLL_MS in any case, and delivers to its streams
 *   what other instances wrote. A lost notification or a dropped listening connection only delays a delivery.
 *
 * A write published here is not delivered again when the log brings it back: each published document is remembered
 * by collection, owner, id and server time (unique per owner) until the log passes its seq. Streams that open get
 * RESYNC and pull first (replication.routes.ts), so the feed starts at the log's end.
 */
import { EventEmitter } from 'node:events';
import type { Db } from '../../storage/database.ts';
import type { PostgresNotifications } from '../../storage/notifications.ts';
import { topic, type ChangeFeed, type ChangeListener, type DocumentChange } from './change-feed.ts';
import type { PulledDocument } from './replication.protocol.ts';

/** The notification channel the replication log's writers notify (with the last seq written). */
export const EVENTS_CHANNEL = 'shop_events';
/** How often the log is read even without a notification. */
export const POLL_MS = 1000;
/** Log rows read per query. */
const PAGE = 500;
/** How long a published document is remembered when the log does not bring it back (a write that never reached it). */
const REMEMBER_MS = 5 * 60_000;

function key(collection: string, owner: string, id: string, updatedAt: number): string {
  return `${topic(collection, owner)}\u0000${id}\u0000${updatedAt}`;
}

export class PostgresLogFeed implements ChangeFeed {
  private readonly emitter = new EventEmitter();
  /** Documents published here, with the seq of their change (when known) and when they were published. */
  private readonly published = new Map<string, { seq: number | undefined; at: number }>();
  private last = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopListening: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly options: { notifications: PostgresNotifications; pollMs?: number; onError?: (error: unknown) => void },
  ) {
    this.emitter.setMaxListeners(0);
  }

  /** Starts at the log's end, then listens and polls. */
  async start(): Promise<void> {
    const row = await this.db.selectFrom('replication_events').select((eb) => eb.fn.max('seq').as('last')).executeTakeFirst();
    this.last = Number(row?.last ?? 0);
    this.stopListening = this.options.notifications.listen(EVENTS_CHANNEL, () => this.poll());
    this.timer = setInterval(() => this.poll(), this.options.pollMs ?? POLL_MS);
    this.timer.unref();
  }

  publish(change: DocumentChange): void {
    if (change.documents.length === 0) return;
    const at = Date.now();
    for (const document of change.documents) this.published.set(key(change.collection, change.owner, document.id, document.updatedAt), { seq: change.seq, at });
    this.emitter.emit(topic(change.collection, change.owner), change);
  }

  subscribe(collection: string, owner: string, listener: ChangeListener): () => void {
    const name = topic(collection, owner);
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }

  /** Reads the log now (one read at a time: a call during a read makes it read once more). */
  poll(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          while ((await this.readPage()) === PAGE && !this.closed);
        } catch (error) {
          if (!this.closed) this.options.onError?.(error);
        }
      } while (this.again && !this.closed);
    })().finally(() => (this.running = null));
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopListening?.();
    await this.running;
    this.emitter.removeAllListeners();
    this.published.clear();
  }

  /** Delivers the next page of the log; answers how many rows it read. */
  private async readPage(): Promise<number> {
    const rows = await this.db
      .selectFrom('replication_events')
      .select(['seq', 'collection', 'owner', 'data'])
      .where('seq', '>', this.last)
      .orderBy('seq')
      .limit(PAGE)
      .execute();
    // One change per run of rows of one collection and owner, in log order.
    let change: DocumentChange | null = null;
    const deliver = () => {
      if (change) this.emitter.emit(topic(change.collection, change.owner), change);
      change = null;
    };
    for (const row of rows) {
      const seq = Number(row.seq);
      const name = topic(row.collection, row.owner);
      if (change && topic(change.collection, change.owner) !== name) deliver();
      if (this.emitter.listenerCount(name) === 0) continue;
      const document = JSON.parse(row.data) as PulledDocument;
      if (this.published.delete(key(row.collection, row.owner, document.id, document.updatedAt))) continue;
      change ??= { collection: row.collection, owner: row.owner, documents: [], checkpoint: { id: document.id, updatedAt: document.updatedAt } };
      change.documents.push(document);
      change.checkpoint = { id: document.id, updatedAt: document.updatedAt };
      change.seq = seq;
    }
    deliver();
    if (rows.length) this.last = Number(rows.at(-1)!.seq);
    this.forget();
    return rows.length;
  }

  /** Drops what the log has passed, and what it never brought back in REMEMBER_MS. */
  private forget(): void {
    const old = Date.now() - REMEMBER_MS;
    for (const [name, { seq, at }] of this.published) if ((seq !== undefined && seq <= this.last) || at < old) this.published.delete(name);
  }
}
