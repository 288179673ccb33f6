/**
 * How the shop's throttles answer a form (server/src/plugins/throttle.ts), read on the client: a 429 asks the shopper
 * to wait `details.retryAfter` seconds (or the Retry-After header's), a 403 `captcha_required` / `captcha_failed`
 * asks for the captcha step. Pure, so the forms and their tests read the answers alike.
 */
import { ApiError } from '../../app/api.ts';

/** The header a solved captcha travels in when a throttle asks for it. */
export const CAPTCHA_TOKEN_HEADER = 'x-captcha-token';

export type Refusal = { kind: 'wait'; seconds: number } | { kind: 'captcha'; invalid: boolean };

/** A wait that names no time is taken as a minute: the shopper is told something, and may try again after it. */
export const DEFAULT_WAIT_SECONDS = 60;

export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 429) {
    const seconds = Number((error.details as { retryAfter?: unknown } | null | undefined)?.retryAfter);
    return { kind: 'wait', seconds: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : DEFAULT_WAIT_SECONDS };
  }
  if (error.code === 'captcha_required' || error.code === 'captcha_failed') return { kind: 'captcha', invalid: error.code === 'captcha_failed' };
  return null;
}

/** The i18n key and count of "Too many attempts. Please try again in …": seconds under a minute, else whole minutes (rounded up). */
export function waitText(seconds: number): { key: 'throttle.waitSeconds' | 'throttle.waitMinutes'; count: number } {
  const whole = Math.max(1, Math.ceil(seconds));
  return whole < 60 ? { key: 'throttle.waitSeconds', count: whole } : { key: 'throttle.waitMinutes', count: Math.ceil(whole / 60) };
}

/** A countdown as m:ss (0:29, 14:05). */
export function countdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The headers of a call that carries a solved captcha (none without one). */
export function captchaHeaders(token: string | null | undefined): Record<string, string> {
  return token ? { [CAPTCHA_TOKEN_HEADER]: token } : {};
}

/**
 * A refusal the form's guard already shows (the wait message, the captcha step): the form adds no message of its own.
 */
export class ShownRefusal extends Error {
  constructor(readonly refusal: Refusal | { kind: 'captchaUnavailable' }) {
    super('Shown beside the form');
    this.name = 'ShownRefusal';
  }
}
