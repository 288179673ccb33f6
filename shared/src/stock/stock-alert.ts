/**
 * Back-in-stock and price-drop alerts (issue 19): a customer asks to be mailed once when a sold-out piece can be
 * bought again, or when its price falls below the price they saw when they asked.
 */
import { z } from 'zod/mini';
import { isAvailable, type StockLevel } from './stock.ts';

export const STOCK_ALERT_KINDS = ['back_in_stock', 'price_drop'] as const;
export type StockAlertKind = (typeof STOCK_ALERT_KINDS)[number];

export const STOCK_ALERT_SKU_MESSAGE = 'Choose the piece to be notified about';
export const STOCK_ALERT_KIND_MESSAGE = 'Choose back in stock or price drop';
/** The longest sku an alert names (the stock calls' guard). */
export const STOCK_ALERT_SKU_MAX = 255;
/** Pending alerts one customer may hold at once. */
export const STOCK_ALERTS_MAX_PENDING = 100;
export const STOCK_ALERT_NOT_FOUND = 'There is no such piece in the shop';
export const STOCK_ALERTS_TOO_MANY = `You have ${STOCK_ALERTS_MAX_PENDING} alerts waiting: remove some in your account first`;
export const STOCK_ALERT_GONE = 'This alert does not exist (any more)';

/** What the product page sends to subscribe. */
export const StockAlertSubscribeSchema = z.object({
  sku: z.pipe(
    z.string(STOCK_ALERT_SKU_MESSAGE).check(z.maxLength(STOCK_ALERT_SKU_MAX, STOCK_ALERT_SKU_MESSAGE)),
    z.transform((sku) => sku.trim()),
  ).check(z.minLength(1, STOCK_ALERT_SKU_MESSAGE), z.refine((sku) => ![...sku].some((c) => c.charCodeAt(0) < 32), STOCK_ALERT_SKU_MESSAGE)),
  kind: z.enum(STOCK_ALERT_KINDS, STOCK_ALERT_KIND_MESSAGE),
});
export type StockAlertSubscribe = z.infer<typeof StockAlertSubscribeSchema>;

/** One of the customer's alerts, as my-account lists it. */
export const StockAlertSchema = z.object({
  id: z.number(),
  sku: z.string(),
  kind: z.enum(STOCK_ALERT_KINDS),
  /** The piece's name and address in the alert's store (null: the piece left the catalogue). */
  name: z.nullable(z.string()),
  url_path: z.nullable(z.string()),
  store: z.string(),
  /** Price drop: the price (incl. VAT, euros) the customer saw when they asked. */
  subscribed_price: z.nullable(z.number()),
  created_at: z.string(),
  /** When the one mail went out (null: still waiting). */
  notified_at: z.nullable(z.string()),
});
export type StockAlert = z.infer<typeof StockAlertSchema>;

/**
 * Whether a pending alert is due now: back in stock when the piece can be bought again; a price drop when the piece
 * can be bought and its price is below the subscribed price by at least a cent (rounding never mails).
 */
export function stockAlertDue(alert: { kind: StockAlertKind; subscribed_price: number | null }, now: { stock: StockLevel | null; price: number | null }): boolean {
  if (!now.stock || !isAvailable(now.stock)) return false;
  if (alert.kind === 'back_in_stock') return true;
  return alert.subscribed_price !== null && now.price !== null && Math.round(now.price * 100) < Math.round(alert.subscribed_price * 100);
}
