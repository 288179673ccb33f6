/**
 * The rows of the comparison (spec 2 §2 'Compare Products'): the attributes marked comparable, in the catalogue's
 * order, that at least one of the products has; each row has one cell per product (null where a product lacks it).
 * When the catalogue marks no attribute comparable, the attributes shown on the product page are used instead.
 */
import type { Attribute, Product } from '@shop/shared';
import { attributeValueLabel } from '../catalogue/attribute-labels.ts';

export interface CompareRow {
  code: string;
  label: string;
  values: Array<string | null>;
}

export function compareRows(products: ReadonlyArray<Product | null>, attributes: readonly Attribute[]): CompareRow[] {
  const comparable = attributes.filter((attribute) => attribute.is_comparable);
  const chosen = comparable.length > 0 ? comparable : attributes.filter((attribute) => attribute.is_visible_on_front);
  return [...chosen]
    .sort((a, b) => a.position - b.position || a.attribute_code.localeCompare(b.attribute_code))
    .map((attribute) => ({
      code: attribute.attribute_code,
      label: attribute.frontend_label,
      values: products.map((product) => (product ? attributeValueLabel(product[attribute.attribute_code as keyof Product], attribute) : null)),
    }))
    .filter((row) => row.values.some((value) => value !== null));
}

/** The attribute codes the compared products carry, for loading their labels. */
export function comparedAttributeCodes(products: ReadonlyArray<Product | null>, codes: readonly string[]): string[] {
  return codes.filter((code) => products.some((product) => product && product[code as keyof Product] !== undefined));
}
