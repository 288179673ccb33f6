import type { ApiErrorBody, ApiSuccess } from '@shop/shared';
import { shopFetch } from './network.ts';

/** A failed call: `status` 0 means the network failed; `code` is the server's error code (or 'network'). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The server's `result.details` (a 429's `retryAfter`, a 400's `fields`), when it sent any. */
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** Sends one call; the gate may send it more than once (with a new token). */
export type Send = (init: RequestInit) => Promise<Response>;
type Gate = (path: string, init: RequestInit, send: Send) => Promise<Response>;
let gate: Gate | undefined;

/** Set by the customer session (features/account/auth-gate.ts): the bearer token, and 401s through the token lock. */
export function setApiGate(next: Gate | undefined): void {
  gate = next;
}

/** One call in full: the envelope with `result` and `meta`. */
export async function apiRequest<T>(path: string, init: RequestInit): Promise<ApiSuccess<T>> {
  let response: Response;
  const send: Send = (extra) => shopFetch(path, { ...extra, headers: { accept: 'application/json', ...extra.headers } });
  try {
    response = await (gate ? gate(path, init, send) : send(init));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', error instanceof Error ? error.message : 'Network error');
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(response.status, 'bad_content_type', 'Error with response - bad content-type!');
  }
  if (!response.ok) {
    const result = (body as Partial<ApiErrorBody> | null)?.result;
    // A wait without details still has its Retry-After header.
    const retryAfter = Number(response.headers.get('retry-after'));
    const details = result?.details ?? (response.status === 429 && retryAfter > 0 ? { retryAfter } : undefined);
    throw new ApiError(response.status, result?.error ?? 'internal', result?.message ?? response.statusText, details);
  }
  if (!body || typeof body !== 'object' || !('result' in body)) {
    throw new ApiError(response.status, 'bad_format', 'Unhandled error, wrong response format!');
  }
  return body as ApiSuccess<T>;
}

const call = async <T>(path: string, init: RequestInit): Promise<T> => (await apiRequest<T>(path, init)).result;

export function apiGet<T>(path: string, signal?: AbortSignal, headers?: Record<string, string>): Promise<T> {
  return call<T>(path, { ...(signal ? { signal } : {}), ...(headers ? { headers } : {}) });
}

export function apiPost<T>(path: string, body: unknown, signal?: AbortSignal, headers?: Record<string, string>): Promise<T> {
  return call<T>(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers }, ...(signal ? { signal } : {}) });
}

/** A guest cart is named in a header, never in the address (addresses end up in logs and browser history). */
export function cartHeaders(token: string): Record<string, string> {
  return { 'x-cart-id': token };
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
