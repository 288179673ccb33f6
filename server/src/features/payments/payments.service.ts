/**
 * The payment flow on the server (spec 2 §4, §7 "Payment service 1"; orders contract of issue 6): one payment per
 * order, created once however often the client asks; the flow's order comments, each recorded once; and every
 * status change taken from the provider itself (a notification or a status call only says which payment to fetch).
 * A payment's outcome moves its order once: success -> processing; failed -> canceled with the stock released.
 */
import { canChangeOrderStatus } from '@shop/shared/orders/order-status';
import {
  minorToDecimal,
  paymentCreatedComment,
  PAYMENT_MESSAGES,
  paymentStatusGroup,
  providerMethodId,
  type OrderCommentBody,
  type PaymentStatusGroup,
  type PostPaymentBody,
  type PostPaymentResult,
} from '@shop/shared/payments/index';
import { DomainError } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderPort, PlacedOrder } from './order-port.ts';
import { PaymentProviderError, type NotificationRequest, type PaymentProvider } from './payment-provider.ts';
import type { PaymentRecord, PaymentsRepository } from './payments.repository.ts';

export const ORDER_NOT_FOUND = 'The order does not exist';
export const ORDER_NOT_PAYABLE = 'This order can not be paid online';
export const REDIRECT_NOT_ALLOWED = 'The redirect address must be on the shop';
export const CANCEL_REFUSED = 'A payment was created for this order: its status decides';
export const NOTIFICATION_REFUSED = 'The notification could not be verified';

export interface PaymentsOptions {
  orders: OrderPort;
  repository: PaymentsRepository;
  provider: PaymentProvider;
  /** Where providers reach the shop (PUBLIC_URL) and the payment service's base path: the notification address. */
  publicUrl: string;
  basePath: string;
  /** Origins the payer may be sent back to besides PUBLIC_URL's and the request's own. */
  redirectOrigins: readonly string[];
  log?: FastifyBaseLogger;
}

export interface PaymentState {
  order_id: string;
  increment_id: string;
  status: string;
  group: PaymentStatusGroup;
}

export class PaymentsService {
  private readonly creating = new Map<string, Promise<PostPaymentResult>>();

  constructor(private readonly options: PaymentsOptions) {}

  get provider(): PaymentProvider {
    return this.options.provider;
  }

  notificationUrl(): string {
    return `${this.options.publicUrl}${this.options.basePath}/notifications/${this.options.provider.name}`;
  }

  async methods() {
    return this.providerCall(() => this.options.provider.listMethods());
  }

  async issuers(method: string) {
    return this.providerCall(() => this.options.provider.listIssuers(providerMethodId(method)));
  }

  /**
   * POST /post-payment: the order's payment, created on the first call; a repeated or concurrent call for the same
   * order answers the same gateway address. The order's own total is charged, whatever amount the client sent.
   */
  async createPayment(body: PostPaymentBody, context: { requestOrigin: string | null }): Promise<PostPaymentResult> {
    const running = this.creating.get(body.order_id);
    if (running) return running;
    const work = this.createOnce(body, context).finally(() => this.creating.delete(body.order_id));
    this.creating.set(body.order_id, work);
    return work;
  }

  private async createOnce(body: PostPaymentBody, context: { requestOrigin: string | null }): Promise<PostPaymentResult> {
    const order = await this.options.orders.getOrder(body.order_id);
    if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND, { status: 404 });
    const existing = await this.options.repository.byOrder(order.id);
    if (existing) return this.result(order, existing);
    if (order.status !== 'pending' && order.status !== 'pending_payment') throw new DomainError('conflict', ORDER_NOT_PAYABLE, { status: 409 });

