import { z } from 'zod/mini';

/**
 * ok: verified and available; volatile: not verified (checked offline, or stock synchronisation is off), so the
 * quantity may be wrong; out_of_stock: verified and not available (spec 1 §4).
 */
export const STOCK_STATUSES = ['ok', 'volatile', 'out_of_stock'] as const;
export const StockStatusSchema = z.enum(STOCK_STATUSES);
export type StockStatus = z.infer<typeof StockStatusSchema>;

/** The answer of a stock check (spec 1 §3 "Stock result"), with the sku it answers for. */
export const StockResultSchema = z.object({
  product_id: z.number(),
  sku: z.string(),
  qty: z.number(),
  status: StockStatusSchema,
  manage_stock: z.boolean(),
  /** Whether the item can be sold now: always for unmanaged stock, else in stock with qty above 0 or backorders. */
  is_in_stock: z.boolean(),
  backorders: z.boolean(),
});
export type StockResult = z.infer<typeof StockResultSchema>;
