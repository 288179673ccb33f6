/**
 * The storefront's side of the price sync (spec 1 §4). A product answer that did not wait for the sync
 * (`price_is_current: false`, PRICE_SYNC_WAIT=false on the server) is shown at once; its skus are then asked from
 * `GET /api/catalog/prices`, gathered from every price on screen into calls of at most 50, and the synced prices
 * overwrite the shown ones when they arrive.
 */
import type { CataloguePricesResult, SyncedPrices } from '@shop/shared';
import { CATALOGUE_PRICES_MAX_SKUS } from '@shop/shared/pricing/price-freshness';
import { useEffect, useState } from 'react';
import { apiGet } from '../../app/api.ts';

/** A synced price older than this is asked again when it is shown again (it is still shown meanwhile). */
const ASK_AGAIN_MS = 60_000;
/** A sync that could not be asked (offline) is not asked again for this long: the price stays "not confirmed". */
const RETRY_MS = 30_000;

const known = new Map<string, { prices: SyncedPrices; at: number }>();
const failedAt = new Map<string, number>();
const asking = new Set<string>();
const queued = new Set<string>();
const listeners = new Map<string, Set<() => void>>();
let scheduled = false;

function notify(skus: readonly string[]): void {
  for (const sku of skus) for (const listener of listeners.get(sku) ?? []) listener();
}

function flush(): void {
  scheduled = false;
  const skus = [...queued];
  queued.clear();
  for (let i = 0; i < skus.length; i += CATALOGUE_PRICES_MAX_SKUS) {
    const batch = skus.slice(i, i + CATALOGUE_PRICES_MAX_SKUS);
    apiGet<CataloguePricesResult>(`/api/catalog/prices?skus=${encodeURIComponent(batch.join(','))}`)
      .then(
        ({ items }) => {
          const now = Date.now();
          for (const item of items) known.set(item.sku, { prices: item, at: now });
          for (const sku of batch) failedAt.delete(sku);
        },
        () => {
          const now = Date.now();
          for (const sku of batch) failedAt.set(sku, now);
        },
      )
      .finally(() => {
        for (const sku of batch) asking.delete(sku);
        notify(batch);
      });
  }
}

function ask(sku: string): void {
  const now = Date.now();
  const entry = known.get(sku);
  if (asking.has(sku) || (entry && now - entry.at < ASK_AGAIN_MS) || now - (failedAt.get(sku) ?? -Infinity) < RETRY_MS) return;
  asking.add(sku);
  queued.add(sku);
  if (!scheduled) {
    scheduled = true;
    // Every price rendered in the same pass joins one call.
    setTimeout(flush, 0);
  }
}

/** The synced prices of `sku` once known (undefined while they are asked, or with no sku: nothing to sync). */
export function useSyncedPrices(sku: string | undefined): SyncedPrices | undefined {
  const [, rerender] = useState(0);
  useEffect(() => {
    if (sku === undefined) return;
    const listener = () => rerender((n) => n + 1);
    const set = listeners.get(sku) ?? new Set();
    set.add(listener);
    listeners.set(sku, set);
    ask(sku);
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(sku);
    };
  }, [sku]);
  return sku === undefined ? undefined : known.get(sku)?.prices;
}

/** Forgets every synced price (tests). */
export function forgetSyncedPrices(): void {
  known.clear();
  failedAt.clear();
}
