/**
 * Who may try a password, a reset request or a registration now (OWASP ASVS 5.0 V6.3: slow the attacker, never lock
 * the owner out):
 * - failures are counted per (client address, account) pair: after LOGIN_CAPTCHA_AFTER of them the pair must solve the
 *   captcha, after LOGIN_RATE_MAX_PER_ACCOUNT it waits LOGIN_BACKOFF_BASE seconds, doubled after each further
 *   failure (at most the window); a success forgets the pair's count;
 * - an account's failures from every address together never lock it: past LOGIN_RATE_MAX_PER_ACCOUNT every login for
 *   it must carry a solved captcha (a distributed guesser pays per guess, the owner solves one);
 * - a client address that fails LOGIN_RATE_MAX_PER_ADDRESS times, whatever the accounts, waits out the window;
 * - reset requests follow the same pairs and address counts (every request counts, so a mailbox is not flooded);
 * - registrations and reviews count per address: from FORM_CAPTCHA_AFTER on they need the captcha, past FORM_RATE_MAX
 *   they wait.
 */
import { ACCOUNT_MESSAGES } from '@shop/shared/account/index';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Throttle, ThrottleRule } from '../../plugins/throttle.ts';

export class AccountThrottle {
  private readonly loginPair: ThrottleRule;
  private readonly loginAccount: ThrottleRule;
  private readonly loginAddress: ThrottleRule;
  private readonly resetPair: ThrottleRule;
  private readonly resetAccount: ThrottleRule;
  private readonly resetAddress: ThrottleRule;
  private readonly captchaAfter: number;
  private readonly accountCaptchaAfter: number;

  constructor(
    private readonly throttle: Throttle,
    config: AppConfig['accounts']['rateLimit'],
  ) {
    const { windowSeconds, maxPerAccount, maxPerAddress, backoffBaseSeconds } = config;
    const pair = { max: maxPerAccount, windowSeconds, backoffBaseMs: backoffBaseSeconds * 1000 };
    // The account-wide count never makes anyone wait (max beyond reach): it only asks for the captcha.
    const accountWide = { max: Number.MAX_SAFE_INTEGER, windowSeconds };
    this.loginPair = throttle.rule('login-pair', pair);
    this.loginAccount = throttle.rule('login-account', accountWide);
    this.loginAddress = throttle.rule('login-address', { max: maxPerAddress, windowSeconds });
    this.resetPair = throttle.rule('reset-pair', pair);
    this.resetAccount = throttle.rule('reset-account', accountWide);
    this.resetAddress = throttle.rule('reset-address', { max: maxPerAddress, windowSeconds });
    this.captchaAfter = config.captchaAfter;
    this.accountCaptchaAfter = maxPerAccount;
  }

  /** Before checking a password: refuses while the pair or the address waits; asks for the captcha when due. */
  async beforeLogin(request: FastifyRequest, reply: FastifyReply, email: string): Promise<void> {
    const pair = await this.loginPair.peek(request, email);
    this.throttle.refuseWhileWaiting(reply, pair, 'account_rate_limited', ACCOUNT_MESSAGES.signInIncorrect);
    this.throttle.refuseWhileWaiting(reply, await this.loginAddress.peek(request), 'account_rate_limited', ACCOUNT_MESSAGES.signInIncorrect);
    const account = await this.loginAccount.peek(withoutAddress(request), `*${email}`);
    if (pair.count >= this.captchaAfter || account.count >= this.accountCaptchaAfter) await this.throttle.requireCaptcha(request);
  }

  async loginFailed(request: FastifyRequest, email: string): Promise<void> {
    await this.loginPair.hit(request, email);
    await this.loginAddress.hit(request);
    await this.loginAccount.hit(withoutAddress(request), `*${email}`);
  }

  /** The right password from this address: its pair starts again (other addresses keep their counts). */
  async loginSucceeded(request: FastifyRequest, email: string): Promise<void> {
    await this.loginPair.clear(request, email);
  }

  /** Every reset request counts; refused while the pair or address waits, the captcha asked when due. */
  async resetRequested(request: FastifyRequest, reply: FastifyReply, email: string): Promise<void> {
    const pair = await this.resetPair.peek(request, email);
    this.throttle.refuseWhileWaiting(reply, pair, 'account_rate_limited', ACCOUNT_MESSAGES.resetMailFailed);
    this.throttle.refuseWhileWaiting(reply, await this.resetAddress.peek(request), 'account_rate_limited', ACCOUNT_MESSAGES.resetMailFailed);
    const account = await this.resetAccount.peek(withoutAddress(request), `*${email}`);
    if (pair.count >= this.captchaAfter || account.count >= this.accountCaptchaAfter) await this.throttle.requireCaptcha(request);
    await this.resetPair.hit(request, email);
    await this.resetAddress.hit(request);
    await this.resetAccount.hit(withoutAddress(request), `*${email}`);
  }

  async prune(): Promise<void> {
    await this.throttle.prune();
  }
}

/**
 * A form an address sends over and over (registration, review): from `captchaAfter` sends on it needs the captcha,
 * past `max` it waits out the window.
 */
export function formThrottle(throttle: Throttle, name: string, config: AppConfig['accounts']['forms']) {
  const rule = throttle.rule(name, { max: config.max, windowSeconds: config.windowSeconds });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const state = await rule.peek(request);
    throttle.refuseWhileWaiting(reply, state);
    if (state.count >= config.captchaAfter) await throttle.requireCaptcha(request);
    await rule.hit(request);
  };
}

/** The same request seen as coming from nowhere in particular: the account-wide counts ignore the address. */
function withoutAddress(request: FastifyRequest): FastifyRequest {
  return Object.create(request, { ip: { value: 'any' } }) as FastifyRequest;
}
