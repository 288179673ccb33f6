import type { CaptchaChallenge } from '@shop/shared/content/captcha.schema';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/api.ts';
import { countdown, refusalOf, ShownRefusal, waitText } from './throttle.ts';
import type { CaptchaDeps } from './use-captcha.ts';
import { useGuardedSend } from './use-guarded-send.ts';

afterEach(() => {
  vi.useRealTimers();
});

function powDeps(): CaptchaDeps & { challenges: () => number } {
  let count = 0;
  return {
    challenges: () => count,
    config: async () => ({ provider: 'pow' }),
    challenge: async (): Promise<CaptchaChallenge> => {
      count += 1;
      return { challenge: `c${count}`, difficulty: 1, expiresAt: 0 };
    },
    solve: async (challenge) => `${challenge.challenge}:7`,
    recaptcha: async () => 'never',
  };
}

const captchaRequired = () => new ApiError(403, 'captcha_required', 'Please confirm you are not a robot', { captcha: true });
const captchaFailed = () => new ApiError(403, 'captcha_failed', 'The captcha is not valid or has expired, please try again');
const wait = (retryAfter: number) => new ApiError(429, 'account_rate_limited', 'The account sign-in was incorrect', { retryAfter });

describe("the shop's throttles, read", () => {
  it('a 429 is a wait of details.retryAfter seconds, a 403 captcha code the captcha step, anything else nothing', () => {
    expect(refusalOf(wait(30))).toEqual({ kind: 'wait', seconds: 30 });
    expect(refusalOf(new ApiError(429, 'rate_limited', 'Too many attempts'))).toEqual({ kind: 'wait', seconds: 60 });
    expect(refusalOf(captchaRequired())).toEqual({ kind: 'captcha', invalid: false });
    expect(refusalOf(captchaFailed())).toEqual({ kind: 'captcha', invalid: true });
    expect(refusalOf(new ApiError(401, 'account_sign_in_incorrect', 'wrong'))).toBeNull();
    expect(refusalOf(new Error('x'))).toBeNull();
  });

  it('tells a wait in seconds under a minute, else in whole minutes rounded up, and counts down as m:ss', () => {
    expect(waitText(30)).toEqual({ key: 'throttle.waitSeconds', count: 30 });
    expect(waitText(59.2)).toEqual({ key: 'throttle.waitMinutes', count: 1 });
    expect(waitText(0.4)).toEqual({ key: 'throttle.waitSeconds', count: 1 });
    expect(waitText(60)).toEqual({ key: 'throttle.waitMinutes', count: 1 });
    expect(waitText(61)).toEqual({ key: 'throttle.waitMinutes', count: 2 });
    expect(waitText(900)).toEqual({ key: 'throttle.waitMinutes', count: 15 });
    expect([countdown(29), countdown(60), countdown(845)]).toEqual(['0:29', '1:00', '14:05']);
  });
});

describe('a form sending through the throttles', () => {
  it('sends without a captcha until asked, then solves it and sends again with the token, by itself', async () => {
    const deps = powDeps();
    const { result } = renderHook(() => useGuardedSend({ action: 'login', deps }));
    const sent: Array<string | null> = [];
    const call = vi.fn(async (captcha: string | null) => {
      sent.push(captcha);
      if (captcha === null) throw captchaRequired();
      return 'logged in';
    });
    expect(result.current.captchaNeeded).toBe(false);
    // Not awaited inside act: the send waits for the captcha, which the renders in between make.
    const answer = await result.current.send(call);
    expect(answer).toBe('logged in');
    expect(sent).toEqual([null, 'c1:7']);
    expect(result.current.captchaNeeded).toBe(true);
    // The spent token is replaced; the next send of the form carries the fresh one at once.
    await vi.waitFor(() => expect(result.current.captcha.token).toBe('c2:7'));
    await result.current.send(call);
    expect(sent).toEqual([null, 'c1:7', 'c2:7']);
  });

  it('gives up after fresh tokens were refused twice, and hands the form the refusal for its message', async () => {
    const deps = powDeps();
    const { result } = renderHook(() => useGuardedSend({ action: 'login', deps }));
    const call = vi.fn(async (captcha: string | null) => {
      throw captcha === null ? captchaRequired() : captchaFailed();
    });
    const thrown = await result.current.send(call).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).code).toBe('captcha_failed');
    expect(call.mock.calls.map(([token]) => token)).toEqual([null, 'c1:7', 'c2:7']);
  });

  it('on a 429 shows the wait, counts it down each second and frees the form at its end', async () => {
    vi.useFakeTimers();
    let clock = 1_000_000;
    const now = () => clock;
    const { result } = renderHook(() => useGuardedSend({ action: 'login', deps: powDeps(), now }));
    let thrown: unknown;
    await act(async () => {
      thrown = await result.current.send(async () => Promise.reject(wait(30))).catch((error: unknown) => error);
    });
    expect(thrown).toBeInstanceOf(ShownRefusal);
    expect(result.current.wait).toEqual({ seconds: 30, left: 30 });
    // Sent again while waiting: refused here, the shop is not asked.
    const call = vi.fn(async () => 'ok');
    await act(async () => {
      thrown = await result.current.send(call).catch((error: unknown) => error);
    });
    expect(thrown).toBeInstanceOf(ShownRefusal);
    expect(call).not.toHaveBeenCalled();
    clock += 1000;
    await act(async () => vi.advanceTimersByTime(1000));
    expect(result.current.wait).toEqual({ seconds: 30, left: 29 });
    clock += 29_000;
    await act(async () => vi.advanceTimersByTime(29_000));
    expect(result.current.wait).toBeNull();
    await act(async () => {
      await result.current.send(call);
    });
    expect(call).toHaveBeenCalledOnce();
  });

  it('passes any other refusal to the form unchanged', async () => {
    const { result } = renderHook(() => useGuardedSend({ action: 'login', deps: powDeps() }));
    const wrong = new ApiError(401, 'account_sign_in_incorrect', 'wrong');
    let thrown: unknown;
    await act(async () => {
      thrown = await result.current.send(async () => Promise.reject(wrong)).catch((error: unknown) => error);
    });
    expect(thrown).toBe(wrong);
    expect(result.current.captchaNeeded).toBe(false);
    expect(result.current.wait).toBeNull();
  });
});
