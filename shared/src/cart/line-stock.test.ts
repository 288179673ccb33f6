import { describe, expect, it } from 'vitest';
import { lineLoweredText, lineStockNoteText, reconcileLineStock } from './line-stock.ts';

const managed = (qty: number, extra: Partial<{ is_in_stock: boolean; backorders: boolean; manage_stock: boolean }> = {}) => ({ qty, is_in_stock: qty > 0, manage_stock: true, backorders: false, ...extra });
const allowed = { allowOutOfStockInCart: true, synchronized: true };

describe('reconcileLineStock (the stock sync of cart lines)', () => {
  it('lowers a line asking for more than the stock holds and remembers what was asked', () => {
    expect(reconcileLineStock([{ id: 'a', sku: 'W', qty: 40 }], () => managed(5), allowed)).toEqual([{ id: 'a', qty: 5, note: { status: 'in_stock', maxQuantity: 5, loweredFrom: 40 }, changed: true }]);
  });

  it('shares one sku between its lines, oldest first', () => {
    const decisions = reconcileLineStock([{ id: 'a', sku: 'W', qty: 4 }, { id: 'b', sku: 'W', qty: 4 }], () => managed(5), allowed);
    expect(decisions.map((d) => [d.id, d.qty, d.note.loweredFrom])).toEqual([['a', 4, undefined], ['b', 1, 4]]);
  });

  it('marks a sold-out line and keeps it where out-of-stock carts are allowed, removes it (qty 0) where not', () => {
    expect(reconcileLineStock([{ id: 'a', sku: 'W', qty: 2 }], () => managed(0), allowed)[0]).toMatchObject({ qty: 2, note: { status: 'out_of_stock' } });
    expect(reconcileLineStock([{ id: 'a', sku: 'W', qty: 2 }], () => managed(0), { ...allowed, allowOutOfStockInCart: false })[0]).toMatchObject({ qty: 0, note: { status: 'out_of_stock', removed: true, loweredFrom: 2 } });
  });

  it('caps nothing for stock that is not managed or takes backorders, and checks nothing with synchronisation off or no stock item', () => {
    expect(reconcileLineStock([{ id: 'a', sku: 'W', qty: 40 }], () => managed(1, { backorders: true, is_in_stock: true }), allowed)[0]).toMatchObject({ qty: 40, note: { status: 'in_stock' } });
    expect(reconcileLineStock([{ id: 'a', sku: 'W', qty: 40 }], () => managed(1), { ...allowed, synchronized: false })).toEqual([]);
    expect(reconcileLineStock([{ id: 'a', sku: 'W', qty: 40 }], () => null, allowed)).toEqual([]);
  });

  it('answers no change when the line already carries the same note', () => {
    const [first] = reconcileLineStock([{ id: 'a', sku: 'W', qty: 40 }], () => managed(5), allowed);
    const again = reconcileLineStock([{ id: 'a', sku: 'W', qty: first!.qty, stockNote: { ...first!.note, at: 1 } }], () => managed(5), allowed);
    expect(again[0]!.changed).toBe(false);
  });

  it("gives the spec's item notes", () => {
    expect(lineStockNoteText({ status: 'out_of_stock' })).toBe('Out of the stock!');
    expect(lineStockNoteText({ status: 'in_stock' })).toBe('In stock!');
    expect(lineLoweredText({ maxQuantity: 5 })).toBe('Only 5 products of this type are available');
  });
});
