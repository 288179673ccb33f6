/**
 * Captcha verification behind one interface (decision content): the shop's own proof-of-work by default, Google
 * reCAPTCHA as an adapter, or off (every check passes, as spec 2 §4 says when captcha is unavailable).
 * `check` answers whether a token is valid now (the spec's verify call); `consume` spends it, so a protected call
 * (a newsletter subscription) accepts one token once.
 */
import { randomBytes } from 'node:crypto';
import { parsePowToken, powSatisfied, type CaptchaChallenge, type CaptchaConfig, type CaptchaProvider } from '@shop/shared/content/index';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../storage/database.ts';

export interface CaptchaVerifier {
  readonly provider: CaptchaProvider;
  /** What the client needs to show the captcha. */
  clientConfig(): CaptchaConfig;
  check(token: string, remoteIp?: string): Promise<boolean>;
  consume(token: string, remoteIp?: string): Promise<boolean>;
}

/** Proof-of-work challenges live this long (contract: 5 minutes). */
export const POW_CHALLENGE_TTL_MS = 5 * 60 * 1000;

interface CaptchaChallengesTable {
  id: string;
  difficulty: number;
  expires_at: number;
  used_at: number | null;
}

export class PowCaptcha implements CaptchaVerifier {
  readonly provider = 'pow' as const;
  private readonly db;

  constructor(
    db: Db,
    private readonly options: { difficulty: number; now: () => number },
  ) {
    this.db = db.withTables<{ captcha_challenges: CaptchaChallengesTable }>();
  }

  clientConfig(): CaptchaConfig {
    return { provider: 'pow' };
  }

  /** A new random challenge, stored until it expires; spent and expired ones are swept on the way. */
  async challenge(): Promise<CaptchaChallenge> {
    const now = this.options.now();
    const challenge = randomBytes(18).toString('base64url');
    const expiresAt = now + POW_CHALLENGE_TTL_MS;
    await this.db.deleteFrom('captcha_challenges').where('expires_at', '<', now - POW_CHALLENGE_TTL_MS).execute();
    await this.db.insertInto('captcha_challenges').values({ id: challenge, difficulty: this.options.difficulty, expires_at: expiresAt, used_at: null }).execute();
    return { challenge, difficulty: this.options.difficulty, expiresAt };
  }

  async check(token: string): Promise<boolean> {
    return (await this.solvedChallenge(token)) !== null;
  }

  async consume(token: string): Promise<boolean> {
    const id = await this.solvedChallenge(token);
    if (id === null) return false;
    // Only one request can flip used_at from null: a token replayed at the same moment loses.
    const spent = await this.db.updateTable('captcha_challenges').set({ used_at: this.options.now() }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1;
  }

  /** The challenge id when the token solves a known, unexpired, unspent challenge; otherwise null. */
  private async solvedChallenge(token: string): Promise<string | null> {
    const parsed = parsePowToken(token.trim());
    if (!parsed) return null;
    const row = await this.db.selectFrom('captcha_challenges').selectAll().where('id', '=', parsed.challenge).executeTakeFirst();
    if (!row || row.used_at !== null || Number(row.expires_at) <= this.options.now()) return null;
    return powSatisfied(parsed.challenge, parsed.nonce, row.difficulty) ? row.id : null;
  }
}

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<{ status: number; json(): Promise<unknown> }>;

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
const RECAPTCHA_REMEMBER_MS = 2 * 60 * 1000;

/**
 * Google reCAPTCHA: the token is checked with Google's siteverify call. Google answers each token once, so a token
 * the verify call found good is remembered for two minutes and spent by the protected call without asking again.
 */
export class RecaptchaVerifier implements CaptchaVerifier {
  readonly provider = 'recaptcha' as const;
  private readonly verified = new Map<string, number>();

  constructor(private readonly options: { secret: string; siteKey: string; fetch: FetchLike; now: () => number; log?: FastifyBaseLogger }) {}

  clientConfig(): CaptchaConfig {
    return { provider: 'recaptcha', siteKey: this.options.siteKey };
  }

  async check(token: string, remoteIp?: string): Promise<boolean> {
    this.forgetExpired();
    if (this.verified.has(token)) return true;
    const ok = await this.siteverify(token, remoteIp);
    if (ok) this.verified.set(token, this.options.now() + RECAPTCHA_REMEMBER_MS);
    return ok;
  }

  async consume(token: string, remoteIp?: string): Promise<boolean> {
    this.forgetExpired();
    if (this.verified.delete(token)) return true;
    return this.siteverify(token, remoteIp);
  }

  private forgetExpired(): void {
    const now = this.options.now();
    for (const [token, until] of this.verified) if (until <= now) this.verified.delete(token);
  }

  private async siteverify(token: string, remoteIp?: string): Promise<boolean> {
    if (!token.trim() || token.length > 4000) return false;
    const body = new URLSearchParams({ secret: this.options.secret, response: token, ...(remoteIp ? { remoteip: remoteIp } : {}) });
    try {
      const response = await this.options.fetch(RECAPTCHA_VERIFY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
        signal: AbortSignal.timeout(5000),
      });
      if (response.status !== 200) {
        this.options.log?.warn({ status: response.status }, 'reCAPTCHA siteverify answered an error');
        return false;
      }
      const answer = (await response.json()) as { success?: unknown; 'error-codes'?: unknown };
      if (answer.success !== true) this.options.log?.info({ errors: answer['error-codes'] }, 'reCAPTCHA token refused');
      return answer.success === true;
    } catch (error) {
      this.options.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'reCAPTCHA siteverify failed');
      return false;
    }
  }
}

/** No captcha: every check passes (spec 2 §4: "If captcha is unavailable the check returns true"). */
export class NoCaptcha implements CaptchaVerifier {
  readonly provider = 'off' as const;
  clientConfig(): CaptchaConfig {
    return { provider: 'off' };
  }
  async check(): Promise<boolean> {
    return true;
  }
  async consume(): Promise<boolean> {
    return true;
  }
}

/** The configured verifier: pow (default), recaptcha or off. */
export function createCaptcha(
  config: { provider: CaptchaProvider; difficulty: number; recaptchaSecret: string | null; recaptchaSiteKey: string | null },
  deps: { db: Db; now: () => number; fetch?: FetchLike; log?: FastifyBaseLogger },
): CaptchaVerifier {
  if (config.provider === 'off') return new NoCaptcha();
  if (config.provider === 'recaptcha') {
    if (!config.recaptchaSecret || !config.recaptchaSiteKey) throw new Error('CAPTCHA_PROVIDER=recaptcha needs RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY');
    return new RecaptchaVerifier({
      secret: config.recaptchaSecret,
      siteKey: config.recaptchaSiteKey,
      fetch: deps.fetch ?? (globalThis.fetch as FetchLike),
      now: deps.now,
      ...(deps.log ? { log: deps.log } : {}),
    });
  }
  return new PowCaptcha(deps.db, { difficulty: config.difficulty, now: deps.now });
}
