import { describe, expect, it } from 'vitest';
import { SORT_FIELD_REQUIRED, SORT_OPTIONS, sortChoiceProblem, sortOption } from './sort-options.ts';

describe('the sort choice', () => {
  it('takes no sort (the default) or one the list offers', () => {
    expect(sortChoiceProblem(undefined)).toBeNull();
    for (const option of SORT_OPTIONS) expect(sortChoiceProblem(option.id)).toBeNull();
  });

  it('asks for a field when the sort asked for is not one the list offers, while the default order applies', () => {
    for (const bad of ['', 'price', 'updated_at:desc', 'PRICE-ASC']) expect(sortChoiceProblem(bad), bad).toBe('sortFieldRequired');
    expect(sortOption('price').id).toBe('latest');
    expect(SORT_FIELD_REQUIRED).toBe('Please select the field which You like to sort by');
  });
});
