/**
 * Search answers cached under a hash of the normalised query (spec 1 §7, §9: ttl 500 s). One cache belongs to one
 * catalogue snapshot, so a catalogue change starts from an empty cache: nothing stale can be served.
 */
import { createHash } from 'node:crypto';
import type { NormalizedSearch } from '@shop/shared';

/** The same query written with keys in another order is the same query. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function searchCacheKey(request: NormalizedSearch): string {
  return createHash('sha1').update(stableJson(request)).digest('base64url');
}

/**
 * Least recently used first out, bounded by a number of entries and by a total weight (the service weighs an answer by
 * the length of its JSON, so a few thousand large answers cannot grow the server by hundreds of megabytes).
 */
export class SearchCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number; weight: number }>();
  private weight = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
    private readonly limits: { maxWeight: number; weigh: (value: T) => number } = { maxWeight: Number.POSITIVE_INFINITY, weigh: () => 1 },
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.maxEntries > 0;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.remove(key);
      return undefined;
    }
    // Re-insert so the map's order is least recently used first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T): void {
    if (!this.enabled) return;
    const weight = this.limits.weigh(value);
    this.remove(key);
    // An answer heavier than the whole cache is simply not kept.
    if (weight > this.limits.maxWeight) return;
    this.entries.set(key, { value, expires: this.now() + this.ttlMs, weight });
    this.weight += weight;
    while (this.entries.size > this.maxEntries || this.weight > this.limits.maxWeight) this.remove(this.entries.keys().next().value!);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The total weight held. */
  get totalWeight(): number {
    return this.weight;
  }
}
