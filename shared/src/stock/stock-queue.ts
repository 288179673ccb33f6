/**
 * A stock check queued while offline (spec 1 §7: "A queued stock check returns task_id, product_sku, created_at and
 * transmited_at"). `transmited_at` is set once the check was sent and answered.
 *
 * Written out rather than as a zod schema: the queue is read on every page's first load, and zod stays out of that
 * load (client/vite.config.ts keeps it in its own chunk).
 */
export interface StockCheckTask {
  task_id: string;
  product_sku: string;
  created_at: number;
  transmited_at?: number;
}

/** The tasks still waiting to be sent, oldest first. */
export function waitingStockChecks(tasks: readonly StockCheckTask[]): StockCheckTask[] {
  return tasks.filter((task) => task.transmited_at === undefined).sort((a, b) => a.created_at - b.created_at);
}

/** The queue with a task for each sku that has none waiting yet (a sku is queued once until it is answered). */
export function queueStockChecks(tasks: readonly StockCheckTask[], skus: readonly string[], now: number, newId: () => string): StockCheckTask[] {
  const waiting = new Set(waitingStockChecks(tasks).map((task) => task.product_sku));
  const added: StockCheckTask[] = [];
  for (const sku of skus) {
    if (waiting.has(sku)) continue;
    waiting.add(sku);
    added.push({ task_id: newId(), product_sku: sku, created_at: now });
  }
  return added.length === 0 ? [...tasks] : [...tasks, ...added];
}

/**
 * The queue after the waiting checks of `skus` were sent and answered: they are marked `transmited_at` and, their
 * answer being shown rather than kept, leave the queue. Tasks of other skus stay, whatever happened.
 */
export function answerStockChecks(tasks: readonly StockCheckTask[], skus: readonly string[], now: number): { answered: StockCheckTask[]; left: StockCheckTask[] } {
  const sent = new Set(skus);
  const answered: StockCheckTask[] = [];
  const left: StockCheckTask[] = [];
  for (const task of tasks) {
    if (task.transmited_at === undefined && sent.has(task.product_sku)) answered.push({ ...task, transmited_at: now });
    else if (task.transmited_at === undefined) left.push(task);
  }
  return { answered, left };
}

/** Reads a stored queue, keeping every well-formed task (a damaged entry is skipped, never the others). */
export function parseStockCheckQueue(value: unknown): StockCheckTask[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const task = stockCheckTask(item);
    return task ? [task] : [];
  });
}

/** `value` as a task when it is one (non-empty ids, finite times), with no other property; else null. */
function stockCheckTask(value: unknown): StockCheckTask | null {
  if (typeof value !== 'object' || value === null) return null;
  const { task_id, product_sku, created_at, transmited_at } = value as Record<string, unknown>;
  if (typeof task_id !== 'string' || task_id.length === 0 || typeof product_sku !== 'string' || product_sku.length === 0) return null;
  if (!isTime(created_at) || (transmited_at !== undefined && !isTime(transmited_at))) return null;
  return transmited_at === undefined ? { task_id, product_sku, created_at } : { task_id, product_sku, created_at, transmited_at };
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
