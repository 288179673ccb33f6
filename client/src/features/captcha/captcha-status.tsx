/**
 * What the shopper sees of the captcha beside a form, in one place: "Checking you are not a robot…" while a token is
 * made (announced politely), a short confirmation when done, an error with a retry, the form's captcha problem while
 * it stands (useCaptchaProblem), and with reCAPTCHA Google's notice. Nothing at all when the shop runs without one.
 */
import { useTranslation } from '../../app/i18n.ts';
import type { Captcha, CaptchaProblem } from './use-captcha.ts';
import './captcha.css';

export function CaptchaStatus({ captcha, id, problem = null }: { captcha: Captcha; id?: string; problem?: CaptchaProblem | null }) {
  const { t } = useTranslation();
  if (captcha.provider === 'off') return null;
  if (captcha.status === 'error') {
    return (
      <p id={id} className="captcha-status captcha-status--error" role="alert">
        {t('captcha.failed', { ns: 'newsletter' })}{' '}
        <button type="button" className="link-button" onClick={captcha.renew}>
          {t('captcha.retry', { ns: 'newsletter' })}
        </button>
      </p>
    );
  }
  const checking = captcha.token === null;
  return (
    <>
      <p id={id} className={`captcha-status${checking ? ' captcha-status--working' : ''}`} role="status">
        {checking ? <span className="captcha-status__spinner" aria-hidden="true" /> : null}
        <span>{checking ? t('captcha.checking', { ns: 'newsletter' }) : t('captcha.done', { ns: 'newsletter' })}</span>
        {captcha.provider === 'recaptcha' ? <span className="captcha-status__note">{t('captcha.recaptcha', { ns: 'newsletter' })}</span> : null}
      </p>
      {problem && checking ? (
        <p className="captcha-status captcha-status--error" role="alert">
          {t(`captcha.${problem}`, { ns: 'newsletter' })}
        </p>
      ) : null}
    </>
  );
}
