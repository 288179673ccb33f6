/**
 * My account › Newsletter (spec 2 §2 MyNewsletter, §7): the customer's subscription status, and a checkbox to
 * subscribe (with the captcha) or unsubscribe, with the success notices; the 10% coupon shows after subscribing.
 * The customer's address comes from their profile (GET /api/user/me, sent with their token by the API gate), and
 * their token proves it. Opened from the link the shop mailed (`?email=&token=`), the page shows that address with
 * the link's token as its proof, logged in or not. Without either, an address can only ask for that link
 * (`NewsletterUnsubscribeByMail`): its status is never asked.
 */
import type { NewsletterStatus } from '@shop/shared/content/newsletter.schema';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError, apiGet } from '../../app/api.ts';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { CaptchaStatus } from '../captcha/captcha-status.tsx';
import { useCaptcha, useCaptchaProblem } from '../captcha/use-captcha.ts';
import { sessionReady } from '../account/session-loader.ts';
import { useContentTexts } from '../wishlist/content-texts.ts';
import { CouponCode } from './coupon-code.tsx';
import { newsletterStatus, QUEUED, subscribe, unsubscribe } from './newsletter-api.ts';
import { emailProblem } from './newsletter-rules.ts';
import { NewsletterEmailField } from './newsletter-email-field.tsx';
import { showNewsletterNotice } from './show-notice.ts';
import '../reviews/form-fields.css';
import './newsletter.css';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'loggedOut' }
  | { kind: 'failed' }
  | { kind: 'notProven' }
  | { kind: 'ready'; email: string; firstname: string; status: NewsletterStatus };

export default function NewsletterPreferences({ link = null }: { link?: { email: string; token: string } | null }) {
  const { t } = useTranslation();
  const ready = useContentTexts('newsletter');
  const titleId = useId();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const linkEmail = link?.email ?? null;
  const linkToken = link?.token ?? null;

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      if (linkEmail !== null && linkToken !== null) {
        const status = await newsletterStatus(linkEmail, linkToken, controller.signal);
        setLoaded({ kind: 'ready', email: linkEmail, firstname: '', status });
        return;
      }
      // Opened directly, the page waits for the session's gate, which puts the customer's token on the call.
      await sessionReady();
      const profile = await apiGet<{ email: string; firstname?: string }>('/api/user/me', controller.signal);
      const status = await newsletterStatus(profile.email, null, controller.signal);
      setLoaded({ kind: 'ready', email: profile.email, firstname: profile.firstname ?? '', status });
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      // A link whose token does not prove its address (altered, or for another address).
      if (error instanceof ApiError && error.status === 403) setLoaded({ kind: 'notProven' });
      else setLoaded({ kind: error instanceof ApiError && error.status === 401 ? 'loggedOut' : 'failed' });
    });
    return () => controller.abort();
  }, [attempt, linkEmail, linkToken]);

  if (!ready) return <section className="newsletter-preferences" aria-busy="true" />;
  return (
    <section className="newsletter-preferences" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('preferences.title', { ns: 'newsletter' })}</h2>
      {loaded.kind === 'loading' ? (
        <p role="status">{t('preferences.loading', { ns: 'newsletter' })}</p>
      ) : loaded.kind === 'loggedOut' ? (
        <p role="alert">{t('preferences.loginNeeded', { ns: 'newsletter' })}</p>
      ) : loaded.kind === 'notProven' ? (
        <>
          <p role="alert">{t('preferences.linkRefused', { ns: 'newsletter' })}</p>
          <NewsletterUnsubscribeByMail initialEmail={linkEmail ?? ''} />
        </>
      ) : loaded.kind === 'failed' ? (
        <p role="alert">
          {t('form.failed', { ns: 'newsletter' })}{' '}
          <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
            {t('captcha.retry', { ns: 'newsletter' })}
          </button>
        </p>
      ) : (
        <PreferencesForm email={loaded.email} firstname={loaded.firstname} status={loaded.status} linkToken={linkToken} onStatus={(status) => setLoaded({ ...loaded, status })} />
      )}
    </section>
  );
}

