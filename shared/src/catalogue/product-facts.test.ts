import { describe, expect, it } from 'vitest';
import { MAX_PRODUCT_FACTS, productFacts, type FactAttribute } from './product-facts.ts';

const ATTRIBUTES: FactAttribute[] = [
  {
    attribute_code: 'condition',
    options: [
      { value: '1', label: 'New', code: 'new' },
      { value: '2', label: 'Pre-owned', code: 'pre_owned' },
      { value: '3', label: 'Vintage', code: 'vintage' },
    ],
  },
  {
    attribute_code: 'misc',
    options: [
      { value: '10', label: 'With box and papers', code: 'box_papers' },
      { value: '11', label: 'Papers only', code: 'papers_only' },
      { value: '12', label: 'Recently serviced', code: 'serviced' },
      { value: '13', label: 'Full set', code: 'full_set' },
      { value: '14', label: 'With certificate', code: 'certificate' },
    ],
  },
  { attribute_code: 'colour_diamonds', options: [{ value: '20', label: 'G' }, { value: '21', label: 'Fancy yellow' }] },
  { attribute_code: 'clarity_diamonds', options: [{ value: '30', label: 'VS1' }] },
];

describe('productFacts', () => {
  it('shows a watch by condition, year, then box and papers', () => {
    expect(productFacts({ condition: 2, year: 2019, misc: [12, 10] }, ATTRIBUTES)).toEqual([
      { kind: 'condition', label: 'Pre-owned', code: 'pre_owned' },
      { kind: 'year', year: 2019 },
      { kind: 'papers', code: 'box_papers' },
    ]);
  });

  it('names the most complete set a piece comes with, and nothing for a piece with none', () => {
    expect(productFacts({ condition: 1, year: 2025, misc: [10, 13] }, ATTRIBUTES).at(-1)).toEqual({ kind: 'papers', code: 'full_set' });
    expect(productFacts({ condition: 3, year: 1968, misc: [12] }, ATTRIBUTES).map((f) => f.kind)).toEqual(['condition', 'year']);
  });

  it('leads a diamond with carat, colour and clarity, and leaves out that a stone is new', () => {
    expect(productFacts({ condition: 1, carat: 1.02, colour_diamonds: 20, clarity_diamonds: 30, misc: [14] }, ATTRIBUTES)).toEqual([
      { kind: 'carat', carat: 1.02 },
      { kind: 'colour', label: 'G' },
      { kind: 'clarity', label: 'VS1' },
    ]);
  });

  it('shows a coloured gem by its weight alone', () => {
    expect(productFacts({ condition: 1, carat: 3.4 }, ATTRIBUTES)).toEqual([{ kind: 'carat', carat: 3.4 }]);
  });

  it('adds the condition of a pre-owned or vintage jewel after its stone, at most four facts', () => {
    const facts = productFacts({ condition: 3, year: 1930, carat: 0.8, colour_diamonds: 21, clarity_diamonds: 30, misc: [11] }, ATTRIBUTES);
    expect(facts).toHaveLength(MAX_PRODUCT_FACTS);
    expect(facts).toEqual([
      { kind: 'carat', carat: 0.8 },
      { kind: 'colour', label: 'Fancy yellow' },
      { kind: 'clarity', label: 'VS1' },
      { kind: 'condition', label: 'Vintage', code: 'vintage' },
    ]);
    expect(productFacts({ condition: 2, year: 2011, carat: 0.35 }, ATTRIBUTES).map((f) => f.kind)).toEqual(['carat', 'condition', 'year']);
  });

  it('leaves out what is missing or not understood, and guesses nothing', () => {
    expect(productFacts({}, ATTRIBUTES)).toEqual([]);
    // Option ids the attributes do not know, no attribute metadata at all, a year that is no year, a weight of 0.
    expect(productFacts({ condition: 99, colour_diamonds: 98, year: 19, carat: 0 }, ATTRIBUTES)).toEqual([]);
    expect(productFacts({ condition: 2, year: 2019.5, misc: [10] }, [])).toEqual([]);
    expect(productFacts({ condition: 2, year: 2019, misc: [10] }, [])).toEqual([{ kind: 'year', year: 2019 }]);
    // A catalogue without option codes: the condition still shows by its label; box and papers cannot be told.
    const uncoded = ATTRIBUTES.map((a) => ({ ...a, options: a.options.map(({ value, label }) => ({ value, label })) }));
    expect(productFacts({ condition: 2, misc: [10] }, uncoded)).toEqual([{ kind: 'condition', label: 'Pre-owned', code: undefined }]);
  });
});
