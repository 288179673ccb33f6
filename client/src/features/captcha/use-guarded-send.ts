/**
 * A form's sending through the shop's throttles (login, registration, password reset and change, reviews):
 * - when the shop asks for the captcha (`captcha_required`, or `captcha_failed` for a spent or wrong token), the
 *   captcha step starts ("Checking you are not a robot…"), and once solved the same call goes again with the token in
 *   `X-Captcha-Token`, without the shopper doing anything; from then on every send of the form carries a fresh token;
 * - when the shop says wait (429), the form shows how long and its submit button counts down until then.
 * Refusals shown this way end in a `ShownRefusal`, so the form adds no message of its own; a captcha refused even
 * after fresh tokens reaches the form as the shop's error, for its message.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { loadContentTexts } from '../wishlist/content-texts.ts';
import { refusalOf, ShownRefusal } from './throttle.ts';
import { useCaptcha, useCaptchaProblem, type Captcha, type CaptchaDeps, type CaptchaProblem } from './use-captcha.ts';

/** Sends of one submission at most: without a token, with one, and once more if the shop refused that token. */
export const MAX_SENDS = 3;

export interface GuardedSend {
  /** Runs `call` (with the captcha token, or null while none is needed) and follows the throttles' answers. */
  send<T>(call: (captcha: string | null) => Promise<T>): Promise<T>;
  captcha: Captcha;
  /** Whether the captcha step is shown (the shop asked for it in this form). */
  captchaNeeded: boolean;
  problem: CaptchaProblem | null;
  /** While the shop makes the form wait: the whole wait and the seconds left. */
  wait: { seconds: number; left: number } | null;
}

interface Waiter {
  resolve: (token: string | null) => void;
  reject: (error: unknown) => void;
}

export function useGuardedSend({ action, deps, now = Date.now }: { action: string; deps?: CaptchaDeps; now?: () => number }): GuardedSend {
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const needed = useRef(false);
  const captcha = useCaptcha({ active: captchaNeeded, action, ...(deps ? { deps } : {}) });
  const problems = useCaptchaProblem(captcha);
  const latest = useRef({ captcha, problems });
  useLayoutEffect(() => {
    latest.current = { captcha, problems };
  });
  const used = useRef(new Set<string>());
  const waiters = useRef<Waiter[]>([]);
  const [until, setUntil] = useState<{ at: number; seconds: number } | null>(null);
  const [clock, setClock] = useState(() => now());

  // A fresh token (or, with the captcha off, the answer that none is needed) lets the waiting send go.
  useEffect(() => {
    const ready = captcha.token !== null && !used.current.has(captcha.token);
    const none = captcha.status === 'ready' && captcha.provider === 'off';
    if (ready || none) {
      for (const waiter of waiters.current.splice(0)) waiter.resolve(captcha.token);
    } else if (captcha.status === 'error') {
      for (const waiter of waiters.current.splice(0)) waiter.reject(new ShownRefusal({ kind: 'captchaUnavailable' }));
    }
  }, [captcha.token, captcha.status, captcha.provider]);

  // The countdown: a tick a second while the form waits, and the form is free again at the end.
  useEffect(() => {
    if (!until) return;
    const tick = () => {
      const current = now();
      setClock(current);
      if (current >= until.at) setUntil(null);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [until, now]);

  const token = useCallback((): Promise<string | null> => {
    const current = latest.current.captcha;
    if (current.token !== null && !used.current.has(current.token)) return Promise.resolve(current.token);
    // A token that failed to come is asked for again rather than waited on forever.
    if (current.status === 'error') current.renew();
    return new Promise((resolve, reject) => waiters.current.push({ resolve, reject }));
  }, []);

  const send = useCallback(
    async <T>(call: (captcha: string | null) => Promise<T>): Promise<T> => {
      if (until && now() < until.at) throw new ShownRefusal({ kind: 'wait', seconds: Math.ceil((until.at - now()) / 1000) });
      for (let sends = 1; ; sends += 1) {
        const sent = needed.current ? await token() : null;
        if (sent !== null) used.current.add(sent);
        try {
          return await call(sent);
        } catch (error) {
          const refusal = refusalOf(error);
          if (refusal?.kind === 'wait') {
            await loadContentTexts('newsletter').catch(() => {});
            setUntil({ at: now() + refusal.seconds * 1000, seconds: refusal.seconds });
            throw new ShownRefusal(refusal);
          }
          if (refusal?.kind === 'captcha') {
            if (!needed.current) {
              await loadContentTexts('newsletter').catch(() => {});
              needed.current = true;
              setCaptchaNeeded(true);
            }
            if (sends < MAX_SENDS) continue;
            // Refused again with fresh tokens: the form says so (the next press tries with a new one).
            throw error;
          }
          throw error;
        } finally {
          // A token is single-use: the next send gets a fresh one, made while the shopper reads the answer.
          if (sent !== null) latest.current.captcha.renew();
        }
      }
    },
    [token, until, now],
  );

  const wait = until && clock < until.at ? { seconds: until.seconds, left: Math.ceil((until.at - clock) / 1000) } : null;
  return { send, captcha, captchaNeeded, problem: problems.problem, wait };
}
