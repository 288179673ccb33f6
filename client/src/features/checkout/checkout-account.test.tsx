/**
 * The checkout's "create an account" after the order (spec 2 §4) through the registration throttles (issue 13 item 7):
 * a captcha asked for is made and the account sent once more with it; an account that still cannot be made is told
 * on the confirmation (the order stays placed), in the shopper's language.
 */
import type { CaptchaChallenge } from '@shop/shared/content/captcha.schema';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n.ts';
import { createCustomer } from '../account/account-api.ts';
import { makeCaptchaToken, type CaptchaDeps } from '../captcha/use-captcha.ts';
import { AccountNotCreated, createAccountAfterOrder, type AccountNotice } from './checkout-account.tsx';
import { loadCheckoutTexts } from './checkout-texts.ts';

const body = { customer: { email: 'anna@example.com', firstname: 'Anna', lastname: 'Jansen' }, password: 'a long secret phrase', orders: [{ id: 'order-1', token: 'tok_1' }] };

type Reply = { status: number; result: unknown };
const captchaRequired: Reply = { status: 403, result: { error: 'captcha_required', message: 'Please confirm you are not a robot' } };
const created: Reply = { status: 200, result: { id: 1, email: 'anna@example.com' } };

/** The shop's /api/user/create answering `replies` in turn; the X-Captcha-Token each call carried. */
function fakeShop(...replies: Array<Reply | 'network'>) {
  const tokens: Array<string | null> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(String(input)).toMatch(/^\/api\/user\/create\?/);
      tokens.push(new Headers(init?.headers).get('x-captcha-token'));
      const reply = replies.shift();
      if (!reply) throw new Error('an unexpected extra call');
      if (reply === 'network') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ code: reply.status, result: reply.result }), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return tokens;
}

/** The captcha of a shop using proof of work: challenge n solved as `challenge-n:7`. */
function powDeps(): CaptchaDeps & { solved: number } {
  const deps = {
    solved: 0,
    config: async () => ({ provider: 'pow' as const }),
    challenge: async (): Promise<CaptchaChallenge> => ({ challenge: `challenge-${deps.solved + 1}`, difficulty: 1, expiresAt: 0 }),
    solve: async (challenge: CaptchaChallenge) => {
      deps.solved += 1;
      return `${challenge.challenge}:7`;
    },
    recaptcha: async () => 'unused',
  };
  return deps;
}

function shopDeps(captcha: CaptchaDeps) {
  return { create: createCustomer, captchaToken: () => makeCaptchaToken({ action: 'register', signal: new AbortController().signal, deps: captcha }) };
}

