/**
 * Payloads of the payment service calls (spec 2 §3 "Payment creation payload/response", "Order comment payload",
 * "Order status data"; §7 "Payment service 1") and the payment messages of spec 2 §4 and §8. Strings are bounded:
 * these are public endpoints.
 */
import { z } from 'zod/mini';
import { PAYMENT_STATUS_GROUPS } from './status-groups.ts';

const text = (max: number) => z.string().check(z.maxLength(max, `must be at most ${max} characters`));
const required = (max: number) => z.string().check(z.minLength(1, 'Field is required'), z.maxLength(max, `must be at most ${max} characters`));
/** Order ids are client-made (shared/src/sync/document.schema.ts ClientIdSchema allows up to 64 characters). */
const orderId = z.string().check(z.minLength(1, 'Field is required'), z.maxLength(64, 'must be at most 64 characters'), z.regex(/^[A-Za-z0-9_-]+$/, 'must be an order id'));

/**
 * How a payment or order call proves whose order it is (issue 13): the customer's `Authorization: Bearer` token (the
 * order's customer), the order's own token (the placing device gets it in the order's result; the order-status link
 * carries it), or the order-status link's hash where that is what the caller has (the provider's return page).
 */
export const ORDER_TOKEN_HEADER = 'X-Order-Token';
export const ORDER_HASH_HEADER = 'X-Order-Hash';

/** POST /post-payment. The amount and currency the client sends are informational: the order's own total is charged. */
export const PostPaymentBodySchema = z.object({
  order_id: orderId,
  currency: z.optional(text(3)),
  description: z.optional(text(255)),
  redirectUrl: required(2000),
  method: required(64),
  amount: z.optional(z.union([z.number(), text(32)])),
  issuer: z.optional(z.nullable(text(64))),
});
export type PostPaymentBody = z.infer<typeof PostPaymentBodySchema>;

export interface PostPaymentResult {
  order_id: string;
  order_incremental_id: string;
  /** Decimal string in the order's currency, e.g. "1250.00". */
  amount: string;
  currency: string;
  payment_gateway_url: string;
}

/** The statuses an order comment may set from the client: the payment flow's two (spec 2 §4). */
export const ORDER_COMMENT_STATUSES = ['pending_payment', 'canceled'] as const;

/** POST /order-comments. */
export const OrderCommentBodySchema = z.object({
  order_id: orderId,
  order_comment: z.object({
    statusHistory: z.object({
      comment: required(1000),
      created_at: z.optional(z.nullable(text(40))),
      is_customer_notified: z.optional(z.nullable(z.union([z.boolean(), z.number()]))),
      is_visible_on_front: z.optional(z.nullable(z.union([z.boolean(), z.number()]))),
      parent_id: z.optional(z.nullable(z.union([z.number(), text(64)]))),
      status: z.enum(ORDER_COMMENT_STATUSES),
    }),
  }),
});
export type OrderCommentBody = z.infer<typeof OrderCommentBodySchema>;

/** POST /get-payment-status. */
export const PaymentStatusBodySchema = z.object({ order_id: orderId });

export const PaymentGroupSchema = z.enum(PAYMENT_STATUS_GROUPS);

export const BankTransferInstructionsSchema = z.object({
  account_holder: z.string(),
  iban: z.string(),
  bic: z.string(),
  amount: z.number(),
  currency: z.string(),
  reference: z.string(),
});

/**
 * Spec 2 §3 "Order status data": what the order-status page shows. Besides the spec's fields: the order's status and
 * total; `pay_again` while the order waits for a payment that has not succeeded (the shopper may pay the same order
 * again with one of its methods, or take the items back into the cart); the bank transfer instructions of an order
 * paid by bank transfer.
 */
export const OrderStatusDataSchema = z.object({
  order: z.object({
    increment_id: z.string(),
    customer_email: z.string(),
    /** The order id: what a payment made again is created for. */
    order_id: z.optional(z.string()),
    status: z.optional(z.string()),
    grand_total: z.optional(z.number()),
    currency: z.optional(z.string()),
    payment_method: z.optional(z.string()),
    /** When it was placed (ms since 1970). */
    created_at: z.optional(z.number()),
  }),
  payment: z.object({ status: z.string(), group: PaymentGroupSchema }),
  pay_again: z.optional(z.object({ methods: z.array(z.object({ code: z.string(), title: z.string() })) })),
  bank_transfer: z.optional(BankTransferInstructionsSchema),
});
export type OrderStatusData = z.infer<typeof OrderStatusDataSchema>;

/** GET /payment-methods: `result.data[]`. */
export interface PaymentServiceMethod {
  id: string;
  description: string;
  image?: string;
}

/** GET /fetch-issuers: `result.data[]`. */
export interface PaymentServiceIssuer {
  code: string;
  description: string;
  image?: string;
}

/**
 * Provider statuses of a payment the payer has not gone through yet (at the provider's page, or left it): paying again
 * is allowed while the latest payment is in one of these, or failed. A payment being processed (Mollie/sandbox
 * `pending`, MultiSafepay `uncleared`, ...) may still succeed, so it is waited for instead.
 */
export const NOT_STARTED_PAYMENT_STATUSES: readonly string[] = Object.freeze(['open', 'initialized']);

/** Whether an order whose latest payment is in this group and status may be paid again. */
export function mayPayAgain(latest: { group: string; status: string } | null): boolean {
  return latest === null || latest.group === 'failed' || (latest.group === 'pending' && NOT_STARTED_PAYMENT_STATUSES.includes(latest.status.toLowerCase()));
}

/** The payment messages of spec 2 §4 and §8 (English; the client translates `payments.messages.<key>`). */
export const PAYMENT_MESSAGES = {
  creatingRequest: 'Creating payment request...',
  notCreated: 'Payment is not created - {message}',
  invalidToken: 'Invalid payment token',
  hashIncorrect: 'Hash is incorrect, this is not good.',
  detailsProblem: 'There is a problem with getting the payment details for your order',
  serviceTitle: 'Payment service',
  returnToShopping: 'Return to shopping',
  returnToHomepage: 'Return to homepage',
} as const;
export type PaymentMessageKey = keyof typeof PAYMENT_MESSAGES;

export function paymentMessageKey(key: PaymentMessageKey): `payments.messages.${PaymentMessageKey}` {
  return `payments.messages.${key}`;
}

/** Order comments the payment flow records (spec 2 §4, §8). The amount is written as "1250.00 EUR". */
export function paymentCreatedComment(amount: string, currency: string): string {
  return `Payment is created for amount ${amount} ${currency}`;
}

export function paymentNotCreatedComment(message: string): string {
  return `Payment could not be created: ${message}`;
}

/** Minor units (cents) as the decimal string providers and comments use: 125000 -> "1250.00". */
export function minorToDecimal(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not a whole number of minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
