import { describe, expect, it } from 'vitest';
import { productSlug, slugify } from './slug.ts';

describe('slugify', () => {
  it('makes lower-case ascii words joined by dashes', () => {
    expect(slugify('Cartier Tank Française 18k')).toBe('cartier-tank-francaise-18k');
    expect(slugify('  Ring & Band -- Rosé gold ')).toBe('ring-and-band-rose-gold');
  });
});

describe('productSlug', () => {
  it('uses the url_key when url keys are enabled', () => {
    expect(productSlug({ name: 'Tank', id: 7, url_key: 'tank-must' }, true)).toBe('tank-must');
  });
  it('uses the slugified name plus the id otherwise', () => {
    expect(productSlug({ name: 'Tank Must', id: 7, url_key: 'tank-must' }, false)).toBe('tank-must-7');
    expect(productSlug({ name: 'Tank Must', id: 7 }, true)).toBe('tank-must-7');
  });
});
