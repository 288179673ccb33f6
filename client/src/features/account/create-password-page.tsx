/** /create-password?email&token (spec 2 §7): a new password from the e-mailed link, then logged in automatically. */
import { checkPassword, checkPasswordRepeat } from '@shop/shared/account/account-fields';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { GuardStatus, useWaitLabel } from '../captcha/guard-status.tsx';
import { useGuardedSend } from '../captcha/use-guarded-send.ts';
import { FormFailure, PasswordField, SubmitButton, useAccountForm } from './account-form.tsx';
import { ForgotForm } from './auth-forms.tsx';
import { loadSessionModule } from './session-loader.ts';
import { openAuth } from './session-store.ts';
import '../../ui/problem-note.css';

/** The reset links whose password this page set: a resend (the login asked for the captcha) only logs in. */
const spentLinks = new Set<string>();

export function CreatePasswordPage({ email, token }: { email: string; token: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  useDocumentTitle(t('createPassword.title', { ns: 'account' }), t('shop.name'));
  const form = useAccountForm(
    { password: '', repeat: '' },
    { password: (v) => checkPassword(v.password), repeat: (v) => checkPasswordRepeat(v.password, v.repeat) },
    { serverPaths: { newPassword: 'password' } },
  );
  // The login after the new password is throttled like any login: when it asks for the captcha, the resend only logs
  // in (the link's token is spent once the password is set).
  const guard = useGuardedSend({ action: 'login' });
  const waitLabel = useWaitLabel(guard);
  const complete = email !== '' && token !== '';
  return (
    <div className="container account-page account-page--narrow">
      <h1 className="account-page__title">{t('createPassword.title', { ns: 'account' })}</h1>
      <div className="account-card">
        {complete ? (
          <form
            className="account-form"
            noValidate
            onSubmit={form.onSubmit(async ({ password }) => {
              const session = await loadSessionModule();
              if (!spentLinks.has(token)) {
                await session.createPassword(email, token, password);
                spentLinks.add(token);
              }
              await guard.send((captcha) => session.login(email, password, captcha));
              session.showAccountNotice('success', 'notices.passwordChanged');
              await navigate({ to: '/$store/my-account/$', params: { store, _splat: '' } });
            })}
          >
            <p className="account-form__intro">{t('createPassword.intro', { ns: 'account', email })}</p>
            {/* Lets password managers store the new password under the right account. */}
            <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
            <PasswordField label={t('fields.newPassword', { ns: 'account' })} hint={t('fields.passwordHint', { ns: 'account' })} autoComplete="new-password" required {...form.field('password')} />
            <PasswordField label={t('fields.repeatNewPassword', { ns: 'account' })} autoComplete="new-password" required {...form.field('repeat')} />
            <GuardStatus guard={guard} />
            <FormFailure message={form.failure} />
            <SubmitButton busy={form.busy} label={t('createPassword.submit', { ns: 'account' })} busyLabel={t('actions.saving', { ns: 'account' })} waitLabel={waitLabel} />
          </form>
        ) : (
          <>
            <p className="form-failure problem-note" role="alert">
              {t('createPassword.incomplete', { ns: 'account' })}
            </p>
            <ForgotForm initialEmail={email} onLogin={() => openAuth('login')} />
          </>
        )}
      </div>
    </div>
  );
}
