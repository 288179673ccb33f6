import { describe, expect, it } from 'vitest';
import { categoryEmptyResultMessage, missingSearchKeyMessage, productLoadOutcome } from './product-load.ts';

const prevent = { preventChildDirectAccess: true };

describe('productLoadOutcome (spec 1 §4, §5)', () => {
  it('shows enabled products that are visible individually', () => {
    expect(productLoadOutcome({ status: 1, visibility: 4 }, prevent)).toEqual({ kind: 'show' });
    expect(productLoadOutcome({ status: 0, visibility: 2 }, prevent)).toEqual({ kind: 'show' });
  });
  it('rejects status 2 and above with the spec message', () => {
    expect(productLoadOutcome({ status: 2, visibility: 4 }, prevent)).toEqual({
      kind: 'rejected',
      code: 'product_status_rejected',
      message: 'Product query returned empty result product status = 2',
    });
  });
  it('sends a child variant to its parent, and rejects visibility 1 without one', () => {
    expect(productLoadOutcome({ status: 1, visibility: 1, parentSku: 'R-6' }, prevent)).toEqual({ kind: 'redirect-to-parent', parentSku: 'R-6' });
    expect(productLoadOutcome({ status: 1, visibility: 1 }, prevent)).toMatchObject({ kind: 'rejected', message: 'Product query returned empty result product visibility = 1' });
  });
  it('opens children directly when direct access is allowed', () => {
    expect(productLoadOutcome({ status: 1, visibility: 1 }, { preventChildDirectAccess: false })).toEqual({ kind: 'show' });
  });
  it('words the other single-load messages as the spec does', () => {
    expect(missingSearchKeyMessage('sku')).toBe('Please provide the search key sku for product/single action!');
    expect(categoryEmptyResultMessage('url_path', 'horloges/x')).toBe('Category query returned empty result url_path = horloges/x');
  });
});
