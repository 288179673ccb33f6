import { useId, useState } from 'react';
import './quantity-stepper.css';

const icon = { width: 16, height: 16, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false, fill: 'none', stroke: 'currentColor', strokeWidth: 1.75, strokeLinecap: 'round' } as const;

/**
 * A whole-number quantity: minus, a field, plus. The field commits on Enter or when it loses focus. With `validate`,
 * text it refuses stays in the field with the message under it (tied to the field for screen readers) until the
 * shopper corrects it, and the value does not change; Escape puts the current value back. Without it, text that is
 * not a whole number in range goes back to the current value. The labels name what is counted (they are read out).
 */
export function QuantityStepper({
  value,
  min = 1,
  max = 9999,
  disabled = false,
  label,
  decreaseLabel,
  increaseLabel,
  onChange,
  validate,
  onProblem,
}: {
  value: number;
  min?: number;
  max?: number;
  disabled?: boolean;
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  onChange: (value: number) => void;
  /** The message for text that cannot be the quantity, or null when it can. */
  validate?: (text: string) => string | null;
  /** Told when the field starts or stops holding refused text. */
  onProblem?: (message: string | null) => void;
}) {
  // What the shopper is typing; null shows the value (which another tab or device may change meanwhile).
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();
  const text = draft ?? String(value);

  const report = (message: string | null) => {
    setProblem(message);
    onProblem?.(message);
  };
  const reset = () => {
    setDraft(null);
    if (problem !== null) report(null);
  };
  const commit = () => {
    if (draft === null) return;
    const message = validate?.(text) ?? null;
    if (message !== null) {
      report(message);
      return;
    }
    const next = Number(text.trim());
    if (Number.isSafeInteger(next) && next >= min && next <= max && next !== value) onChange(next);
    reset();
  };
  const step = (next: number) => {
    reset();
    onChange(next);
  };

  return (
    <span className="quantity-field">
      <span className={`quantity-stepper${problem ? ' quantity-stepper--invalid' : ''}`}>
        <button type="button" className="quantity-stepper__button" aria-label={decreaseLabel} disabled={disabled || value <= min} onClick={() => step(value - 1)}>
          <svg {...icon}>
            <path d="M6 12h12" />
          </svg>
        </button>
        <input
          className="quantity-stepper__input"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          aria-label={label}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          value={text}
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            } else if (event.key === 'Escape' && draft !== null) {
              event.preventDefault();
              reset();
            }
          }}
        />
        <button type="button" className="quantity-stepper__button" aria-label={increaseLabel} disabled={disabled || value >= max} onClick={() => step(value + 1)}>
          <svg {...icon}>
            <path d="M6 12h12M12 6v12" />
          </svg>
        </button>
      </span>
      {problem ? (
        <span id={errorId} className="quantity-field__error" role="alert">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
