/**
 * Order statuses (spec 2 §3 "Order"): the codes the server stores and the English labels the spec names. The client
 * translates `orderStatus.<code>` (the common texts, one mapping for every screen); the label is the fallback and
 * what the server writes into mails.
 */
export const ORDER_STATUSES = ['pending', 'pending_payment', 'processing', 'complete', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = Object.freeze({
  pending: 'Pending',
  pending_payment: 'Pending Payment',
  processing: 'Processing',
  complete: 'Complete',
  canceled: 'Canceled',
});

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The label of a status code; a code the shop does not know reads as words ("on_hold" → "On hold"), never raw. */
export function orderStatusLabel(status: string): string {
  if (isOrderStatus(status)) return ORDER_STATUS_LABELS[status];
  const words = status.trim().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : status;
}

/** The i18n key of a status label (common texts). */
export function orderStatusKey(status: OrderStatus): `orderStatus.${OrderStatus}` {
  return `orderStatus.${status}`;
}

/**
 * Which changes a placed order's status may make. A canceled or complete order is final; a payment may come in late
 * (canceled stays canceled: the stock went back already).
 */
const NEXT: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['pending_payment', 'processing', 'complete', 'canceled'],
  pending_payment: ['pending', 'processing', 'complete', 'canceled'],
  processing: ['complete', 'canceled'],
  complete: [],
  canceled: [],
};

export function canChangeOrderStatus(from: OrderStatus, to: OrderStatus): boolean {
  return from === to || NEXT[from].includes(to);
}
