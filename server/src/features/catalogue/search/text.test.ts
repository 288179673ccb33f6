import { describe, expect, it } from 'vitest';
import { allowedEdits, boundedDistance, tokenize } from './text.ts';

describe('tokenize', () => {
  it('lower-cases, strips accents and splits on punctuation', () => {
    expect(tokenize('Jaeger-LeCoultre Réverso 18k, 0.50 ct')).toEqual(['jaeger', 'lecoultre', 'reverso', '18k', '0', '50', 'ct']);
  });
});

describe('boundedDistance', () => {
  it('counts edits up to the bound', () => {
    expect(boundedDistance('seamaster', 'seamaster', 2)).toBe(0);
    expect(boundedDistance('seamastr', 'seamaster', 2)).toBe(1);
    expect(boundedDistance('semaster', 'seamastr', 2)).toBe(2);
    expect(boundedDistance('rolex', 'omega', 2)).toBe(3);
    expect(boundedDistance('ab', 'abcdef', 2)).toBe(3);
  });
});

describe('allowedEdits', () => {
  it('allows 2 edits for long words, fewer for short ones and none for numbers', () => {
    expect(allowedEdits('seamaster', 2)).toBe(2);
    expect(allowedEdits('rolex', 2)).toBe(1);
    expect(allowedEdits('ct', 2)).toBe(0);
    expect(allowedEdits('18k', 2)).toBe(0);
  });
});
