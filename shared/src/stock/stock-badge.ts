import type { StockResult } from './stock.schema.ts';

/** A managed item with this many pieces or fewer (and no backorders) is shown as "only N left". */
export const STOCK_FEW_LEFT = 3;

/**
 * What a shopper is told about a product's stock: in stock, only a few left, out of stock, or not verified (spec 1
 * §4 volatile: the shop could not vouch for the quantity).
 */
export type StockBadge = { kind: 'in_stock' } | { kind: 'few_left'; qty: number } | { kind: 'out_of_stock' } | { kind: 'unverified' };

/** The badge for a stock answer: a volatile answer is never shown as a quantity, whatever it says. */
export function stockBadge(result: Pick<StockResult, 'status' | 'qty' | 'manage_stock' | 'backorders'>, fewLeft: number = STOCK_FEW_LEFT): StockBadge {
  if (result.status === 'volatile') return { kind: 'unverified' };
  if (result.status === 'out_of_stock') return { kind: 'out_of_stock' };
  if (result.manage_stock && !result.backorders && result.qty > 0 && result.qty <= fewLeft) return { kind: 'few_left', qty: result.qty };
  return { kind: 'in_stock' };
}
