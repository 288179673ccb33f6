import { isAvailable, type StockLevel } from '../stock/stock.ts';
import { CART_MESSAGES, cartMessage } from './cart-errors.ts';
import type { CartLineStock } from './cart.schema.ts';
import { availableQty } from './quantity.ts';

/**
 * The stock sync of the lines already in a cart (spec 1 §8, spec 2 §8 "Out of the stock!; In stock!"): each line the
 * shop's stock can answer for is re-checked, and carries what was found as its note. A line whose product went out of
 * stock is marked (and removed, as quantity 0, where out-of-stock carts are not allowed); a line asking for more than
 * the stock holds is lowered to what is left. Lines of one sku share its stock, oldest line first.
 */

export interface LineStockRules {
  /** Spec 1 §9: out-of-stock products are allowed in the cart; a shop that forbids them removes such lines. */
  allowOutOfStockInCart: boolean;
  /** Stock synchronisation: when off, no quantity is trusted (every answer is volatile) and nothing is re-checked. */
  synchronized: boolean;
}

export interface LineStockInput {
  id: string;
  sku: string;
  qty: number;
  stockNote?: CartLineStock | undefined;
}

export interface LineStockDecision {
  id: string;
  /** The quantity the line keeps (lower than asked when the stock cannot give it; 0 when removed). */
  qty: number;
  /** The note the line carries now (without its time). */
  note: Omit<CartLineStock, 'at'>;
  /** Whether the line must be written: its quantity or its note changed. */
  changed: boolean;
}

function sameNote(a: Omit<CartLineStock, 'at'> | undefined, b: Omit<CartLineStock, 'at'>): boolean {
  return a !== undefined && a.status === b.status && a.maxQuantity === b.maxQuantity && a.loweredFrom === b.loweredFrom && a.removed === b.removed;
}

/**
 * What the stock sync makes of the given lines (quantity above 0), in the order given; a line whose sku has no
 * stock item, or any line while synchronisation is off, is left as it is.
 */
export function reconcileLineStock(lines: readonly LineStockInput[], stockOf: (sku: string) => StockLevel | null | undefined, rules: LineStockRules): LineStockDecision[] {
  if (!rules.synchronized) return [];
  const left = new Map<string, number | null>();
  const decisions: LineStockDecision[] = [];
  for (const line of lines) {
    if (line.qty <= 0) continue;
    const stock = stockOf(line.sku);
    if (!stock) continue;
    if (!isAvailable(stock)) {
      const note = { status: 'out_of_stock' as const, ...(rules.allowOutOfStockInCart ? {} : { removed: true, loweredFrom: line.qty }) };
      const qty = rules.allowOutOfStockInCart ? line.qty : 0;
      decisions.push({ id: line.id, qty, note, changed: qty !== line.qty || !sameNote(line.stockNote, note) });
      continue;
    }
    if (!left.has(line.sku)) left.set(line.sku, availableQty(stock));
    const remaining = left.get(line.sku)!;
    if (remaining === null) {
      const note = { status: 'in_stock' as const };
      decisions.push({ id: line.id, qty: line.qty, note, changed: !sameNote(line.stockNote, note) });
      continue;
    }
    // A line lowered before keeps saying so while it stays at that quantity: the shopper may not have seen it yet.
    const lowered = line.qty > remaining ? line.qty : line.stockNote?.loweredFrom !== undefined && line.stockNote.maxQuantity === line.qty ? line.stockNote.loweredFrom : undefined;
    const qty = Math.min(line.qty, remaining);
    if (qty === 0) {
      // The sku's stock went to its other lines: this one is as good as out of stock.
      const note = { status: 'out_of_stock' as const, maxQuantity: 0, ...(rules.allowOutOfStockInCart ? {} : { removed: true, loweredFrom: line.qty }) };
      const kept = rules.allowOutOfStockInCart ? line.qty : 0;
      decisions.push({ id: line.id, qty: kept, note, changed: kept !== line.qty || !sameNote(line.stockNote, note) });
      continue;
    }
    left.set(line.sku, remaining - qty);
    const note = { status: 'in_stock' as const, maxQuantity: remaining, ...(lowered !== undefined ? { loweredFrom: lowered } : {}) };
    decisions.push({ id: line.id, qty, note, changed: qty !== line.qty || !sameNote(line.stockNote, note) });
  }
  return decisions;
}

/** The spec's item note for a line's stock note (spec 2 §8): "Out of the stock!" or "In stock!". */
export function lineStockNoteText(note: Pick<CartLineStock, 'status'>): string {
  return note.status === 'out_of_stock' ? CART_MESSAGES.lineOutOfStock : CART_MESSAGES.lineInStock;
}

/** What a shopper is told about a line the stock sync lowered: "Only {maxQuantity} products of this type are available". */
export function lineLoweredText(note: Pick<CartLineStock, 'maxQuantity'>): string {
  return cartMessage(CART_MESSAGES.qtyOnlyAvailable, { maxQuantity: note.maxQuantity ?? 0 });
}
