import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../money/money.ts';
import {
  changeFilter,
  filtersFromRouteQuery,
  filtersToRouteQuery,
  filtersToSearchFilters,
  inPriceBucket,
  measureBoundProblem,
  measureRangeValue,
  MUST_BE_ABOVE_ZERO,
  parseMeasureRange,
  priceBucketLabel,
  priceBuckets,
  priceBucketsAt,
  priceFacet,
  shownAmount,
  shownPriceRange,
} from './filters.ts';

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

describe('price buckets by the amount shown', () => {
  /** Whole cents, as every price in the catalogue and the render list is. */
  const cents = fc.integer({ min: 0, max: 5_000_000 }).map((n) => n / 100);

  it('counts a price by the whole amount formatPrice shows', () => {
    fc.assert(
      fc.property(cents, (amount) => {
        expect(formatPrice(amount, 'EUR', 'en-GB')).toBe(`€${shownAmount(amount).toLocaleString('en-GB')}`);
      }),
    );
    expect(shownAmount(14999.99)).toBe(15000);
    expect(shownAmount(2499.49)).toBe(2499);
  });

  it('turns a bucket into a catalogue price range holding exactly the prices that show inside it', () => {
    const buckets = priceBuckets();
    expect(shownPriceRange(buckets[0]!)).toEqual({ lt: 2499.5 });
    expect(shownPriceRange(buckets[1]!)).toEqual({ gte: 2499.5, lt: 4999.5 });
    expect(shownPriceRange(buckets[12]!)).toEqual({ gte: 29999.5 });
    fc.assert(
      fc.property(cents, fc.constantFrom(...buckets), (amount, bucket) => {
        const range = shownPriceRange(bucket);
        const inRange = (range.gte === undefined || amount >= range.gte) && (range.lt === undefined || amount < range.lt);
        expect(inRange).toBe(inPriceBucket(bucket, shownAmount(amount)));
      }),
    );
  });

  it('converts the edges to another currency, keeping the keys, rounded like a shown price', () => {
    expect(priceBucketsAt(1)).toEqual(priceBuckets());
    const usd = priceBucketsAt(1.17);
    expect(usd.map((b) => b.key)).toEqual(priceBuckets().map((b) => b.key));
    expect(usd[0]).toEqual({ key: '0-2500', from: 0, to: 2925 });
    expect(usd[1]).toEqual({ key: '2500-5000', from: 2925, to: 5850 });
    expect(usd[12]).toEqual({ key: '30000-', from: 35100, to: null });
    expect(priceBucketsAt(10.95)[1]).toEqual({ key: '2500-5000', from: 27375, to: 54750 });
    expect(usd.map((b) => priceBucketLabel(b, '$')).slice(0, 2)).toEqual(['< $2925', '2925 - 5850']);
  });

  it('puts each product in the one bucket its shown amount falls in, whatever its catalogue price', () => {
    const usd = priceBucketsAt(1.17);
    const facet = priceFacet(usd, [
      { id: 3, amount: 2924.5 }, // shows $2,925: the second bucket
      { id: 1, amount: 2924.49 }, // shows $2,924: the first
      { id: 2, amount: 6000 }, // a custom dollar price: where it shows, not where its euro price is
      { id: 4, amount: 35100 },
      { id: 5, amount: 3000 },
    ]);
    const byKey = Object.fromEntries(facet.map((b) => [b.key, [b.count, b.ids]]));
    expect(byKey['0-2500']).toEqual([1, [1]]);
    expect(byKey['2500-5000']).toEqual([2, [3, 5]]);
    expect(byKey['5000-7500']).toEqual([1, [2]]);
    expect(byKey['30000-']).toEqual([1, [4]]);
    expect(facet.reduce((sum, b) => sum + b.count, 0)).toBe(5);
  });
});

describe('measure ranges (oculus_diameter)', () => {
  it('reads from-to with either end optional, in whole or decimal millimetres', () => {
    expect(parseMeasureRange('30-36.5')).toEqual({ from: 30, to: 36.5 });
    expect(parseMeasureRange('30-')).toEqual({ from: 30, to: null });
    expect(parseMeasureRange('-36')).toEqual({ from: null, to: 36 });
    expect(parseMeasureRange('33-33')).toEqual({ from: 33, to: 33 });
    for (const bad of ['-', '', '36-30', 'big', '30', '3,5-4', '-1-4']) expect(parseMeasureRange(bad), bad).toBeNull();
  });

  it('takes an end as typed only when it is a measure above 0 ("Must be greater than 0"); empty leaves it open', () => {
    for (const good of ['', ' ', '30', '36.5', '0.5']) expect(measureBoundProblem(good), good).toBeNull();
    for (const bad of ['0', '-2', 'abc', '1e999']) expect(measureBoundProblem(bad), bad).toBe('mustBeAboveZero');
    expect(MUST_BE_ABOVE_ZERO).toBe('Must be greater than 0');
  });

  it('writes a range back, swapping reversed ends and clearing an empty one', () => {
    expect(measureRangeValue({ from: 30, to: 36.5 })).toBe('30-36.5');
    expect(measureRangeValue({ from: 36, to: 30 })).toBe('30-36');
    expect(measureRangeValue({ from: null, to: 36 })).toBe('-36');
    expect(measureRangeValue({ from: null, to: null })).toBe('');
  });

  it('is set or cleared as a whole, round-trips through the route query and filters both ends included', () => {
    let state = changeFilter({ brand: ['101'] }, { attribute: 'oculus_diameter', value: '30-36' });
    expect(changeFilter(state, { attribute: 'oculus_diameter', value: '30-36' })).toEqual(state);
    state = changeFilter(state, { attribute: 'oculus_diameter', value: '31-' });
    expect(state).toEqual({ brand: ['101'], oculus_diameter: ['31-'] });
    expect(filtersFromRouteQuery(filtersToRouteQuery(state), ['brand', 'oculus_diameter'])).toEqual(state);
    expect(filtersFromRouteQuery({ oculus_diameter: '40-30' }, ['oculus_diameter'])).toEqual({});
    expect(filtersToSearchFilters({ oculus_diameter: ['30-36.5'] })).toEqual({ oculus_diameter: { gte: 30, lte: 36.5 } });
    expect(filtersToSearchFilters({ oculus_diameter: ['-36'] })).toEqual({ oculus_diameter: { lte: 36 } });
    expect(changeFilter(state, { attribute: 'oculus_diameter', value: '' })).toEqual({ brand: ['101'] });
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
  it('turns option ids into numbers and the price bucket into a range of the prices showing inside it', () => {
    expect(filtersToSearchFilters({ material: ['12'], price: ['30000-'], sort: ['name'] })).toEqual({
      material: [12],
      final_price_incl_tax: { gte: 29999.5 },
    });
  });
});
