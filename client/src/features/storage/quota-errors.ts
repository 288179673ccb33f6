/**
 * Whether a storage failure means "no room": the origin is over its quota or the disk is full.
 * - IndexedDB in Chromium aborts the transaction and names the reason on it: Dexie rejects with an `AbortError`
 *   whose `inner` is the `QuotaExceededError` (some browsers give the `QuotaExceededError` itself, or an
 *   `OpenFailedError` with it inside when the database could not even open).
 * - RxDB's Dexie storage passes that rejection on unchanged from `bulkWrite`; RxDB's own errors carry the cause in
 *   `parameters.error`.
 * - The Cache API and localStorage throw a `DOMException` named `QuotaExceededError` (legacy code 22); Firefox
 *   names it `NS_ERROR_DOM_QUOTA_REACHED`.
 */
const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);
const QUOTA_CODE = 22;

export function isQuotaError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { name, code, message, inner, cause, parameters } = error as { name?: unknown; code?: unknown; message?: unknown; inner?: unknown; cause?: unknown; parameters?: { error?: unknown } };
  if (typeof name === 'string' && QUOTA_NAMES.has(name)) return true;
  if (code === QUOTA_CODE && typeof DOMException !== 'undefined' && error instanceof DOMException) return true;
  // An abort that names no inner error but says why in its message ("QuotaExceededError An attempt was made ...").
  if (name === 'AbortError' && typeof message === 'string' && /QuotaExceeded/i.test(message)) return true;
  return isQuotaError(inner, depth + 1) || isQuotaError(cause, depth + 1) || isQuotaError(parameters?.error, depth + 1);
}
