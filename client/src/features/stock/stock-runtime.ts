/** The tab's one set of stock checks, made on first use, sending its queued checks whenever the connection returns. */
import type { StockResult } from '@shop/shared';
import { apiGet } from '../../app/api.ts';
import { newId } from '../sync/replica.ts';
import { STOCK_CONFIG, STOCK_QUEUE_KEY } from './stock-config.ts';
import { StockChecks, localStockQueue } from './stock-checks.ts';
import { isShopOnline, onShopOnline } from '../../app/network.ts';

/** One `GET /api/stock/list` call; the skus are at most one batch. */
export function fetchStockList(skus: readonly string[]): Promise<StockResult[]> {
  return apiGet<StockResult[]>(`/api/stock/list?skus=${skus.map(encodeURIComponent).join(',')}`);
}

let instance: StockChecks | undefined;

export function stockChecks(): StockChecks {
  if (instance) return instance;
  const checks = new StockChecks({
    fetchList: fetchStockList,
    queue: localStockQueue(STOCK_QUEUE_KEY),
    // A timer may fire after the page (or a test's document) is gone: without a navigator, nothing is sent.
    isOnline: () => typeof navigator !== 'undefined' && isShopOnline(),
    now: () => Date.now(),
    newId,
    later: (run) => void setTimeout(run, STOCK_CONFIG.gatherMs),
  });
  instance = checks;
  onShopOnline((online) => {
    if (online) void checks.transmitQueued();
  });
  // Checks queued in an earlier visit go out now if the connection is there.
  void checks.transmitQueued();
  return checks;
}
