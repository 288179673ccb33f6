/**
 * The shop's statistics (spec 2 §7 "stats log", `POST /api/stats/log`): a silent queued task, so a product viewed
 * offline is counted when the connection returns. Silent: nobody is told of its outcome (the announcer acknowledges
 * it without a word), and its answer is not kept on the device. It never gets in the shopper's way: the queue is
 * loaded lazily, and a log that cannot even be stored is dropped.
 */
import type { StoreCode } from '@shop/shared';
import type { StatsLogBody } from '@shop/shared/content/stats.schema';

export function statsLogTask(event: StatsLogBody, store: StoreCode) {
  return {
    kind: 'stats' as const,
    url: `/api/stats/log?${new URLSearchParams({ storeCode: store }).toString()}`,
    method: 'POST' as const,
    body: event,
    auth: 'public' as const,
    silent: true,
    cacheable: false,
  };
}

export function logStatsEvent(event: StatsLogBody, store: StoreCode): Promise<void> {
  return import('../sync/task-queue.ts')
    .then(({ enqueueTask }) => enqueueTask(statsLogTask(event, store)))
    .then(
      () => undefined,
      () => undefined,
    );
}

/** A product page was opened. */
export function logProductView(sku: string, store: StoreCode): Promise<void> {
  return logStatsEvent({ event: 'product_view', sku }, store);
}
