import { describe, expect, it } from 'vitest';
import { stockAlertDue, StockAlertSubscribeSchema } from './stock-alert.ts';

const inStock = { qty: 2, is_in_stock: true, manage_stock: true, backorders: false };
const soldOut = { qty: 0, is_in_stock: true, manage_stock: true, backorders: false };

describe('stock alerts', () => {
  it('a back-in-stock alert is due once the piece can be bought again, not before', () => {
    const alert = { kind: 'back_in_stock' as const, subscribed_price: null };
    expect(stockAlertDue(alert, { stock: soldOut, price: 100 })).toBe(false);
    expect(stockAlertDue(alert, { stock: null, price: 100 })).toBe(false);
    expect(stockAlertDue(alert, { stock: inStock, price: 100 })).toBe(true);
    expect(stockAlertDue(alert, { stock: { ...soldOut, backorders: true }, price: 100 })).toBe(true);
  });

  it('a price-drop alert is due when an available piece costs at least a cent less than subscribed', () => {
    const alert = { kind: 'price_drop' as const, subscribed_price: 6050 };
    expect(stockAlertDue(alert, { stock: inStock, price: 6050 })).toBe(false);
    expect(stockAlertDue(alert, { stock: inStock, price: 6049.996 })).toBe(false);
    expect(stockAlertDue(alert, { stock: inStock, price: 6100 })).toBe(false);
    expect(stockAlertDue(alert, { stock: inStock, price: 6049.99 })).toBe(true);
    expect(stockAlertDue(alert, { stock: soldOut, price: 5000 })).toBe(false);
  });

  it('the subscription names a piece and a kind', () => {
    expect(StockAlertSubscribeSchema.safeParse({ sku: ' W-1 ', kind: 'price_drop' })).toMatchObject({ success: true, data: { sku: 'W-1' } });
    for (const bad of [{ sku: '', kind: 'back_in_stock' }, { sku: 'W\n1', kind: 'back_in_stock' }, { sku: 'W-1', kind: 'later' }, { kind: 'back_in_stock' }]) {
      expect(StockAlertSubscribeSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
