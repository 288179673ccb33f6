/**
 * What the replication did, as a feed for the developers' visualizer (issue 15): each collection's stream state,
 * RESYNCs, pulls with their checkpoint, pushes, errors with the next retry, and every conflict the merge resolved.
 * A plain listener set with nothing to import: with no listener (every shopper's tab), an event costs one check.
 */
export type ReplicationEvent =
  | { collection: string; at: number; type: 'stream'; state: 'connecting' | 'open' | 'retrying' | 'stopped' }
  | { collection: string; at: number; type: 'resync' }
  | { collection: string; at: number; type: 'pull'; documents: number; checkpoint: unknown }
  | { collection: string; at: number; type: 'push'; documents: number }
  | { collection: string; at: number; type: 'error'; message: string; nextRetryAt: number | null }
  | { collection: string; at: number; type: 'started' | 'cancelled' }
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
