/**
 * What the replication did, as a feed for the developers' visualizer (issue 15): each collection's stream state,
 * RESYNCs, pulls with their checkpoint, pushes, errors with the next retry, and every conflict the merge resolved.
 * A plain listener set with nothing to import: with no listener (every shopper's tab), an event costs one check.
 */
export type ReplicationEvent =
  /** The collection's event stream (streamed collections only); `nextRetryAt` when `retrying`: when it opens again. */
  | { collection: string; at: number; type: 'stream'; state: 'connecting' | 'open' | 'retrying' | 'stopped'; nextRetryAt?: number | null }
  /**
   * A RESYNC reached the collection's replication: from its own stream's (re)connect (`stream`), from another
   * collection's stream (`other-stream`, the collections without a stream of their own), or asked for (`asked`:
   * `reSync()`, the `online` event).
   */
  | { collection: string; at: number; type: 'resync'; cause?: 'stream' | 'other-stream' | 'asked' }
  /** Documents came from the server: a pull request's answer (`request`) or a stream message (`stream`). */
  | { collection: string; at: number; type: 'pull'; documents: number; checkpoint: unknown; via?: 'request' | 'stream' }
  /** A push the server answered; `conflicts`: how many rows it refused with its own copy (the merge resolves them). */
  | { collection: string; at: number; type: 'push'; documents: number; conflicts?: number }
  /**
   * A pull, push or stream-ticket call failed (or the replication itself did). `nextRetryAt`: when RxDB tries again
   * (after `retryTime`; in a browser that is offline, sooner if it comes back online); null for an error that is not
   * retried.
   */
  | { collection: string; at: number; type: 'error'; message: string; nextRetryAt: number | null }
  /** The replication runs in this tab (it leads and started), or was cancelled (the owner changed, the tab closed). */
  | { collection: string; at: number; type: 'started' | 'cancelled' }
  /**
   * A push refused by the server and resolved by the collection's merge: this device's state (`local`, RxDB's fork),
   * the server's (`server`, the master) and what the merge made of them (`result`, written here and pushed again).
   */
  | { collection: string; at: number; type: 'conflict'; id: string; local: unknown; server: unknown; result: unknown };

type Listener = (event: ReplicationEvent) => void;
const listeners = new Set<Listener>();

export function onReplicationEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportReplication(event: ReplicationEvent): void {
  if (listeners.size === 0) return;
  for (const listener of listeners) {
    try {
      listener(event);
    } catch {
      // A listener's trouble is its own.
    }
  }
}
