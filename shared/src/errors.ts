/**
 * What can stop or qualify an "add to cart" (spec 1 §5, §8); `shared/src/cart/cart-errors.ts` gives their messages.
 */
export const CART_PROBLEM_CODES = [
  'cart_price_unknown',
  'cart_product_error',
  'cart_qty_not_above_zero',
  'cart_qty_not_integer',
  'cart_out_of_stock',
  'cart_stock_volatile',
  'cart_unsafe_quantity',
  // The quantity and option messages of spec 2 §5 (quantity.ts).
  'cart_qty_negative',
  'cart_qty_too_large',
  'cart_qty_not_more_than',
  'cart_qty_only_available',
  'cart_bundle_options',
  // The shopper's own ring size or bracelet length (custom-size.ts).
  'cart_size_missing',
  'cart_size_unit',
  'cart_size_not_number',
  'cart_size_decimals',
  'cart_size_range_mm',
  'cart_size_range_inch',
  'cart_size_not_taken',
] as const;

/**
 * Error codes both sides share. The server answers with the code and the English message; the client
 * maps the code to a translated text (i18n key `errors.<code>`), falling back to the message.
 */
export const ERROR_CODES = [
  'bad_request',
  'not_found',
  'unknown_entity_type',
  'invalid_search_query',
  // A catalogue search that took longer than spec 1 §9's server limit (a 503: the same search may be tried again).
  'search_timeout',
  // The server is loading its catalogue (at start): a 503 with `details.retryAfter`; everything else answers meanwhile.
  'catalogue_loading',
  'product_search_key_missing',
  'product_status_rejected',
  'product_visibility_rejected',
  'category_empty_result',
  'category_below_root',
  'unauthorized',
  'conflict',
  ...CART_PROBLEM_CODES,
  // The account calls (shared/src/account/account.schema.ts names the same codes).
  'account_email_exists',
  'account_sign_in_incorrect',
  'account_email_unknown',
  'account_refresh_refused',
  'account_reset_token_invalid',
  'account_current_password_wrong',
  'account_rate_limited',
  // Content (shared/src/content): a missing or wrong captcha; an admin call without the admin token.
  'captcha_failed',
  // The throttles (server/src/plugins/throttle.ts): wait `details.retryAfter` seconds; solve the captcha first.
  'rate_limited',
  'captcha_required',
  'forbidden',
  // The sync task queue (server/src/plugins/task-receipts.ts) and the shop's forms (spec 2 §7).
  'task_id_reused',
  'validation_failed',
  'slot_taken',
  'upload_not_picture',
  'upload_missing',
  'form_not_found',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, options: { status?: number; details?: unknown } = {}) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.status = options.status ?? 400;
    this.details = options.details;
  }
}
