/**
 * What a throttled form shows above its submit button: the captcha step while the shop asks for it ("Checking you
 * are not a robot…", then "Robot check done."), and while the shop makes the form wait "Too many attempts. Please
 * try again in …" (announced once; the submit button carries the countdown, see `waitLabel`).
 */
import { useTranslation } from '../../app/i18n.ts';
import { CaptchaStatus } from './captcha-status.tsx';
import { countdown, waitText } from './throttle.ts';
import type { GuardedSend } from './use-guarded-send.ts';
import '../../ui/problem-note.css';

export function GuardStatus({ guard }: { guard: GuardedSend }) {
  const { t } = useTranslation();
  const wait = guard.wait;
  const text = wait ? waitText(wait.seconds) : null;
  return (
    <>
      {guard.captchaNeeded && !wait ? <CaptchaStatus captcha={guard.captcha} problem={guard.problem} /> : null}
      <div role="alert" className="guard-status__wait-region">
        {text ? <p className="problem-note">{t(text.key, { ns: 'newsletter', count: text.count })}</p> : null}
      </div>
    </>
  );
}

/** The submit button's label while the form waits ("Try again in 0:29"), or null. */
export function useWaitLabel(guard: GuardedSend): string | null {
  const { t } = useTranslation();
  return guard.wait ? t('throttle.countdown', { ns: 'newsletter', time: countdown(guard.wait.left) }) : null;
}