    const redirectUrl = this.returnAddress(body.redirectUrl, order, context.requestOrigin);
    const method = providerMethodId(body.method);
    const created = await this.providerCall(() =>
      this.options.provider.createPayment({
        orderId: order.id,
        incrementId: order.increment_id,
        amount: order.grand_total_minor,
        currency: order.currency,
        description: body.description?.trim() || `Order ${order.increment_id}`,
        method,
        ...(body.issuer ? { issuer: body.issuer } : {}),
        redirectUrl,
        notificationUrl: this.notificationUrl(),
        idempotencyKey: order.id,
      }),
    );
    await this.options.repository.insert({
      order_id: order.id,
      provider: this.options.provider.name,
      provider_payment_id: created.providerPaymentId,
      increment_id: order.increment_id,
      order_token: order.order_token,
      amount: order.grand_total_minor,
      currency: order.currency,
      method,
      gateway_url: created.gatewayUrl,
      status: 'open',
      status_group: 'pending',
    });
    // Another server process may have won the race: its payment is the order's payment.
    const payment = (await this.options.repository.byOrder(order.id))!;
    await this.comment(order.id, 'pending_payment', paymentCreatedComment(minorToDecimal(payment.amount), payment.currency));
    if (order.status === 'pending') await this.options.orders.setStatus(order.id, 'pending_payment');
    return this.result(order, payment);
  }

  private result(order: PlacedOrder, payment: PaymentRecord): PostPaymentResult {
    return {
      order_id: order.id,
      order_incremental_id: order.increment_id,
      amount: minorToDecimal(payment.amount),
      currency: payment.currency,
      payment_gateway_url: payment.gateway_url,
    };
  }

  /**
   * Where the provider sends the payer back: the client's order-status address (origin + /order-status, spec 2 §7)
   * with the order's token and hash appended. Only the shop's own origins are accepted (no open redirect).
   */
  private returnAddress(redirectUrl: string, order: PlacedOrder, requestOrigin: string | null): string {
    let url: URL;
    try {
      url = new URL(redirectUrl);
    } catch {
      throw new DomainError('bad_request', REDIRECT_NOT_ALLOWED);
    }
    const allowed = new Set([new URL(this.options.publicUrl).origin, ...this.options.redirectOrigins, ...(requestOrigin ? [requestOrigin] : [])]);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !allowed.has(url.origin)) throw new DomainError('bad_request', REDIRECT_NOT_ALLOWED);
    const path = url.pathname.replace(/\/+$/, '');
    return `${url.origin}${path}/${encodeURIComponent(order.order_token)}?hash=${encodeURIComponent(order.status_hash)}`;
  }

  /**
   * POST /order-comments from the client's payment flow: 'Payment could not be created: {message}' with canceled,
   * or a pending_payment note. Each comment is recorded once. An order whose payment was created is not canceled
   * by a comment: the provider's status decides.
   */
  async clientComment(body: OrderCommentBody): Promise<void> {
    const order = await this.options.orders.getOrder(body.order_id);
    if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND, { status: 404 });
    const { comment, status } = body.order_comment.statusHistory;
    if (status === 'canceled') {
      if (await this.options.repository.byOrder(order.id)) throw new DomainError('conflict', CANCEL_REFUSED, { status: 409 });
      if (!(await this.comment(order.id, 'canceled', comment))) return;
      if (canChangeOrderStatus(order.status, 'canceled') && order.status !== 'canceled') {
        // The comment is recorded above; the status change adds none of its own.
        await this.options.orders.setStatus(order.id, 'canceled');
        await this.options.orders.releaseStock(order.id);
      }
      return;
    }
    if (!(await this.comment(order.id, 'pending_payment', comment))) return;
    if (order.status === 'pending') await this.options.orders.setStatus(order.id, 'pending_payment');
  }

  /** Records a comment once per order (a retried call adds none); answers whether it was new. */
  private async comment(orderId: string, status: 'pending_payment' | 'canceled', comment: string): Promise<boolean> {
    if (!(await this.options.repository.firstComment(orderId, status, comment))) return false;
    await this.options.orders.addComment(orderId, { comment, status, is_customer_notified: false, is_visible_on_front: false });
    return true;
  }

  /** POST /get-payment-status: the provider's current status, applied to the order. */
  async paymentStatus(orderId: string): Promise<PaymentState> {
    const payment = await this.options.repository.byOrder(orderId);
    if (!payment) throw new DomainError('not_found', PAYMENT_MESSAGES.detailsProblem, { status: 404 });
    return this.refresh(payment);
  }

  /** The stored state; a payment still pending is fetched again (falling back to the stored state if that fails). */
  async currentState(payment: PaymentRecord): Promise<PaymentState> {
    if (payment.status_group !== 'pending') return this.state(payment);
    try {
      return await this.refresh(payment);
    } catch (error) {
      this.options.log?.warn({ err: error instanceof Error ? error.message : String(error), order: payment.order_id }, 'payment status fetch failed');
      return this.state(payment);
    }
  }

  async paymentByToken(orderToken: string): Promise<PaymentRecord | null> {
    return this.options.repository.byOrderToken(orderToken);
  }

  async paymentByOrder(orderId: string): Promise<PaymentRecord | null> {
    return this.options.repository.byOrder(orderId);
  }

  private state(payment: PaymentRecord): PaymentState {
    return { order_id: payment.order_id, increment_id: payment.increment_id, status: payment.status, group: payment.status_group };
  }

  /** Fetches the payment from the provider and applies its group to the order. */
  private async refresh(payment: PaymentRecord): Promise<PaymentState> {
    const fetched = await this.providerCall(() => this.options.provider.fetchStatus(payment.provider_payment_id));
    const group = paymentStatusGroup(payment.provider, fetched.status);
    if (fetched.status !== payment.status || group !== payment.status_group) await this.options.repository.updateStatus(payment.order_id, fetched.status, group);
    await this.apply(payment.order_id, group, fetched.status);
    return { ...this.state(payment), status: fetched.status, group };
  }

  /** Moves the order once per outcome: success -> processing, failed -> canceled with its stock released. */
  private async apply(orderId: string, group: PaymentStatusGroup, status: string): Promise<void> {
    if (group === 'pending') return;
    if (!(await this.options.repository.claimApplied(orderId, group))) return;
    const order = await this.options.orders.getOrder(orderId);
    if (!order) return;
    const target = group === 'success' ? 'processing' : 'canceled';
    if (order.status === target || !canChangeOrderStatus(order.status, target)) {
      this.options.log?.warn({ order: orderId, from: order.status, payment: status }, 'payment outcome does not change the order');
      return;
    }
    await this.options.orders.setStatus(orderId, target, `Payment ${status}`);
    if (target === 'canceled') await this.options.orders.releaseStock(orderId);
  }

  /**
   * A provider's notification: verified (signature, or nothing to verify for Mollie), a replayed event ignored,
   * an unknown payment ignored; then the payment is fetched from the provider and applied. Answers false when the
   * notification is not genuine.
   */
  async notification(request: NotificationRequest): Promise<boolean> {
    const verified = await this.options.provider.verifyNotification(request);
    if (!verified) return false;
    if (verified.eventId && !(await this.options.repository.firstNotification(this.options.provider.name, verified.eventId))) return true;
    const payment = await this.options.repository.byProviderId(this.options.provider.name, verified.providerPaymentId);
    if (!payment) {
      this.options.log?.info({ payment: verified.providerPaymentId }, 'notification for an unknown payment ignored');
      return true;
    }
    await this.refresh(payment);
    return true;
  }

  /** Provider failures become the spec's 'Payment is not created - {message}' material: a 502/503 with the message. */
  private async providerCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        this.options.log?.warn({ err: error.message, provider: this.options.provider.name }, 'payment provider call failed');
        const status = error.status === 422 ? 422 : error.status === 404 ? 404 : error.status === 503 ? 503 : 502;
        throw new DomainError(status === 404 ? 'not_found' : status === 422 ? 'bad_request' : 'internal', error.message, { status });
      }
      throw error;
    }
  }
}
