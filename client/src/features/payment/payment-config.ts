/** The payment service's configuration on the client (spec 2 §4 'Order placing', §7 'Payment service 1'). */
export const PAYMENT_CONFIG = {
  /** The module is off unless the payment service is enabled (spec 2 §4). */
  enabled: true,
  /** Base of the 'Payment service 1' calls (the server's PAYMENT_SERVICE_BASE). */
  serviceBase: '/api/payment',
  /** Where a failed payment creation sends the shopper; null: the store's Home (spec 2 §4). */
  errorUrl: null as string | null,
  /** How often the order-status page asks again while a payment is pending. */
  statusRefreshMs: 4_000,
} as const;
