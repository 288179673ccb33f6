/** The cart's configuration (spec 1 §1, §9; spec 2 §9): one place for what the spec leaves to configuration. */
export const CART_CONFIG = {
  /** The minicart counts the total quantity ('qty') or the lines ('items'). */
  countBy: 'qty' as 'items' | 'qty',
  /** How often a 401 on the cart token request is retried as a guest cart before sync is treated as disabled. */
  maxBypassAttempts: 2,
  /** Out-of-stock products are allowed in the cart (spec 1 §9): volatile stock warns instead of "unsafe quantity". */
  allowOutOfStockInCart: true,
  /** Zero-price products may be added (spec 1 §5). */
  allowZeroPrice: true,
  /** How long a failed replication call waits before it is tried again ('online' retries at once). */
  replicationRetryMs: 5_000,
  /** How long "clear with sync" waits for the server before it goes on. */
  clearSyncTimeoutMs: 10_000,
} as const;
