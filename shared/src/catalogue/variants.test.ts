import { describe, expect, it } from 'vitest';
import { productPrices } from '../pricing/prices.ts';
import type { ConfigurableChild } from './product.schema.ts';
import { availableChildren, isValueAvailable, selectVariant } from './variants.ts';

const childPrices = (price: number) => ({
  ...productPrices({ price }, 21, new Date('2026-01-01T00:00:00Z')),
  tax_class_id: 2,
  special_from_date: null,
  special_to_date: null,
});
const product = <T extends object>(fields: T) => ({ type_id: 'simple' as const, stock: { is_in_stock: true, manage_stock: true, qty: 1 }, ...fields });

const child = (id: number, size: number, overrides: Partial<ConfigurableChild> = {}): ConfigurableChild => ({
  id,
  sku: `RING-${size}`,
  name: 'Ring',
  status: 1,
  image: `/media/ring-${size}.svg`,
  stock: { is_in_stock: true, manage_stock: true, qty: 1 },
  ...childPrices(1000 + size),
  size,
  ...overrides,
});

const ring = product({
  id: 1,
  name: 'Ring',
  type_id: 'configurable',
  configurable_options: [{ attribute_id: 7, attribute_code: 'size', label: 'Size', position: 0, values: [50, 52, 54, 56].map((v) => ({ value_index: v, label: String(v) })) }],
  configurable_children: [child(11, 50), child(12, 52), child(13, 54, { stock: { is_in_stock: false, manage_stock: true, qty: 0 } }), child(14, 56, { status: 2 })],
});

describe('variant selection (spec 1 §4)', () => {
  it('drops out-of-stock children and children with status 2 or higher', () => {
    expect(availableChildren(ring).map((c) => c.id)).toEqual([11, 12]);
  });

  it('waits for every option, then selects the matching child', () => {
    expect(selectVariant(ring, {})).toMatchObject({ status: 'incomplete' });
    expect(selectVariant(ring, { size: 52 })).toMatchObject({ status: 'selected', child: { id: 12 } });
  });

  it("reports 'No available product variants' when no available child matches", () => {
    expect(selectVariant(ring, { size: 54 })).toEqual({ status: 'unavailable' });
    expect(selectVariant(ring, { size: 56 })).toEqual({ status: 'unavailable' });
    expect(isValueAvailable(ring, {}, 'size', 54)).toBe(false);
    expect(isValueAvailable(ring, {}, 'size', 50)).toBe(true);
  });

  it('reports no variants at all when the product itself is out of stock', () => {
    expect(selectVariant({ ...ring, stock: { is_in_stock: false, manage_stock: true, qty: 0 } }, { size: 50 })).toEqual({ status: 'unavailable' });
  });

  it('leaves simple products alone', () => {
    expect(selectVariant(product({ id: 2, name: 'Watch' }), {})).toEqual({ status: 'simple' });
  });
});
