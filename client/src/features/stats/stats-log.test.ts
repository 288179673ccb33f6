import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queue, resetQueue } from '../../test/fake-task-queue.ts';
import { logProductView } from './stats-log.ts';

vi.mock('../sync/task-queue.ts', () => import('../../test/fake-task-queue.ts'));

beforeEach(resetQueue);

describe('the statistics log', () => {
  it('queues a product view as a silent task whose answer is not kept', async () => {
    await logProductView('RLX-126710', 'nl');
    expect(queue.specs).toEqual([
      expect.objectContaining({ kind: 'stats', url: '/api/stats/log?storeCode=nl', method: 'POST', body: { event: 'product_view', sku: 'RLX-126710' }, auth: 'public', silent: true, cacheable: false }),
    ]);
    expect(queue.specs[0]).not.toHaveProperty('callbackEvent');
    expect(queue.specs[0]).not.toHaveProperty('captcha');
  });
});
