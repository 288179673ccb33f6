/**
 * Error codes both sides share. The server answers with the code and the English message; the client
 * maps the code to a translated text (i18n key `errors.<code>`), falling back to the message.
 */
export const ERROR_CODES = [
  'bad_request',
  'not_found',
  'unknown_entity_type',
  'invalid_search_query',
  'product_search_key_missing',
  'product_status_rejected',
  'product_visibility_rejected',
  'category_empty_result',
  'category_below_root',
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
