/**
 * The storefront's stock checks (spec 1 §4, §7, §9): the skus the cards of a listing and the lines of the cart ask
 * about are gathered for a moment and sent to `GET /api/stock/list` in batches of at most 15. Offline (or when the
 * network fails) each check becomes a queued task (task_id, product_sku, created_at, transmited_at) in the browser's
 * storage; when the connection returns the queued checks are sent and the badges update. A task leaves the queue
 * only once its check was answered.
 */
import {
  STOCK_BATCH_SIZE,
  answerStockChecks,
  parseStockCheckQueue,
  queueStockChecks,
  stockBatches,
  waitingStockChecks,
  type StockCheckTask,
  type StockResult,
} from '@shop/shared';
import { ApiError } from '../../app/api.ts';

/** What is known of one sku's stock: being checked, answered, not verifiable now, or waiting for the connection. */
export type StockView = { state: 'checking' } | { state: 'known'; result: StockResult } | { state: 'unverified' } | { state: 'queued'; task_id: string };

/** Where queued checks are kept: read and written whole (the queue is a few dozen tasks at most). */
export interface StockQueueStore {
  load(): StockCheckTask[];
  save(tasks: readonly StockCheckTask[]): void;
}

export interface StockChecksOptions {
  fetchList: (skus: readonly string[]) => Promise<StockResult[]>;
  queue: StockQueueStore;
  isOnline: () => boolean;
  now: () => number;
  newId: () => string;
  /** Runs the gathered checks later (a short timer in the browser). */
  later: (run: () => void) => void;
  batchSize?: number;
}

/** The call failed for want of a connection (not an answer of the server). */
function isConnectionFailure(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 0 : error instanceof TypeError;
}

export class StockChecks {
  private readonly views = new Map<string, StockView>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly gathered = new Set<string>();
  private gathering = false;
  private readonly batchSize: number;

  constructor(private readonly options: StockChecksOptions) {
    this.batchSize = options.batchSize ?? STOCK_BATCH_SIZE;
    if (this.batchSize > STOCK_BATCH_SIZE) throw new RangeError(`Stock lists are requested in batches of at most ${STOCK_BATCH_SIZE} skus`);
    // Checks queued in an earlier visit show as waiting until they are answered.
    for (const task of waitingStockChecks(options.queue.load())) this.views.set(task.product_sku, { state: 'queued', task_id: task.task_id });
  }

  view(sku: string): StockView | undefined {
    return this.views.get(sku);
  }

  subscribe(sku: string, listener: () => void): () => void {
    let set = this.listeners.get(sku);
    if (!set) this.listeners.set(sku, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(sku);
    };
  }

  /**
   * Asks the stock of these skus; a sku already answered, being checked or queued is not asked again unless
   * `refresh` is set. The checks asked within `later` go out together.
   */
  request(skus: readonly string[], options: { refresh?: boolean } = {}): void {
    let added = false;
    for (const sku of skus) {
      const view = this.views.get(sku);
      if (!options.refresh && view && view.state !== 'unverified') continue;
      if (view?.state === 'checking' || this.gathered.has(sku)) continue;
      this.gathered.add(sku);
      added = true;
      // An answer already shown stays until the new one comes; a queued check stays queued.
      if (!view || view.state === 'unverified') this.set(sku, { state: 'checking' });
    }
    if (added && !this.gathering) {
      this.gathering = true;
      this.options.later(() => void this.flush());
    }
  }

  /** Sends what was gathered now (the `later` callback; tests call it themselves). */
  async flush(): Promise<void> {
    this.gathering = false;
    const skus = [...this.gathered];
    this.gathered.clear();
    if (skus.length === 0) return;
    if (!this.options.isOnline()) {
      this.enqueue(skus);
      return;
    }
    await Promise.all(stockBatches(skus, this.batchSize).map((batch) => this.send(batch)));
  }

  /**
   * The connection returned: every queued check (of this tab, and those another tab or an earlier visit left) and
   * every check that could not be verified is sent again.
   */
  async transmitQueued(): Promise<void> {
    if (!this.options.isOnline()) return;
    const skus = new Set(waitingStockChecks(this.options.queue.load()).map((task) => task.product_sku));
    for (const [sku, view] of this.views) if (view.state === 'queued' || view.state === 'unverified') skus.add(sku);
    for (const sku of this.gathered) skus.add(sku);
    this.gathered.clear();
    if (skus.size === 0) return;
    await Promise.all(stockBatches([...skus], this.batchSize).map((batch) => this.send(batch)));
  }

  private async send(batch: readonly string[]): Promise<void> {
    let results: StockResult[];
    try {
      results = await this.options.fetchList(batch);
    } catch (error) {
      if (isConnectionFailure(error) || !this.options.isOnline()) this.enqueue(batch);
      // The server answered, but not with the stock: the check could not be made (volatile, spec 1 §4).
      else for (const sku of batch) this.set(sku, { state: 'unverified' });
      return;
    }
    const bySku = new Map(results.map((result) => [result.sku, result]));
    const { left } = answerStockChecks(this.options.queue.load(), batch, this.options.now());
    this.options.queue.save(left);
    // A sku the shop keeps no stock for is left out of the answer: its stock cannot be vouched for.
    for (const sku of batch) {
      const result = bySku.get(sku);
      this.set(sku, result ? { state: 'known', result } : { state: 'unverified' });
    }
  }

  private enqueue(skus: readonly string[]): void {
    const tasks = queueStockChecks(this.options.queue.load(), skus, this.options.now(), this.options.newId);
    this.options.queue.save(tasks);
    const bySku = new Map(waitingStockChecks(tasks).map((task) => [task.product_sku, task]));
    for (const sku of skus) {
      const task = bySku.get(sku);
      const view = this.views.get(sku);
      // An answer already shown stays (with its queued re-check behind it); an unknown one says it waits.
      if (task && view?.state !== 'known') this.set(sku, { state: 'queued', task_id: task.task_id });
    }
  }

  private set(sku: string, view: StockView): void {
    this.views.set(sku, view);
    for (const listener of this.listeners.get(sku) ?? []) listener();
  }
}

/** The queue in localStorage, shared by the shop's tabs; a damaged entry is skipped, never the others. */
export function localStockQueue(key: string, storage: () => Storage = () => localStorage): StockQueueStore {
  // Where storage is refused (private mode, or full) the tab keeps the queue itself for this visit.
  let fallback: StockCheckTask[] | null = null;
  return {
    load() {
      if (fallback) return [...fallback];
      try {
        const raw = storage().getItem(key);
        return raw === null ? [] : parseStockCheckQueue(JSON.parse(raw));
      } catch {
        fallback = [];
        return [];
      }
    },
    save(tasks) {
      if (fallback) {
        fallback = [...tasks];
        return;
      }
      try {
        if (tasks.length === 0) storage().removeItem(key);
        else storage().setItem(key, JSON.stringify(tasks));
      } catch {
        fallback = [...tasks];
      }
    },
  };
}
