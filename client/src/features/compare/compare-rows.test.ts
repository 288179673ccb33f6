import type { Attribute } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { product } from '../../test/shop-test-utils.tsx';
import { compareRows, comparedAttributeCodes } from './compare-rows.ts';

const attribute = (code: string, overrides: Partial<Attribute> = {}): Attribute => ({
  attribute_id: code.length,
  attribute_code: code,
  frontend_label: code.toUpperCase(),
  frontend_input: 'select',
  options: [
    { value: '1', label: 'Steel' },
    { value: '2', label: 'Gold' },
  ],
  is_comparable: true,
  is_visible_on_front: true,
  is_filterable: true,
  is_searchable: false,
  position: 0,
  ...overrides,
});

describe('compare rows', () => {
  const a = product({ id: 1, name: 'A', material: 1, case_diameter: 40 } as never);
  const b = product({ id: 2, name: 'B', material: 2 } as never);

  it('shows comparable attributes side by side, one cell per product, in the catalogue order', () => {
    const rows = compareRows([a, b], [attribute('case_diameter', { frontend_input: 'text', options: [], unit: 'mm', position: 2 }), attribute('material', { position: 1 })]);
    expect(rows).toEqual([
      { code: 'material', label: 'MATERIAL', values: ['Steel', 'Gold'] },
      { code: 'case_diameter', label: 'CASE_DIAMETER', values: ['40 mm', null] },
    ]);
  });

  it('leaves out attributes that are not comparable, and those no product has', () => {
    const rows = compareRows([a, b], [attribute('material'), attribute('gender', { is_comparable: false }), attribute('watch_strap')]);
    expect(rows.map((row) => row.code)).toEqual(['material']);
  });

  it('falls back to the attributes shown on the product page when none is marked comparable', () => {
    const rows = compareRows([a, null], [attribute('material', { is_comparable: false }), attribute('case_diameter', { is_comparable: false, is_visible_on_front: false })]);
    expect(rows).toEqual([{ code: 'material', label: 'MATERIAL', values: ['Steel', null] }]);
  });

  it('asks for the labels of the attributes the products carry', () => {
    expect(comparedAttributeCodes([a, b, null], ['material', 'case_diameter', 'gender'])).toEqual(['material', 'case_diameter']);
  });
});
