/**
 * The payment flow on the server (spec 2 §4, §7 "Payment service 1"; orders contract of issue 6): an order's payment,
 * created once however often the client asks; the flow's order comments, each recorded once; and every status change
 * taken from the provider itself (a notification or a status call only says which payment to fetch).
 *
 * Paying again (issue 12): a payment that failed, was cancelled or was left unfinished does not end the order. The
 * order keeps waiting for its payment with its stock reserved, and the shopper may pay it again, with the same or
 * another method: a new attempt for the same order and the same amount, the order's own total. The order is canceled
 * (and its stock released) when the shopper takes the items back into the cart, or when it is not paid within the
 * payment window. A success of any attempt moves the order to processing, once.
 */
import { canChangeOrderStatus } from '@shop/shared/orders/order-status';
import {
  mayPayAgain,
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
import { orderRefusal, provesOrder, type OrderProof } from './order-proof.ts';
import { PaymentProviderError, type NotificationRequest, type PaymentProvider } from './payment-provider.ts';
import type { PaymentRecord, PaymentsRepository } from './payments.repository.ts';

export const ORDER_NOT_FOUND = 'The order does not exist';
export const ORDER_NOT_PAYABLE = 'This order can not be paid online';
export const REDIRECT_NOT_ALLOWED = 'The redirect address must be on the shop';
export const NOTIFICATION_REFUSED = 'The notification could not be verified';
export const PAYMENT_IN_PROGRESS = 'A payment of this order is being processed: please wait for its outcome';
export const ORDER_PAID = 'This order is paid: it can no longer be canceled here';
export const CANCELED_BY_CUSTOMER = 'Canceled by the customer: the items went back to the cart';
/** How a comment sent by the shopper's device is recorded: a note on the order, never a status change. */
export function shopperNote(comment: string): string {
  return `Note from the shopper's device: ${comment}`;
}

const orderNotFound = () => new DomainError('not_found', ORDER_NOT_FOUND, { status: 404 });
const paymentNotFound = () => new DomainError('not_found', PAYMENT_MESSAGES.detailsProblem, { status: 404 });

export function notPaidInTime(minutes: number): string {
  return `Canceled: not paid within ${minutes} minutes`;
}

const AWAITING_PAYMENT = new Set(['pending', 'pending_payment']);

export interface PaymentsOptions {
  orders: OrderPort;
  repository: PaymentsRepository;
  provider: PaymentProvider;
  /** Where providers reach the shop (PUBLIC_URL) and the payment service's base path: the notification address. */
  publicUrl: string;
  basePath: string;
  /** Origins the payer may be sent back to besides PUBLIC_URL's (configuration only, never a request header). */
  redirectOrigins: readonly string[];
  /** Minutes an order waits for its online payment before it is canceled and its stock released. */
  windowMinutes: number;
  /** The checkout codes paid through the payment service (their orders wait for a payment). */
  onlineMethods: readonly string[];
  now: () => number;
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
   * order (and method) answers the same gateway address while that payment can still be made. After a payment that
   * failed, or for another method while the last one was never gone through, a new attempt for the same order is
   * made. The order's own total is charged, whatever amount the client sent.
   */
  async createPayment(body: PostPaymentBody, proof: OrderProof): Promise<PostPaymentResult> {
    // Ownership first: a call under way for the order is only shared with a caller who proves it is theirs.
    await this.ownedOrder(body.order_id, proof, orderNotFound);
    const running = this.creating.get(body.order_id);
    if (running) return running;
    const work = this.createOnce(body).finally(() => this.creating.delete(body.order_id));
    this.creating.set(body.order_id, work);
    return work;
  }

  /**
   * The order `orderId` when the proof shows it is the caller's (the customer's token, the order's token or its
   * status hash); otherwise the same refusal as for an order that does not exist.
   */
  async ownedOrder(orderId: string, proof: OrderProof, notFound: () => DomainError = orderNotFound): Promise<PlacedOrder> {
    const order = await this.options.orders.getOrder(orderId);
    if (!order || !provesOrder(order, proof)) throw orderRefusal(proof, notFound);
    return order;
  }

  private async createOnce(body: PostPaymentBody): Promise<PostPaymentResult> {
    let order = await this.options.orders.getOrder(body.order_id);
    if (!order) throw orderNotFound();
    const method = providerMethodId(body.method);
    const latest = await this.options.repository.byOrder(order.id);
    if (latest) {
      if (latest.status_group === 'success') return this.result(order, latest);
      if (latest.status_group === 'pending' && latest.method === method) return this.result(order, latest);
      if (latest.status_group === 'pending') {
        // Another method while the last payment is open: it may have been paid meanwhile, or be under way.
        const state = await this.refreshQuietly(latest);
        if (state.group === 'success') return this.result(order, latest);
        if (!mayPayAgain(state)) throw new DomainError('conflict', PAYMENT_IN_PROGRESS, { status: 409 });
        order = (await this.options.orders.getOrder(order.id))!;
      }
    }
    if (!AWAITING_PAYMENT.has(order.status)) throw new DomainError('conflict', ORDER_NOT_PAYABLE, { status: 409 });

    const redirectUrl = this.returnAddress(body.redirectUrl, order);
    const attempt = (latest?.attempt ?? 0) + 1;
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
        // One payment per attempt at the provider: the first keeps the order id, a new attempt gets its number.
        idempotencyKey: attempt === 1 ? order.id : `${order.id}-${attempt}`,
      }),
    );
    // A payment id the provider already gave another order would tie two orders to one payment: refused (502).
    const taken = await this.options.repository.byProviderId(this.options.provider.name, created.providerPaymentId);
    if (taken && taken.order_id !== order.id) {
      this.options.log?.error({ provider: this.options.provider.name, payment: created.providerPaymentId, order: order.id, other: taken.order_id }, 'the payment provider answered with the payment of another order');
      throw new DomainError('internal', 'The payment service answered with a payment of another order. Please try again later.', { status: 502 });
    }
    await this.options.repository.insert({
      order_id: order.id,
      attempt,
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
    const createdComment = paymentCreatedComment(minorToDecimal(payment.amount), payment.currency);
    await this.comment(order.id, 'pending_payment', payment.attempt === 1 ? createdComment : `${createdComment} (payment ${payment.attempt}, ${payment.method})`);
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
   * with the order's token and hash appended. Only the shop's own origins are accepted (no open redirect): PUBLIC_URL's
   * and PAYMENT_REDIRECT_ORIGINS, from configuration alone; a request's Host header decides nothing.
   */
  private returnAddress(redirectUrl: string, order: PlacedOrder): string {
    let url: URL;
    try {
      url = new URL(redirectUrl);
    } catch {
      throw new DomainError('bad_request', REDIRECT_NOT_ALLOWED);
    }
    const allowed = new Set([new URL(this.options.publicUrl).origin, ...this.options.redirectOrigins.map((origin) => new URL(origin).origin)]);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !allowed.has(url.origin)) throw new DomainError('bad_request', REDIRECT_NOT_ALLOWED);
    const path = url.pathname.replace(/\/+$/, '');
    return `${url.origin}${path}/${encodeURIComponent(order.order_token)}?hash=${encodeURIComponent(order.status_hash)}`;
  }

  /**
   * POST /order-comments from the client's payment flow (e.g. 'Payment could not be created: {message}'), by the
   * order's owner only. It is recorded once as a note under the order's current status, hidden from the storefront:
   * the status it names changes nothing. Status changes are the server's own (a payment created, a provider's
   * outcome, the shopper taking the items back, the payment window), so a comment can neither cancel an order nor
   * release its stock.
   */
  async clientComment(body: OrderCommentBody, proof: OrderProof): Promise<void> {
    const order = await this.ownedOrder(body.order_id, proof);
    const { comment, status } = body.order_comment.statusHistory;
    if (!(await this.options.repository.firstComment(order.id, `note:${status}`, comment))) return;
    await this.options.orders.addComment(order.id, { comment: shopperNote(comment), status: order.status, is_customer_notified: false, is_visible_on_front: false });
  }

  /** Records a comment once per order (a retried call adds none); answers whether it was new. */
  private async comment(orderId: string, status: 'pending_payment' | 'canceled', comment: string): Promise<boolean> {
    if (!(await this.options.repository.firstComment(orderId, status, comment))) return false;
    await this.options.orders.addComment(orderId, { comment, status, is_customer_notified: false, is_visible_on_front: false });
    return true;
  }

  /** Whether the order may be paid again now (no payment yet, or its latest one failed or was never gone through). */
  async canPayAgain(order: PlacedOrder): Promise<boolean> {
    if (!AWAITING_PAYMENT.has(order.status) || !this.options.onlineMethods.includes(order.payment_method)) return false;
    const latest = await this.options.repository.byOrder(order.id);
    return mayPayAgain(latest ? { group: latest.status_group, status: latest.status } : null);
  }

  /**
   * Cancels an order that is not paid (the shopper takes the items back into the cart, or the payment window has
   * passed): its latest payment is asked once more, and a paid order or one whose payment is under way is refused
   * (409). The stock goes back with the cancel. Canceling a canceled order changes nothing.
   */
  async cancelUnpaid(orderId: string, reason: string): Promise<PlacedOrder> {
    const order = await this.options.orders.getOrder(orderId);
    if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND, { status: 404 });
    if (order.status === 'canceled') return order;
    if (!AWAITING_PAYMENT.has(order.status)) throw new DomainError('conflict', ORDER_PAID, { status: 409 });
    const latest = await this.options.repository.byOrder(order.id);
    if (latest) {
      const state = latest.status_group === 'pending' ? await this.refreshQuietly(latest) : this.state(latest);
      if (state.group === 'success') throw new DomainError('conflict', ORDER_PAID, { status: 409 });
      if (!mayPayAgain(state)) throw new DomainError('conflict', PAYMENT_IN_PROGRESS, { status: 409 });
    }
    const current = (await this.options.orders.getOrder(order.id))!;
    if (current.status === 'canceled') return current;
    if (!AWAITING_PAYMENT.has(current.status)) throw new DomainError('conflict', ORDER_PAID, { status: 409 });
    await this.options.orders.setStatus(order.id, 'canceled', reason);
    return (await this.options.orders.getOrder(order.id))!;
  }

  /**
   * Cancels the orders that waited for their online payment longer than the payment window (their stock goes back);
   * an order whose payment is under way is left to its outcome. Answers how many were canceled.
   */
  async expireUnpaid(): Promise<number> {
    const before = this.options.now() - this.options.windowMinutes * 60_000;
    let canceled = 0;
    for (const order of await this.options.orders.awaitingPayment(before, this.options.onlineMethods)) {
      try {
        await this.cancelUnpaid(order.id, notPaidInTime(this.options.windowMinutes));
        canceled += 1;
      } catch (error) {
        if (!(error instanceof DomainError)) this.options.log?.error({ err: error, order: order.id }, 'an unpaid order could not be canceled');
      }
    }
    return canceled;
  }

  /**
   * POST /get-payment-status: the provider's current status, applied to the order, for the order's owner. No such
   * order, not the caller's, and no payment yet answer alike.
   */
  async paymentStatus(orderId: string, proof: OrderProof): Promise<PaymentState> {
    await this.ownedOrder(orderId, proof, paymentNotFound);
    const payment = await this.options.repository.byOrder(orderId);
    if (!payment) throw paymentNotFound();
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

  /** The order a provider's payment id belongs to (a payment made again has its own id at the provider). */
  async orderOfProviderPayment(providerPaymentId: string): Promise<PlacedOrder | null> {
    const payment = await this.options.repository.byProviderId(this.options.provider.name, providerPaymentId);
    return payment ? this.options.orders.getOrder(payment.order_id) : null;
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
    if (fetched.status !== payment.status || group !== payment.status_group) await this.options.repository.updateStatus(payment, fetched.status, group);
    await this.apply(payment, group, fetched.status);
    return { ...this.state(payment), status: fetched.status, group };
  }

  /** `refresh`, or the stored state when the provider cannot be asked now. */
  private async refreshQuietly(payment: PaymentRecord): Promise<PaymentState> {
    try {
      return await this.refresh(payment);
    } catch (error) {
      this.options.log?.warn({ err: error instanceof Error ? error.message : String(error), order: payment.order_id }, 'payment status fetch failed');
      return this.state(payment);
    }
  }

  /**
   * Applies an attempt's outcome once: success moves the order to processing; a failure is recorded on the order,
   * which keeps waiting (reserved) for another payment until the shopper pays, takes the cart back or the window ends.
   */
  private async apply(payment: PaymentRecord, group: PaymentStatusGroup, status: string): Promise<void> {
    if (group === 'pending') return;
    if (!(await this.options.repository.claimApplied(payment, group))) return;
    const order = await this.options.orders.getOrder(payment.order_id);
    if (!order) return;
    if (group === 'failed') {
      await this.options.orders.addComment(order.id, { comment: `Payment ${status}: the order waits for another payment`, status: order.status, is_customer_notified: false, is_visible_on_front: false });
      return;
    }
    if (order.status === 'processing' || !canChangeOrderStatus(order.status, 'processing')) {
      this.options.log?.warn({ order: order.id, from: order.status, payment: status }, 'payment outcome does not change the order');
      // A late payment of a canceled order is recorded (setStatus refuses the change and notes it).
      if (order.status === 'canceled') await this.options.orders.setStatus(order.id, 'processing', `Payment ${status}`);
      return;
    }
    await this.options.orders.setStatus(order.id, 'processing', `Payment ${status}`);
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
