/**
 * The built-in sandbox payment provider (the default; works offline on one machine). A payment gets its own hosted
 * payment page on the shop's server (/sandbox-pay/:paymentId) where the payer chooses the outcome; the sandbox
 * records it, sends an HMAC-signed notification to the shop's notification route, and sends the payer back.
 * It speaks provider 1's status words: open, paid, pending, failed, expired, canceled.
 *
 * The hosted page belongs to the payer who got its address: the gateway address carries a per-payment key
 * (`?key=`, an HMAC of the payment id with the sandbox's secret), and the page shows, pays or fails a payment only
 * with it. Without it the page answers as for a payment that does not exist.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PROVIDER_METHODS, type PaymentServiceIssuer, type PaymentServiceMethod } from '@shop/shared/payments/index';
import type { Db } from '../../../storage/database.ts';
import {
  headerValue,
  PaymentProviderError,
  type CreatedPayment,
  type CreatePaymentInput,
  type FetchedPayment,
  type NotificationRequest,
  type PaymentProvider,
  type VerifiedNotification,
} from '../payment-provider.ts';

export const SANDBOX_PAGE_PATH = '/sandbox-pay';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
/** The query parameter (and form field) of the hosted page's per-payment key. */
export const SANDBOX_KEY_PARAM = 'key';
/** A signed notification older (or newer) than this is refused: a captured one cannot be replayed later. */
export const SANDBOX_NOTIFICATION_MAX_AGE_MS = 5 * 60 * 1000;

/** The payer's five choices and the status each one records. */
export const SANDBOX_OUTCOMES = {
  paid: 'paid',
  pending: 'pending',
  failed: 'failed',
  expired: 'expired',
  cancelled: 'canceled',
} as const;
export type SandboxOutcome = keyof typeof SANDBOX_OUTCOMES;

/** Statuses after which the payer can no longer choose (a real provider's final statuses). */
const FINAL = new Set(['paid', 'failed', 'expired', 'canceled']);

const SANDBOX_METHOD_NAMES: Readonly<Record<string, string>> = { ideal: 'iDEAL', creditcard: 'Credit card', paypal: 'PayPal' };

/** The sandbox's iDEAL banks (spec 2 §5: iDEAL needs an issuer id; an empty issuer list is an error). */
export const SANDBOX_IDEAL_ISSUERS: readonly PaymentServiceIssuer[] = Object.freeze([
  { code: 'ideal_ABNANL2A', description: 'ABN AMRO' },
  { code: 'ideal_INGBNL2A', description: 'ING' },
  { code: 'ideal_RABONL2U', description: 'Rabobank' },
]);

/** The methods the sandbox takes: the ones the checkout offers with it (PROVIDER_METHODS.sandbox). */
export const SANDBOX_METHODS: readonly PaymentServiceMethod[] = Object.freeze(PROVIDER_METHODS.sandbox.map((id) => ({ id, description: SANDBOX_METHOD_NAMES[id] ?? id })));

export interface SandboxPayment {
  id: string;
  order_id: string;
  increment_id: string;
  amount: number;
  currency: string;
  description: string;
  method: string;
  redirect_url: string;
  notification_url: string;
  status: string;
  created_at: number;
  updated_at: number;
}

/** Delivers a signed notification; the shop's own server answers it (in-process), answering the HTTP status. */
export type SandboxNotify = (url: string, body: string, headers: Record<string, string>) => Promise<number>;

