import { describe, expect, it } from 'vitest';
import { changeFilter, filtersFromRouteQuery, filtersToRouteQuery, filtersToSearchFilters, priceBucketLabel, priceBuckets } from './filters.ts';

describe('price buckets', () => {
  it('steps by 2500 from 0 to 30000 and ends open-ended', () => {
    const buckets = priceBuckets();
    expect(buckets).toHaveLength(13);
    expect(buckets[0]).toEqual({ key: '0-2500', from: 0, to: 2500 });
    expect(buckets[11]).toEqual({ key: '27500-30000', from: 27500, to: 30000 });
    expect(buckets[12]).toEqual({ key: '30000-', from: 30000, to: null });
  });
  it('labels the first, middle and last buckets as the spec says', () => {
    const [first, second, , , , , , , , , , , last] = priceBuckets();
    expect(priceBucketLabel(first!, '€')).toBe('< €2500');
    expect(priceBucketLabel(second!, '€')).toBe('2500 - 5000');
    expect(priceBucketLabel(last!, '€')).toBe('> €30000');
  });
});

describe('changeFilter', () => {
  it('toggles list-valued filters', () => {
    let state = changeFilter({}, { attribute: 'material', value: '12' });
    state = changeFilter(state, { attribute: 'material', value: '14' });
    expect(state).toEqual({ material: ['12', '14'] });
    state = changeFilter(state, { attribute: 'material', value: '12' });
    expect(state).toEqual({ material: ['14'] });
    expect(changeFilter(state, { attribute: 'material', value: '14' })).toEqual({});
  });
  it('replaces the list of a single-select filter', () => {
    const state = changeFilter({ price: ['0-2500'] }, { attribute: 'price', value: '2500-5000' });
    expect(state).toEqual({ price: ['2500-5000'] });
    expect(changeFilter(state, { attribute: 'price', value: '2500-5000' })).toEqual({});
  });
  it('sets and clears system filters', () => {
    const state = changeFilter({ sort: ['name'] }, { attribute: 'sort', value: 'price-asc' });
    expect(state).toEqual({ sort: ['price-asc'] });
    expect(changeFilter(state, { attribute: 'sort', value: '' })).toEqual({});
  });
});

describe('route query round trip', () => {
  it('gives back the same state', () => {
    const state = { material: ['14', '12'], price: ['2500-5000'], sort: ['name'] };
    const query = filtersToRouteQuery(state);
    expect(query).toEqual({ material: '14,12', price: '2500-5000', sort: 'name' });
    expect(filtersFromRouteQuery(query, ['material', 'price'])).toEqual(state);
  });
  it('drops unknown keys and malformed price buckets', () => {
    expect(filtersFromRouteQuery({ hack: '1', price: 'cheap', material: ',,' }, ['material', 'price'])).toEqual({});
  });
});

describe('filtersToSearchFilters', () => {
  it('turns option ids into numbers and the price bucket into a range', () => {
    expect(filtersToSearchFilters({ material: ['12'], price: ['30000-'], sort: ['name'] })).toEqual({
      material: [12],
      final_price_incl_tax: { gte: 30000 },
    });
  });
});
