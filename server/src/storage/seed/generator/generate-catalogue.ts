/**
 * The demo catalogue of a jewellery and watch shop, generated from a seed: attributes, the category tree, tax
 * and `productCount` products (watches new, pre-owned and vintage; rings, earrings, necklaces, bracelets; loose
 * diamonds and gem stones; straps and winders; configurable, bundle and grouped products).
 *
 *   generateCatalogue({ seed: 42, productCount: DEFAULT_PRODUCT_COUNT }): SourceCatalogue
 *
 * Pure and deterministic: no clock, no Math.random, no I/O, so the same seed and count give byte-identical JSON.
 * Product images are paths under the media folder; the demo seed writes their SVG files (features/media/demo-images.ts).
 *
 * The first products cover every kind, type and category; the rest are drawn by weight. A family (a configurable
 * with its children, a set with its members) is never cut in half: near the end, smaller families are used.
 */
import type { SourceCatalogue } from '../catalogue-source.ts';
import { buildBundlePrerequisite, buildGiftBundle, buildStrap, buildWinder, bundlePrerequisites } from './accessories.ts';
import { WATCH_BRANDS, buildAttributes } from './attributes.ts';
import { MODEL_CATEGORIES, buildCategories } from './categories.ts';
import { buildLooseDiamond, buildLooseGem, type DiamondHint } from './gems.ts';
import { buildConfigurableRing, buildJewel, buildJewellerySet, type JewelHint, type JewelKind } from './jewellery.ts';
import { GeneratorContext } from './product-kit.ts';
import { addRelatedLinks } from './related-links.ts';
import { buildTaxClasses, buildTaxRules } from './tax.ts';
import type { GemKey } from './vocabulary.ts';
import { buildConfigurableWatch, buildWatch, type WatchHint } from './watches.ts';

export const DEFAULT_PRODUCT_COUNT = 1600;
export const DEFAULT_SEED = 20260101;

export interface GenerateOptions {
  seed: number;
  productCount: number;
}

type Family =
  | { kind: 'watch'; hint?: WatchHint }
  | { kind: 'watch-configurable' }
  | { kind: 'jewel'; jewel: JewelKind; hint?: JewelHint }
  | { kind: 'ring-configurable' }
  | { kind: 'diamond'; hint?: DiamondHint }
  | { kind: 'gem'; gem?: GemKey }
  | { kind: 'strap' }
  | { kind: 'winder' }
  | { kind: 'bundle' }
  | { kind: 'set' };

/** One of everything the shop has, so that every kind, type and category has products even in a small catalogue. */
function coveragePlan(): Family[] {
  return [
    ...WATCH_BRANDS.map((brand): Family => ({ kind: 'watch', hint: { brand } })),
    ...MODEL_CATEGORIES.map((model): Family => ({ kind: 'watch', hint: { model: model.key } })),
    { kind: 'watch', hint: { condition: 'pre_owned' } },
    { kind: 'watch', hint: { condition: 'vintage', brand: 'Omega' } },
    { kind: 'watch', hint: { gender: 'ladies', brand: 'Cartier' } },
    { kind: 'watch', hint: { gender: 'men', condition: 'new' } },
    ...(['solitaire', 'halo', 'eternity', 'band', 'trilogy', 'cocktail'] as const).map((style): Family => ({ kind: 'jewel', jewel: 'ring', hint: { style, condition: 'new', ...(style === 'solitaire' || style === 'halo' ? { stone: 'diamond' } : {}) } })),
    ...(['stud', 'halo', 'drop', 'hoop'] as const).map((style): Family => ({ kind: 'jewel', jewel: 'earring', hint: { style } })),
    ...(['pendant', 'tennis', 'pearls', 'chain'] as const).map((style): Family => ({ kind: 'jewel', jewel: 'necklace', hint: { style } })),
    ...(['tennis', 'bangle', 'chain'] as const).map((style): Family => ({ kind: 'jewel', jewel: 'bracelet', hint: { style } })),
    { kind: 'jewel', jewel: 'ring', hint: { condition: 'vintage' } },
    { kind: 'diamond', hint: {} },
    { kind: 'diamond', hint: { fancyCut: true } },
    { kind: 'diamond', hint: { colouredDiamond: true } },
    { kind: 'gem', gem: 'sapphire' },
    { kind: 'gem', gem: 'ruby' },
    { kind: 'gem', gem: 'emerald' },
    { kind: 'gem', gem: 'tanzanite' },
    { kind: 'strap' },
    { kind: 'strap' },
    { kind: 'winder' },
    { kind: 'watch-configurable' },
    { kind: 'ring-configurable' },
    { kind: 'bundle' },
    { kind: 'set' },
  ];
}