export function sandboxSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  private readonly db;

  constructor(
    db: Db,
    private readonly options: { secret: string; now: () => number; notify: SandboxNotify },
  ) {
    this.db = db.withTables<{ sandbox_payments: SandboxPayment }>();
  }

  /** One sandbox payment per order: a repeated create answers the first one. */
  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    if (!SANDBOX_METHODS.some((m) => m.id === input.method)) throw new PaymentProviderError(`The payment method ${input.method} is not available`, 422);
    if (input.method === 'ideal' && !SANDBOX_IDEAL_ISSUERS.some((issuer) => issuer.code === input.issuer)) throw new PaymentProviderError('iDEAL needs the bank you pay with', 422);
    const at = this.options.now();
    await this.db
      .insertInto('sandbox_payments')
      .values({
        id: `sbx_${randomBytes(12).toString('base64url')}`,
        order_id: input.idempotencyKey,
        increment_id: input.incrementId,
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        method: input.method,
        redirect_url: input.redirectUrl,
        notification_url: input.notificationUrl,
        status: 'open',
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .execute();
    const row = await this.db.selectFrom('sandbox_payments').select('id').where('order_id', '=', input.idempotencyKey).executeTakeFirstOrThrow();
    return { providerPaymentId: row.id, gatewayUrl: `${new URL(input.redirectUrl).origin}${SANDBOX_PAGE_PATH}/${row.id}?${SANDBOX_KEY_PARAM}=${this.pageKey(row.id)}` };
  }

  /** The hosted page's key of a payment: only the gateway address the payer got carries it. */
  pageKey(paymentId: string): string {
    return createHmac('sha256', this.options.secret).update(`sandbox-page:${paymentId}`).digest('base64url');
  }

  /** The payment of the hosted page, when `key` is its page key; null for an unknown payment or a wrong key alike. */
  async paymentWithKey(paymentId: string, key: unknown): Promise<SandboxPayment | null> {
    if (typeof key !== 'string' || !sameHex(key, this.pageKey(paymentId))) return null;
    return this.payment(paymentId);
  }

  async payment(id: string): Promise<SandboxPayment | null> {
    const row = await this.db.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? { ...row, amount: Number(row.amount), created_at: Number(row.created_at), updated_at: Number(row.updated_at) } : null;
  }

  async fetchStatus(providerPaymentId: string): Promise<FetchedPayment> {
    const row = await this.payment(providerPaymentId);
    if (!row) throw new PaymentProviderError('The payment is not known', 404);
    return { providerPaymentId: row.id, status: row.status, amount: row.amount, currency: row.currency };
  }

  isFinal(payment: SandboxPayment): boolean {
    return FINAL.has(payment.status);
  }

  /**
   * Records the payer's choice and notifies the shop, then answers where to send the payer. A finished payment
   * keeps its outcome (answers null).
   */
  async recordOutcome(id: string, outcome: SandboxOutcome): Promise<SandboxPayment | null> {
    const status = SANDBOX_OUTCOMES[outcome];
    const result = await this.db
      .updateTable('sandbox_payments')
      .set({ status, updated_at: this.options.now() })
      .where('id', '=', id)
      .where('status', 'not in', [...FINAL])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    const payment = (await this.payment(id))!;
    await this.sendNotification(payment);
    return payment;
  }

  /** A notification names the payment and a fresh event id; it carries no status (the shop fetches it). */
  async sendNotification(payment: SandboxPayment): Promise<number> {
    const body = JSON.stringify({ payment_id: payment.id, event_id: randomBytes(12).toString('base64url') });
    const timestamp = String(this.options.now());
    return this.options.notify(payment.notification_url, body, {
      'content-type': 'application/json',
      [SANDBOX_TIMESTAMP_HEADER]: timestamp,
      [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(this.options.secret, timestamp, body),
    });
  }

  async verifyNotification(request: NotificationRequest): Promise<VerifiedNotification | null> {
    const timestamp = headerValue(request.headers, SANDBOX_TIMESTAMP_HEADER) ?? '';
    const signature = headerValue(request.headers, SANDBOX_SIGNATURE_HEADER) ?? '';
    if (!/^\d{1,16}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return null;
    if (Math.abs(this.options.now() - Number(timestamp)) > SANDBOX_NOTIFICATION_MAX_AGE_MS) return null;
    if (!sameHex(sandboxSignature(this.options.secret, timestamp, request.rawBody), signature)) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(request.rawBody);
    } catch {
      return null;
    }
    const { payment_id: paymentId, event_id: eventId } = (parsed ?? {}) as { payment_id?: unknown; event_id?: unknown };
    if (typeof paymentId !== 'string' || typeof eventId !== 'string') return null;
    return { providerPaymentId: paymentId, eventId };
  }

  async listMethods(): Promise<PaymentServiceMethod[]> {
    return [...SANDBOX_METHODS];
  }

  /** iDEAL's banks; the other methods have none. */
  async listIssuers(method: string): Promise<PaymentServiceIssuer[]> {
    return method === 'ideal' ? [...SANDBOX_IDEAL_ISSUERS] : [];
  }
}