beforeAll(async () => {
  await initI18n('en');
  await loadCheckoutTexts();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('makeCaptchaToken: one token outside a form', () => {
  it("'off' makes none, 'recaptcha' asks Google's script with the site key and action, 'pow' solves a challenge", async () => {
    const signal = new AbortController().signal;
    const heard: string[] = [];
    const base = powDeps();
    expect(await makeCaptchaToken({ action: 'register', signal, deps: { ...base, config: async () => ({ provider: 'off' }) }, onProvider: (p) => heard.push(p) })).toBeNull();
    const recaptcha = vi.fn(async (siteKey: string, action: string) => `google:${siteKey}:${action}`);
    expect(await makeCaptchaToken({ action: 'register', signal, deps: { ...base, config: async () => ({ provider: 'recaptcha', siteKey: 'site-1' }), recaptcha }, onProvider: (p) => heard.push(p) })).toBe(
      'google:site-1:register',
    );
    const challenge = vi.fn(base.challenge);
    expect(await makeCaptchaToken({ action: 'register', signal, deps: { ...base, challenge }, onProvider: (p) => heard.push(p) })).toBe('challenge-1:7');
    expect(challenge).toHaveBeenCalledWith(signal);
    expect(heard).toEqual(['off', 'recaptcha', 'pow']);
    expect(base.solved).toBe(1);
  });
});

describe('the account asked for with the order', () => {
  it('item 7: the shop asking for the captcha gets the account sent once more with a solved token, and it is made', async () => {
    const tokens = fakeShop(captchaRequired, created);
    const captcha = powDeps();
    expect(await createAccountAfterOrder(body, 'nl', shopDeps(captcha))).toBeNull();
    expect(tokens).toEqual([null, 'challenge-1:7']);
    expect(captcha.solved).toBe(1);
  });

  it('the captcha refused again: sent twice only, and the shopper is told the robot check could not be completed', async () => {
    const tokens = fakeShop(captchaRequired, { status: 403, result: { error: 'captcha_failed', message: 'Robot check failed' } });
    expect(await createAccountAfterOrder(body, 'nl', shopDeps(powDeps()))).toEqual({ email: 'anna@example.com', problem: { reason: 'robot' } });
    expect(tokens).toHaveLength(2);
  });

  it('a wait after the captcha: the wait from details.retryAfter', async () => {
    fakeShop(captchaRequired, { status: 429, result: { error: 'too_many_requests', message: 'Too many attempts', details: { retryAfter: 840 } } });
    expect(await createAccountAfterOrder(body, 'nl', shopDeps(powDeps()))).toEqual({ email: 'anna@example.com', problem: { reason: 'wait', seconds: 840 } });
  });

  it('no captcha step for the refusals a captcha cannot help: the address taken, the shop unreachable, a refused password', async () => {
    const captcha = powDeps();
    fakeShop({ status: 400, result: { error: 'account_email_exists', message: 'A customer with the same email already exists in an associated website' } });
    expect(await createAccountAfterOrder(body, 'nl', shopDeps(captcha))).toEqual({ email: 'anna@example.com', problem: { reason: 'exists' } });
    fakeShop('network');
    expect(await createAccountAfterOrder(body, 'nl', shopDeps(captcha))).toEqual({ email: 'anna@example.com', problem: { reason: 'unreachable' } });
    fakeShop({ status: 400, result: { error: 'password_breached', message: 'This password appears in a list of breached passwords.' } });
    expect(await createAccountAfterOrder(body, 'nl', shopDeps(captcha))).toEqual({ email: 'anna@example.com', problem: { reason: 'refused', message: 'This password appears in a list of breached passwords' } });
    expect(captcha.solved).toBe(0);
  });

  it('a captcha that could not be made: the robot check is named, nothing sent again', async () => {
    const tokens = fakeShop(captchaRequired);
    const broken = { ...powDeps(), challenge: async (): Promise<CaptchaChallenge> => Promise.reject(new TypeError('Failed to fetch')) };
    expect(await createAccountAfterOrder(body, 'nl', shopDeps(broken))).toEqual({ email: 'anna@example.com', problem: { reason: 'robot' } });
    expect(tokens).toHaveLength(1);
  });
});

describe('the notice on the confirmation', () => {
  const wait: AccountNotice = { email: 'anna@example.com', problem: { reason: 'wait', seconds: 840 } };

  it('says the order is placed, why the account is not, and how to make it later (en, nl, de)', async () => {
    const { unmount } = render(<AccountNotCreated notice={wait} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Your order is placed. Your account could not be created just now: too many accounts were requested from your connection, please try again in 14 minutes. You can create it later with anna@example.com from the login page.',
    );
    unmount();
    render(<AccountNotCreated notice={{ email: 'anna@example.com', problem: { reason: 'exists' } }} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Your order is placed. Your account could not be created just now: an account already exists for this address. You can create it later with anna@example.com from the login page.',
    );
    cleanup();
    await i18next.changeLanguage('nl');
    await loadCheckoutTexts();
    render(<AccountNotCreated notice={{ email: 'anna@example.com', problem: { reason: 'wait', seconds: 30 } }} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Uw bestelling is geplaatst. Uw account kon zojuist niet worden aangemaakt: er zijn te veel accounts aangevraagd vanaf uw verbinding, probeer het over 30 seconden opnieuw. U kunt het later aanmaken met anna@example.com via de inlogpagina.',
    );
    cleanup();
    await i18next.changeLanguage('de');
    await loadCheckoutTexts();
    render(<AccountNotCreated notice={{ email: 'anna@example.com', problem: { reason: 'unreachable' } }} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Ihre Bestellung ist aufgegeben. Ihr Konto konnte gerade nicht angelegt werden: der Shop war nicht erreichbar. Sie können es später mit anna@example.com über die Anmeldeseite anlegen.',
    );
  });
});
