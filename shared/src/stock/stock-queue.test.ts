import { describe, expect, it } from 'vitest';
import { answerStockChecks, parseStockCheckQueue, queueStockChecks, waitingStockChecks, type StockCheckTask } from './stock-queue.ts';

function ids() {
  let n = 0;
  return () => `task-${++n}`;
}

describe('the queued stock checks (spec 1 §7)', () => {
  it('queue one task per sku with task_id, product_sku and created_at, not yet transmited', () => {
    const tasks = queueStockChecks([], ['W-1', 'W-2', 'W-1'], 1000, ids());
    expect(tasks).toEqual([
      { task_id: 'task-1', product_sku: 'W-1', created_at: 1000 },
      { task_id: 'task-2', product_sku: 'W-2', created_at: 1000 },
    ]);
    expect(waitingStockChecks(tasks).map((task) => task.product_sku)).toEqual(['W-1', 'W-2']);
  });

  it('do not queue a sku twice while it waits', () => {
    const first = queueStockChecks([], ['W-1'], 1000, ids());
    const again = queueStockChecks(first, ['W-1', 'W-3'], 2000, () => 'new');
    expect(again).toEqual([first[0], { task_id: 'new', product_sku: 'W-3', created_at: 2000 }]);
  });

  it('mark the answered checks transmited and keep every other one', () => {
    const tasks = queueStockChecks([], ['W-1', 'W-2', 'W-3'], 1000, ids());
    const { answered, left } = answerStockChecks(tasks, ['W-2', 'NOT-QUEUED'], 5000);
    expect(answered).toEqual([{ task_id: 'task-2', product_sku: 'W-2', created_at: 1000, transmited_at: 5000 }]);
    expect(left.map((task) => task.product_sku)).toEqual(['W-1', 'W-3']);
    expect(answerStockChecks(tasks, [], 5000).left).toEqual(tasks);
  });

  it('wait oldest first', () => {
    const tasks: StockCheckTask[] = [
      { task_id: 'b', product_sku: 'B', created_at: 20 },
      { task_id: 'a', product_sku: 'A', created_at: 10 },
      { task_id: 'c', product_sku: 'C', created_at: 5, transmited_at: 30 },
    ];
    expect(waitingStockChecks(tasks).map((task) => task.task_id)).toEqual(['a', 'b']);
  });

  it('read back a stored queue, skipping only damaged entries', () => {
    const good = { task_id: 't', product_sku: 'W-1', created_at: 1 };
    expect(parseStockCheckQueue([good, { product_sku: 'W-2' }, null, 'x'])).toEqual([good]);
    expect(parseStockCheckQueue({ not: 'a list' })).toEqual([]);
    const sent = { ...good, transmited_at: 2 };
    expect(parseStockCheckQueue([sent, { ...good, extra: 'dropped' }])).toEqual([sent, good]);
    const damaged = [
      { ...good, task_id: '' },
      { ...good, product_sku: '' },
      { ...good, product_sku: 7 },
      { ...good, created_at: '1' },
      { ...good, created_at: Number.NaN },
      { ...good, transmited_at: 'soon' },
    ];
    expect(parseStockCheckQueue(damaged)).toEqual([]);
  });
});
