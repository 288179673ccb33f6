/**
 * Throttles for the calls an attacker repeats (login, password reset, registration, reviews), after OWASP ASVS 5.0
 * V6.3: the attacker is slowed, the owner is not locked out. @fastify/rate-limit counts (its key normalisation of the
 * client address, its store interface) and the shop's database keeps the counts (storage/rate-limit-store.ts), so
 * several instances share them.
 *
 * A rule counts attempts per key (a client address, an account, or the pair) in a window: `peek` answers the
 * state without counting, `hit` counts one, `clear` forgets the key. A rule with `backoffBaseMs` makes its key wait
 * exponentially longer after each attempt past `max`; `captchaAfter` is the count from which the next attempt must
 * carry a solved captcha (the `X-Captcha-Token` header).
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { DomainError } from '@shop/shared';
import { CAPTCHA_REQUIRED_MESSAGE } from '@shop/shared/content/index';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../storage/database.ts';
import { dbRateLimitStores } from '../storage/rate-limit-store.ts';
import type { CaptchaVerifier } from '../features/captcha/captcha.ts';

export const CAPTCHA_HEADER = 'x-captcha-token';
export const CAPTCHA_INVALID_MESSAGE = 'The captcha is not valid or has expired, please try again';
export const THROTTLED_MESSAGE = 'Too many attempts, please try again later';

export interface ThrottleRuleOptions {
  /** Attempts allowed before the key waits. */
  max: number;
  /** Seconds an attempt is remembered (and the longest wait). */
  windowSeconds: number;
  /** First wait in milliseconds, doubled for every attempt past `max` (exponential back-off); unset: the window. */
  backoffBaseMs?: number;
}

export interface ThrottleState {
  count: number;
  /** Seconds before the next attempt is accepted (0: now). */
  waitSeconds: number;
}

export interface ThrottleRule {
  peek(request: FastifyRequest, subject?: string): Promise<ThrottleState>;
  hit(request: FastifyRequest, subject?: string): Promise<ThrottleState>;
  clear(request: FastifyRequest, subject?: string): Promise<void>;
}

/** A 429 with the wait in `details.retryAfter` (and the Retry-After header), or a 403 asking for the captcha step. */
export class ThrottledError extends DomainError {
  constructor(
    code: 'account_rate_limited' | 'rate_limited',
    message: string,
    readonly retryAfter: number,
  ) {
    super(code, message, { status: 429, details: { retryAfter } });
  }
}

export function captchaRequired(invalid = false): DomainError {
  return new DomainError(invalid ? 'captcha_failed' : 'captcha_required', invalid ? CAPTCHA_INVALID_MESSAGE : CAPTCHA_REQUIRED_MESSAGE, { status: 403, details: { captcha: true } });
}

/** Who is asking: the client address, IPv6 addresses by their /64 as @fastify/rate-limit does. */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

export interface Throttle {
  rule(name: string, options: ThrottleRuleOptions): ThrottleRule;
  /** Refuses (403) unless the request carries a captcha token the shop accepts; spends it. */
  requireCaptcha(request: FastifyRequest): Promise<void>;
  /** Sets Retry-After and throws the 429 when the state says wait. */
  refuseWhileWaiting(reply: FastifyReply, state: ThrottleState, code?: 'account_rate_limited' | 'rate_limited', message?: string): void;
  /** Drops counts older than the longest window (now and then). */
  prune(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    throttleSubject: string | undefined;
  }
}

export async function registerThrottle(app: FastifyInstance, deps: { db: Db; now: () => number; captcha: CaptchaVerifier }): Promise<Throttle> {
  const stores = dbRateLimitStores(deps.db, deps.now);
  await app.register(rateLimit, { global: false, store: stores.Store as never, addHeaders: {}, addHeadersOnExceeding: {} });
  app.decorateRequest('throttleSubject', undefined);
  let longestWindowMs = 0;

  return {
    rule(name, options) {
      const windowMs = options.windowSeconds * 1000;
      longestWindowMs = Math.max(longestWindowMs, windowMs);
      const keyOf = (request: FastifyRequest): string => `${name}:${clientAddress(request)}${request.throttleSubject === undefined ? '' : `:${request.throttleSubject}`}`;
      const limiter = app.createRateLimit({
        max: options.max,
        timeWindow: windowMs,
        keyGenerator: keyOf,
        ...(options.backoffBaseMs ? { backoffBaseMs: options.backoffBaseMs } : {}),
      } as Parameters<FastifyInstance['createRateLimit']>[0]);
      const run = async (request: FastifyRequest, subject: string | undefined, increment: boolean): Promise<ThrottleState> => {
        request.throttleSubject = subject;
        const result = await limiter(request, { increment });
        if (result.isAllowed) return { count: 0, waitSeconds: 0 };
        return { count: options.max - result.remaining, waitSeconds: result.ttlInSeconds };
      };
      return {
        peek: (request, subject) => run(request, subject, false),
        hit: (request, subject) => run(request, subject, true),
        clear: async (request, subject) => {
          request.throttleSubject = subject;
          await stores.reset(keyOf(request));
        },
      };
    },
    async requireCaptcha(request) {
      if (deps.captcha.provider === 'off') return;
      const header = request.headers[CAPTCHA_HEADER];
      const token = typeof header === 'string' ? header.trim() : '';
      if (!token) throw captchaRequired();
      if (!(await deps.captcha.consume(token, request.ip))) throw captchaRequired(true);
    },
    refuseWhileWaiting(reply, state, code = 'rate_limited', message = THROTTLED_MESSAGE) {
      if (state.waitSeconds <= 0) return;
      reply.header('retry-after', String(state.waitSeconds));
      throw new ThrottledError(code, message, state.waitSeconds);
    },
    prune: () => stores.prune(longestWindowMs),
  };
}
