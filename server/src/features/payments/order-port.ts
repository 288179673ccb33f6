/**
 * What payments need from placed orders (the orders contract of issue 6): read an order (also by its status-page
 * token), add a comment, change its status, give its stock back. `OrdersService` (features/orders) implements it;
 * payments never write order rows themselves.
 */
import type { OrderStatus } from '@shop/shared/orders/order-status';

export interface PlacedOrder {
  /** The client-made order id: the idempotency key all the way to the provider. */
  id: string;
  increment_id: string;
  owner: string;
  store: string;
  currency: string;
  /** Major units, as the totals show it. */
  grand_total: number;
  /** Minor units (cents): what a provider is asked to charge. */
  grand_total_minor: number;
  status: OrderStatus;
  customer_email: string;
  payment_method: string;
  /** Random per order; the order-status page's address. */
  order_token: string;
  /** HMAC of order_token + increment_id: the order-status page's `hash`. */
  status_hash: string;
}

export interface OrderComment {
  comment: string;
  status: OrderStatus;
  is_customer_notified: boolean;
  is_visible_on_front: boolean;
}

export interface OrderPort {
  getOrder(orderId: string): Promise<PlacedOrder | null>;
  findByIncrementId(incrementId: string): Promise<PlacedOrder | null>;
  findByToken(orderToken: string): Promise<PlacedOrder | null>;
  /** Whether `hash` is the order's status hash (constant-time). */
  verifyStatusHash(order: Pick<PlacedOrder, 'order_token' | 'increment_id'>, hash: string): boolean;
  addComment(orderId: string, comment: OrderComment): Promise<void>;
  /** Also updates the replicated order document. */
  setStatus(orderId: string, status: OrderStatus, reason?: string): Promise<void>;
  /** Gives the order's reserved stock back; a second call does nothing. */
  releaseStock(orderId: string): Promise<unknown>;
}
