import { STOCK_BATCH_SIZE, type StockCheckTask, type StockResult } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api.ts';
import { StockChecks, localStockQueue, type StockQueueStore } from './stock-checks.ts';

const result = (sku: string, qty = 5): StockResult => ({ product_id: 1, sku, qty, status: qty > 0 ? 'ok' : 'out_of_stock', manage_stock: true, is_in_stock: qty > 0, backorders: false });
const skus = (n: number, prefix = 'S') => Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`);

function memoryQueue(start: StockCheckTask[] = []): StockQueueStore & { tasks: StockCheckTask[] } {
  const store = {
    tasks: [...start],
    load: () => [...store.tasks],
    save: (tasks: readonly StockCheckTask[]) => void (store.tasks = [...tasks]),
  };
  return store;
}

function setup(options: { online?: boolean; answer?: (batch: readonly string[]) => Promise<StockResult[]>; queue?: ReturnType<typeof memoryQueue> } = {}) {
  const calls: string[][] = [];
  const state = { online: options.online ?? true };
  const queue = options.queue ?? memoryQueue();
  let n = 0;
  const checks = new StockChecks({
    fetchList: async (batch) => {
      calls.push([...batch]);
      if (!state.online) throw new ApiError(0, 'network', 'Failed to fetch');
      return options.answer ? options.answer(batch) : batch.map((sku) => result(sku));
    },
    queue,
    isOnline: () => state.online,
    now: () => 1_000 + n,
    newId: () => `task-${++n}`,
    later: () => {},
  });
  return { checks, calls, state, queue };
}

describe('StockChecks', () => {
  it('sends the skus asked together in batches of at most 15, each sku once', async () => {
    const { checks, calls } = setup();
    checks.request(skus(20));
    checks.request([...skus(20).slice(0, 5), ...skus(20, 'T')]);
    await checks.flush();
    expect(calls.map((batch) => batch.length)).toEqual([15, 15, 10]);
    expect(calls.every((batch) => batch.length <= STOCK_BATCH_SIZE)).toBe(true);
    expect(new Set(calls.flat()).size).toBe(40);
    expect(checks.view('T-20')).toEqual({ state: 'known', result: result('T-20') });
  });

  it('asks an answered sku again only when refreshed, and shows the old answer meanwhile', async () => {
    const { checks, calls } = setup();
    checks.request(['W-1']);
    await checks.flush();
    checks.request(['W-1']);
    await checks.flush();
    expect(calls).toEqual([['W-1']]);
    checks.request(['W-1'], { refresh: true });
    expect(checks.view('W-1')?.state).toBe('known');
    await checks.flush();
    expect(calls).toEqual([['W-1'], ['W-1']]);
  });

  it('tells the listeners of a sku when its answer comes', async () => {
    const { checks } = setup();
    const seen: string[] = [];
    checks.subscribe('W-1', () => seen.push(checks.view('W-1')!.state));
    checks.request(['W-1']);
    await checks.flush();
    expect(seen).toEqual(['checking', 'known']);
  });

  it('shows a sku the server answers without (no stock kept) or a failed answer as not verified', async () => {
    const { checks } = setup({
      answer: async (batch) => {
        if (batch.includes('BROKEN')) throw new ApiError(500, 'internal', 'boom');
        return batch.filter((sku) => sku !== 'GONE').map((sku) => result(sku));
      },
    });
    checks.request(['W-1', 'GONE']);
    await checks.flush();
    expect(checks.view('GONE')).toEqual({ state: 'unverified' });
    expect(checks.view('W-1')?.state).toBe('known');
    checks.request(['BROKEN']);
    await checks.flush();
    expect(checks.view('BROKEN')).toEqual({ state: 'unverified' });
  });

  it('offline, queues each check as a task and sends nothing', async () => {
    const { checks, calls, queue } = setup({ online: false });
    checks.request(['W-1', 'W-2']);
    await checks.flush();
    expect(calls).toEqual([]);
    expect(queue.tasks).toEqual([
      { task_id: 'task-1', product_sku: 'W-1', created_at: 1_000 },
      { task_id: 'task-2', product_sku: 'W-2', created_at: 1_000 },
    ]);
    expect(checks.view('W-1')).toEqual({ state: 'queued', task_id: 'task-1' });
  });

  it('queues the checks whose request fails for want of a network, keeping them through failed retries', async () => {
    // navigator.onLine can say true while the network is gone: the failed call queues the check.
    const { checks, queue, calls } = setup({ answer: async () => Promise.reject(new ApiError(0, 'network', 'Failed to fetch')) });
    checks.request(['W-1']);
    await checks.flush();
    expect(queue.tasks.map((task) => task.product_sku)).toEqual(['W-1']);
    await checks.transmitQueued();
    await checks.transmitQueued();
    expect(calls).toEqual([['W-1'], ['W-1'], ['W-1']]);
    expect(queue.tasks).toEqual([{ task_id: 'task-1', product_sku: 'W-1', created_at: 1_000 }]);
    expect(checks.view('W-1')).toEqual({ state: 'queued', task_id: 'task-1' });
  });

  it('sends the queued checks when the connection returns, in batches of at most 15, and then empties the queue', async () => {
    const { checks, calls, state, queue } = setup({ online: false });
    checks.request(skus(18));
    await checks.flush();
    expect(queue.tasks).toHaveLength(18);
    state.online = true;
    await checks.transmitQueued();
    expect(calls.map((batch) => batch.length)).toEqual([15, 3]);
    expect(queue.tasks).toEqual([]);
    expect(checks.view('S-18')).toEqual({ state: 'known', result: result('S-18') });
  });

  it('keeps the tasks of a batch that failed while another batch was answered', async () => {
    const queue = memoryQueue();
    const { checks, state } = setup({
      online: false,
      queue,
      answer: async (batch) => {
        if (batch.includes('S-16')) throw new ApiError(0, 'network', 'Failed to fetch');
        return batch.map((sku) => result(sku));
      },
    });
    checks.request(skus(16));
    await checks.flush();
    state.online = true;
    await checks.transmitQueued();
    expect(queue.tasks.map((task) => task.product_sku)).toEqual(['S-16']);
    expect(checks.view('S-16')?.state).toBe('queued');
    expect(checks.view('S-1')?.state).toBe('known');
  });

  it('sends the checks an earlier visit queued, and shows them as waiting until then', async () => {
    const queue = memoryQueue([{ task_id: 'old', product_sku: 'W-9', created_at: 5 }]);
    const { checks, calls } = setup({ queue });
    expect(checks.view('W-9')).toEqual({ state: 'queued', task_id: 'old' });
    await checks.transmitQueued();
    expect(calls).toEqual([['W-9']]);
    expect(queue.tasks).toEqual([]);
  });

  it('refuses a batch size above the spec’s 15', () => {
    expect(() => new StockChecks({ fetchList: async () => [], queue: memoryQueue(), isOnline: () => true, now: () => 0, newId: () => 'x', later: () => {}, batchSize: 16 })).toThrow(RangeError);
  });
});

describe('localStockQueue', () => {
  it('keeps the tasks in localStorage across reloads and removes the key when empty', () => {
    localStorage.clear();
    const task = { task_id: 't', product_sku: 'W-1', created_at: 1 };
    localStockQueue('q').save([task]);
    expect(localStockQueue('q').load()).toEqual([task]);
    localStockQueue('q').save([]);
    expect(localStorage.getItem('q')).toBeNull();
  });

  it('keeps the queue in the tab when storage refuses it', () => {
    const refusing = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => {} } as unknown as Storage;
    const queue = localStockQueue('q', () => refusing);
    const task = { task_id: 't', product_sku: 'W-1', created_at: 1 };
    queue.save([task]);
    expect(queue.load()).toEqual([task]);
  });
});
