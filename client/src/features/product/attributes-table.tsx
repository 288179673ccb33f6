import type { Attribute, Product } from '@shop/shared';
import { PRODUCT_ATTRIBUTE_CODES } from '@shop/shared/catalogue/product-attributes';
import { useTranslation } from '../../app/i18n.ts';
import { attributeLabel, attributeValueLabel } from '../catalogue/attribute-labels.ts';

export function productAttributeCodes(product: Product): string[] {
  return PRODUCT_ATTRIBUTE_CODES.filter((code) => product[code] !== undefined);
}

export function AttributesTable({ product, attributes, sku }: { product: Product; attributes: readonly Attribute[]; sku: string }) {
  const { t } = useTranslation();
  const rows = attributes
    .filter((attribute) => attribute.is_visible_on_front && product[attribute.attribute_code as keyof Product] !== undefined)
    .sort((a, b) => a.position - b.position)
    .map((attribute) => ({ code: attribute.attribute_code, label: attributeLabel(t, attribute.attribute_code, attribute.frontend_label), value: attributeValueLabel(product[attribute.attribute_code as keyof Product], attribute) }))
    .filter((row): row is { code: string; label: string; value: string } => row.value !== null);
  return (
    <table className="attributes-table">
      <caption className="visually-hidden">{t('product.specifications')}</caption>
      <tbody>
        <tr>
          <th scope="row">{t('product.sku')}</th>
          <td>{sku}</td>
        </tr>
        {rows.map((row) => (
          <tr key={row.code}>
            <th scope="row">{row.label}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
