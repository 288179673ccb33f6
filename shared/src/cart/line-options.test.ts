import { describe, expect, it } from 'vitest';
import type { Product } from '../catalogue/product.schema.ts';
import { cartItemFor } from './cart.ts';
import { bundleLineOptions, configurableLineOptions, lineOptionRows, lineOptionsOf, LineOptionsSchema, productLineOptions } from './line-options.ts';

const ringSize = {
  attribute_id: 3,
  attribute_code: 'size',
  label: 'Ringmaat',
  position: 0,
  values: [
    { value_index: 301, label: '52' },
    { value_index: 302, label: '54' },
  ],
};
const colour = { attribute_id: 4, attribute_code: 'color', label: 'Kleur', position: 1, values: [{ value_index: 401, label: 'Zwart' }] };

const giftSet: NonNullable<Product['bundle_options']> = [
  {
    option_id: 2,
    title: 'Extra strap',
    type: 'select',
    required: true,
    position: 2,
    product_links: [{ id: 21, sku: 'S-1', qty: 1, is_default: true, position: 1 }],
  },
  {
    option_id: 1,
    title: 'Watch',
    type: 'radio',
    required: true,
    position: 1,
    product_links: [
      { id: 11, sku: 'W-1', qty: 1, is_default: true, position: 1 },
      { id: 12, sku: 'W-2', qty: 2, is_default: false, position: 2 },
    ],
  },
  {
    option_id: 3,
    title: 'Watch winder',
    type: 'checkbox',
    required: false,
    position: 3,
    product_links: [{ id: 31, sku: 'WW-1', qty: 1, is_default: true, position: 1 }],
  },
];
const names: Record<string, string> = { 'W-1': 'Omega Speedmaster', 'W-2': 'Omega Seamaster', 'S-1': 'Leather strap' };

describe('the options a line shows', () => {
  it('labels the configurable choice with the option and value names, in the product’s order, with the attribute code', () => {
    const rows = configurableLineOptions([colour, ringSize], [{ option_id: 4, option_value: 401 }, { option_id: 3, option_value: 302 }]);
    expect(rows).toEqual([
      { code: 'size', label: 'Ringmaat', value: '54' },
      { code: 'color', label: 'Kleur', value: 'Zwart' },
    ]);
  });

  it('names the bundle pieces chosen per option, with how many of a piece, and leaves out options without a choice', () => {
    const rows = bundleLineOptions(
      giftSet,
      [
        { option_id: 2, option_qty: 1, option_selections: [21] },
        { option_id: 1, option_qty: 0, option_selections: [12] },
        { option_id: 3, option_qty: 1, option_selections: [] },
      ],
      (sku) => names[sku],
    );
    expect(rows).toEqual([
      { label: 'Watch', value: '2 × Omega Seamaster' },
      { label: 'Extra strap', value: 'Leather strap' },
    ]);
    expect(bundleLineOptions(giftSet, [{ option_id: 3, option_qty: 1, option_selections: [31] }], () => undefined)).toEqual([{ label: 'Watch winder', value: 'WW-1' }]);
  });

  it('reads a product option of either kind, and keeps within the schema’s bounds', () => {
    expect(productLineOptions({ configurable_options: [ringSize] }, { extension_attributes: { configurable_item_options: [{ option_id: 3, option_value: 301 }] } })).toEqual([{ code: 'size', label: 'Ringmaat', value: '52' }]);
    expect(productLineOptions({}, undefined)).toEqual([]);
    const long = productLineOptions({ bundle_options: [{ ...giftSet[1]!, title: 'x'.repeat(500) }] }, { extension_attributes: { bundle_options: [{ option_id: 1, option_qty: 1, option_selections: [11] }] } }, () => 'y'.repeat(2000));
    expect(LineOptionsSchema.safeParse(long).success).toBe(true);
  });

  it('gives the rows under a line: its options in the reader’s words, then its custom size', () => {
    const source = { options: [{ code: 'size', label: 'Ringmaat', value: '54' }, { label: 'Watch', value: 'Omega Seamaster' }], custom_size: '17', custom_size_unit: 'mm' };
    expect(lineOptionRows(source, { size: 'Size', attribute: (code, label) => (code === 'size' ? 'Ring size' : label) })).toEqual([
      { label: 'Ring size', value: '54' },
      { label: 'Watch', value: 'Omega Seamaster' },
      { label: 'Size', value: '17 mm' },
    ]);
    expect(lineOptionRows({}, { size: 'Size' })).toEqual([]);
    expect(lineOptionsOf({ ...source, custom_size: ' ' })).toEqual({ options: source.options, custom_size: ' ', custom_size_unit: 'mm' });
  });

  it('keeps the labels in the line a product page adds', () => {
    const item = cartItemFor(
      { sku: 'R-7', parentSku: 'R-6', type_id: 'simple', name: 'Gold ring', image: '/r.svg', url_path: 'r.html', price_incl_tax: 1000, option_labels: [{ code: 'size', label: 'Ringmaat', value: '52' }] },
      1,
    );
    expect(item.snapshot.options).toEqual([{ code: 'size', label: 'Ringmaat', value: '52' }]);
    expect(cartItemFor({ sku: 'W-1', type_id: 'simple', name: 'Watch', image: '', url_path: 'w.html', price_incl_tax: 10 }, 1).snapshot).not.toHaveProperty('options');
  });
});
