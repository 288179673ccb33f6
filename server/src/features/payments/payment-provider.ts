/**
 * One interface for every payment provider (the orders contract of issue 6): create a payment, fetch its status,
 * verify a notification, list methods and issuers. A notification only ever tells which payment to fetch again:
 * no status it carries is trusted.
 */
import type { PaymentProviderName, PaymentServiceIssuer, PaymentServiceMethod } from '@shop/shared/payments/index';

export interface CreatePaymentInput {
  orderId: string;
  incrementId: string;
  /** Minor units (cents). */
  amount: number;
  currency: string;
  description: string;
  /** The provider's own method id (e.g. 'ideal' or 'IDEAL'). */
  method: string;
  issuer?: string;
  redirectUrl: string;
  notificationUrl: string;
  /** The order id: a repeated create for one order makes no second payment at the provider. */
  idempotencyKey: string;
}

export interface CreatedPayment {
  providerPaymentId: string;
  gatewayUrl: string;
}

export interface FetchedPayment {
  providerPaymentId: string;
  /** The provider's own status word, e.g. 'paid' or 'completed'. */
  status: string;
  /** Minor units, when the provider answers it. */
  amount?: number;
  currency?: string;
}

/** An incoming notification as the route received it; `rawBody` is the exact bytes (HMAC checks need them). */
export interface NotificationRequest {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
}

/** The answer of `verifyNotification`: the payment to fetch again, and (if the provider has one) an event id. */
export interface VerifiedNotification {
  providerPaymentId: string;
  eventId?: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  fetchStatus(providerPaymentId: string): Promise<FetchedPayment>;
  /** The payment to re-fetch, or null when the notification is not genuine or not for this provider. */
  verifyNotification(request: NotificationRequest): Promise<VerifiedNotification | null>;
  listMethods(): Promise<PaymentServiceMethod[]>;
  listIssuers(method: string): Promise<PaymentServiceIssuer[]>;
  /** What the provider answers to a notification it sent (MultiSafepay wants "OK" in the body). */
  readonly notificationAnswer?: string;
}

/** A provider refused or could not be reached: the message is safe to show ('Payment is not created - {message}'). */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  constructor(
    message: string,
    readonly status: number = 502,
  ) {
    super(message);
  }
}

/** The subset of fetch the adapters use; tests give recorded answers. */
export type PaymentFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{ status: number; json(): Promise<unknown> }>;

export function headerValue(headers: NotificationRequest['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
