import { describe, expect, it } from 'vitest';
import { SEARCH } from './search-constants.ts';
import { normalizeSearchRequest, type NormalizedSearch } from './search.schema.ts';

const normalize = (request: Parameters<typeof normalizeSearchRequest>[0]) => normalizeSearchRequest(request, 'nl') as NormalizedSearch;

describe('normalizeSearchRequest (spec 1 §5, §9)', () => {
  it('turns a size below 1 into 50 and a negative start into 0', () => {
    expect(normalize({ type: 'product', size: 0, start: -3 })).toMatchObject({ size: 50, start: 0 });
    expect(normalize({ type: 'product', size: -7 })).toMatchObject({ size: 50 });
  });
  it('uses the spec defaults: size 50, attribute list 150, sort updated_at desc, aggregation size 10', () => {
    expect(normalize({ type: 'product' })).toMatchObject({ size: 50, sort: { field: 'updated_at', order: 'desc' }, aggregationSize: 10 });
    expect(normalize({ type: 'attribute' }).size).toBe(SEARCH.attributeListSize);
    expect(normalize({ type: 'product', query: 'rolex' }).sort).toBeNull();
  });
  it('always restricts products to visibility 2-4 and status 0-1', () => {
    expect(normalize({ type: 'product', filters: { visibility: 1, status: 2, brand: [3] } }).filters).toEqual({ visibility: [2, 3, 4], status: [0, 1], brand: [3] });
    expect(normalize({ type: 'category', filters: { level: 2 } }).filters).toEqual({ level: 2 });
  });
  it('never requests attribute codes containing a dot', () => {
    expect(normalize({ type: 'attribute', filters: { attribute_code: ['brand', 'a.b', 'material'] } }).filters.attribute_code).toEqual(['brand', 'material']);
    expect(normalize({ type: 'product', aggregate: ['brand', 'x.y'] }).aggregate).toEqual(['brand']);
  });
  it('reads the store from the entity type or storeCode, defaulting to the default store', () => {
    expect(normalize({ type: 'product-en' })).toMatchObject({ entity: 'product', storeCode: 'en' });
    expect(normalize({ type: 'category', storeCode: 'en' }).storeCode).toBe('en');
    expect(normalize({ type: 'taxrule' }).storeCode).toBe('nl');
  });
  it('names what is wrong', () => {
    expect(normalizeSearchRequest({ type: 'order' }, 'nl')).toEqual({ kind: 'unknown_entity_type', type: 'order' });
    expect(normalizeSearchRequest({ type: 'product-en', storeCode: 'nl' }, 'nl')).toMatchObject({ kind: 'invalid' });
    expect(normalizeSearchRequest({ type: 'product', filters: { sku: Array.from({ length: 1000 }, String) } }, 'nl')).toMatchObject({ kind: 'invalid' });
  });
});
