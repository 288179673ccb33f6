/**
 * The MultiSafepay adapter (JSON API v1, https://docs.multisafepay.com): the `api_key` header on every call;
 * POST /orders creates a redirect order whose `order_id` is the shop's order id (so MultiSafepay itself refuses a
 * second payment for one order) and answers `payment_url`; GET /orders/{order_id} answers its `status`.
 * A POST notification arrives at notification_url?transactionid=..&timestamp=.. with the order in the body and an
 * `Auth` header: base64 of "timestamp:hex(HMAC-SHA512(api key, timestamp + ':' + raw body))". The shop checks it and
 * then fetches the order: the status in the body is never used.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentServiceIssuer, PaymentServiceMethod } from '@shop/shared/payments/index';
import {
  headerValue,
  PaymentProviderError,
  type CreatedPayment,
  type CreatePaymentInput,
  type FetchedPayment,
  type NotificationRequest,
  type PaymentFetch,
  type PaymentProvider,
  type VerifiedNotification,
} from '../payment-provider.ts';

export const MULTISAFEPAY_URLS = { test: 'https://testapi.multisafepay.com/v1/json', live: 'https://api.multisafepay.com/v1/json' } as const;
/** MultiSafepay resends a notification three times at 15-minute intervals, each with a new timestamp. */
export const MULTISAFEPAY_NOTIFICATION_MAX_AGE_MS = 60 * 60 * 1000;

interface MspAnswer {
  success?: boolean;
  data?: unknown;
  error_code?: number;
  error_info?: string;
}

/** Checks a POST notification's `Auth` header against the raw body with the API key (MultiSafepay's documented steps). */
export function multisafepaySignatureValid(apiKey: string, authHeader: string, rawBody: string): { valid: boolean; timestamp: number | null } {
  let decoded: string;
  try {
    decoded = Buffer.from(authHeader.trim(), 'base64').toString('utf8');
  } catch {
    return { valid: false, timestamp: null };
  }
  const colon = decoded.indexOf(':');
  if (colon < 1) return { valid: false, timestamp: null };
  const timestamp = decoded.slice(0, colon);
  const signature = decoded.slice(colon + 1);
  if (!/^\d{1,16}(\.\d+)?$/.test(timestamp) || !/^[0-9a-f]{128}$/i.test(signature)) return { valid: false, timestamp: null };
  const expected = createHmac('sha512', apiKey).update(`${timestamp}:${rawBody}`).digest('hex');
  const valid = timingSafeEqual(Buffer.from(expected), Buffer.from(signature.toLowerCase()));
  return { valid, timestamp: Number(timestamp) };
}

export class MultiSafepayProvider implements PaymentProvider {
  readonly name = 'multisafepay' as const;
  readonly notificationAnswer = 'OK';

  constructor(private readonly options: { apiKey: string; baseUrl: string; fetch: PaymentFetch; now: () => number }) {}

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const body = {
      type: 'redirect',
      order_id: input.idempotencyKey,
      gateway: input.method.toUpperCase(),
      currency: input.currency,
      amount: input.amount,
      description: input.description,
      ...(input.issuer ? { gateway_info: { issuer_id: input.issuer } } : {}),
      payment_options: {
        notification_url: input.notificationUrl,
        notification_method: 'POST',
        redirect_url: input.redirectUrl,
        cancel_url: input.redirectUrl,
        close_window: false,
      },
    };
    const data = (await this.call('POST', '/orders', body)) as { order_id?: unknown; payment_url?: unknown };
    if (typeof data.payment_url !== 'string') throw new PaymentProviderError('MultiSafepay answered no payment address');
    return { providerPaymentId: typeof data.order_id === 'string' ? data.order_id : input.idempotencyKey, gatewayUrl: data.payment_url };
  }

  async fetchStatus(providerPaymentId: string): Promise<FetchedPayment> {
    const data = (await this.call('GET', `/orders/${encodeURIComponent(providerPaymentId)}`)) as { status?: unknown; amount?: unknown; currency?: unknown };
    if (typeof data.status !== 'string') throw new PaymentProviderError('MultiSafepay answered no order status');
    return {
      providerPaymentId,
      status: data.status,
      ...(typeof data.amount === 'number' ? { amount: data.amount } : {}),
      ...(typeof data.currency === 'string' ? { currency: data.currency } : {}),
    };
  }

  async verifyNotification(request: NotificationRequest): Promise<VerifiedNotification | null> {
    const transactionId = request.query.transactionid;
    const auth = headerValue(request.headers, 'auth');
    if (typeof transactionId !== 'string' || !transactionId || transactionId.length > 64 || request.query.timestamp === undefined || !auth) return null;
    const { valid, timestamp } = multisafepaySignatureValid(this.options.apiKey, auth, request.rawBody);
    if (!valid || timestamp === null) return null;
    if (Math.abs(this.options.now() - timestamp * 1000) > MULTISAFEPAY_NOTIFICATION_MAX_AGE_MS) return null;
    // The signed body must be about the order the address names.
    try {
      const orderId = (JSON.parse(request.rawBody) as { order_id?: unknown }).order_id;
      if (orderId !== undefined && String(orderId) !== transactionId) return null;
    } catch {
      return null;
    }
    return { providerPaymentId: transactionId };
  }

  async listMethods(): Promise<PaymentServiceMethod[]> {
    const data = await this.call('GET', '/gateways');
    return (Array.isArray(data) ? data : [])
      .filter((g): g is { id: string; description: string } => typeof g?.id === 'string' && typeof g?.description === 'string')
      .map((g) => ({ id: g.id, description: g.description }));
  }

  async listIssuers(method: string): Promise<PaymentServiceIssuer[]> {
    const data = await this.call('GET', `/issuers/${encodeURIComponent(method.toUpperCase())}`);
    return (Array.isArray(data) ? data : [])
      .filter((i): i is { code: string; description: string } => typeof i?.code === 'string' && typeof i?.description === 'string')
      .map((i) => ({ code: i.code, description: i.description }));
  }

  private async call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<unknown> {
    let status: number;
    let answer: MspAnswer;
    try {
      const response = await this.options.fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: { api_key: this.options.apiKey, accept: 'application/json', ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        signal: AbortSignal.timeout(15_000),
      });
      status = response.status;
      answer = ((await response.json().catch(() => null)) ?? {}) as MspAnswer;
    } catch {
      throw new PaymentProviderError('MultiSafepay could not be reached', 503);
    }
    if (status >= 200 && status < 300 && answer.success !== false) return answer.data ?? null;
    const info = typeof answer.error_info === 'string' && answer.error_info ? answer.error_info : `MultiSafepay answered ${status}`;
    throw new PaymentProviderError(info, status === 404 ? 404 : 502);
  }
}
