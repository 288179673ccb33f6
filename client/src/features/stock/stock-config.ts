/** The storefront's stock checks (spec 1 §4, §9): one place for what the spec leaves to configuration. */
export const STOCK_CONFIG = {
  /**
   * The stock prefetch count (spec 1 §9 "configurable"): how many of a listing's first cards ask their stock as soon
   * as the listing shows; the others ask when they scroll near the screen. One batch's worth by default.
   */
  prefetchCount: 15,
  /** How long the checks asked together (cards mounting, or scrolling into view) are gathered into one request. */
  gatherMs: 30,
  /** How far outside the screen a card starts asking its stock. */
  viewMargin: '200px',
} as const;

/** Where the stock checks queued while offline wait (spec 1 §7); kept until they are sent and answered. */
export const STOCK_QUEUE_KEY = 'shop.stock.queue';
