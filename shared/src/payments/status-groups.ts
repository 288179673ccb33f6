/**
 * Payment status groups (spec 2 §4): which of a provider's payment statuses mean success, pending or failed, the
 * outcome message of each group and its label colour. The server maps a fetched provider status into a group before
 * it touches an order; the client's order-status page colours its label with the same mapping.
 */

/** The shop's payment providers: the built-in sandbox speaks provider 1's (Mollie's) vocabulary. */
export const PAYMENT_PROVIDERS = ['sandbox', 'mollie', 'multisafepay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_STATUS_GROUPS = ['success', 'pending', 'failed'] as const;
export type PaymentStatusGroup = (typeof PAYMENT_STATUS_GROUPS)[number];

type GroupTable = Readonly<Record<PaymentStatusGroup, readonly string[]>>;

/** Provider 1 (Mollie-like), as the spec lists it. */
export const PROVIDER_1_GROUPS: GroupTable = Object.freeze({
  success: ['paid'],
  pending: ['pending', 'open'],
  failed: ['expired', 'failed', 'canceled'],
});

/** Provider 2 (MultiSafepay-like), as the spec lists it. */
export const PROVIDER_2_GROUPS: GroupTable = Object.freeze({
  success: ['completed', 'shipped'],
  pending: ['hold', 'initialized', 'reserved', 'uncleared'],
  failed: ['expired', 'declined', 'cancelled', 'void'],
});

/**
 * Documented statuses the spec does not list (decision payments): Mollie's `authorized` (money held, not yet
 * captured) waits like a pending payment; MultiSafepay's refunds and chargebacks happen after a completed payment and
 * are not an outcome of the checkout, so the shopper keeps seeing "pending" rather than a false success or failure.
 */
const UNLISTED_AS_PENDING: Readonly<Record<PaymentProviderName, readonly string[]>> = Object.freeze({
  sandbox: [],
  mollie: ['authorized'],
  multisafepay: ['refunded', 'partial_refunded', 'chargedback'],
});

export function statusGroupTable(provider: PaymentProviderName): GroupTable {
  return provider === 'multisafepay' ? PROVIDER_2_GROUPS : PROVIDER_1_GROUPS;
}

/** The group of a status the spec lists for this provider, or null for any other status. */
export function listedStatusGroup(provider: PaymentProviderName, status: string): PaymentStatusGroup | null {
  const table = statusGroupTable(provider);
  const normalised = status.trim().toLowerCase();
  for (const group of PAYMENT_STATUS_GROUPS) if (table[group].includes(normalised)) return group;
  return null;
}

/**
 * The group a provider status belongs to. A status outside the spec's lists is pending: it never completes or
 * cancels an order on its own.
 */
export function paymentStatusGroup(provider: PaymentProviderName, status: string): PaymentStatusGroup {
  return listedStatusGroup(provider, status) ?? 'pending';
}

/** Statuses beyond the spec's lists that the provider documents; each is pending (see above). */
export function unlistedStatuses(provider: PaymentProviderName): readonly string[] {
  return UNLISTED_AS_PENDING[provider];
}

/** The spec's outcome messages (English fallback); the client translates `payments.outcome.<group>`. */
export const PAYMENT_OUTCOME_MESSAGES: Readonly<Record<PaymentStatusGroup, string>> = Object.freeze({
  success: 'Your payment has succeeded. The order confirmation and the invoice will be e-mailed to {email} shortly.',
  pending: 'The details of your payment are pending. The status will update automatically and you will be informed by e-mail at {email}.',
  failed: 'Your payment for this order has failed.',
});

export function paymentOutcomeKey(group: PaymentStatusGroup): `payments.outcome.${PaymentStatusGroup}` {
  return `payments.outcome.${group}`;
}

export function paymentOutcomeMessage(group: PaymentStatusGroup, values: { email?: string } = {}): string {
  return PAYMENT_OUTCOME_MESSAGES[group].replace('{email}', values.email ?? '');
}

/** Label colours (spec 2 §4): success green, pending grey, failed red. */
export const PAYMENT_GROUP_COLOURS: Readonly<Record<PaymentStatusGroup, 'green' | 'grey' | 'red'>> = Object.freeze({
  success: 'green',
  pending: 'grey',
  failed: 'red',
});
