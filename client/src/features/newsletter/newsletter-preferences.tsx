/**
 * My account › Newsletter (spec 2 §2 MyNewsletter, §7): the customer's subscription status, and a checkbox to
 * subscribe (with the captcha) or unsubscribe, with the success notices; the 10% coupon shows after subscribing.
 * The customer's address comes from their profile (GET /api/user/me, sent with their token by the API gate).
 */
import type { NewsletterStatus } from '@shop/shared/content/newsletter.schema';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError, apiGet } from '../../app/api.ts';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { CaptchaStatus } from '../captcha/captcha-status.tsx';
import { useCaptcha, useCaptchaProblem } from '../captcha/use-captcha.ts';
import { useContentTexts } from '../wishlist/content-texts.ts';
import { CouponCode } from './coupon-code.tsx';
import { newsletterStatus, subscribe, unsubscribe } from './newsletter-api.ts';
import { showNewsletterNotice } from './show-notice.ts';
import '../reviews/form-fields.css';
import './newsletter.css';

type Loaded = { kind: 'loading' } | { kind: 'loggedOut' } | { kind: 'failed' } | { kind: 'ready'; email: string; firstname: string; status: NewsletterStatus };

export default function NewsletterPreferences() {
  const { t } = useTranslation();
  const ready = useContentTexts('newsletter');
  const titleId = useId();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      const profile = await apiGet<{ email: string; firstname?: string }>('/api/user/me', controller.signal);
      const status = await newsletterStatus(profile.email, controller.signal);
      setLoaded({ kind: 'ready', email: profile.email, firstname: profile.firstname ?? '', status });
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      setLoaded({ kind: error instanceof ApiError && error.status === 401 ? 'loggedOut' : 'failed' });
    });
    return () => controller.abort();
  }, [attempt]);

  if (!ready) return <section className="newsletter-preferences" aria-busy="true" />;
  return (
    <section className="newsletter-preferences" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('preferences.title', { ns: 'newsletter' })}</h2>
      {loaded.kind === 'loading' ? (
        <p role="status">{t('preferences.loading', { ns: 'newsletter' })}</p>
      ) : loaded.kind === 'loggedOut' ? (
        <p role="alert">{t('preferences.loginNeeded', { ns: 'newsletter' })}</p>
      ) : loaded.kind === 'failed' ? (
        <p role="alert">
          {t('form.failed', { ns: 'newsletter' })}{' '}
          <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
            {t('captcha.retry', { ns: 'newsletter' })}
          </button>
        </p>
      ) : (
        <PreferencesForm email={loaded.email} firstname={loaded.firstname} status={loaded.status} onStatus={(status) => setLoaded({ ...loaded, status })} />
      )}
    </section>
  );
}

function PreferencesForm({ email, firstname, status, onStatus }: { email: string; firstname: string; status: NewsletterStatus; onStatus: (status: NewsletterStatus) => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const id = useId();
  const subscribed = status === 'subscribed';
  const [wanted, setWanted] = useState(subscribed);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [coupon, setCoupon] = useState<string | null>(null);
  // The captcha is needed only to subscribe.
  const captcha = useCaptcha({ active: wanted && !subscribed, action: 'newsletter' });
  const captchaProblem = useCaptchaProblem(captcha);
  const changed = wanted !== subscribed;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    setFailure(null);
    if (wanted && captcha.provider !== 'off' && captcha.token === null) {
      captchaProblem.report('required');
      return;
    }
    setBusy(true);
    try {
      if (wanted) {
        const answer = await subscribe({ email, firstname: firstname || undefined, captcha: captcha.token, store });
        setCoupon(answer.coupon);
        onStatus('subscribed');
      } else {
        await unsubscribe(email);
        onStatus('unsubscribed');
      }
      showNewsletterNotice('updated');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'captcha_failed') captchaProblem.report('invalid');
      else setFailure(error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : t('form.failed', { ns: 'newsletter' }));
      if (wanted) captcha.renew();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="newsletter-preferences" onSubmit={(event) => void save(event)} noValidate>
      <p className="newsletter-preferences__status" role="status">
        {t(subscribed ? 'preferences.subscribed' : 'preferences.notSubscribed', { ns: 'newsletter' })}
      </p>
      <label className="newsletter-preferences__check" htmlFor={`${id}-wanted`}>
        <input id={`${id}-wanted`} type="checkbox" checked={wanted} onChange={(event) => setWanted(event.target.checked)} />
        {t('preferences.checkbox', { ns: 'newsletter' })}
      </label>
      {wanted && !subscribed ? <CaptchaStatus captcha={captcha} problem={captchaProblem.problem} /> : null}
      {failure ? (
        <p className="field__error" role="alert">
          {failure}
        </p>
      ) : null}
      <div>
        <button type="submit" className="button" disabled={busy || !changed}>
          {busy ? t('preferences.saving', { ns: 'newsletter' }) : t('preferences.save', { ns: 'newsletter' })}
        </button>
      </div>
      {coupon ? <CouponCode code={coupon} /> : null}
    </form>
  );
}
