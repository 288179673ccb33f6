/**
 * The account forms' parts: a field with its label, hint and message (wired for screen readers), a password field
 * that can be shown, and `useAccountForm`, which checks a field as the shopper types once they have left it (or
 * submitted), checks every field on submit and moves focus to the first wrong one. Checks are the shared rules of
 * spec 2 §5 (shared/src/account/account-fields.ts), answering message keys translated under `validation.*`.
 */
import { FIELD_MESSAGES, type FieldMessageKey } from '@shop/shared/account/account-fields';
import { useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { ApiError } from '../../app/api.ts';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../app/i18n.ts';
import { ShownRefusal } from '../captcha/throttle.ts';
import '../../ui/problem-note.css';

export type Checks<Name extends string> = Record<Name, (values: Record<Name, string>) => FieldMessageKey | null>;

export interface AccountForm<Name extends string> {
  values: Record<Name, string>;
  errors: Partial<Record<Name, string>>;
  field(name: Name): {
    name: Name;
    value: string;
    error: string | undefined;
    onChange: (value: string) => void;
    onBlur: () => void;
  };
  /** Runs the checks; on success calls `submit` with the values. */
  onSubmit(submit: (values: Record<Name, string>) => Promise<void> | void): (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  /** The server's answer, translated (null when it is shown elsewhere: on a field, or by the form's guard). */
  failure: string | null;
  setFailure(message: string | null): void;
  set(values: Partial<Record<Name, string>>): void;
}

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
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({});
  // What the server said of a field (a breached password): shown on it until the shopper changes it.
  const [serverErrors, setServerErrors] = useState<Partial<Record<Name, FieldMessageKey>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);

  const errorOf = (name: Name, all: Record<Name, string>): string | undefined => {
    const key = checks[name]?.(all);
    return key ? t(`validation.${key}`, { ns: 'account' }) : undefined;
  };
  const errors: Partial<Record<Name, string>> = {};
  for (const name of Object.keys(values) as Name[]) {
    if (touched[name]) {
      const error = errorOf(name, values);
      if (error) errors[name] = error;
    }
    const server = serverErrors[name];
    if (!errors[name] && server) errors[name] = t(`validation.${server}`, { ns: 'account' });
  }

  return {
    values,
    errors,
    busy,
    failure,
    setFailure,
    set: (next) => setValues((current) => ({ ...current, ...next })),
    field: (name) => ({
      name,
      value: values[name],
      error: errors[name],
      onChange: (value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setServerErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
        setFailure(null);
      },
      onBlur: () => {
        if (values[name] !== '') setTouched((current) => ({ ...current, [name]: true }));
      },
    }),
    onSubmit: (submit) => (event) => {
      event.preventDefault();
      formRef.current = event.currentTarget;
      const all = Object.fromEntries((Object.keys(values) as Name[]).map((name) => [name, true])) as Record<Name, boolean>;
      setTouched(all);
      const wrong = (Object.keys(values) as Name[]).find((name) => errorOf(name, values));
      if (wrong) {
        event.currentTarget.querySelector<HTMLElement>(`[name="${wrong}"]`)?.focus();
        return;
      }
      setBusy(true);
      setFailure(null);
      const form = event.currentTarget;
      Promise.resolve(submit(values))
        .catch((error: unknown) => {
          // The wait and the captcha step are shown by the form's guard (features/captcha/guard-status.tsx).
          if (error instanceof ShownRefusal) return;
          const onFields = serverFieldErrors(error, Object.keys(values) as Name[], options.serverPaths);
          const first = Object.keys(onFields)[0];
          if (first) {
            setServerErrors(onFields);
            form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
            return;
          }
          setFailure(failureMessage(error, t));
        })
        .finally(() => setBusy(false));
    },
  };
}

export function TextField({
  label,
  hint,
  error,
  onChange,
  onBlur,
  value,
  name,
  type = 'text',
  ...rest
}: {
  label: string;
  hint?: string | undefined;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  value: string;
  name: string;
  type?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'onBlur' | 'value' | 'name' | 'type'>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`account-field${error ? ' account-field--error' : ''}`}>
      <label className="account-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...rest}
        id={id}
        name={name}
        type={type}
        value={value}
        className="account-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {hint && !error ? (
        <p id={`${id}-hint`} className="account-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="account-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
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

/** The server's refusal above the submit button, announced. */
export function FormFailure({ message }: { message: string | null }) {
  return (
    <div role="alert" className="account-form__failure-region">
      {message ? <p className="account-form__failure problem-note">{message}</p> : null}
    </div>
  );
}

/** `waitLabel`: while the shop makes the form wait, the button is disabled and counts down ("Try again in 0:29"). */
export function SubmitButton({ busy, label, busyLabel, waitLabel = null }: { busy: boolean; label: string; busyLabel: string; waitLabel?: string | null }) {
  return (
    <button type="submit" className="button button--block account-form__submit" disabled={busy || waitLabel !== null} aria-busy={busy || undefined}>
      {busy ? <span className="account-spinner" aria-hidden="true" /> : null}
      {busy ? busyLabel : (waitLabel ?? label)}
    </button>
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
