/**
 * The ids of this browser's local writes (decision 010): a fresh id for every write, and the browser's replica id,
 * kept in localStorage so every tab and every collection stamps its writes alike and ties between writes made in the
 * same millisecond break the same way on every device.
 */
export const REPLICA_KEY = 'shop.replica';

/** A new random id (a UUID where the browser has one). */
export function newId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** This browser's replica id, made on first use; 'tab' where storage is refused (private mode). */
export function replicaId(): string {
  try {
    const known = localStorage.getItem(REPLICA_KEY);
    if (known) return known;
    const made = newId();
    localStorage.setItem(REPLICA_KEY, made);
    return made;
  } catch {
    return 'tab';
  }
}
