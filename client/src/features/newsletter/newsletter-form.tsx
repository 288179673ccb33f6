/**
 * The newsletter sign-up form (modal and footer): e-mail address, an optional first name, the captcha, and once
 * subscribed the 10% coupon code with its copy button. Field messages show after the first attempt to send, and
 * follow the typing from then on.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../app/api.ts';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { CaptchaStatus } from '../captcha/captcha-status.tsx';
import { useCaptcha, useCaptchaProblem } from '../captcha/use-captcha.ts';
import { CouponCode } from './coupon-code.tsx';
import { QUEUED, subscribe } from './newsletter-api.ts';
import { canSubscribe, emailProblem } from './newsletter-rules.ts';
import { NewsletterEmailField } from './newsletter-email-field.tsx';
import { showNewsletterNotice } from './show-notice.ts';
import '../reviews/form-fields.css';
import './newsletter.css';

export function NewsletterForm({ withName = true, onSubscribed, initialEmail = '' }: { withName?: boolean; onSubscribed?: (coupon: string | null) => void; initialEmail?: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [firstname, setFirstname] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [coupon, setCoupon] = useState<string | null | undefined>(undefined);
  // Saved on this device while offline: the subscription goes when the connection returns.
  const [queued, setQueued] = useState(false);
  const captcha = useCaptcha({ active: coupon === undefined && !queued, action: 'newsletter' });
  const captchaProblem = useCaptchaProblem(captcha);
  const problem = tried ? emailProblem(email) : null;
  const form = useRef<HTMLFormElement>(null);
  // Sent before the robot check was done: it goes as soon as the check is.
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (waiting && captcha.token !== null) form.current?.requestSubmit();
  }, [waiting, captcha.token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    setWaiting(false);
    if (emailProblem(email) !== null) return;
    if (!canSubscribe(email, captcha.provider, captcha.token)) {
      if (captcha.status === 'error') captchaProblem.report('required');
      else setWaiting(true);
      return;
    }
    setBusy(true);
    try {
      // A queued call: the form's robot check lets it go, and the queue sends a fresh captcha token with it.
      const answer = await subscribe({ email: email.trim(), firstname: withName ? firstname.trim() : undefined, store, notice: 'subscribed' });
      if (answer === QUEUED) {
        setQueued(true);
        return;
      }
      setCoupon(answer.coupon);
      showNewsletterNotice('subscribed');
      onSubscribed?.(answer.coupon);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'captcha_failed') captchaProblem.report('invalid');
      else setFailure(error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : t('form.failed', { ns: 'newsletter' }));
      // The token was used (or refused): the next attempt needs a fresh one.
      captcha.renew();
    } finally {
      setBusy(false);
    }
  };

  if (queued) {
    return (
      <div className="newsletter-done" role="status">
        <p>{t('form.queued', { ns: 'newsletter' })}</p>
      </div>
    );
  }
  if (coupon !== undefined) {
    return (
      <div className="newsletter-done" role="status">
        <p className="newsletter-done__title">{t('form.thanks', { ns: 'newsletter' })}</p>
        {coupon ? <CouponCode code={coupon} /> : null}
      </div>
    );
  }
  return (
    <form ref={form} className="newsletter-form" onSubmit={(event) => void submit(event)} noValidate>
      <NewsletterEmailField id={id} email={email} onChange={setEmail} problem={problem} />
      {withName ? (
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('form.firstname', { ns: 'newsletter' })}</label>
          <input id={`${id}-name`} autoComplete="given-name" value={firstname} onChange={(event) => setFirstname(event.target.value)} />
        </div>
      ) : null}
      <CaptchaStatus captcha={captcha} problem={captchaProblem.problem} />
      {failure ? (
        <p className="field__error" role="alert">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="button button--block" disabled={busy || waiting}>
        {busy || waiting ? t('form.submitting', { ns: 'newsletter' }) : t('form.submit', { ns: 'newsletter' })}
      </button>
    </form>
  );
}
