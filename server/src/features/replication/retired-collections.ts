/**
 * Collections the browser replicated once and no longer does. `syncTasks` became a device-only collection (decision
 * 042: the leader tab calls each queued route itself and the server keeps a receipt by task id,
 * `plugins/task-receipts.ts`). For one release the replication routes still answer a retired collection, with nothing:
 * a pull gets no documents and its own checkpoint back, a push gets no conflicts, so a tab still running the old code
 * settles instead of retrying errors until its service worker updates it. Nothing of a retired collection is ever
 * stored (the repository refuses it).
 *
 * Kept here, not in `shared/src/sync/collections.ts`: only the server answers for them, and the name must stay
 * accepted whether or not the shared list of replicated collections still holds it.
 */
export const RETIRED_COLLECTIONS = ['syncTasks'] as const;
export type RetiredCollection = (typeof RETIRED_COLLECTIONS)[number];

export function isRetiredCollection(value: string): value is RetiredCollection {
  return (RETIRED_COLLECTIONS as readonly string[]).includes(value);
}
