import { describe, expect, it } from 'vitest';
import { StockResultSchema } from './stock.schema.ts';
import { STOCK_BATCH_SIZE, isAvailable, splitSkuList, stockBatches, stockResult, stockStatus } from './stock.ts';

const verified = { verified: true, synchronized: true };
const inStock = { qty: 5, is_in_stock: true, manage_stock: true, backorders: false };
const soldOut = { qty: 0, is_in_stock: false, manage_stock: true, backorders: false };

describe('stockStatus', () => {
  it('is ok for verified stock that can be sold', () => {
    expect(stockStatus(inStock, verified)).toBe('ok');
    expect(stockStatus({ qty: 1, is_in_stock: true, manage_stock: true }, verified)).toBe('ok');
  });

  it('is out_of_stock for verified stock that cannot be sold', () => {
    expect(stockStatus(soldOut, verified)).toBe('out_of_stock');
    // the in-stock flag left on at qty 0 without backorders
    expect(stockStatus({ qty: 0, is_in_stock: true, manage_stock: true, backorders: false }, verified)).toBe('out_of_stock');
    expect(stockStatus({ qty: 3, is_in_stock: false, manage_stock: true, backorders: true }, verified)).toBe('out_of_stock');
  });

  it('is ok at qty 0 when backorders are allowed', () => {
    expect(stockStatus({ qty: 0, is_in_stock: true, manage_stock: true, backorders: true }, verified)).toBe('ok');
  });

  it('is ok for stock that is not managed, whatever its quantity and flag', () => {
    expect(stockStatus({ qty: 0, is_in_stock: false, manage_stock: false, backorders: false }, verified)).toBe('ok');
  });

  it('is volatile when not verified or when synchronisation is off, even for sold-out stock', () => {
    expect(stockStatus(inStock, { verified: false, synchronized: true })).toBe('volatile');
    expect(stockStatus(inStock, { verified: true, synchronized: false })).toBe('volatile');
    expect(stockStatus(soldOut, { verified: true, synchronized: false })).toBe('volatile');
  });
});

describe('isAvailable', () => {
  it('follows the same rule as the status', () => {
    expect(isAvailable(inStock)).toBe(true);
    expect(isAvailable(soldOut)).toBe(false);
    expect(isAvailable({ qty: -2, is_in_stock: false, manage_stock: false })).toBe(true);
  });
});

describe('stockResult', () => {
  it('answers with the fields of spec 1 §3', () => {
    const result = stockResult({ product_id: 4, sku: 'W-4', ...soldOut }, verified);
    expect(result).toEqual({ product_id: 4, sku: 'W-4', qty: 0, status: 'out_of_stock', manage_stock: true, is_in_stock: false, backorders: false });
    expect(StockResultSchema.safeParse(result).success).toBe(true);
  });

  it('reports unmanaged stock as in stock', () => {
    const result = stockResult({ product_id: 9, sku: 'S-9', qty: 0, is_in_stock: false, manage_stock: false }, verified);
    expect(result).toMatchObject({ status: 'ok', is_in_stock: true, manage_stock: false, backorders: false });
  });

  it('keeps is_in_stock when only the status is volatile', () => {
    expect(stockResult({ product_id: 4, sku: 'W-4', ...soldOut }, { verified: true, synchronized: false })).toMatchObject({ status: 'volatile', is_in_stock: false });
  });
});

describe('stockBatches', () => {
  const skus = (n: number) => Array.from({ length: n }, (_, i) => `S-${i + 1}`);

  it('splits into batches of 15', () => {
    expect(STOCK_BATCH_SIZE).toBe(15);
    const batches = stockBatches(skus(31));
    expect(batches.map((b) => b.length)).toEqual([15, 15, 1]);
    expect(batches[0]?.[0]).toBe('S-1');
    expect(batches[2]).toEqual(['S-31']);
  });

  it('gives no batch for no skus and one for up to 15', () => {
    expect(stockBatches([])).toEqual([]);
    expect(stockBatches(skus(15))).toHaveLength(1);
  });

  it('asks for each sku once', () => {
    expect(stockBatches(['A', 'B', 'A', 'C'], 2)).toEqual([['A', 'B'], ['C']]);
  });

  it('refuses a batch size that is not a whole number above 0', () => {
    expect(() => stockBatches(['A'], 0)).toThrow(RangeError);
    expect(() => stockBatches(['A'], 1.5)).toThrow(RangeError);
  });
});

describe('splitSkuList', () => {
  it('trims, drops blanks and repeats', () => {
    expect(splitSkuList(' W-1, W-2,,W-1 ,')).toEqual(['W-1', 'W-2']);
    expect(splitSkuList(['W-1,W-2', 'W-3'])).toEqual(['W-1', 'W-2', 'W-3']);
    expect(splitSkuList(' , ')).toEqual([]);
    expect(splitSkuList(undefined)).toEqual([]);
  });
});
