/**
 * The demo shop's product pictures, drawn from their path: a path names what to draw, so the demo needs no
 * downloads. The seed writes each drawing as a file at its path (demo-images.ts); the media routes serve files.
 * A path looks like
 *
 *   /media/catalog/{kind}/{field}-{field}-.../{sku}-{n}.svg
 *   /media/catalog/watch/steel-blue-round-index-bracelet-metal/W-000123-1.svg
 *
 * where the fields are fixed per kind (see IMAGE_KIND_FIELDS) and n (1..99) picks the view, in the order of
 * IMAGE_VIEWS (a watch: 1 dial front, 2 case side with the crown, 3 case back, 4 on the wrist, 5 dial detail);
 * higher numbers repeat the cycle.
 */
import { drawLooseStone } from './draw-stones.ts';
import { drawWatch } from './draw-watch.ts';
import { drawBracelet, drawEarrings, drawJewellerySet, drawNecklace, drawRing } from './draw-jewellery.ts';
import { drawStrap, drawWinder } from './draw-accessories.ts';
import { createCanvas, studioBackdrop, svgDocument } from './svg-kit.ts';

export { renderBanner, BANNER_KINDS, type BannerKind } from './banner.ts';

export const METALS = ['yellow', 'white', 'rose', 'platinum', 'steel', 'titanium', 'silver', 'ceramic', 'twotone'] as const;
export const DIAL_COLOURS = ['black', 'white', 'silver', 'blue', 'green', 'grey', 'champagne', 'brown', 'red', 'pink', 'mop'] as const;
export const CASE_SHAPES = ['round', 'square', 'rectangular', 'tonneau', 'cushion', 'octagon'] as const;
export const NUMERALS = ['index', 'roman', 'arabic', 'diamond'] as const;
export const STRAPS = ['bracelet', 'leather', 'rubber', 'textile', 'mesh'] as const;
export const STRAP_COLOURS = ['metal', 'black', 'brown', 'tan', 'blue', 'green', 'grey', 'red', 'white'] as const;
export const STONES = [
  'none',
  'diamond',
  'yellowdiamond',
  'pinkdiamond',
  'sapphire',
  'ruby',
  'emerald',
  'tanzanite',
  'amethyst',
  'aquamarine',
  'topaz',
  'citrine',
  'peridot',
  'garnet',
  'morganite',
  'tourmaline',
  'spinel',
  'pearl',
] as const;
export const CUTS = ['brilliant', 'princess', 'oval', 'emerald', 'pear', 'cushion', 'marquise', 'heart', 'radiant', 'asscher'] as const;
export const JEWEL_STYLES = [
  'solitaire',
  'halo',
  'eternity',
  'band',
  'trilogy',
  'cocktail',
  'stud',
  'drop',
  'hoop',
  'pendant',
  'tennis',
  'chain',
  'pearls',
  'bangle',
] as const;
export const WINDER_FINISHES = ['black', 'walnut', 'carbon', 'white'] as const;

export type Metal = (typeof METALS)[number];
export type DialColour = (typeof DIAL_COLOURS)[number];
export type CaseShape = (typeof CASE_SHAPES)[number];
export type Numerals = (typeof NUMERALS)[number];
export type StrapKind = (typeof STRAPS)[number];
export type StrapColour = (typeof STRAP_COLOURS)[number];
export type Stone = (typeof STONES)[number];
export type Cut = (typeof CUTS)[number];
export type JewelStyle = (typeof JEWEL_STYLES)[number];
export type WinderFinish = (typeof WINDER_FINISHES)[number];

const FIELD_VALUES = {
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
} as const;
type FieldName = keyof typeof FIELD_VALUES;
type FieldValue<F extends FieldName> = (typeof FIELD_VALUES)[F][number];

const JEWEL_FIELDS = ['metal', 'stone', 'style', 'cut'] as const;

/** The drawing fields of each kind, in path order. */
export const IMAGE_KIND_FIELDS = {
  watch: ['metal', 'dial', 'shape', 'numerals', 'strap', 'strapColour'],
  ring: JEWEL_FIELDS,
  earring: JEWEL_FIELDS,
  necklace: JEWEL_FIELDS,
  bracelet: JEWEL_FIELDS,
  set: JEWEL_FIELDS,
  diamond: ['stone', 'cut'],
  gem: ['stone', 'cut'],
  strap: ['strap', 'strapColour', 'metal'],
  winder: ['finish', 'metal'],
} as const satisfies Record<string, readonly FieldName[]>;

export type ImageKind = keyof typeof IMAGE_KIND_FIELDS;
export const IMAGE_KINDS = Object.keys(IMAGE_KIND_FIELDS) as ImageKind[];

type ImageParamsOf<K extends ImageKind> = { kind: K; sku: string; n: number } & {
  [F in (typeof IMAGE_KIND_FIELDS)[K][number]]: FieldValue<F>;
};
export type ProductImageParams = { [K in ImageKind]: ImageParamsOf<K> }[ImageKind];
export type WatchImage = ImageParamsOf<'watch'>;
export type JewelleryImage = ImageParamsOf<'ring' | 'earring' | 'necklace' | 'bracelet' | 'set'>;
export type StoneImage = ImageParamsOf<'diamond' | 'gem'>;
export type StrapImage = ImageParamsOf<'strap'>;
export type WinderImage = ImageParamsOf<'winder'>;

