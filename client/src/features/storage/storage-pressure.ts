/**
 * Storage under pressure in the page (spec 2 §4 "Other", §9; the rules in storage-policy.ts): every write of the local
 * database goes through `write`, which on a quota error clears the caches of what was browsed and tries again; while
 * there is still no room the shopper is told, and the write waits and is tried again until it fits: nothing the
 * shopper made is ever dropped. `check` is the quota check the page runs every 30 seconds.
 */
import { isQuotaError } from './quota-errors.ts';
import { cachingAllowed, NO_STORAGE_ERRORS, overQuota, retryDelay, STORAGE_LIMITS, withStorageError, type Caching, type StorageErrors } from './storage-policy.ts';

/** What the page can free or switch off: the persistent caches (the service worker's runtime caches). */
export interface StorageRelief {
  /** Deletes the caches of what was browsed: catalogue answers, the URL map, pictures. */
  clearCaches(): Promise<void>;
  /** Removes the oldest entries (index below 100) of each of those caches; answers how many went. */
  purgeOldest(): Promise<number>;
  estimate(): Promise<{ usage?: number | undefined; quota?: number | undefined } | null>;
  /** Tells the service worker whether it may still write and read its caches. */
  tellWorker(caching: Caching): void;
}

export interface StorageNotices {
  /** A write found no room even after the caches were cleared: it waits. */
  waiting(): void;
  /** Every waiting write has ended: saved, or failed for another reason (its caller says so). */
  settled(saved: boolean): void;
}

export interface StoragePressureDeps {
  relief: StorageRelief;
  notices: StorageNotices;
  sleep: (ms: number) => Promise<void>;
  report?: (what: string, error: unknown) => void;
}

export class StoragePressure {
  private errors: StorageErrors = NO_STORAGE_ERRORS;
  private waiting = 0;
  private allSaved = true;
  private clearing: Promise<void> | null = null;

  constructor(private readonly deps: StoragePressureDeps) {}

  /** Whether the persistent caches may still be written and read (the worker is told when this changes). */
  get caching(): Caching {
    return cachingAllowed(this.errors);
  }

  /** Runs one write of the shopper's data until it is stored: a quota error clears the caches and it goes again. */
  async write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      this.countWriteError();
    }
    await this.relieve();
    let told = false;
    for (let attempt = 0; ; attempt += 1) {
      try {
        const result = await run();
        if (told) this.endWaiting(true);
        return result;
      } catch (error) {
        if (!isQuotaError(error)) {
          if (told) this.endWaiting(false);
          throw error;
        }
        this.countWriteError();
      }
      if (!told) {
        told = true;
        this.startWaiting();
      }
      await this.deps.sleep(retryDelay(attempt));
      await this.relieve();
    }
  }

  /** The 30-second check: over quota, the oldest cache entries go; a worker that restarted hears the verdict again. */
  async check(): Promise<void> {
    try {
      if (overQuota(await this.deps.relief.estimate())) await this.deps.relief.purgeOldest();
    } catch (error) {
      this.deps.report?.('The storage quota check failed', error);
    }
    const caching = this.caching;
    if (!caching.writes || !caching.reads) this.deps.relief.tellWorker(caching);
  }

  /** Runs the check now and every 30 seconds; answers the stop. */
  start(): () => void {
    void this.check();
    const timer = setInterval(() => void this.check(), STORAGE_LIMITS.quotaCheckEveryMs);
    return () => clearInterval(timer);
  }

  private countWriteError(): void {
    const before = this.caching;
    this.errors = withStorageError(this.errors, 'write');
    const after = this.caching;
    if (after.writes !== before.writes) this.deps.relief.tellWorker(after);
  }

  /** One clearing at a time, shared by every write that waits for it. */
  private relieve(): Promise<void> {
    this.clearing ??= this.deps.relief
      .clearCaches()
      .catch((error: unknown) => this.deps.report?.('Clearing the caches failed', error))
      .finally(() => {
        this.clearing = null;
      });
    return this.clearing;
  }

  private startWaiting(): void {
    this.waiting += 1;
    if (this.waiting === 1) {
      this.allSaved = true;
      this.deps.notices.waiting();
    }
  }

  private endWaiting(saved: boolean): void {
    this.waiting -= 1;
    this.allSaved &&= saved;
    if (this.waiting === 0) this.deps.notices.settled(this.allSaved);
  }
}
