import type { Attribute } from '@shop/shared';

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
