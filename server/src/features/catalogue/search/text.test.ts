import { describe, expect, it } from 'vitest';
import { allowedEdits, boundedDistance, stemmerFor, tokenize } from './text.ts';

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

describe('stemmerFor', () => {
  const same = (language: 'nl' | 'en' | 'de', words: string[]) => new Set(words.map(stemmerFor(language)));

  it('brings singular, plural and inflected forms of a word together in the language of the store', () => {
    expect(same('nl', ['oorbel', 'oorbellen'])).toEqual(new Set(['oorbel']));
    expect(same('nl', ['horloge', 'horloges'])).toEqual(new Set(['horlog']));
    expect(same('nl', ['briljant', 'briljanten'])).toEqual(new Set(['briljant']));
    expect(same('nl', ['oorknop', 'oorknoppen'])).toEqual(new Set(['oorknop']));
    expect(same('nl', ['ketting', 'kettingen'])).toEqual(new Set(['ketting']));
    expect(same('en', ['earring', 'earrings'])).toEqual(new Set(['earring']));
    expect(same('en', ['watch', 'watches'])).toEqual(new Set(['watch']));
    expect(same('en', ['ruby', 'rubies'])).toEqual(new Set(['rubi']));
    expect(same('de', ['ohrring', 'ohrringe'])).toEqual(new Set(['ohrring']));
    expect(same('de', ['uhr', 'uhren'])).toEqual(new Set(['uhr']));
  });

  it('keeps words of different meaning apart', () => {
    expect(stemmerFor('en')('earrings')).not.toBe(stemmerFor('en')('rings'));
    expect(stemmerFor('nl')('oorringen')).not.toBe(stemmerFor('nl')('ringen'));
    expect(stemmerFor('nl')('diamant')).not.toBe(stemmerFor('nl')('briljant'));
  });

  it('leaves numbers, sizes, skus and words under 3 letters as they are', () => {
    const stem = stemmerFor('en');
    for (const token of ['18k', '000123', 'w-000123', 'vs1', 'ct', 'mm']) expect(stem(token)).toBe(token);
  });
});
