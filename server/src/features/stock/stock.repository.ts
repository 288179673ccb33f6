/** Stock as the database holds it now: read per request, never from the catalogue snapshot (stock moves on its own). */
import type { StockLevel } from '@shop/shared';
import type { Db, Trx } from '../../storage/database.ts';

export interface StockItem extends StockLevel {
  product_id: number;
  sku: string;
  backorders: boolean;
}

export class StockRepository {
  constructor(private readonly db: Db) {}

  /** The stock items of the given skus that exist, in no particular order; inside a write, read with its `trx`. */
  async bySkus(skus: readonly string[], trx?: Trx): Promise<StockItem[]> {
    if (skus.length === 0) return [];
    const rows = await (trx ?? this.db)
      .selectFrom('stock_items')
      .select(['product_id', 'sku', 'qty', 'is_in_stock', 'manage_stock', 'backorders'])
      .where('sku', 'in', [...skus])
      .execute();
    return rows.map((row) => ({
      product_id: row.product_id,
      sku: row.sku,
      qty: Number(row.qty),
      is_in_stock: Boolean(row.is_in_stock),
      manage_stock: Boolean(row.manage_stock),
      backorders: Boolean(row.backorders),
    }));
  }

  async bySku(sku: string): Promise<StockItem | null> {
    return (await this.bySkus([sku]))[0] ?? null;
  }
}
