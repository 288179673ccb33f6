import { useState } from 'react';
import './quantity-stepper.css';

const icon = { width: 16, height: 16, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false, fill: 'none', stroke: 'currentColor', strokeWidth: 1.75, strokeLinecap: 'round' } as const;

/**
 * A whole-number quantity: minus, a field, plus. The field commits on Enter or when it loses focus; text that is not
 * a whole number in range goes back to the current value. The labels name what is counted (they are read out).
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
}: {
  value: number;
  min?: number;
  max?: number;
  disabled?: boolean;
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  onChange: (value: number) => void;
}) {
  // What the shopper is typing; null shows the value (which another tab or device may change meanwhile).
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(value);

  const commit = () => {
    const next = Number(text.trim());
    if (Number.isSafeInteger(next) && next >= min && next <= max && next !== value) onChange(next);
    setDraft(null);
  };

  return (
    <span className="quantity-stepper">
      <button type="button" className="quantity-stepper__button" aria-label={decreaseLabel} disabled={disabled || value <= min} onClick={() => onChange(value - 1)}>
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
        value={text}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      <button type="button" className="quantity-stepper__button" aria-label={increaseLabel} disabled={disabled || value >= max} onClick={() => onChange(value + 1)}>
        <svg {...icon}>
          <path d="M6 12h12M12 6v12" />
        </svg>
      </button>
    </span>
  );
}
