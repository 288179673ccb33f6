/**
 * Tells open streams that an owner's documents in a collection changed. In one process (SQLite) an event emitter is
 * enough; with several server instances on PostgreSQL, the log feed (log-feed.ts: LISTEN/NOTIFY plus a poll of the
 * replication log) takes its place behind the same interface (publish after commit, subscribe per collection and owner).
 */
import { EventEmitter } from 'node:events';
import type { Checkpoint, PulledDocument } from './replication.protocol.ts';

export interface DocumentChange {
  collection: string;
  owner: string;
  documents: PulledDocument[];
  checkpoint: Checkpoint;
  /** The highest replication-log seq this change covers (with several instances the log feed skips what it already delivered). */
  seq?: number;
}

export type ChangeListener = (change: DocumentChange) => void;

export interface ChangeFeed {
  /** Called after the write that made the change has committed. */
  publish(change: DocumentChange): void;
  /** Returns the function that stops listening. */
  subscribe(collection: string, owner: string, listener: ChangeListener): () => void;
  close(): Promise<void>;
}

export class InProcessChangeFeed implements ChangeFeed {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open stream: many shoppers, no leak.
    this.emitter.setMaxListeners(0);
  }

  publish(change: DocumentChange): void {
    if (change.documents.length > 0) this.emitter.emit(topic(change.collection, change.owner), change);
  }

  subscribe(collection: string, owner: string, listener: ChangeListener): () => void {
    const name = topic(collection, owner);
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export function topic(collection: string, owner: string): string {
  return `${collection}\u0000${owner}`;
}
