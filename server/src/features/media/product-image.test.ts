import { describe, expect, it } from 'vitest';
import {
  BANNER_KINDS,
  IMAGE_KINDS,
  IMAGE_KIND_FIELDS,
  METALS,
  CASE_SHAPES,
  CUTS,
  DIAL_COLOURS,
  JEWEL_STYLES,
  NUMERALS,
  STONES,
  STRAPS,
  STRAP_COLOURS,
  WINDER_FINISHES,
  type ProductImageParams,
  IMAGE_VIEWS,
  imageView,
  parseProductImagePath,
  productImagePath,
  renderBanner,
  renderProductImage,
} from './product-image.ts';

const BASE: Record<(typeof IMAGE_KINDS)[number], ProductImageParams> = {
  watch: { kind: 'watch', sku: 'W-000001', n: 1, metal: 'steel', dial: 'blue', shape: 'round', numerals: 'index', strap: 'bracelet', strapColour: 'metal' },
  ring: { kind: 'ring', sku: 'R-000002', n: 1, metal: 'yellow', stone: 'diamond', style: 'solitaire', cut: 'brilliant' },
  earring: { kind: 'earring', sku: 'E-000003', n: 1, metal: 'white', stone: 'sapphire', style: 'stud', cut: 'oval' },
  necklace: { kind: 'necklace', sku: 'N-000004', n: 1, metal: 'rose', stone: 'emerald', style: 'pendant', cut: 'emerald' },
  bracelet: { kind: 'bracelet', sku: 'B-000005', n: 1, metal: 'white', stone: 'diamond', style: 'tennis', cut: 'brilliant' },
  set: { kind: 'set', sku: 'SET-000006', n: 1, metal: 'white', stone: 'ruby', style: 'drop', cut: 'pear' },
  diamond: { kind: 'diamond', sku: 'D-000007', n: 1, stone: 'diamond', cut: 'brilliant' },
  gem: { kind: 'gem', sku: 'G-000008', n: 1, stone: 'tanzanite', cut: 'cushion' },
  strap: { kind: 'strap', sku: 'S-000009', n: 1, strap: 'leather', strapColour: 'brown', metal: 'steel' },
  winder: { kind: 'winder', sku: 'A-000010', n: 1, finish: 'walnut', metal: 'steel' },
};

const VALUES: Record<string, readonly string[]> = {
  metal: METALS,
  dial: DIAL_COLOURS,
  shape: CASE_SHAPES,
  numerals: NUMERALS,
  strap: STRAPS,
  strapColour: STRAP_COLOURS,
  stone: STONES,
  cut: CUTS,
  style: JEWEL_STYLES,
  finish: WINDER_FINISHES,
};

/** Every value of every field of a kind, each varied once from the base, so no value goes untested. */
function variants(kind: (typeof IMAGE_KINDS)[number]): ProductImageParams[] {
  const base = BASE[kind];
  const list: ProductImageParams[] = [base];
  for (const field of IMAGE_KIND_FIELDS[kind]) {
    for (const value of VALUES[field] ?? []) list.push({ ...base, [field]: value } as ProductImageParams);
  }
  return list;
}

/** A small XML check: tags nest and close, attributes are quoted, every url(#id) points at a defined id. */
function expectWellFormedSvg(svg: string): void {
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
  expect(svg).not.toMatch(/NaN|undefined|Infinity|\[object/);
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let match = tag.exec(svg); match; match = tag.exec(svg)) {
    expect(svg.slice(last, match.index)).not.toContain('<');
    last = tag.lastIndex;
    const [, closing, name, , selfClosing] = match;
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name ?? '');
  }
  expect(last).toBe(svg.length);
  expect(stack).toEqual([]);
  const ids = new Set([...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
  for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids.has(ref), `missing #${ref}`).toBe(true);
}

