import { describe, expect, it } from 'vitest';
import { ProductsById, ProductsBySku, skuOrder } from './catalogue.lookup.ts';
import type { StoredProduct } from './catalogue.snapshot.ts';

const product = (id: number, sku: string) => ({ id, sku }) as StoredProduct;

describe('finding products without a map', () => {
  const products = [product(2, 'W-2'), product(3, 'b-1'), product(10, 'A-10'), product(11, 'W-10'), product(500, 'Été'), product(2 ** 31, 'a')];
  const byId = new ProductsById(products);
  const bySku = new ProductsBySku(products, skuOrder(products));

  it('finds each product by its id and by its sku', () => {
    for (const p of products) {
      expect(byId.get(p.id)).toBe(p);
      expect(bySku.get(p.sku)).toBe(p);
      expect(byId.has(p.id) && bySku.has(p.sku)).toBe(true);
    }
  });

  it('finds nothing for an id or sku it does not hold, below, between and above those it holds', () => {
    for (const id of [0, 1, 4, 12, 499, 501, 2 ** 31 + 1, -1, 2.5, Number.NaN]) {
      expect(byId.get(id)).toBeUndefined();
      expect(byId.has(id)).toBe(false);
    }
    for (const sku of ['', '0', 'A-1', 'w-2', 'W-1', 'W-3', 'b-1 ', 'Ete', 'zzz', '\uffff']) {
      expect(bySku.get(sku)).toBeUndefined();
      expect(bySku.has(sku)).toBe(false);
    }
  });

  it('finds nothing in an empty catalogue, and refuses an order that does not fit the products', () => {
    expect(new ProductsById([]).get(1)).toBeUndefined();
    expect(new ProductsBySku([], skuOrder([])).get('W-1')).toBeUndefined();
    expect(() => new ProductsBySku(products, new Int32Array(2))).toThrow();
  });
});
