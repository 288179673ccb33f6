import type { CaptchaChallenge, CaptchaConfig } from '@shop/shared/content/captcha.schema';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_REFRESH_MS, useCaptcha, type CaptchaDeps } from './use-captcha.ts';

afterEach(() => {
  vi.useRealTimers();
});

function fakeDeps(config: CaptchaConfig): CaptchaDeps & { challenges: number; recaptchaCalls: string[] } {
  let count = 0;
  const deps = {
    challenges: 0,
    recaptchaCalls: [] as string[],
    config: async () => config,
    challenge: async (): Promise<CaptchaChallenge> => {
      count += 1;
      deps.challenges = count;
      return { challenge: `challenge-${count}`, difficulty: 1, expiresAt: 0 };
    },
    solve: async (challenge: CaptchaChallenge) => `${challenge.challenge}:7`,
    recaptcha: async (siteKey: string, action: string) => {
      deps.recaptchaCalls.push(`${siteKey}/${action}`);
      return `recaptcha-token-${deps.recaptchaCalls.length}`;
    },
  };
  return deps;
}

const flush = () => act(async () => {});

describe('the captcha of an open form', () => {
  it('solves a proof-of-work challenge and renews the token every 90000 ms while open', async () => {
    vi.useFakeTimers();
    const deps = fakeDeps({ provider: 'pow' });
    const { result, unmount } = renderHook(() => useCaptcha({ active: true, action: 'newsletter', deps }));
    expect(result.current.token).toBeNull();
    expect(result.current.status).toBe('working');
    await flush();
    expect(result.current).toMatchObject({ provider: 'pow', status: 'ready', token: 'challenge-1:7' });
    await act(async () => vi.advanceTimersByTime(CAPTCHA_REFRESH_MS - 1));
    expect(result.current.token).toBe('challenge-1:7');
    await act(async () => vi.advanceTimersByTime(1));
    await flush();
    expect(result.current.token).toBe('challenge-2:7');
    expect(CAPTCHA_REFRESH_MS).toBe(90_000);
    unmount();
    // Closed: no more challenges are fetched.
    await act(async () => vi.advanceTimersByTime(CAPTCHA_REFRESH_MS * 3));
    expect(deps.challenges).toBe(2);
  });

  it('makes a fresh token after a submission used one', async () => {
    const deps = fakeDeps({ provider: 'pow' });
    const { result } = renderHook(() => useCaptcha({ active: true, action: 'newsletter', deps }));
    await vi.waitFor(() => expect(result.current.token).toBe('challenge-1:7'));
    act(() => result.current.renew());
    expect(result.current.token).toBeNull();
    await vi.waitFor(() => expect(result.current.token).toBe('challenge-2:7'));
  });

  it('asks Google only in reCAPTCHA mode, and nothing at all when off', async () => {
    const recaptcha = fakeDeps({ provider: 'recaptcha', siteKey: 'site-key' });
    const first = renderHook(() => useCaptcha({ active: true, action: 'newsletter', deps: recaptcha }));
    await vi.waitFor(() => expect(first.result.current.token).toBe('recaptcha-token-1'));
    expect(recaptcha.recaptchaCalls).toEqual(['site-key/newsletter']);
    expect(recaptcha.challenges).toBe(0);

    const off = fakeDeps({ provider: 'off' });
    const second = renderHook(() => useCaptcha({ active: true, action: 'newsletter', deps: off }));
    await vi.waitFor(() => expect(second.result.current.status).toBe('ready'));
    expect(second.result.current).toMatchObject({ provider: 'off', token: null });
    expect(off.challenges + off.recaptchaCalls.length).toBe(0);
  });

  it('does nothing while the form is closed, and reports a failure', async () => {
    const deps = fakeDeps({ provider: 'pow' });
    deps.challenge = async () => {
      throw new Error('offline');
    };
    const { result, rerender } = renderHook(({ active }) => useCaptcha({ active, action: 'newsletter', deps }), { initialProps: { active: false } });
    await flush();
    expect(result.current.provider).toBeNull();
    rerender({ active: true });
    await vi.waitFor(() => expect(result.current.status).toBe('error'));
  });
});
