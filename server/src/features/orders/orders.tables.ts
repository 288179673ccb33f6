/**
 * Kysely types of the order tables (migration 006), added to the shared database type with `withOrderTables(db)`
 * (or a transaction with `withOrderTablesTrx`), as the accounts feature does.
 */
import type { Generated, Transaction } from 'kysely';
import type { Db } from '../../storage/database.ts';
import type { Database } from '../../storage/schema.ts';

export interface OrdersTable {
  id: string;
  owner: string;
  write_id: string;
  store: string;
  /** The language of the order's mails (migration 009); null for older orders: their store's. */
  language: string | null;
  increment_id: string;
  status: string;
  currency: string;
  customer_email: string;
  payment_method: string;
  shipping_method: string;
  grand_total: number;
  /** JSON: the recomputed totals (OrderTotals). */
  totals: string;
  /** JSON: { shipping, billing }. */
  addresses: string;
  po_number: string | null;
  order_token: string;
  created_at: number;
  updated_at: number;
  mailed_at: number | null;
}

export interface OrderSequencesTable {
  store: string;
  last_value: number;
}

export interface OrderItemsTable {
  order_id: string;
  position: number;
  sku: string;
  name: string;
  qty: number;
  price: number;
  price_incl_tax: number;
  row_total_incl_tax: number;
  tax_percent: number;
}

export interface StockReservationsTable {
  order_id: string;
  sku: string;
  qty: number;
  created_at: number;
  released_at: number | null;
}

export interface OrderCommentsTable {
  id: Generated<number>;
  order_id: string;
  comment: string;
  status: string;
  is_customer_notified: number;
  is_visible_on_front: number;
  created_at: number;
}

export type OrderTables = {
  orders: OrdersTable;
  order_sequences: OrderSequencesTable;
  order_items: OrderItemsTable;
  stock_reservations: StockReservationsTable;
  order_comments: OrderCommentsTable;
};

export type OrdersDb = ReturnType<typeof withOrderTables>;
export type OrdersTrx = Transaction<Database & OrderTables>;

export function withOrderTables(db: Db) {
  return db.withTables<OrderTables>();
}

export function withOrderTablesTrx(trx: Transaction<Database>): OrdersTrx {
  return trx.withTables<OrderTables>() as unknown as OrdersTrx;
}