function PreferencesForm({
  email,
  firstname,
  status,
  linkToken,
  onStatus,
}: {
  email: string;
  firstname: string;
  status: NewsletterStatus;
  linkToken: string | null;
  onStatus: (status: NewsletterStatus) => void;
}) {
  const { t } = useTranslation();
  const store = useStore();
  const id = useId();
  const subscribed = status === 'subscribed';
  const [wanted, setWanted] = useState(subscribed);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [coupon, setCoupon] = useState<string | null>(null);
  const [confirmationSent, setConfirmationSent] = useState(false);
  const [queued, setQueued] = useState(false);
  // The captcha is needed only to subscribe.
  const captcha = useCaptcha({ active: wanted && !subscribed, action: 'newsletter' });
  const captchaProblem = useCaptchaProblem(captcha);
  const changed = wanted !== subscribed;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    setFailure(null);
    setQueued(false);
    if (wanted && captcha.provider !== 'off' && captcha.token === null) {
      captchaProblem.report('required');
      return;
    }
    setBusy(true);
    try {
      // Queued calls: offline, the choice is saved on this device and the announcer tells the outcome later.
      if (wanted) {
        const answer = await subscribe({ email, firstname: firstname || undefined, store, notice: 'updated' });
        if (answer === QUEUED) {
          setQueued(true);
          return;
        }
        setCoupon(answer.coupon);
        onStatus('subscribed');
      } else {
        // Without a proof the shop accepts (a session that ended meanwhile), it mails the link instead.
        const answer = await unsubscribe({ email, linkToken, store });
        if (answer === QUEUED) {
          setQueued(true);
          return;
        }
        if (answer === 'confirmation-sent') {
          setConfirmationSent(true);
          return;
        }
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
      {confirmationSent ? (
        <p className="newsletter-preferences__sent" role="status">
          {t('preferences.confirmationSent', { ns: 'newsletter', email })}
        </p>
      ) : null}
      {queued ? (
        <p className="newsletter-preferences__sent" role="status">
          {t('form.queued', { ns: 'newsletter' })}
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

/**
 * Unsubscribing an address without a login or a link: the shop mails the address a confirmation link, and nothing
 * changes until it is opened ("We sent a confirmation link to …"). Whether the address is subscribed is not shown.
 */
export function NewsletterUnsubscribeByMail({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [queued, setQueued] = useState(false);
  const problem = tried ? emailProblem(email) : null;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    setQueued(false);
    if (emailProblem(email) !== null) return;
    setBusy(true);
    try {
      const answer = await unsubscribe({ email: email.trim(), linkToken: null, store });
      if (answer === QUEUED) setQueued(true);
      else if (answer === 'confirmation-sent') setSentTo(email.trim());
      else showNewsletterNotice('updated');
    } catch (error) {
      setFailure(error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : t('form.failed', { ns: 'newsletter' }));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <p className="newsletter-preferences__sent" role="status">
        {t('preferences.confirmationSent', { ns: 'newsletter', email: sentTo })}
      </p>
    );
  }
  return (
    <form className="newsletter-unsubscribe" onSubmit={(event) => void send(event)} noValidate>
      <p>{t('preferences.byMailIntro', { ns: 'newsletter' })}</p>
      <NewsletterEmailField id={id} email={email} onChange={setEmail} problem={problem} />
      {failure ? (
        <p className="field__error" role="alert">
          {failure}
        </p>
      ) : null}
      {queued ? (
        <p className="newsletter-preferences__sent" role="status">
          {t('form.queued', { ns: 'newsletter' })}
        </p>
      ) : null}
      <div>
        <button type="submit" className="button button--secondary" disabled={busy}>
          {busy ? t('preferences.saving', { ns: 'newsletter' }) : t('preferences.byMailSubmit', { ns: 'newsletter' })}
        </button>
      </div>
    </form>
  );
}

/** My account › Newsletter without a login: the way to unsubscribe by a mailed link, under the login form. */
export function NewsletterByMailSection() {
  const { t } = useTranslation();
  const ready = useContentTexts('newsletter');
  const titleId = useId();
  if (!ready) return null;
  return (
    <section className="newsletter-preferences" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('preferences.title', { ns: 'newsletter' })}</h2>
      <NewsletterUnsubscribeByMail />
    </section>
  );
}
