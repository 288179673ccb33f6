/**
 * A form's state: each field is checked as the shopper types once they have left it (or submitted), every field is
 * checked on submit and focus moves to the first wrong one. The checks answer message keys; the form's owner says
 * how a key is translated, how a refusal is described and which fields a refusal names (no shop words here).
 */
import { useRef, useState, type FormEvent } from 'react';

export type Checks<Name extends string, Key extends string = string> = Record<Name, (values: Record<Name, string>) => Key | null>;

export interface FormBindings<Name extends string, Key extends string> {
  /** The text of a message key. */
  message(key: Key): string;
  /** The text of a refusal shown above the submit button; null when it is shown elsewhere (by a guard). */
  describe(error: unknown): string | null;
  /** The fields a refusal names, with their message keys (a 400's `details.fields`). */
  fieldsOf(error: unknown, names: readonly Name[]): Partial<Record<Name, Key>>;
}

export interface Form<Name extends string> {
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
  /** The refusal, described (null when there is none, or it is shown on a field or elsewhere). */
  failure: string | null;
  setFailure(message: string | null): void;
  set(values: Partial<Record<Name, string>>): void;
  /** Puts a refusal on the form (its fields' messages, else the description) and focuses the first field it names. */
  refuse(error: unknown): void;
}

export function useForm<Name extends string, Key extends string = string>(
  initial: Record<Name, string>,
  checks: Partial<Checks<Name, Key>>,
  bindings: FormBindings<Name, Key>,
): Form<Name> {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({});
  // What the server said of a field: shown on it until the shopper changes it.
  const [serverErrors, setServerErrors] = useState<Partial<Record<Name, Key>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const names = Object.keys(values) as Name[];

  const errorOf = (name: Name, all: Record<Name, string>): string | undefined => {
    const key = checks[name]?.(all);
    return key ? bindings.message(key) : undefined;
  };
  const errors: Partial<Record<Name, string>> = {};
  for (const name of names) {
    if (touched[name]) {
      const error = errorOf(name, values);
      if (error) errors[name] = error;
    }
    const server = serverErrors[name];
    if (!errors[name] && server) errors[name] = bindings.message(server);
  }

  const focus = (name: string) => formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();

  const refuse = (error: unknown) => {
    const onFields = bindings.fieldsOf(error, names);
    const first = names.find((name) => onFields[name]);
    if (first) {
      setServerErrors(onFields);
      focus(first);
      return;
    }
    setFailure(bindings.describe(error));
  };

  return {
    values,
    errors,
    busy,
    failure,
    setFailure,
    refuse,
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
      setTouched(Object.fromEntries(names.map((name) => [name, true])) as Record<Name, boolean>);
      const wrong = names.find((name) => errorOf(name, values));
      if (wrong) {
        focus(wrong);
        return;
      }
      setBusy(true);
      setFailure(null);
      Promise.resolve(submit(values))
        .catch(refuse)
        .finally(() => setBusy(false));
    },
  };
}
