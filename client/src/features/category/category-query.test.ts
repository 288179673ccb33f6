import type { Attribute } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { activeFilterCount, categoryProductsRequest, filterStateFromQuery, queryAfterChange, queryWithout, sortIdOf } from './category-query.ts';
import { filterGroups } from './filter-options.ts';

describe('category route query', () => {
  it('reads filters and sort from the query the way the URL shows them', () => {
    const state = filterStateFromQuery({ brand: '101,102', price: '2500-5000', sort: 'price-asc', utm_source: 'mail' });
    expect(state).toEqual({ brand: ['101', '102'], price: ['2500-5000'], sort: ['price-asc'] });
    expect(sortIdOf(state)).toBe('price-asc');
    expect(activeFilterCount(state)).toBe(3);
  });

  it('pushes a click as the next query and clears the default sort', () => {
    const state = filterStateFromQuery({ brand: '101', sort: 'price-asc' });
    expect(queryAfterChange(state, { attribute: 'brand', value: '102' })).toEqual({ brand: '101,102', sort: 'price-asc' });
    expect(queryAfterChange(state, { attribute: 'price', value: '0-2500' })).toEqual({ brand: '101', price: '0-2500', sort: 'price-asc' });
    expect(queryAfterChange(state, { attribute: 'sort', value: 'latest' })).toEqual({ brand: '101' });
    expect(queryWithout(state, 'all-filters')).toEqual({ sort: 'price-asc' });
  });

  it('builds the search: category, filters as option ids, price range, sort, 50 per page, facets on the first page only', () => {
    const state = filterStateFromQuery({ brand: '101', price: '2500-5000', sort: 'price-asc' });
    const first = categoryProductsRequest('nl', 12, state, 0);
    expect(first).toMatchObject({
      type: 'product',
      storeCode: 'nl',
      filters: { category_ids: [12], brand: [101], final_price_incl_tax: { gte: 2500, lt: 5000 } },
      sort: 'final_price_incl_tax:asc',
      size: 50,
      start: 0,
    });
    expect(first.aggregate).toContain('price');
    expect(first.aggregate).toContain('brand');
    const second = categoryProductsRequest('nl', 12, state, 50);
    expect(second.start).toBe(50);
    expect(second.aggregate).toBeUndefined();
  });
});

describe('filterGroups', () => {
  const brand: Attribute = {
    attribute_id: 1,
    attribute_code: 'brand',
    frontend_label: 'Merk',
    frontend_input: 'select',
    options: [
      { value: '101', label: 'Rolex' },
      { value: '102', label: 'Omega' },
      { value: '103', label: 'Cartier' },
    ],
    is_comparable: true,
    is_visible_on_front: true,
    is_filterable: true,
    is_searchable: false,
    position: 1,
  };

  it('labels options from the attribute metadata and keeps a selected option whose count fell to zero', () => {
    const groups = filterGroups(
      {
        brand: { type: 'terms', buckets: [{ key: '102', count: 4 }, { key: '101', count: 2 }] },
        price: { type: 'range', buckets: [{ key: '0-2500', from: 0, to: 2500, count: 3 }, { key: '30000-', from: 30000, to: null, count: 1 }] },
      },
      [brand],
      { brand: ['103'] },
      'EUR',
    );
    expect(groups.map((g) => g.attribute)).toEqual(['price', 'brand']);
    expect(groups[0]?.options.map((o) => [o.label, o.count])).toEqual([
      ['< €2500', 3],
      ['> €30000', 1],
    ]);
    expect(groups[1]?.label).toBe('Merk');
    expect(groups[1]?.options).toEqual([
      { value: '102', label: 'Omega', count: 4, selected: false },
      { value: '101', label: 'Rolex', count: 2, selected: false },
      { value: '103', label: 'Cartier', count: 0, selected: true },
    ]);
  });
});
