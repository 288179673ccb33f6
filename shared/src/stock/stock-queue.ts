import { z } from 'zod/mini';

/**
 * A stock check queued while offline (spec 1 §7: "A queued stock check returns task_id, product_sku, created_at and
 * transmited_at"). `transmited_at` is set once the check was sent and answered.
 */
export const StockCheckTaskSchema = z.object({
  task_id: z.string().check(z.minLength(1)),
  product_sku: z.string().check(z.minLength(1)),
  created_at: z.number(),
  transmited_at: z.optional(z.number()),
});
export type StockCheckTask = z.infer<typeof StockCheckTaskSchema>;

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
  return value.flatMap((item) => {
    const parsed = StockCheckTaskSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
