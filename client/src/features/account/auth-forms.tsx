/**
 * Log in, register and forgotten password (spec 2 §2, §5, §7, §8): the forms of the login modal, also shown on the
 * pages that need a login and on /customer/account/forgotpassword.
 */
import { checkEmail, checkName, checkPassword, checkPasswordRepeat, checkRequired } from '@shop/shared/account/account-fields';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { GuardStatus, useWaitLabel } from '../captcha/guard-status.tsx';
import { useGuardedSend } from '../captcha/use-guarded-send.ts';
import { FormFailure, PasswordField, SubmitButton, TextField, useAccountForm } from './account-form.tsx';
import { loadSessionModule } from './session-loader.ts';
import '../../ui/problem-note.css';

export function LoginForm({ onDone, onForgot, onRegister }: { onDone?: () => void; onForgot: () => void; onRegister: () => void }) {
  const { t } = useTranslation();
  const form = useAccountForm({ email: '', password: '' }, { email: (v) => checkEmail(v.email), password: (v) => checkRequired(v.password) });
  const guard = useGuardedSend({ action: 'login' });
  const waitLabel = useWaitLabel(guard);
  return (
    <form
      className="account-form"
      noValidate
      onSubmit={form.onSubmit(async ({ email, password }) => {
        const session = await loadSessionModule();
        await guard.send((captcha) => session.login(email, password, captcha));
        session.showAccountNotice('success', 'notices.loggedIn');
        onDone?.();
      })}
    >
      <TextField label={t('fields.email', { ns: 'account' })} type="email" autoComplete="username" inputMode="email" required {...form.field('email')} />
      <PasswordField label={t('fields.password', { ns: 'account' })} autoComplete="current-password" required {...form.field('password')} />
      <button type="button" className="account-form__link account-form__forgot" onClick={onForgot}>
        {t('actions.forgot', { ns: 'account' })}
      </button>
      <GuardStatus guard={guard} />
      <FormFailure message={form.failure} />
      <SubmitButton busy={form.busy} label={t('actions.login', { ns: 'account' })} busyLabel={t('actions.loggingIn', { ns: 'account' })} waitLabel={waitLabel} />
      <p className="account-form__switch">
        {t('actions.noAccount', { ns: 'account' })}{' '}
        <button type="button" className="account-form__link" onClick={onRegister}>
          {t('actions.toRegister', { ns: 'account' })}
        </button>
      </p>
    </form>
  );
}

/**
 * The addresses registered by the submission under way: when only the login after the registration asked for the
 * captcha, the resend logs in and does not register again.
 */
const registeredHere = new Set<string>();

export function RegisterForm({ onDone, onLogin }: { onDone?: () => void; onLogin: () => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const form = useAccountForm(
    { firstname: '', lastname: '', email: '', password: '', repeat: '' },
    {
      firstname: (v) => checkName(v.firstname),
      lastname: (v) => checkName(v.lastname),
      email: (v) => checkEmail(v.email),
      password: (v) => checkPassword(v.password),
      repeat: (v) => checkPasswordRepeat(v.password, v.repeat),
    },
  );
  const guard = useGuardedSend({ action: 'register' });
  const waitLabel = useWaitLabel(guard);
  return (
    <form
      className="account-form"
      noValidate
      onSubmit={form.onSubmit(async ({ firstname, lastname, email, password }) => {
        const session = await loadSessionModule();
        const customer = { email: email.trim(), firstname: firstname.trim(), lastname: lastname.trim() };
        try {
          await guard.send(async (captcha) => {
            if (!registeredHere.has(customer.email)) {
              await session.createAccount(customer, password, store, captcha);
              registeredHere.add(customer.email);
              return session.login(customer.email, password);
            }
            return session.login(customer.email, password, captcha);
          });
        } finally {
          // Remembered only for the resends of this one submission: a later one registers (and is refused) again.
          registeredHere.delete(customer.email);
        }
        session.showAccountNotice('success', 'notices.registered');
        onDone?.();
      })}
    >
      <div className="account-form__row">
        <TextField label={t('fields.firstname', { ns: 'account' })} autoComplete="given-name" required {...form.field('firstname')} />
        <TextField label={t('fields.lastname', { ns: 'account' })} autoComplete="family-name" required {...form.field('lastname')} />
      </div>
      <TextField label={t('fields.email', { ns: 'account' })} type="email" autoComplete="email" inputMode="email" required {...form.field('email')} />
      <PasswordField label={t('fields.password', { ns: 'account' })} hint={t('fields.passwordHint', { ns: 'account' })} autoComplete="new-password" required {...form.field('password')} />
      <PasswordField label={t('fields.repeatPassword', { ns: 'account' })} autoComplete="new-password" required {...form.field('repeat')} />
      <GuardStatus guard={guard} />
      <FormFailure message={form.failure} />
      <SubmitButton busy={form.busy} label={t('actions.register', { ns: 'account' })} busyLabel={t('actions.registering', { ns: 'account' })} waitLabel={waitLabel} />
      <p className="account-form__switch">
        {t('actions.haveAccount', { ns: 'account' })}{' '}
        <button type="button" className="account-form__link" onClick={onLogin}>
          {t('actions.toLogin', { ns: 'account' })}
        </button>
      </p>
    </form>
  );
}

export function ForgotForm({ onLogin, initialEmail = '' }: { onLogin: () => void; initialEmail?: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAccountForm({ email: initialEmail }, { email: (v) => checkEmail(v.email) });
  const guard = useGuardedSend({ action: 'reset_password' });
  const waitLabel = useWaitLabel(guard);
  if (sentTo) {
    return (
      <div className="account-form">
        <p className="account-form__success problem-note problem-note--success" role="status">
          {t('forgotPage.sent', { ns: 'account', email: sentTo })}
        </p>
        <button type="button" className="button button--secondary button--block" onClick={onLogin}>
          {t('actions.backToLogin', { ns: 'account' })}
        </button>
      </div>
    );
  }
  return (
    <form
      className="account-form"
      noValidate
      onSubmit={form.onSubmit(async ({ email }) => {
        const { resetPassword } = await import('./account-api.ts');
        await guard.send((captcha) => resetPassword(email.trim(), store, captcha));
        setSentTo(email.trim());
      })}
    >
      <p className="account-form__intro">{t('modal.forgotIntro', { ns: 'account' })}</p>
      <TextField label={t('fields.email', { ns: 'account' })} type="email" autoComplete="email" inputMode="email" required {...form.field('email')} />
      <GuardStatus guard={guard} />
      <FormFailure message={form.failure} />
      <SubmitButton busy={form.busy} label={t('actions.sendReset', { ns: 'account' })} busyLabel={t('actions.sending', { ns: 'account' })} waitLabel={waitLabel} />
      <p className="account-form__switch">
        <button type="button" className="account-form__link" onClick={onLogin}>
          {t('actions.backToLogin', { ns: 'account' })}
        </button>
      </p>
    </form>
  );
}
