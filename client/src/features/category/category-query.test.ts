import type { Attribute } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { priceBucketsAt, priceFacet } from '@shop/shared/catalogue/filters';
import { activeFilterCount, categoryProductsRequest, filterStateFromQuery, listingProductsRequest, priceFacetRequest, queryAfterChange, queryWithout, sortChoices, sortIdOf } from './category-query.ts';
import { cataloguePriceOptions, filterGroups, type OptionsGroup } from './filter-options.ts';

describe('category route query', () => {
  it('reads filters and sort from the query the way the URL shows them', () => {
    const state = filterStateFromQuery({ brand: '101,102', price: '2500-5000', oculus_diameter: '30-36.5', sort: 'price-asc', utm_source: 'mail' });
    expect(state).toEqual({ brand: ['101', '102'], price: ['2500-5000'], oculus_diameter: ['30-36.5'], sort: ['price-asc'] });
    expect(sortIdOf(state)).toBe('price-asc');
    expect(activeFilterCount(state)).toBe(4);
    expect(filterStateFromQuery({ oculus_diameter: 'wide' })).toEqual({});
  });

  it('sets, replaces and clears the diameter range as one value', () => {
    const state = filterStateFromQuery({ brand: '101' });
    expect(queryAfterChange(state, { attribute: 'oculus_diameter', value: '30-36' })).toEqual({ brand: '101', oculus_diameter: '30-36' });
    const ranged = filterStateFromQuery({ brand: '101', oculus_diameter: '30-36' });
    expect(queryAfterChange(ranged, { attribute: 'oculus_diameter', value: '31-' })).toEqual({ brand: '101', oculus_diameter: '31-' });
    expect(queryAfterChange(ranged, { attribute: 'oculus_diameter', value: '' })).toEqual({ brand: '101' });
    expect(queryWithout(ranged, ['oculus_diameter'])).toEqual({ brand: '101' });
  });

  it('pushes a click as the next query and clears the default sort', () => {
    const state = filterStateFromQuery({ brand: '101', sort: 'price-asc' });
    expect(queryAfterChange(state, { attribute: 'brand', value: '102' })).toEqual({ brand: '101,102', sort: 'price-asc' });
    expect(queryAfterChange(state, { attribute: 'price', value: '0-2500' })).toEqual({ brand: '101', price: '0-2500', sort: 'price-asc' });
    expect(queryAfterChange(state, { attribute: 'sort', value: 'latest' })).toEqual({ brand: '101' });
    expect(queryWithout(state, 'all-filters')).toEqual({ sort: 'price-asc' });
  });

  it('builds the search: category, filters as option ids, price range, sort, 50 per page, facets on the first page only', () => {
    const state = filterStateFromQuery({ brand: '101', price: '2500-5000', oculus_diameter: '30-36', sort: 'price-asc' });
    const first = categoryProductsRequest('nl', 12, state, 0);
    expect(first).toMatchObject({
      type: 'product',
      storeCode: 'nl',
      // The prices that show as 2500 up to 4999: a price of 4999.50 shows as 5000.
      filters: { category_ids: [12], brand: [101], final_price_incl_tax: { gte: 2499.5, lt: 4999.5 }, oculus_diameter: { gte: 30, lte: 36 } },
      sort: 'final_price_incl_tax:asc',
      size: 50,
      start: 0,
    });
    expect(first.aggregate).toContain('price');
    expect(first.aggregate).toContain('brand');
    expect(first.aggregate).toContain('oculus_diameter');
    const second = categoryProductsRequest('nl', 12, state, 50);
    expect(second.start).toBe(50);
    expect(second.aggregate).toBeUndefined();
  });

  it('applies a visitor’s bucket as the ids priced inside it, or not at all, instead of the catalogue’s range', () => {
    const state = filterStateFromQuery({ brand: '101', price: '2500-5000' });
    const byIds = categoryProductsRequest('en', 12, state, 0, { by: 'ids', ids: [4, 9] });
    expect(byIds.filters).toEqual({ category_ids: [12], brand: [101], id: [4, 9] });
    expect(categoryProductsRequest('en', 12, state, 0, { by: 'none' }).filters).toEqual({ category_ids: [12], brand: [101] });
    // Without a chosen bucket every visitor asks the same (prefetched) first page.
    const plain = filterStateFromQuery({ brand: '101' });
    expect(categoryProductsRequest('en', 12, plain, 0, { by: 'ids', ids: [4] })).toEqual(categoryProductsRequest('en', 12, plain, 0));
  });

  it('counts a visitor’s buckets over the category with every other filter, ids and skus only', () => {
    const request = priceFacetRequest('en', { categoryId: 12 }, filterStateFromQuery({ brand: '101', price: '2500-5000', sort: 'price-asc' }));
    expect(request).toEqual({ type: 'product', storeCode: 'en', filters: { category_ids: [12], brand: [101] }, sort: 'id:asc', size: 999, includeFields: ['id', 'sku'] });
  });
});

