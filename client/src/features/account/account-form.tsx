/**
 * The account forms' parts: the generic form and fields of ui/form bound to the account texts, a password field
 * that can be shown, and `useAccountForm`. Checks are the shared rules of spec 2 §5
 * (shared/src/account/account-fields.ts), answering message keys translated under `validation.*`.
 */
import { FIELD_MESSAGES, type FieldMessageKey } from '@shop/shared/account/account-fields';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../app/api.ts';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../app/i18n.ts';
import { ShownRefusal } from '../captcha/throttle.ts';
import { TextField } from '../../ui/form/fields.tsx';
import { useForm, type Checks as FormChecks, type Form } from '../../ui/form/use-form.ts';
import '../../ui/problem-note.css';

export { FormFailure, SubmitButton, TextField } from '../../ui/form/fields.tsx';

export type Checks<Name extends string> = FormChecks<Name, FieldMessageKey>;
export type AccountForm<Name extends string> = Form<Name>;

/** The translated message of a failed call: the spec's text for known codes, else the server's own message. */
export function failureMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('errors.network', { ns: 'account' });
    const known = t(`errors.${error.code}`, { ns: 'account', defaultValue: '' });
    if (known) return known;
    return error.message || t('errors.generic', { ns: 'account' });
  }
  if (error instanceof Error && error.name === 'OfflineError') return t('errors.offlinePassword', { ns: 'account' });
  return t('errors.generic', { ns: 'account' });
}

/**
 * The fields a 400 names with a field message key (`details.fields`: `{ path, key }`), such as a new password found in
 * a breached-password list; `paths` maps the server's field names to the form's where they differ.
 */
export function serverFieldErrors<Name extends string>(error: unknown, names: readonly Name[], paths: Partial<Record<string, Name>> = {}): Partial<Record<Name, FieldMessageKey>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const fields = (error.details as { fields?: unknown } | null | undefined)?.fields;
  if (!Array.isArray(fields)) return {};
  const found: Partial<Record<Name, FieldMessageKey>> = {};
  for (const field of fields as Array<{ path?: unknown; key?: unknown }>) {
    const name = typeof field.path === 'string' ? (paths[field.path] ?? (names as readonly string[]).find((known) => known === field.path)) : undefined;
    if (name && typeof field.key === 'string' && field.key in FIELD_MESSAGES) found[name as Name] = field.key as FieldMessageKey;
  }
  return found;
}

export function useAccountForm<Name extends string>(
  initial: Record<Name, string>,
  checks: Partial<Checks<Name>>,
  options: { serverPaths?: Partial<Record<string, NoInfer<Name>>> } = {},
): AccountForm<Name> {
  const { t } = useTranslation();
  return useForm<Name, FieldMessageKey>(initial, checks, {
    message: (key) => t(`validation.${key}`, { ns: 'account' }),
    // The wait and the captcha step are shown by the form's guard (features/captcha/guard-status.tsx).
    describe: (error) => (error instanceof ShownRefusal ? null : failureMessage(error, t)),
    fieldsOf: (error, names) => serverFieldErrors(error, names, options.serverPaths),
  });
}

export function PasswordField(props: Parameters<typeof TextField>[0]) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <div className="account-password">
      <TextField {...props} type={shown ? 'text' : 'password'} />
      <label className="account-password__toggle">
        <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} />
        {t('fields.showPassword', { ns: 'account' })}
      </label>
    </div>
  );
}

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="account-card">
      <h2 className="account-card__title">{title}</h2>
      {children}
    </section>
  );
}
