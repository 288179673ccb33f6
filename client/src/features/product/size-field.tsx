import { CUSTOM_SIZE_RANGES, CUSTOM_SIZE_UNITS, type CustomSizeKind, type CustomSizeUnit } from '@shop/shared/cart/custom-size';
import { useEffect, useId, useRef } from 'react';
import { localeOf, useTranslation } from '../../app/i18n.ts';
import '../../ui/problem-note.css';

export interface SizeFieldProps {
  kind: CustomSizeKind;
  value: string;
  unit: CustomSizeUnit;
  /** The problem to show now (translated), or null. */
  problem: string | null;
  onValue: (value: string) => void;
  onUnit: (unit: CustomSizeUnit) => void;
  /** The shopper left the field: a size typed so far is checked. */
  onBlur: () => void;
  /** Raised each time 'Add to cart' was pressed without a valid size: the field takes the focus. */
  focusRequest?: number;
}

/**
 * The shopper's ring size or bracelet length (shared `checkCustomSize`): a number and its unit, mm or inch (spec 2
 * §9), with the range of the kind under it. The field is required: 'Add to cart' without a size says 'Please fill
 * your size' here and brings the focus back; a size the rule refuses says why, read out as it appears.
 */
export function SizeField({ kind, value, unit, problem, onValue, onUnit, onBlur, focusRequest = 0 }: SizeFieldProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusRequest > 0) input.current?.focus();
  }, [focusRequest]);
  const number = new Intl.NumberFormat(localeOf(i18n.language), { maximumFractionDigits: 2 });
  const ranges = CUSTOM_SIZE_RANGES[kind];
  const hint = t(`product.size.${kind}Hint`, {
    ns: 'catalogue',
    min: number.format(ranges.mm.min),
    max: number.format(ranges.mm.max),
    minInch: number.format(ranges.inch.min),
    maxInch: number.format(ranges.inch.max),
  });
  return (
    <div className="size-field" role="group" aria-labelledby={`${id}-label`}>
      <div className="size-field__row">
        <div className="size-field__value">
          <label id={`${id}-label`} htmlFor={`${id}-input`} className="size-field__label">
            {t(`product.size.${kind}`, { ns: 'catalogue' })}
          </label>
          <input
            ref={input}
            id={`${id}-input`}
            className="size-field__input"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            required
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem ${id}-hint` : `${id}-hint`}
            value={value}
            onChange={(event) => onValue(event.target.value)}
            onBlur={onBlur}
          />
        </div>
        <div className="size-field__unit">
          <label htmlFor={`${id}-unit`} className="size-field__label">
            {t('product.size.unit', { ns: 'catalogue' })}
          </label>
          <select id={`${id}-unit`} className="size-field__select" value={unit} onChange={(event) => onUnit(event.target.value as CustomSizeUnit)}>
            {CUSTOM_SIZE_UNITS.map((code) => (
              <option key={code} value={code}>
                {t(`product.size.${code}`, { ns: 'catalogue' })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id={`${id}-hint`} className="size-field__hint">
        {hint}
      </p>
      {problem ? (
        <p id={`${id}-problem`} className="size-field__problem problem-note" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
