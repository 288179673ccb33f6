/**
 * What the "before you buy" panel says about one piece, read from the catalogue: its condition and, for a pre-owned
 * or vintage piece, the condition report the catalogue holds; what comes with it; the warranty. Attribute codes other
 * helpers or shops may add (a year, a grade, a written report, box and papers) are read only when the product and
 * its loaded attributes both have them, so a catalogue without them simply shows less.
 */
import type { Attribute, Product } from '@shop/shared';
import { attributeValueLabel } from '../catalogue/attribute-labels.ts';

/** Condition report attributes, in the order shown, when a catalogue has them. */
export const CONDITION_REPORT_CODES = ['condition_grade', 'condition_report', 'year', 'production_year', 'box_papers', 'service_history'] as const;

export interface FactRow {
  code: string;
  label: string;
  value: string;
}

export interface PurchaseFacts {
  /** The store's label of the condition (New, Pre-owned, Vintage), when the product has one. */
  condition: string | null;
  /** Pre-owned or vintage: the catalogue marks these as margin products (sold under the margin scheme). */
  preOwned: boolean;
  /** The condition report's lines (pre-owned and vintage only). */
  report: FactRow[];
  /** What comes with the piece, in the store's words (box and papers, certificate, service, warranty card). */
  included: string[];
  /** Whose warranty: the maker's for a new piece, the shop's own for a pre-owned or vintage one. */
  warranty: 'manufacturer' | 'shop';
}

function valueOf(product: Product, code: string, attributes: readonly Attribute[]): FactRow | null {
  const attribute = attributes.find((a) => a.attribute_code === code);
  const raw = (product as unknown as Record<string, unknown>)[code];
  if (!attribute || raw === undefined || raw === null || raw === '') return null;
  const value = attributeValueLabel(raw, attribute);
  return value ? { code, label: attribute.frontend_label, value } : null;
}

export function purchaseFacts(product: Product, attributes: readonly Attribute[]): PurchaseFacts {
  const condition = valueOf(product, 'condition', attributes)?.value ?? null;
  const preOwned = product.margin_product;
  const report = preOwned ? CONDITION_REPORT_CODES.map((code) => valueOf(product, code, attributes)).filter((row): row is FactRow => row !== null) : [];
  const misc = attributes.find((a) => a.attribute_code === 'misc');
  const miscValues = (product as unknown as Record<string, unknown>).misc;
  const chosen = Array.isArray(miscValues) ? miscValues : miscValues === undefined || miscValues === null ? [] : [miscValues];
  const included = misc ? chosen.flatMap((value) => misc.options.filter((option) => option.value === String(value)).map((option) => option.label)) : [];
  return { condition, preOwned, report, included, warranty: preOwned ? 'shop' : 'manufacturer' };
}
