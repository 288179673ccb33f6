/** Offline orders' configuration (spec 2 §4). */
export const ORDERS_CONFIG = {
  /** Send orders made offline as soon as the connection returns, without asking (off: the shopper confirms). */
  autoTransmit: false,
  /** How often a tab waiting for an order's answer asks the leading tab to pull (orders have no live stream). */
  answerPollMs: 1_500,
} as const;

/** Where the last placed order is remembered (its time is spec 2 §4's "order timestamp"). */
export const LAST_ORDER_KEY = 'shop.checkout.lastOrder';
