/**
 * Order statuses (spec 2 §3 "Order"): the codes the server stores and the English labels the spec names. The client
 * translates `orders.status.<code>`; the label is the fallback and what the server writes into mails.
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

/** The label of a status code; an unknown code is shown as it is. */
export function orderStatusLabel(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status;
}

/** The i18n key of a status label. */
export function orderStatusKey(status: OrderStatus): `orders.status.${OrderStatus}` {
  return `orders.status.${status}`;
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
