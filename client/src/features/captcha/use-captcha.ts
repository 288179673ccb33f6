/**
 * The captcha of an open form (spec 2 §4 'Captcha', §9): which kind the shop uses is asked once; a proof-of-work
 * challenge is fetched and solved in a worker, a reCAPTCHA token asked from Google's script, or nothing with 'off'.
 * While the form stays open the token is renewed every 90000 ms; a token is single-use, so after a submission the
 * form asks for a fresh one (`renew`). During a renewal the previous token stays usable.
 */
import type { CaptchaChallenge, CaptchaConfig, CaptchaProvider } from '@shop/shared/content/captcha.schema';
import { useCallback, useEffect, useState } from 'react';
import { isAbort } from '../../app/api.ts';
import { captchaChallenge, captchaConfig } from './captcha-api.ts';
import { solve } from './pow-solver.ts';
import { recaptchaToken } from './recaptcha.ts';

/** Spec 2 §9: captcha token refresh every 90000 ms. */
export const CAPTCHA_REFRESH_MS = 90_000;

export interface CaptchaDeps {
  config: () => Promise<CaptchaConfig>;
  challenge: (signal: AbortSignal) => Promise<CaptchaChallenge>;
  solve: (challenge: CaptchaChallenge, signal: AbortSignal) => Promise<string>;
  recaptcha: (siteKey: string, action: string) => Promise<string>;
}

const browserDeps: CaptchaDeps = { config: captchaConfig, challenge: captchaChallenge, solve, recaptcha: recaptchaToken };

/**
 * One captcha token, made outside any form (an open form uses `useCaptcha`, which makes its tokens with this): the
 * shop's provider is asked, then null with 'off', Google's token with 'recaptcha', or a proof-of-work challenge
 * solved in the worker. `onProvider` hears the provider as soon as it is known.
 */
export async function makeCaptchaToken({
  action,
  signal,
  deps = browserDeps,
  onProvider,
}: {
  action: string;
  signal: AbortSignal;
  deps?: CaptchaDeps;
  onProvider?: (provider: CaptchaProvider) => void;
}): Promise<string | null> {
  const config = await deps.config();
  onProvider?.(config.provider);
  if (config.provider === 'off') return null;
  if (config.provider === 'recaptcha') return deps.recaptcha(config.siteKey ?? '', action);
  const challenge = await deps.challenge(signal);
  return deps.solve(challenge, signal);
}

export interface Captcha {
  provider: CaptchaProvider | null;
  /** 'working' while a token is being made (the previous one, if any, is still in `token`). */
  status: 'working' | 'ready' | 'error';
  /** The value to send as `g-recaptcha-key`; null with the 'off' provider or before the first token. */
  token: string | null;
  /** Makes a fresh token (after a submission used this one, or after an error). */
  renew: () => void;
}

export function useCaptcha({ active, action, deps = browserDeps }: { active: boolean; action: string; deps?: CaptchaDeps }): Captcha {
  const [provider, setProvider] = useState<CaptchaProvider | null>(null);
  const [status, setStatus] = useState<Captcha['status']>('working');
  const [token, setToken] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const renew = useCallback(() => {
    setToken(null);
    setStatus('working');
    setRound((n) => n + 1);
  }, []);

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    makeCaptchaToken({ action, signal: controller.signal, deps, onProvider: setProvider }).then(
      (made) => {
        if (controller.signal.aborted) return;
        setToken(made);
        setStatus('ready');
        // Renewed while the form stays open, so the token never expires under the shopper's hands.
        if (made !== null) timer = setTimeout(() => setRound((n) => n + 1), CAPTCHA_REFRESH_MS);
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        setStatus('error');
      },
    );
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [active, action, deps, round]);

  return { provider, status, token, renew };
}

/** Why a form could not use the captcha: it had no token yet after a failure ('required'), or the shop refused it ('invalid'). */
export type CaptchaProblem = 'required' | 'invalid';

/**
 * A form's captcha problem, shown only while it is true: from the moment the form could not send (no token after a
 * failure, or a token the shop refused) until a fresh token is ready. So "Robot check done." and "Please confirm you
 * are not a robot" are never shown together, and a problem never outlives the check that solved it.
 */
export function useCaptchaProblem(captcha: Captcha): { problem: CaptchaProblem | null; report: (problem: CaptchaProblem) => void; clear: () => void } {
  const [reported, setReported] = useState<{ problem: CaptchaProblem; token: string | null } | null>(null);
  const token = captcha.token;
  const report = useCallback((problem: CaptchaProblem) => setReported({ problem, token }), [token]);
  const clear = useCallback(() => setReported(null), []);
  const shown = reported !== null && (token === null || token === reported.token) ? reported.problem : null;
  return { problem: shown, report, clear };
}