describe('product image paths', () => {
  it('round-trips every kind through path and parse', () => {
    for (const kind of IMAGE_KINDS) {
      for (const params of variants(kind)) {
        for (const n of [1, 2, 4, 12]) {
          const withN = { ...params, n } as ProductImageParams;
          const path = productImagePath(withN);
          expect(path.startsWith(`/media/catalog/${kind}/`)).toBe(true);
          expect(parseProductImagePath(path)).toEqual(withN);
        }
      }
    }
  });

  it('keeps skus with dashes and numbers intact', () => {
    const params = { ...BASE.ring, sku: 'R-000045-52', n: 3 } as ProductImageParams;
    expect(productImagePath(params)).toBe('/media/catalog/ring/yellow-diamond-solitaire-brilliant/R-000045-52-3.svg');
    expect(parseProductImagePath('/media/catalog/ring/yellow-diamond-solitaire-brilliant/R-000045-52-3.svg')).toEqual(params);
  });

  it('rejects paths it does not draw', () => {
    for (const path of [
      '/media/catalog/W-000123-1.svg',
      '/media/catalog/spaceship/steel-blue/W-1-1.svg',
      '/media/catalog/ring/yellow-diamond-solitaire/R-1-1.svg',
      '/media/catalog/ring/gold-diamond-solitaire-brilliant/R-1-1.svg',
      '/media/catalog/ring/yellow-diamond-solitaire-brilliant/R-1-0.svg',
      '/media/catalog/ring/yellow-diamond-solitaire-brilliant/R-1-100.svg',
      '/media/catalog/ring/yellow-diamond-solitaire-brilliant/../R-1-1.svg',
      '/media/catalog/ring/yellow-diamond-solitaire-brilliant/R 1-1.svg',
      '/media/catalog/ring/yellow-diamond-solitaire-brilliant/R-1-1.png',
      '/media/catalog/constructor/x/R-1-1.svg',
    ]) {
      expect(parseProductImagePath(path), path).toBeNull();
    }
  });

  it('refuses to build a path from an unsafe sku or number', () => {
    expect(() => productImagePath({ ...BASE.gem, sku: '../x' } as ProductImageParams)).toThrow();
    expect(() => productImagePath({ ...BASE.gem, n: 0 } as ProductImageParams)).toThrow();
  });

  it('cycles through the views of the kind', () => {
    expect([1, 2, 3, 4, 5, 6, 10, 11].map((n) => imageView('watch', n))).toEqual([1, 2, 3, 4, 5, 1, 5, 1]);
    expect([1, 2, 3, 4, 5, 8, 9].map((n) => imageView('earring', n))).toEqual([1, 2, 3, 4, 1, 4, 1]);
    expect([1, 3, 4].map((n) => imageView('strap', n))).toEqual([1, 3, 1]);
  });

  it('names a front, a side, a back or clasp and a worn view first for watches and the jewellery worn on the body', () => {
    expect(IMAGE_VIEWS.watch.slice(0, 4)).toEqual(['front', 'side', 'back', 'wrist']);
    expect(IMAGE_VIEWS.ring.slice(0, 4)).toEqual(['front', 'above', 'detail', 'hand']);
    expect(IMAGE_VIEWS.bracelet.slice(0, 4)).toEqual(['front', 'flat', 'clasp', 'wrist']);
    expect(IMAGE_VIEWS.necklace.slice(0, 4)).toEqual(['front', 'detail', 'clasp', 'neck']);
  });
});

describe('renderProductImage', () => {
  it('draws a well-formed square SVG for every kind and view, and for every value in some view', () => {
    for (const kind of IMAGE_KINDS) {
      for (const n of [1, 2, 3, 4, 5]) expectWellFormedSvg(renderProductImage({ ...BASE[kind], n } as ProductImageParams));
      variants(kind).forEach((params, index) => {
        const svg = renderProductImage({ ...params, n: (index % IMAGE_VIEWS[kind].length) + 1 } as ProductImageParams);
        expect(svg).toContain('viewBox="0 0 800 800"');
        expectWellFormedSvg(svg);
      });
    }
  });

  it('draws the same picture for the same path, and a different view for another number', () => {
    for (const kind of IMAGE_KINDS) {
      const one = renderProductImage(BASE[kind]);
      expect(renderProductImage(BASE[kind])).toBe(one);
      expect(renderProductImage({ ...BASE[kind], n: 2 } as ProductImageParams)).not.toBe(one);
    }
  });

  it('draws every view of a watch, a ring, a bracelet and a necklace differently, the worn one on skin', () => {
    for (const kind of ['watch', 'ring', 'bracelet', 'necklace'] as const) {
      const drawn = IMAGE_VIEWS[kind].map((_, index) => renderProductImage({ ...BASE[kind], n: index + 1 } as ProductImageParams));
      expect(new Set(drawn).size, kind).toBe(IMAGE_VIEWS[kind].length);
      drawn.forEach((svg, index) => expect(svg.includes('#ecd2bd'), `${kind} view ${index + 1}`).toBe(index === 3));
    }
  });

  it('draws from a parsed path', () => {
    const params = parseProductImagePath('/media/catalog/watch/yellow-champagne-rectangular-roman-leather-brown/W-000123-2.svg');
    expect(params).not.toBeNull();
    if (params) expectWellFormedSvg(renderProductImage(params));
  });

  it('keeps pictures small enough to serve on the fly', () => {
    for (const kind of IMAGE_KINDS) {
      for (const n of [1, 2, 3, 4, 5]) expect(renderProductImage({ ...BASE[kind], n } as ProductImageParams).length).toBeLessThan(120_000);
    }
  });
});

describe('renderBanner', () => {
  it('draws each banner at the asked size, without text', () => {
    for (const kind of BANNER_KINDS) {
      const svg = renderBanner(kind, 1600, 600);
      expect(svg).toContain('viewBox="0 0 1600 600"');
      expect(svg).not.toContain('<text');
      expectWellFormedSvg(svg);
    }
  });

  it('clamps silly sizes', () => {
    expect(renderBanner('dial', 5, 100_000)).toContain('viewBox="0 0 100 4000"');
  });
});
