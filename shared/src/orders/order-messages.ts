import { NOT_SHIPPABLE_MESSAGE } from './allowed-countries.ts';

/**
 * The order-placing messages of spec 2 §8, in the spec's English. The server writes them into an order's `result`;
 * the client translates `orders.messages.<key>` with the same `{email}` value and falls back to `message`.
 */
export const ORDER_MESSAGES = {
  invalidAddress: 'Address provided in checkout contains invalid data, order cancelled, contact {email}',
  validationError: 'Internal validation error, check required fields, contact {email}',
  notAvailable: 'Some of the ordered products are not available',
  placingError: 'Error placing an order',
  serverErrorQueued: 'The order can not be transferred because of a server error, order has been queued',
  addingProducts: 'Error: Error while adding products',
  /** Not in the spec: a product whose `allowedcountries` leave out the shipping country (allowed-countries.ts). */
  notShippable: NOT_SHIPPABLE_MESSAGE,
  /** Not in the spec: cheque or cash on delivery for an order above the operator's limit (PAYMENT_OFFLINE_MAX). */
  paymentNotAllowed: '{method} is not available for orders over {limit}. Please choose another payment method.',
} as const;
export type OrderMessageKey = keyof typeof ORDER_MESSAGES;

/** The result code each failure is written with: bad input 400, stock 409, the shop's own failure 500. */
export const ORDER_FAILURE_CODES: Readonly<Record<'invalidAddress' | 'validationError' | 'notAvailable' | 'notShippable' | 'paymentNotAllowed' | 'placingError', 400 | 409 | 500>> = {
  invalidAddress: 400,
  paymentNotAllowed: 400,
  notShippable: 400,
  validationError: 400,
  notAvailable: 409,
  placingError: 500,
};

export function orderMessage(key: OrderMessageKey, values: { email?: string; product?: string; country?: string; method?: string; limit?: string } = {}): string {
  return ORDER_MESSAGES[key]
    .replace('{method}', values.method ?? '')
    .replace('{limit}', values.limit ?? '')
    .replace('{email}', values.email ?? '')
    .replace('{product}', values.product ?? '')
    .replace('{country}', values.country ?? '');
}

export function orderMessageKey(key: OrderMessageKey): `orders.messages.${OrderMessageKey}` {
  return `orders.messages.${key}`;
}