describe('a search\'s listing (the search results page)', () => {
  it('asks for the query with the filters, best match first unless a sort is chosen, and clears the default sort from the address', () => {
    const scope = { query: 'rolex submariner' };
    const state = filterStateFromQuery({ q: 'rolex submariner', brand: '101' });
    expect(state).toEqual({ brand: ['101'] });
    const first = listingProductsRequest('en', scope, state, 0);
    expect(first).toMatchObject({ type: 'product', storeCode: 'en', query: 'rolex submariner', filters: { brand: [101] }, size: 50, start: 0 });
    expect(first).not.toHaveProperty('sort');
    expect(first.aggregate).toContain('brand');
    const sorted = filterStateFromQuery({ brand: '101', sort: 'price-desc' });
    expect(listingProductsRequest('en', scope, sorted, 50)).toMatchObject({ sort: 'final_price_incl_tax:desc', start: 50 });
    expect(listingProductsRequest('en', scope, sorted, 50)).not.toHaveProperty('aggregate');
    const choices = sortChoices(scope);
    expect(sortIdOf({}, choices)).toBe('relevance');
    expect(queryAfterChange(sorted, { attribute: 'sort', value: 'relevance' }, choices[0]!.id)).toEqual({ brand: '101' });
    // "position" is a category's own order: a search does not offer it, and a search's address asking it gets best match.
    expect(choices.map((choice) => choice.id)).not.toContain('position');
    expect(listingProductsRequest('en', scope, filterStateFromQuery({ sort: 'position' }), 0)).not.toHaveProperty('sort');
    expect(priceFacetRequest('en', scope, state)).toEqual({ type: 'product', storeCode: 'en', query: 'rolex submariner', filters: { brand: [101] }, sort: 'id:asc', size: 999, includeFields: ['id', 'sku'] });
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

  const price = { type: 'range', buckets: [{ key: '0-2500', from: 0, to: 2500, count: 3 }, { key: '30000-', from: 30000, to: null, count: 1 }] } as const;
  const options = (groups: ReturnType<typeof filterGroups>, index: number) => groups[index] as OptionsGroup;

  it('labels options from the attribute metadata and keeps a selected option whose count fell to zero', () => {
    const groups = filterGroups(
      { brand: { type: 'terms', buckets: [{ key: '102', count: 4 }, { key: '101', count: 2 }] }, price: { ...price, buckets: [...price.buckets] } },
      [brand],
      { brand: ['103'] },
      cataloguePriceOptions({ ...price, buckets: [...price.buckets] }, 'EUR'),
    );
    expect(groups.map((g) => g.attribute)).toEqual(['price', 'brand']);
    expect(options(groups, 0).options.map((o) => [o.label, o.count])).toEqual([
      ['< €2500', 3],
      ['> €30000', 1],
    ]);
    expect(options(groups, 1).label).toBe('Merk');
    expect(options(groups, 1).options).toEqual([
      { value: '102', label: 'Omega', count: 4, selected: false },
      { value: '101', label: 'Rolex', count: 2, selected: false },
      { value: '103', label: 'Cartier', count: 0, selected: true },
    ]);
  });
});

describe('price and range groups', () => {
  it('labels a visitor’s buckets in their currency with their own counts, keeping the catalogue’s keys', () => {
    const facet = priceFacet(priceBucketsAt(1.17), [
      { id: 1, amount: 2340 },
      { id: 2, amount: 2925 },
      { id: 3, amount: 6000 },
    ]);
    const [group] = filterGroups({}, [], { price: ['5000-7500'] }, { currency: 'USD', buckets: facet });
    expect((group as OptionsGroup).options).toEqual([
      { value: '0-2500', label: '< $2925', count: 1, selected: false },
      { value: '2500-5000', label: '2925 - 5850', count: 1, selected: false },
      { value: '5000-7500', label: '5850 - 8775', count: 1, selected: true },
    ]);
  });

  it('leaves price out while a visitor’s buckets are not known', () => {
    const counted = { type: 'range', buckets: [{ key: '0-2500', from: 0, to: 2500, count: 3 }] } as const;
    expect(filterGroups({ price: { ...counted, buckets: [...counted.buckets] } }, [], {}, null)).toEqual([]);
  });

  it('offers the diameter range after the case diameter options when the products have one, and keeps a chosen one', () => {
    const stats = { type: 'stats', min: 28, max: 40, count: 12 } as const;
    const caseDiameter = { type: 'terms', buckets: [{ key: '7', count: 12 }] } as const;
    const groups = filterGroups({ case_diameter: { ...caseDiameter, buckets: [...caseDiameter.buckets] }, oculus_diameter: stats }, [], { oculus_diameter: ['30-'] }, null);
    expect(groups.map((g) => g.attribute)).toEqual(['case_diameter', 'oculus_diameter']);
    expect(groups[1]).toEqual({ kind: 'range', attribute: 'oculus_diameter', min: 28, max: 40, value: { from: 30, to: null } });
    // Jewellery has no diameters: no range, unless one is chosen (so it can be cleared).
    const none = { type: 'stats', min: null, max: null, count: 0 } as const;
    expect(filterGroups({ oculus_diameter: none }, [], {}, null)).toEqual([]);
    expect(filterGroups({ oculus_diameter: none }, [], { oculus_diameter: ['30-36'] }, null)).toEqual([{ kind: 'range', attribute: 'oculus_diameter', min: 30, max: 36, value: { from: 30, to: 36 } }]);
  });
});