const WEIGHTS: ReadonlyArray<readonly [Family, number]> = [
  [{ kind: 'watch' }, 43],
  [{ kind: 'watch-configurable' }, 2.5],
  [{ kind: 'jewel', jewel: 'ring' }, 11],
  [{ kind: 'ring-configurable' }, 2.5],
  [{ kind: 'jewel', jewel: 'earring' }, 8],
  [{ kind: 'jewel', jewel: 'necklace' }, 7],
  [{ kind: 'jewel', jewel: 'bracelet' }, 6],
  [{ kind: 'diamond' }, 8],
  [{ kind: 'gem' }, 6],
  [{ kind: 'strap' }, 3],
  [{ kind: 'winder' }, 1],
  [{ kind: 'bundle' }, 1],
  [{ kind: 'set' }, 1.2],
];

/** The most products a family can add, so one is only started when it fits. */
function familySize(family: Family): number {
  switch (family.kind) {
    case 'watch-configurable':
      return 3;
    case 'ring-configurable':
      return 3;
    case 'bundle':
      return 1;
    case 'set':
      return 3;
    default:
      return 1;
  }
}

function build(ctx: GeneratorContext, family: Family, covering: boolean): void {
  switch (family.kind) {
    case 'watch':
      buildWatch(ctx, family.hint, covering);
      return;
    case 'watch-configurable':
      buildConfigurableWatch(ctx, ctx.remaining - 1);
      return;
    case 'jewel':
      buildJewel(ctx, family.jewel, family.hint, covering);
      return;
    case 'ring-configurable':
      buildConfigurableRing(ctx, ctx.remaining - 1);
      return;
    case 'diamond':
      buildLooseDiamond(ctx, family.hint, covering);
      return;
    case 'gem':
      buildLooseGem(ctx, family.gem, covering);
      return;
    case 'strap':
      buildStrap(ctx, covering);
      return;
    case 'winder':
      buildWinder(ctx);
      return;
    case 'bundle':
      if (bundlePrerequisites(ctx) === 0) buildGiftBundle(ctx);
      else buildBundlePrerequisite(ctx);
      return;
    case 'set':
      buildJewellerySet(ctx, ctx.remaining);
      return;
  }
}

export function generateCatalogue(options: GenerateOptions): SourceCatalogue {
  const { seed, productCount } = options;
  if (!Number.isInteger(productCount) || productCount < 0) throw new RangeError(`productCount must be a whole number >= 0, got ${productCount}`);
  const ctx = new GeneratorContext(seed, productCount);

  for (const family of coveragePlan()) {
    if (family.kind === 'bundle') {
      for (let guard = 0; bundlePrerequisites(ctx) > 0 && ctx.remaining > 1 && guard < 40; guard++) buildBundlePrerequisite(ctx);
    }
    if (familySize(family) > ctx.remaining) continue;
    build(ctx, family, true);
  }
  while (ctx.remaining > 0) {
    let family = ctx.rng.weighted(WEIGHTS);
    if (familySize(family) > ctx.remaining) family = { kind: 'diamond' };
    build(ctx, family, false);
  }

  addRelatedLinks(ctx.products);
  return {
    attributes: buildAttributes(),
    categories: buildCategories(),
    products: ctx.products,
    taxClasses: buildTaxClasses(),
    taxRules: buildTaxRules(),
  };
}
