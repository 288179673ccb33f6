/**
 * The Mollie adapter (Payments API v2, https://docs.mollie.com): a bearer API key; POST /v2/payments with an
 * `Idempotency-Key` (the shop's order id) answers the payment id (tr_...) and `_links.checkout.href`;
 * GET /v2/payments/{id} answers its `status`. Mollie's webhook posts only `id=tr_...` (form-encoded) and signs
 * nothing: the shop fetches that payment, so a webhook can never set a status by itself.
 */
import type { PaymentServiceIssuer, PaymentServiceMethod } from '@shop/shared/payments/index';
import { minorToDecimal } from '@shop/shared/payments/index';
import {
  PaymentProviderError,
  type CreatedPayment,
  type CreatePaymentInput,
  type FetchedPayment,
  type NotificationRequest,
  type PaymentFetch,
  type PaymentProvider,
  type VerifiedNotification,
} from '../payment-provider.ts';

export const MOLLIE_API_URL = 'https://api.mollie.com/v2';
const PAYMENT_ID = /^tr_[A-Za-z0-9]{1,40}$/;

interface MolliePayment {
  id?: unknown;
  status?: unknown;
  amount?: { value?: unknown; currency?: unknown };
  _links?: { checkout?: { href?: unknown } };
}

/** "1250.00" -> 125000; anything else -> undefined. */
function decimalToMinor(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d+\.\d{2}$/.test(value)) return undefined;
  return Number(value.replace('.', ''));
}

export class MollieProvider implements PaymentProvider {
  readonly name = 'mollie' as const;

  constructor(private readonly options: { apiKey: string; baseUrl?: string; fetch: PaymentFetch }) {}

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const payment = (await this.call(
      'POST',
      '/payments',
      {
        amount: { currency: input.currency, value: minorToDecimal(input.amount) },
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.notificationUrl,
        method: input.method.toLowerCase(),
        ...(input.issuer ? { issuer: input.issuer } : {}),
        metadata: { order_id: input.orderId, increment_id: input.incrementId },
      },
      { 'idempotency-key': input.idempotencyKey },
    )) as MolliePayment;
    const href = payment._links?.checkout?.href;
    if (typeof payment.id !== 'string' || typeof href !== 'string') throw new PaymentProviderError('Mollie answered no checkout address');
    return { providerPaymentId: payment.id, gatewayUrl: href };
  }

  async fetchStatus(providerPaymentId: string): Promise<FetchedPayment> {
    if (!PAYMENT_ID.test(providerPaymentId)) throw new PaymentProviderError('The payment is not known', 404);
    const payment = (await this.call('GET', `/payments/${providerPaymentId}`)) as MolliePayment;
    if (typeof payment.status !== 'string') throw new PaymentProviderError('Mollie answered no payment status');
    const amount = decimalToMinor(payment.amount?.value);
    return {
      providerPaymentId,
      status: payment.status,
      ...(amount === undefined ? {} : { amount }),
      ...(typeof payment.amount?.currency === 'string' ? { currency: payment.amount.currency } : {}),
    };
  }

  /** The webhook's only field is the payment id; whatever else it carries is ignored. */
  async verifyNotification(request: NotificationRequest): Promise<VerifiedNotification | null> {
    const id = new URLSearchParams(request.rawBody).get('id') ?? (typeof request.query.id === 'string' ? request.query.id : null);
    return id && PAYMENT_ID.test(id) ? { providerPaymentId: id } : null;
  }

  async listMethods(): Promise<PaymentServiceMethod[]> {
    const answer = (await this.call('GET', '/methods')) as { _embedded?: { methods?: unknown } };
    const methods = Array.isArray(answer._embedded?.methods) ? answer._embedded.methods : [];
    return methods
      .filter((m): m is { id: string; description: string; image?: { svg?: unknown } } => typeof m?.id === 'string' && typeof m?.description === 'string')
      .map((m) => ({ id: m.id, description: m.description, ...(typeof m.image?.svg === 'string' ? { image: m.image.svg } : {}) }));
  }

  async listIssuers(method: string): Promise<PaymentServiceIssuer[]> {
    const answer = (await this.call('GET', `/methods/${encodeURIComponent(method.toLowerCase())}?include=issuers`)) as { issuers?: unknown };
    const issuers = Array.isArray(answer.issuers) ? answer.issuers : [];
    return issuers
      .filter((i): i is { id: string; name: string; image?: { svg?: unknown } } => typeof i?.id === 'string' && typeof i?.name === 'string')
      .map((i) => ({ code: i.id, description: i.name, ...(typeof i.image?.svg === 'string' ? { image: i.image.svg } : {}) }));
  }

  private async call(method: 'GET' | 'POST', path: string, payload?: unknown, extraHeaders: Record<string, string> = {}): Promise<unknown> {
    let status: number;
    let body: { detail?: unknown; title?: unknown } & Record<string, unknown>;
    try {
      const response = await this.options.fetch(`${this.options.baseUrl ?? MOLLIE_API_URL}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          accept: 'application/hal+json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...extraHeaders,
        },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        signal: AbortSignal.timeout(15_000),
      });
      status = response.status;
      body = ((await response.json().catch(() => null)) ?? {}) as typeof body;
    } catch {
      throw new PaymentProviderError('Mollie could not be reached', 503);
    }
    if (status >= 200 && status < 300) return body;
    // Mollie's errors are RFC 7807 problems: `detail` says what is wrong.
    const detail = typeof body.detail === 'string' && body.detail ? body.detail : typeof body.title === 'string' ? body.title : `Mollie answered ${status}`;
    throw new PaymentProviderError(detail, status === 404 ? 404 : 502);
  }
}
