/**
 * Product price freshness (spec 1 §4). The price sync computes a product's prices for the present moment (the
 * special price's from/to dates decide); an answer priced that way says `price_is_current: true` with the moment
 * (`price_refreshed_at`). An answer that did not wait for the sync carries the prices the catalogue index holds,
 * `price_is_current: false` and no refresh time, and the sync's prices overwrite its price fields when they come.
 */
import { PRICE_FIELDS, type ProductPrices } from './prices.ts';

export interface PriceFreshness {
  price_is_current?: boolean | undefined;
  price_refreshed_at?: string | undefined;
}

/** One sku's synced prices, as the catalogue prices call answers them. */
export type SyncedPrices = ProductPrices & { sku: string; price_is_current: true; price_refreshed_at: string };

/** The most skus one catalogue prices call prices: a listing page (spec 1 §9 page size). */
export const CATALOGUE_PRICES_MAX_SKUS = 50;

/** Whether an answer's prices still wait for the sync (an answer that says nothing is taken as current). */
export function awaitsPriceSync(product: PriceFreshness): boolean {
  return product.price_is_current === false;
}

/**
 * `target` with the synced prices over its price fields, marked current at `refreshedAt`. Only the price fields the
 * target carries are overwritten: a listing item that asked for four of them gets those four.
 */
export function withSyncedPrices<T extends object>(target: T, synced: ProductPrices, refreshedAt: string): T & PriceFreshness {
  return { ...withPriceFields(target, synced), price_is_current: true, price_refreshed_at: refreshedAt };
}

/** `target` with `prices` over the price fields it carries (a configurable child's prices, which carry no marks). */
export function withPriceFields<T extends object>(target: T, prices: ProductPrices): T {
  const next = { ...target } as Record<string, unknown>;
  for (const field of PRICE_FIELDS) if (field in next) next[field] = prices[field];
  return next as T;
}

/** `target` marked as not waiting for the sync: its prices are the index's, without a refresh time. */
export function withUnsyncedPrices<T extends object>(target: T): T & PriceFreshness {
  const { price_refreshed_at: _dropped, ...rest } = target as T & PriceFreshness;
  return { ...rest, price_is_current: false } as T & PriceFreshness;
}
