/**
 * The order-status page's data (spec 2 §2 "Order status page", §5): GET /api/order-status/:order_token?hash= and,
 * for the second provider's page, GET /api/order-status/by-transaction?transactionid=&hash=. Nobody sees an order
 * without its token (or transaction id) and hash: a wrong token is 'Invalid payment token' (404), a wrong hash
 * 'Hash is incorrect, this is not good.' (403).
 *
 * Besides the payment status the answer says what the shopper can do next (issue 12): pay an order whose payment did
 * not succeed again (`pay_again` with the methods it can be paid with), and, for a bank transfer, where to transfer
 * what. POST /api/order-status/:order_token/cancel?hash= is "give me my cart back": the unpaid order is canceled (its
 * stock released) and its lines are answered as cart items, so the client puts them back into the cart.
 *
 * The order token is a secret, the transaction id is not (it is the order id, which travels in a provider's return
 * address): by transaction id, an unknown id and a wrong hash answer alike ('Invalid payment token', 404), so the
 * call tells nobody which orders exist.
 */
import { DomainError } from '@shop/shared';
import { BANK_TRANSFER_CODE, bankTransferInstructions, orderItemsToCart, type BankAccount } from '@shop/shared/orders/index';
import type { OrderStatus } from '@shop/shared/orders/order-status';
import { PAYMENT_MESSAGES, type OrderStatusData, type PaymentStatusGroup } from '@shop/shared/payments/index';
import type { FastifyInstance } from 'fastify';
import { envelopeSchema, errorEnvelopeSchema, jsonSchema } from '../../plugins/openapi.ts';
import { OrderStatusDataSchema } from '@shop/shared/payments/index';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { PlacedOrder } from '../payments/order-port.ts';
import { CANCELED_BY_CUSTOMER, type PaymentsService } from '../payments/payments.service.ts';
import type { CheckoutMethods } from '../shipping/checkout-methods.ts';

const TOKEN = /^[A-Za-z0-9_-]{1,128}$/;
export const ORDER_NOT_RETURNABLE = 'This order can no longer be taken back into the cart';

/** An order paid without the payment service (bank transfer, ...) shows its own status in the same groups. */
function orderGroup(status: OrderStatus): PaymentStatusGroup {
  if (status === 'processing' || status === 'complete') return 'success';
  if (status === 'canceled') return 'failed';
  return 'pending';
}

const invalidToken = () => new DomainError('not_found', PAYMENT_MESSAGES.invalidToken, { status: 404 });

export interface OrderStatusDeps {
  orders: OrdersService;
  payments: PaymentsService;
  methods: CheckoutMethods;
  catalogue: CatalogueService;
  bankAccount: BankAccount;
}

export function orderStatusRoutes(deps: OrderStatusDeps) {
  function checkHash(order: PlacedOrder, hash: unknown): void {
    if (typeof hash !== 'string' || hash.length > 200 || !deps.orders.verifyStatusHash(order, hash)) {
      throw new DomainError('forbidden', PAYMENT_MESSAGES.hashIncorrect, { status: 403 });
    }
  }

  async function byToken(token: string, hash: unknown): Promise<PlacedOrder> {
    if (!TOKEN.test(token)) throw invalidToken();
    const order = await deps.orders.findByToken(token);
    if (!order) throw invalidToken();
    checkHash(order, hash);
    return order;
  }

  async function answer(order: PlacedOrder): Promise<{ code: number; result: OrderStatusData }> {
    const payment = await deps.payments.paymentByOrder(order.id);
    const state = payment ? await deps.payments.currentState(payment) : { status: order.status, group: orderGroup(order.status) };
    // The payment may have moved the order: show it as it is now.
    const current = payment ? ((await deps.orders.getOrder(order.id)) ?? order) : order;
    const result: OrderStatusData = {
      order: {
        increment_id: current.increment_id,
        customer_email: current.customer_email,
        order_id: current.id,
        status: current.status,
        grand_total: current.grand_total,
        currency: current.currency,
        payment_method: current.payment_method,
        created_at: current.created_at,
      },
      payment: { status: state.status, group: state.group },
    };
    if (await deps.payments.canPayAgain(current)) {
      const methods = deps.methods.paymentMethods([]).filter((method) => method.is_server_method);
      result.pay_again = { methods: methods.map((method) => ({ code: method.code, title: method.title })) };
    }
    if (current.payment_method === BANK_TRANSFER_CODE && current.status !== 'canceled') result.bank_transfer = bankTransferInstructions(deps.bankAccount, current);
    return { code: 200, result };
  }

  const response = { 200: envelopeSchema(jsonSchema(OrderStatusDataSchema)), 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };
  const cartItem = { type: 'object', additionalProperties: true };
  const canceledResponse = {
    200: envelopeSchema({ type: 'object', properties: { status: jsonSchema(OrderStatusDataSchema), items: { type: 'array', items: cartItem } }, required: ['status', 'items'] }),
    403: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
    409: errorEnvelopeSchema,
  };

  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/api/order-status/by-transaction', { schema: { tags: ['payments'], summary: "An order's payment status by the second provider's transaction id and hash", response } }, async (request) => {
      const { transactionid: transactionId, hash } = request.query as Record<string, unknown>;
      if (typeof transactionId !== 'string' || !TOKEN.test(transactionId)) throw invalidToken();
      // The transaction id is the order id, or for a payment made again the provider's id of that payment.
      const order = (await deps.orders.getOrder(transactionId)) ?? (await deps.payments.orderOfProviderPayment(transactionId));
      if (!order || typeof hash !== 'string' || hash.length > 200 || !deps.orders.verifyStatusHash(order, hash)) throw invalidToken();
      return answer(order);
    });

    app.get('/api/order-status/:order_token', { schema: { tags: ['payments'], summary: "An order's payment status by its token and hash", response } }, async (request) => {
      const { order_token: token } = request.params as { order_token: string };
      return answer(await byToken(token, (request.query as Record<string, unknown>).hash));
    });

    app.post(
      '/api/order-status/:order_token/cancel',
      {
        schema: {
          tags: ['payments'],
          summary: 'Cancels an order whose payment did not succeed and answers its lines as cart items (the cart back); 409 when it is paid or its payment is under way',
          response: canceledResponse,
        },
      },
      async (request) => {
        const { order_token: token } = request.params as { order_token: string };
        const order = await byToken(token, (request.query as Record<string, unknown>).hash);
        // Only an order waiting for a payment that has not succeeded goes back to the cart (a repeated call answers again).
        if (order.status !== 'canceled' && !(await deps.payments.canPayAgain(order))) throw new DomainError('conflict', ORDER_NOT_RETURNABLE, { status: 409 });
        const canceled = await deps.payments.cancelUnpaid(order.id, CANCELED_BY_CUSTOMER);
        const ordered = await deps.orders.orderedItems(canceled.id);
        const skus = [...new Set(ordered.flatMap((item) => [item.sku, ...(item.parentSku ? [item.parentSku] : [])]))];
        const store = canceled.store === 'en' ? 'en' : 'nl';
        const products = new Map((await deps.catalogue.productsBySkus(store, skus, { withDescriptions: false })).map((product) => [product.sku, product]));
        const items = orderItemsToCart(ordered, (sku) => products.get(sku) ?? products.get(ordered.find((item) => item.sku === sku)?.parentSku ?? ''));
        return { code: 200, result: { status: (await answer(canceled)).result, items } };
      },
    );
  };
}
