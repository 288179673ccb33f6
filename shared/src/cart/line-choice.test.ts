import { describe, expect, it } from 'vitest';
import type { Product } from '../catalogue/product.schema.ts';
import { defaultBundleChoice, lineMemberSkus, NO_VARIANT_MESSAGE, resolveBundleChoice, resolveLine, resolveVariantChoice } from './line-choice.ts';

type BundleOptions = NonNullable<Product['bundle_options']>;

const options: BundleOptions = [
  { option_id: 1, title: 'Watch', type: 'radio', required: true, position: 1, product_links: [{ id: 1, sku: 'W-1', qty: 1, is_default: false, position: 1 }, { id: 2, sku: 'W-2', qty: 1, is_default: true, position: 2 }] },
  { option_id: 2, title: 'Straps', type: 'select', required: true, position: 2, product_links: [{ id: 3, sku: 'S-1', qty: 2, is_default: true, position: 1 }] },
  { option_id: 3, title: 'Winder', type: 'checkbox', required: false, position: 3, product_links: [{ id: 4, sku: 'WW-1', qty: 1, is_default: true, position: 1 }, { id: 5, sku: 'WW-2', qty: 1, is_default: false, position: 2 }] },
];
const watch = { option_id: 1, option_qty: 1, option_selections: [1] };
const straps = { option_id: 2, option_qty: 2, option_selections: [3] };
const BUNDLE_MESSAGE = 'Please configure product bundle options (or custom options) and fix the validation errors';

describe('the bundle choice rule (shared by the product page, the cart and order placing)', () => {
  it('answers the chosen pieces at the quantities the catalogue fixes', () => {
    expect(resolveBundleChoice(options, [watch, straps, { option_id: 3, option_qty: 1, option_selections: [4, 5] }])).toEqual({
      ok: true,
      pieces: [
        { option_id: 1, link_id: 1, sku: 'W-1', qty: 1 },
        { option_id: 2, link_id: 3, sku: 'S-1', qty: 2 },
        { option_id: 3, link_id: 4, sku: 'WW-1', qty: 1 },
        { option_id: 3, link_id: 5, sku: 'WW-2', qty: 1 },
      ],
    });
  });

  it('takes several pieces of a checkbox option each at its own quantity, the option’s number at most the largest', () => {
    const mixed: BundleOptions = [{ ...options[2]!, product_links: [{ id: 4, sku: 'WW-1', qty: 3, is_default: true, position: 1 }, { id: 5, sku: 'WW-2', qty: 1, is_default: false, position: 2 }] }];
    expect(resolveBundleChoice(mixed, [{ option_id: 3, option_qty: 3, option_selections: [4, 5] }])).toMatchObject({ ok: true, pieces: [{ sku: 'WW-1', qty: 3 }, { sku: 'WW-2', qty: 1 }] });
    expect(resolveBundleChoice(mixed, [{ option_id: 3, option_qty: 4, option_selections: [4, 5] }]).ok).toBe(false);
    expect(resolveBundleChoice(mixed, [{ option_id: 3, option_qty: 3, option_selections: [5] }]).ok).toBe(false);
  });

  it('takes no choice as the bundle as listed (spec 1 §4), and an optional option left out as none', () => {
    expect(defaultBundleChoice(options)).toEqual([{ option_id: 1, option_qty: 1, option_selections: [2] }, straps, { option_id: 3, option_qty: 1, option_selections: [4] }]);
    expect(resolveBundleChoice(options, undefined)).toMatchObject({ ok: true, pieces: [{ sku: 'W-2' }, { sku: 'S-1' }, { sku: 'WW-1' }] });
    expect(resolveBundleChoice(options, [watch, straps])).toMatchObject({ ok: true, pieces: [{ sku: 'W-1' }, { sku: 'S-1' }] });
  });

  it.each([
    ['a fraction of a piece', [{ ...watch, option_qty: 0.01 }, straps]],
    ['no quantity', [{ ...watch, option_qty: 0 }, straps]],
    ['another quantity than the catalogue fixes', [watch, { ...straps, option_qty: 1 }]],
    ['more than the option holds', [{ ...watch, option_qty: 3 }, straps]],
    ['an unknown link', [{ ...watch, option_selections: [99] }, straps]],
    ['a link of another option', [{ ...watch, option_selections: [3] }, straps]],
    ['a link twice', [watch, straps, { option_id: 3, option_qty: 1, option_selections: [4, 4] }]],
    ['two links in a radio option', [{ ...watch, option_selections: [1, 2] }, straps]],
    ['an unknown option', [watch, straps, { option_id: 9, option_qty: 1, option_selections: [1] }]],
    ['an option twice', [watch, straps, watch]],
    ['a required option left out', [straps]],
    ['a required option without a piece', [{ ...watch, option_selections: [] }, straps]],
    ['nothing at all', []],
  ])('refuses %s with the spec’s bundle message', (_name, choice) => {
    expect(resolveBundleChoice(options, choice)).toEqual({ ok: false, problem: { code: 'cart_bundle_options', message: BUNDLE_MESSAGE, severity: 'error' } });
  });
});

