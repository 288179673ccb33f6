/**
 * A snapshot's products found by id and by sku without a hash map. At 100,000 products the two maps cost about
 * 73 B per product; a binary search over the products (they are in id order) and over an order of them by sku
 * costs 4 B per product, and about 20 comparisons a lookup.
 */
import type { StoredProduct } from './catalogue.snapshot.ts';

export interface ProductLookup<K> {
  get(key: K): StoredProduct | undefined;
  has(key: K): boolean;
}

/** The first k in [0, length) for which `before(k)` is false (`before` holds for a prefix of the range). */
export function lowerBound(length: number, before: (k: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** By id, over products in ascending id order (as a snapshot holds them). */
export class ProductsById implements ProductLookup<number> {
  constructor(private readonly products: readonly StoredProduct[]) {}

  get(id: number): StoredProduct | undefined {
    const { products } = this;
    const product = products[lowerBound(products.length, (k) => products[k]!.id < id)];
    return product !== undefined && product.id === id ? product : undefined;
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }
}

/** By sku, over an order of the products by sku (`skuOrder`; a worker thread sends it with its products). */
export class ProductsBySku implements ProductLookup<string> {
  constructor(
    private readonly products: readonly StoredProduct[],
    readonly order: Int32Array,
  ) {
    if (order.length !== products.length) throw new Error(`A sku order of ${order.length} products for ${products.length}`);
  }

  get(sku: string): StoredProduct | undefined {
    const { products, order } = this;
    const at = order[lowerBound(order.length, (k) => products[order[k]!]!.sku < sku)];
    const product = at === undefined ? undefined : products[at];
    return product !== undefined && product.sku === sku ? product : undefined;
  }

  has(sku: string): boolean {
    return this.get(sku) !== undefined;
  }
}

/** The products' positions ordered by sku (UTF-16 code units, as `<` compares strings). */
export function skuOrder(products: readonly StoredProduct[]): Int32Array {
  return Int32Array.from(products.keys()).sort((a, b) => {
    const x = products[a]!.sku;
    const y = products[b]!.sku;
    return x < y ? -1 : x > y ? 1 : a - b;
  });
}
