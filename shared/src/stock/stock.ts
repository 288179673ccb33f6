import type { StockResult, StockStatus } from './stock.schema.ts';

/** Stock lists are requested in batches of 15 skus (spec 1 §4, §9). */
export const STOCK_BATCH_SIZE = 15;

export interface StockLevel {
  qty: number;
  is_in_stock: boolean;
  manage_stock: boolean;
  backorders?: boolean | undefined;
}

export interface StockCheckContext {
  /** False when the answer comes from a local copy (offline) instead of the shop's stock. */
  verified: boolean;
  /** The shop's stock synchronisation setting; when off, no quantity is trusted. */
  synchronized: boolean;
}

/**
 * Whether an item can be sold: stock that is not managed always can; managed stock needs the in-stock flag and
 * either a quantity above 0 or backorders allowed (a flag left on at qty 0 without backorders is out of stock).
 */
export function isAvailable(stock: StockLevel): boolean {
  if (!stock.manage_stock) return true;
  if (!stock.is_in_stock) return false;
  return stock.qty > 0 || stock.backorders === true;
}

/** ok, volatile (unverified, or synchronisation off) or out_of_stock (spec 1 §4). */
export function stockStatus(stock: StockLevel, context: StockCheckContext): StockStatus {
  if (!context.verified || !context.synchronized) return 'volatile';
  return isAvailable(stock) ? 'ok' : 'out_of_stock';
}

/** The stock result of spec 1 §3 for one item; `is_in_stock` is the availability `status` is based on. */
export function stockResult(item: StockLevel & { product_id: number; sku: string }, context: StockCheckContext): StockResult {
  return {
    product_id: item.product_id,
    sku: item.sku,
    qty: item.qty,
    status: stockStatus(item, context),
    manage_stock: item.manage_stock,
    is_in_stock: isAvailable(item),
    backorders: item.backorders === true,
  };
}

/**
 * The skus of a comma list (`"W-1, W-2,,W-1"` gives `["W-1", "W-2"]`): trimmed, blanks dropped, each sku once in
 * the order first given. A repeated query parameter counts as one list.
 */
export function splitSkuList(value: string | readonly string[] | undefined): string[] {
  const parts = value === undefined ? [] : (typeof value === 'string' ? [value] : value).flatMap((v) => v.split(','));
  return [...new Set(parts.map((sku) => sku.trim()).filter((sku) => sku.length > 0))];
}

/** Splits skus into the batches stock lists are requested in, each sku once, in order. */
export function stockBatches(skus: readonly string[], size: number = STOCK_BATCH_SIZE): string[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`A batch size must be a whole number above 0, not ${size}`);
  const unique = [...new Set(skus)];
  const batches: string[][] = [];
  for (let i = 0; i < unique.length; i += size) batches.push(unique.slice(i, i + size));
  return batches;
}
