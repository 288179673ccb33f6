/**
 * Form fields wired for screen readers: every control has its label, its hint and its message linked with
 * `aria-describedby`, and `aria-invalid` while it is wrong. Texts come from the caller (no shop words here).
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import './form.css';

interface FieldProps {
  label: string;
  hint?: string | undefined;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  value: string;
  name: string;
  /** Shown after the label ("optional"), for a field the shopper may leave empty. */
  optionalLabel?: string | undefined;
}

function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  return [hint && !error ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

function FieldFrame({ id, label, optionalLabel, hint, error, children }: { id: string; label: string; optionalLabel?: string | undefined; hint?: string | undefined; error: string | undefined; children: ReactNode }) {
  return (
    <div className={`form-field${error ? ' form-field--error' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
        {optionalLabel ? <span className="form-field__optional"> ({optionalLabel})</span> : null}
      </label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

function FieldNotes({ id, hint, error }: { id: string; hint?: string | undefined; error: string | undefined }) {
  return (
    <>
      {hint && !error ? (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function TextField({
  label,
  hint,
  error,
  onChange,
  onBlur,
  value,
  name,
  optionalLabel,
  type = 'text',
  ...rest
}: FieldProps & { type?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'onBlur' | 'value' | 'name' | 'type'>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} optionalLabel={optionalLabel} hint={hint} error={error}>
      <input
        {...rest}
        id={id}
        name={name}
        type={type}
        value={value}
        className="form-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  onChange,
  onBlur,
  value,
  name,
  optionalLabel,
  ...rest
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'onBlur' | 'value' | 'name'>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} optionalLabel={optionalLabel} hint={hint} error={error}>
      <textarea
        {...rest}
        id={id}
        name={name}
        value={value}
        className="form-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </FieldFrame>
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** A list to pick one from; `placeholder` is the empty first entry ("Please choose"). */
export function SelectField({
  label,
  hint,
  error,
  onChange,
  onBlur,
  value,
  name,
  optionalLabel,
  choices,
  placeholder,
  ...rest
}: FieldProps & { choices: readonly Choice[]; placeholder: string } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'onBlur' | 'value' | 'name'>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} optionalLabel={optionalLabel} hint={hint} error={error}>
      <select
        {...rest}
        id={id}
        name={name}
        value={value}
        className="form-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        <option value="">{placeholder}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** Radio buttons in a fieldset: the legend names the group, the message is linked to every button. */
export function ChoiceField({ label, hint, error, onChange, onBlur, value, name, choices, required }: FieldProps & { choices: readonly Choice[]; required?: boolean }) {
  const id = useId();
  const described = describedBy(id, hint, error);
  return (
    <fieldset className={`form-choices${error ? ' form-choices--error' : ''}`} aria-describedby={described} aria-invalid={error ? true : undefined}>
      <legend className="form-choices__legend">{label}</legend>
      <div className="form-choices__options">
        {choices.map((choice) => (
          <label key={choice.value} className="form-check">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              // A group cannot carry aria-required (axe, ARIA 1.2): a required radio makes its whole group required.
              required={required}
              aria-describedby={described}
              onChange={() => onChange(choice.value)}
              // A radio's value is set by choosing it: leaving the group checks it like any other field.
              onBlur={onBlur}
            />
            {choice.label}
          </label>
        ))}
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </fieldset>
  );
}

/** A single checkbox (terms); its value is 'yes' or ''. */
export function CheckboxField({ label, error, onChange, onBlur, value, name }: Omit<FieldProps, 'label'> & { label: ReactNode }) {
  const id = useId();
  return (
    <div className={`form-field${error ? ' form-field--error' : ''}`}>
      <label className="form-check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={value === 'yes'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, undefined, error)}
          onChange={(event) => onChange(event.target.checked ? 'yes' : '')}
          onBlur={onBlur}
        />
        <span>{label}</span>
      </label>
      <FieldNotes id={id} error={error} />
    </div>
  );
}

/** The server's refusal above the submit button, announced. */
export function FormFailure({ message }: { message: string | null }) {
  return (
    <div role="alert" className="form-failure-region">
      {message ? <p className="form-failure problem-note">{message}</p> : null}
    </div>
  );
}

/** `waitLabel`: while the shop makes the form wait, the button is disabled and counts down ("Try again in 0:29"). */
export function SubmitButton({ busy, label, busyLabel, waitLabel = null }: { busy: boolean; label: string; busyLabel: string; waitLabel?: string | null }) {
  return (
    <button type="submit" className="button button--block form-submit" disabled={busy || waitLabel !== null} aria-busy={busy || undefined}>
      {busy ? <span className="form-spinner" aria-hidden="true" /> : null}
      {busy ? busyLabel : (waitLabel ?? label)}
    </button>
  );
}