/** 1 front, 2 angle or top, 3 detail, 4 back, clasp or an alternative arrangement. */
export type View = 1 | 2 | 3 | 4;
/** The views of a piece that is also shown worn (on the wrist, the hand, the neck): 4 is the worn one. */
export type WornView = View | 5;

/**
 * What each view of a kind shows, in picture-number order: the demo gives a watch or a ring at least its first four
 * (front, side, back or clasp, worn), so the product page's gallery has distinct pictures to show.
 */
export const IMAGE_VIEWS = {
  watch: ['front', 'side', 'back', 'wrist', 'detail'],
  ring: ['front', 'above', 'detail', 'hand', 'angle'],
  bracelet: ['front', 'flat', 'clasp', 'wrist', 'detail'],
  necklace: ['front', 'detail', 'clasp', 'neck', 'laid'],
  earring: ['pair', 'side', 'detail', 'angle'],
  set: ['set', 'necklace', 'earrings', 'mirrored'],
  diamond: ['top', 'profile', 'raised', 'turned'],
  gem: ['top', 'profile', 'raised', 'turned'],
  strap: ['pair', 'detail', 'angle'],
  winder: ['box', 'detail', 'angle'],
} as const satisfies Record<ImageKind, readonly string[]>;

export const PRODUCT_IMAGE_SIZE = 800;
const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const PATH_PATTERN = /^\/media\/catalog\/([a-z]+)\/([a-z0-9-]+)\/([A-Za-z0-9][A-Za-z0-9_-]*)-([1-9][0-9]?)\.svg$/;

function isKind(value: string): value is ImageKind {
  return Object.hasOwn(IMAGE_KIND_FIELDS, value);
}

export function productImagePath(params: ProductImageParams): string {
  if (!SKU_PATTERN.test(params.sku)) throw new Error(`A product image needs a path-safe sku, got "${params.sku}"`);
  if (!Number.isInteger(params.n) || params.n < 1 || params.n > 99) throw new Error(`Image number must be 1..99, got ${params.n}`);
  const values = params as unknown as Record<string, string>;
  const fields = IMAGE_KIND_FIELDS[params.kind].map((field) => values[field]);
  return `/media/catalog/${params.kind}/${fields.join('-')}/${params.sku}-${params.n}.svg`;
}

/** The drawing parameters in a product image path, or null when the path is not one this module draws. */
export function parseProductImagePath(path: string): ProductImageParams | null {
  const match = PATH_PATTERN.exec(path);
  if (!match) return null;
  const [, kind = '', variant = '', sku = '', n = ''] = match;
  if (!isKind(kind)) return null;
  const fields: readonly FieldName[] = IMAGE_KIND_FIELDS[kind];
  const values = variant.split('-');
  if (values.length !== fields.length) return null;
  const params: Record<string, string | number> = { kind, sku, n: Number(n) };
  for (const [index, field] of fields.entries()) {
    const value = values[index] ?? '';
    if (!(FIELD_VALUES[field] as readonly string[]).includes(value)) return null;
    params[field] = value;
  }
  return params as unknown as ProductImageParams;
}

/** The view picture number n draws for a kind: the kind's views in order, then the cycle again. */
export function imageView(kind: ImageKind, n: number): WornView {
  return (((Math.max(1, Math.floor(n)) - 1) % IMAGE_VIEWS[kind].length) + 1) as WornView;
}

/** A square 800 x 800 SVG document for one product picture. */
export function renderProductImage(params: ProductImageParams): string {
  const canvas = createCanvas(`${params.kind}/${params.sku}/${params.n}`);
  const view = imageView(params.kind, params.n);
  // Kinds with fewer than five views never reach 5 (imageView cycles within the kind's own list).
  const plain = Math.min(view, 4) as View;
  const size = PRODUCT_IMAGE_SIZE;
  let body: string;
  switch (params.kind) {
    case 'watch':
      body = drawWatch(canvas, params, view);
      break;
    case 'ring':
      body = drawRing(canvas, params, view);
      break;
    case 'earring':
      body = drawEarrings(canvas, params, plain);
      break;
    case 'necklace':
      body = drawNecklace(canvas, params, view);
      break;
    case 'bracelet':
      body = drawBracelet(canvas, params, view);
      break;
    case 'set':
      body = drawJewellerySet(canvas, params, plain);
      break;
    case 'diamond':
    case 'gem':
      body = drawLooseStone(canvas, params, plain);
      break;
    case 'strap':
      body = drawStrap(canvas, params, plain);
      break;
    case 'winder':
      body = drawWinder(canvas, params, plain);
      break;
  }
  return svgDocument(size, size, canvas, [studioBackdrop(canvas, size), body]);
}
