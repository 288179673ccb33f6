import type { Product } from '@shop/shared';
import { useTranslation } from '../../app/i18n.ts';
import { attributeLabel } from '../catalogue/attribute-labels.ts';
import { isValueAvailable, type VariantSelection } from '@shop/shared/catalogue/variants';

/** One radio group per configurable option; values that lead to no available child are marked, not hidden. */
export function VariantPicker({ product, selection, onChange }: { product: Product; selection: VariantSelection; onChange: (code: string, value: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="variant-picker">
      {(product.configurable_options ?? [])
        .slice()
        .sort((a, b) => a.position - b.position)
        .map((option) => (
          <fieldset key={option.attribute_code} className="variant-picker__option">
            <legend>{t('product.chooseOption', { label: attributeLabel(t, option.attribute_code, option.label) })}</legend>
            <div className="variant-picker__values">
              {option.values.map((value) => {
                const available = isValueAvailable(product, selection, option.attribute_code, value.value_index);
                const inputId = `variant-${option.attribute_code}-${value.value_index}`;
                return (
                  <span key={value.value_index} className={`variant-value${available ? '' : ' variant-value--unavailable'}`}>
                    <input
                      id={inputId}
                      type="radio"
                      name={`variant-${option.attribute_code}`}
                      checked={selection[option.attribute_code] === value.value_index}
                      onChange={() => onChange(option.attribute_code, value.value_index)}
                    />
                    <label htmlFor={inputId}>
                      {value.label}
                      {available ? null : <span className="visually-hidden"> {t('product.valueUnavailable')}</span>}
                    </label>
                  </span>
                );
              })}
            </div>
          </fieldset>
        ))}
    </div>
  );
}
