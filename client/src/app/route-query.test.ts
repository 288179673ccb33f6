import { describe, expect, it } from 'vitest';
import { parseRouteQuery, stringifyRouteQuery } from './route-query.ts';

describe('route query strings', () => {
  it('keeps values as plain strings and commas readable', () => {
    expect(parseRouteQuery('?brand=101,102&price=2500-5000&sort=price-asc')).toEqual({ brand: '101,102', price: '2500-5000', sort: 'price-asc' });
    expect(stringifyRouteQuery({ brand: '101,102', price: '2500-5000', sort: 'price-asc' })).toBe('?brand=101,102&price=2500-5000&sort=price-asc');
    expect(stringifyRouteQuery({ empty: '', none: undefined })).toBe('');
  });
});