const ring = {
  sku: 'R',
  type_id: 'configurable',
  stock: { qty: 3, is_in_stock: true, manage_stock: true, backorders: false },
  configurable_options: [
    { attribute_id: 3, attribute_code: 'size', label: 'Size', position: 0, values: [{ value_index: 52, label: '52' }, { value_index: 54, label: '54' }, { value_index: 56, label: '56' }] },
  ],
  configurable_children: [
    { sku: 'R-52', status: 1, size: 52, stock: { qty: 1, is_in_stock: true, manage_stock: true, backorders: false } },
    { sku: 'R-54', status: 1, size: 54, stock: { qty: 0, is_in_stock: false, manage_stock: true, backorders: false } },
  ],
} as unknown as Product;

describe('the variant of a configurable parent', () => {
  it('is the available child with every chosen value', () => {
    expect(resolveVariantChoice(ring, [{ option_id: 3, option_value: 52 }])).toMatchObject({ ok: true, child: { sku: 'R-52' } });
    expect(resolveLine(ring, { extension_attributes: { configurable_item_options: [{ option_id: 3, option_value: 52 }] } })).toEqual({ ok: true, kind: 'variant', variantSku: 'R-52', pieces: [{ sku: 'R-52', qty: 1 }] });
  });

  it.each([
    ['no options', undefined],
    ['a sold-out child', [{ option_id: 3, option_value: 54 }]],
    ['a value no child has', [{ option_id: 3, option_value: 56 }]],
    ['a value the option does not have', [{ option_id: 3, option_value: 99 }]],
    ['an unknown option', [{ option_id: 8, option_value: 52 }]],
    ['an option twice', [{ option_id: 3, option_value: 52 }, { option_id: 3, option_value: 52 }]],
  ])('is none for %s: "No available product variants"', (_name, chosen) => {
    expect(resolveVariantChoice(ring, chosen)).toEqual({ ok: false, problem: { code: 'cart_product_error', message: NO_VARIANT_MESSAGE, severity: 'error' } });
  });
});

describe('the pieces a line takes', () => {
  it('takes a bundle’s pieces and itself, a set’s members once each and itself, a simple product itself', () => {
    const bundle = { sku: 'B', type_id: 'bundle', bundle_options: options } as unknown as Product;
    expect(resolveLine(bundle, { extension_attributes: { bundle_options: [watch, straps] } })).toMatchObject({ ok: true, pieces: [{ sku: 'B', qty: 1 }, { sku: 'W-1', qty: 1 }, { sku: 'S-1', qty: 2 }] });
    const set = { sku: 'G', type_id: 'grouped', product_links: [{ link_type: 'associated', linked_product_sku: 'E', qty: 2 }, { link_type: 'associated', linked_product_sku: 'N', qty: 1 }] } as unknown as Product;
    expect(resolveLine(set, undefined)).toEqual({ ok: true, kind: 'grouped', pieces: [{ sku: 'G', qty: 1 }, { sku: 'E', qty: 1 }, { sku: 'N', qty: 1 }] });
    expect(resolveLine({ sku: 'S', type_id: 'simple' } as Product, undefined)).toEqual({ ok: true, kind: 'simple', pieces: [{ sku: 'S', qty: 1 }] });
    expect(lineMemberSkus(bundle)).toEqual(['W-1', 'W-2', 'S-1', 'WW-1', 'WW-2']);
    expect(lineMemberSkus(ring)).toEqual(['R-52', 'R-54']);
  });
});
