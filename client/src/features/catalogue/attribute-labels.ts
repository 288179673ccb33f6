import type { Attribute } from '@shop/shared';
import type { TFunction } from 'i18next';

/**
 * An attribute's name in the interface language: the shop's own texts name its attribute codes in English, Dutch and
 * German (`attributes.<code>`), so an English or German screen of the Dutch store never reads "Ringmaat". A code the
 * texts do not know keeps the store's label.
 */
export function attributeLabel(t: TFunction, code: string, storeLabel: string): string {
  return t(`attributes.${code}`, { ns: 'common', defaultValue: storeLabel });
}

/** Option ids to the store's labels; numbers without an option (e.g. a diameter in mm) show with the unit. */
export function attributeValueLabel(value: unknown, attribute: Pick<Attribute, 'options' | 'unit'> | undefined): string | null {
  const values = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const labels = values.map((v) => {
    const option = attribute?.options.find((o) => o.value === String(v));
    if (option) return option.label;
    return typeof v === 'number' && attribute?.unit ? `${v} ${attribute.unit}` : String(v);
  });
  return labels.length ? labels.join(', ') : null;
}

export function brandLabel(brandId: unknown, brandAttribute: Attribute | undefined): string | undefined {
  if (typeof brandId !== 'number' || !brandAttribute) return undefined;
  return brandAttribute.options.find((o) => o.value === String(brandId))?.label;
}
