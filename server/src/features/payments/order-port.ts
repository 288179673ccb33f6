/**
 * What payments need from placed orders (the orders contract of issue 6): read an order (also by its status-page
 * token), add a comment, change its status, give its stock back. `OrdersService` (features/orders) implements it;
 * payments never write order rows themselves.
 */
import type { OrderStatus } from '@shop/shared/orders/order-status';
import type { OrderCommentInput, PlacedOrder } from '../orders/orders.service.ts';

export type { PlacedOrder };
/** A comment as payments write it (the orders service adds its id and time). */
export type OrderComment = OrderCommentInput;

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
  /** Orders placed before `placedBefore` with one of `methods` that still wait for their payment. */
  awaitingPayment(placedBefore: number, methods: readonly string[]): Promise<PlacedOrder[]>;
}
