/**
 * Form pieces of the checkout: a labelled field whose message (spec 2 §5) shows after the shopper first leaves it or
 * on submit, tied to the input by aria-describedby and aria-invalid; and focusing the first field in error.
 */
import type { TFunction } from 'i18next';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import type { CheckoutMessageKey, Problems } from './checkout-fields.ts';

/**
 * A field's value while the shopper edits it: shown at once and written to the draft as typed. The draft (a local
 * database write, read back through a query) answers some milliseconds later; showing only its value would drop keys
 * typed in between and move the caret. Another tab's change to the field shows once the shopper has left it.
 */
export function useEditedValue(stored: string, write: (value: string) => void) {
  // The last value typed here, and the draft's value it was typed over.
  const [edited, setEdited] = useState<{ value: string; over: string } | null>(null);
  const [focused, setFocused] = useState(false);
  const shown = edited !== null && (focused || edited.over === stored) ? edited.value : stored;
  return {
    value: shown,
    onChange: (value: string) => {
      setEdited({ value, over: stored });
      write(value);
    },
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
  };
}

/** A choice (a radio group) shown as picked at once, until the draft answers with it (or another tab's choice). */
export function usePickedValue(stored: string, write: (value: string) => void) {
  const [picked, setPicked] = useState<{ value: string; over: string } | null>(null);
  return {
    value: picked !== null && picked.over === stored ? picked.value : stored,
    pick: (value: string) => {
      setPicked({ value, over: stored });
      write(value);
    },
  };
}

export interface FieldState {
  /** Fields the shopper has left at least once. */
  touched: ReadonlySet<string>;
  /** The step was submitted: every message shows. */
  submitted: boolean;
  problems: Problems;
}

export function shownProblem(state: FieldState, name: string): CheckoutMessageKey | null {
  const problem = state.problems[name];
  return problem && (state.submitted || state.touched.has(name)) ? problem : null;
}

/** Moves focus to the first field in error of a form, in the order the shopper sees them. */
export function focusFirstProblem(form: HTMLElement | null): void {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  first?.focus();
}

interface TextFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  state: FieldState;
  onChange: (value: string) => void;
  onBlur: (name: string) => void;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  optional?: boolean;
  hint?: string;
  wide?: boolean;
}

export function TextField({ id, name, label, value, state, onChange, onBlur, type = 'text', autoComplete, optional = false, hint, wide = false }: TextFieldProps) {
  const { t } = useTranslation();
  const problem = shownProblem(state, name);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const edit = useEditedValue(value, onChange);
  const describedBy = [problem ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={`checkout-field${wide ? ' checkout-field--wide' : ''}${problem ? ' checkout-field--invalid' : ''}`}>
      <label htmlFor={id} className="checkout-field__label">
        {label}
        {optional ? <span className="checkout-field__optional"> {t('form.optional', { ns: 'checkout' })}</span> : <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className="checkout-field__input"
        value={edit.value}
        autoComplete={autoComplete}
        required={!optional}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => edit.onChange(event.target.value)}
        onFocus={edit.onFocus}
        onBlur={() => {
          edit.onBlur();
          onBlur(name);
        }}
      />
      {hint ? (
        <p id={hintId} className="checkout-field__hint">
          {hint}
        </p>
      ) : null}
      {/* The message's line is always kept, so a message appearing on blur never moves what the shopper clicks. */}
      <p id={errorId} className="checkout-field__error">
        {problem ? messageText(t, problem) : null}
      </p>
    </div>
  );
}

export function messageText(t: TFunction, key: CheckoutMessageKey): string {
  return t(`validation.${key}`, { ns: 'checkout' });
}

export function SelectField({
  id,
  name,
  label,
  value,
  state,
  onChange,
  onBlur,
  children,
  autoComplete,
}: Omit<TextFieldProps, 'type' | 'optional' | 'hint' | 'wide'> & { children: ReactNode }) {
  const { t } = useTranslation();
  const problem = shownProblem(state, name);
  const edit = useEditedValue(value, onChange);
  return (
    <div className={`checkout-field${problem ? ' checkout-field--invalid' : ''}`}>
      <label htmlFor={id} className="checkout-field__label">
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <select
        id={id}
        name={name}
        className="checkout-field__input checkout-field__select"
        value={edit.value}
        autoComplete={autoComplete}
        required
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(event) => edit.onChange(event.target.value)}
        onFocus={edit.onFocus}
        onBlur={() => {
          edit.onBlur();
          onBlur(name);
        }}
      >
        {children}
      </select>
      <p id={`${id}-error`} className="checkout-field__error">
        {problem ? messageText(t, problem) : null}
      </p>
    </div>
  );
}
