/**
 * The order-status page's data (spec 2 §2 "Order status page", §5): GET /api/order-status/:order_token?hash= and,
 * for the second provider's page, GET /api/order-status/by-transaction?transactionid=&hash=. Nobody sees an order
 * without its token (or transaction id) and hash: a wrong token is 'Invalid payment token' (404), a wrong hash
 * 'Hash is incorrect, this is not good.' (403).
 */
import { DomainError } from '@shop/shared';
import type { OrderStatus } from '@shop/shared/orders/order-status';
import { PAYMENT_MESSAGES, type OrderStatusData, type PaymentStatusGroup } from '@shop/shared/payments/index';
import type { FastifyInstance } from 'fastify';
import { envelopeSchema, errorEnvelopeSchema, jsonSchema } from '../../plugins/openapi.ts';
import { OrderStatusDataSchema } from '@shop/shared/payments/index';
import type { OrderPort, PlacedOrder } from '../payments/order-port.ts';
import type { PaymentsService } from '../payments/payments.service.ts';

const TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

/** An order paid without the payment service (bank transfer, ...) shows its own status in the same groups. */
function orderGroup(status: OrderStatus): PaymentStatusGroup {
  if (status === 'processing' || status === 'complete') return 'success';
  if (status === 'canceled') return 'failed';
  return 'pending';
}

const invalidToken = () => new DomainError('not_found', PAYMENT_MESSAGES.invalidToken, { status: 404 });

export function orderStatusRoutes(deps: { orders: OrderPort; payments: PaymentsService }) {
  async function answer(order: PlacedOrder, hash: unknown): Promise<{ code: number; result: OrderStatusData }> {
    if (typeof hash !== 'string' || hash.length > 200 || !deps.orders.verifyStatusHash(order, hash)) {
      throw new DomainError('forbidden', PAYMENT_MESSAGES.hashIncorrect, { status: 403 });
    }
    const payment = await deps.payments.paymentByOrder(order.id);
    const state = payment ? await deps.payments.currentState(payment) : { status: order.status, group: orderGroup(order.status) };
    return { code: 200, result: { order: { increment_id: order.increment_id, customer_email: order.customer_email }, payment: { status: state.status, group: state.group } } };
  }

  const response = { 200: envelopeSchema(jsonSchema(OrderStatusDataSchema)), 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/api/order-status/by-transaction', { schema: { tags: ['payments'], summary: "An order's payment status by the second provider's transaction id (the order id) and hash", response } }, async (request) => {
      const { transactionid: transactionId, hash } = request.query as Record<string, unknown>;
      if (typeof transactionId !== 'string' || !TOKEN.test(transactionId)) throw invalidToken();
      const order = await deps.orders.getOrder(transactionId);
      if (!order) throw invalidToken();
      return answer(order, hash);
    });

    app.get('/api/order-status/:order_token', { schema: { tags: ['payments'], summary: "An order's payment status by its token and hash", response } }, async (request) => {
      const { order_token: token } = request.params as { order_token: string };
      if (!TOKEN.test(token)) throw invalidToken();
      const order = await deps.orders.findByToken(token);
      if (!order) throw invalidToken();
      return answer(order, (request.query as Record<string, unknown>).hash);
    });
  };
}
