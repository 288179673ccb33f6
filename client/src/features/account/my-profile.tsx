/** MyProfile: name and e-mail, and the password change (refused offline, spec 2 §5). */
import { checkEmail, checkName, checkPassword, checkPasswordRepeat, checkRequired } from '@shop/shared/account/account-fields';
import { useTranslation } from '../../app/i18n.ts';
import { GuardStatus, useWaitLabel } from '../captcha/guard-status.tsx';
import { useGuardedSend } from '../captcha/use-guarded-send.ts';
import { FormFailure, FormSection, PasswordField, SubmitButton, TextField, useAccountForm } from './account-form.tsx';
import { loadSessionModule } from './session-loader.ts';
import { useSessionUser } from './session-store.ts';
import { updateProfileTask } from './profile-task.ts';

export function ProfileSection() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const profile = user?.current;
  if (!profile) return <p className="account-muted" aria-busy="true">{t('myAccount.loading', { ns: 'account' })}</p>;
  return (
    <>
      <h2 className="account-content__title">{t('profile.title', { ns: 'account' })}</h2>
      <DetailsForm key={profile.id} firstname={profile.firstname} lastname={profile.lastname} email={profile.email} />
      <PasswordForm />
    </>
  );
}

function DetailsForm(initial: { firstname: string; lastname: string; email: string }) {
  const { t } = useTranslation();
  const form = useAccountForm(initial, {
    firstname: (v) => checkName(v.firstname),
    lastname: (v) => checkName(v.lastname),
    email: (v) => checkEmail(v.email),
  });
  return (
    <FormSection title={t('profile.details', { ns: 'account' })}>
      <form
        className="account-form"
        noValidate
        onSubmit={form.onSubmit(async ({ firstname, lastname, email }) => {
          const session = await loadSessionModule();
          // A queued task (spec 2 §7 "POST /api/user/me", decision 042): saved on this device first, sent when it can be.
          const outcome = await updateProfileTask({ firstname: firstname.trim(), lastname: lastname.trim(), email: email.trim() });
          if (outcome === 'queued') session.showAccountNotice('info', 'notices.profileQueued');
          else session.showAccountNotice('success', 'notices.accountUpdated');
        })}
      >
        <div className="account-form__row">
          <TextField label={t('fields.firstname', { ns: 'account' })} autoComplete="given-name" required {...form.field('firstname')} />
          <TextField label={t('fields.lastname', { ns: 'account' })} autoComplete="family-name" required {...form.field('lastname')} />
        </div>
        <TextField label={t('fields.email', { ns: 'account' })} type="email" autoComplete="email" required {...form.field('email')} />
        <FormFailure message={form.failure} />
        <SubmitButton busy={form.busy} label={t('actions.save', { ns: 'account' })} busyLabel={t('actions.saving', { ns: 'account' })} />
      </form>
    </FormSection>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const form = useAccountForm(
    { current: '', password: '', repeat: '' },
    {
      current: (v) => checkRequired(v.current),
      password: (v) => checkPassword(v.password),
      repeat: (v) => checkPasswordRepeat(v.password, v.repeat),
    },
    { serverPaths: { newPassword: 'password', currentPassword: 'current' } },
  );
  const guard = useGuardedSend({ action: 'change_password' });
  const waitLabel = useWaitLabel(guard);
  return (
    <FormSection title={t('profile.passwordTitle', { ns: 'account' })}>
      <form
        className="account-form"
        noValidate
        onSubmit={form.onSubmit(async ({ current, password }) => {
          const session = await loadSessionModule();
          await guard.send((captcha) => session.changePassword(current, password, captcha));
          form.set({ current: '', password: '', repeat: '' });
          session.showAccountNotice('success', 'notices.passwordChanged');
        })}
      >
        <PasswordField label={t('fields.currentPassword', { ns: 'account' })} autoComplete="current-password" required {...form.field('current')} />
        <PasswordField label={t('fields.newPassword', { ns: 'account' })} hint={t('fields.passwordHint', { ns: 'account' })} autoComplete="new-password" required {...form.field('password')} />
        <PasswordField label={t('fields.repeatNewPassword', { ns: 'account' })} autoComplete="new-password" required {...form.field('repeat')} />
        <GuardStatus guard={guard} />
        <FormFailure message={form.failure} />
        <SubmitButton busy={form.busy} label={t('actions.changePassword', { ns: 'account' })} busyLabel={t('actions.saving', { ns: 'account' })} waitLabel={waitLabel} />
      </form>
    </FormSection>
  );
}
