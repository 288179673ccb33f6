/**
 * What the shopper sees of the captcha beside a form: "Checking you are not a robot…" while the first token is made
 * (announced politely), a short confirmation when done, an error with a retry, and with reCAPTCHA Google's notice.
 * Nothing at all when the shop runs without a captcha.
 */
import { useTranslation } from '../../app/i18n.ts';
import type { Captcha } from './use-captcha.ts';
import './captcha.css';

export function CaptchaStatus({ captcha, id }: { captcha: Captcha; id?: string }) {
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
    <p id={id} className={`captcha-status${checking ? ' captcha-status--working' : ''}`} role="status">
      {checking ? <span className="captcha-status__spinner" aria-hidden="true" /> : null}
      <span>{checking ? t('captcha.checking', { ns: 'newsletter' }) : t('captcha.done', { ns: 'newsletter' })}</span>
      {captcha.provider === 'recaptcha' ? <span className="captcha-status__note">{t('captcha.recaptcha', { ns: 'newsletter' })}</span> : null}
    </p>
  );
}
