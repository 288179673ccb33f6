import { normalizeSearchRequest, type NormalizedSearch } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { SearchCache, searchCacheKey } from './search-cache.ts';

const normalize = (request: Parameters<typeof normalizeSearchRequest>[0]) => normalizeSearchRequest(request, 'nl') as NormalizedSearch;

describe('searchCacheKey', () => {
  it('is the same for the same query written in another order, different for another query', () => {
    const a = searchCacheKey(normalize({ type: 'product', filters: { brand: [1], category_ids: [3] }, size: 10 }));
    const b = searchCacheKey(normalize({ size: 10, filters: { category_ids: [3], brand: [1] }, type: 'product' }));
    const c = searchCacheKey(normalize({ type: 'product', filters: { brand: [2], category_ids: [3] }, size: 10 }));
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });
});

describe('SearchCache', () => {
  it('forgets entries after the ttl and drops the least recently used past its size', () => {
    let now = 0;
    const cache = new SearchCache<string>(500_000, 2, () => now);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    now = 500_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
  });

  it('stores nothing when the ttl is 0', () => {
    const cache = new SearchCache<string>(0, 10, () => 0);
    cache.set('a', 'A');
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps the total weight under its limit, dropping the least recently used first, and skips an answer heavier than the limit', () => {
    const cache = new SearchCache<string>(500_000, 100, () => 0, { maxWeight: 10, weigh: (value) => value.length });
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa');
    cache.set('c', 'cccc');
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual(['aaaa', 'cccc']);
    expect(cache.totalWeight).toBe(8);
    cache.set('a', 'aa');
    expect(cache.totalWeight).toBe(6);
    cache.set('huge', 'x'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.totalWeight).toBe(6);
  });
});
