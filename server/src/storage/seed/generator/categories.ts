/**
 * The category tree. Id 1 is Magento's invisible absolute root and is not emitted; id 2 ("Default Category",
 * parent 1) is the store root, and everything a shopper sees hangs below it. Categories are addressed by a
 * key in the generator; ids are assigned in table order from 3, so they never depend on the seed.
 *
 * Every category has a thumbnail (spec 1 §3), drawn like the demo's product pictures: its own (`thumb`) where its
 * pieces look different from its parent's, else its top category's picture. No category has a landing page (CMS
 * block): the demo shop has no CMS blocks, so `landing_page` is left out (stored and served as null).
 */
import { ROOT_CATEGORY_ID, slugify } from '@shop/shared';
import { productImagePath, type ProductImageParams } from '../../../features/media/product-image.ts';
import type { SourceCategory } from '../catalogue-source.ts';
import { WATCH_BRANDS, brandKey } from './attributes.ts';

interface CategoryRow {
  key: string;
  parent: string | null;
  nl: string;
  en: string;
  urlNl?: string;
  urlEn?: string;
  inMenu?: boolean;
  active?: boolean;
  mode?: SourceCategory['display_mode'];
  description?: readonly [nl: string, en: string];
  image?: ProductImageParams;
  /** The thumbnail's drawing; without one, the top category's picture (drawn under this category's own name). */
  thumb?: ProductImageParams;
}

/** Model lines that get a category of their own below their brand (level 4). */
export const MODEL_CATEGORIES = [
  { key: 'rolex-submariner', brand: 'Rolex', name: 'Submariner' },
  { key: 'rolex-daytona', brand: 'Rolex', name: 'Daytona' },
  { key: 'omega-speedmaster', brand: 'Omega', name: 'Speedmaster' },
  { key: 'cartier-tank', brand: 'Cartier', name: 'Tank' },
  { key: 'patek-philippe-nautilus', brand: 'Patek Philippe', name: 'Nautilus' },
  { key: 'audemars-piguet-royal-oak', brand: 'Audemars Piguet', name: 'Royal Oak' },
] as const;
export type ModelCategoryKey = (typeof MODEL_CATEGORIES)[number]['key'];

/** Brand categories shown in the menu; the others exist (and have products) but stay out of the menu. */
const BRANDS_IN_MENU = new Set(['Rolex', 'Omega', 'Cartier', 'Patek Philippe', 'Audemars Piguet', 'Breitling', 'TAG Heuer', 'Tudor', 'IWC', 'Seiko']);

export const watchBrandCategoryKey = (brand: string) => `brand-${brandKey(brand)}`;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
const image = (params: DistributiveOmit<ProductImageParams, 'n'>) => ({ ...params, n: 1 }) as ProductImageParams;

const ROWS: readonly CategoryRow[] = [
  {
    key: 'watches',
    parent: null,
    nl: 'Horloges',
    en: 'Watches',
    mode: 'PRODUCTS_AND_PAGE',
    description: ['Nieuwe, tweedehands en vintage horloges van de grote Zwitserse en Japanse huizen.', 'New, pre-owned and vintage watches from the great Swiss and Japanese houses.'],
    image: image({ kind: 'watch', sku: 'CAT-watches', metal: 'steel', dial: 'blue', shape: 'round', numerals: 'index', strap: 'bracelet', strapColour: 'metal' }),
  },
  { key: 'watches-men', parent: 'watches', nl: 'Herenhorloges', en: "Men's watches", urlNl: 'heren', urlEn: 'men' },
  {
    key: 'watches-ladies',
    parent: 'watches',
    nl: 'Dameshorloges',
    en: "Ladies' watches",
    urlNl: 'dames',
    urlEn: 'ladies',
    thumb: image({ kind: 'watch', sku: 'CAT-watches-ladies', metal: 'rose', dial: 'mop', shape: 'round', numerals: 'diamond', strap: 'bracelet', strapColour: 'metal' }),
  },
  { key: 'watches-new', parent: 'watches', nl: 'Nieuwe horloges', en: 'New watches', urlNl: 'nieuw', urlEn: 'new' },
  {
    key: 'watches-pre-owned',
    parent: 'watches',
    nl: 'Tweedehands horloges',
    en: 'Pre-owned watches',
    urlNl: 'tweedehands',
    urlEn: 'pre-owned',
    description: ['Gecontroleerd door onze horlogemakers en geleverd met twee jaar garantie.', 'Checked by our watchmakers and sold with a two-year warranty.'],
  },
  {
    key: 'watches-vintage',
    parent: 'watches',
    nl: 'Vintage horloges',
    en: 'Vintage watches',
    urlNl: 'vintage',
    urlEn: 'vintage',
    thumb: image({ kind: 'watch', sku: 'CAT-watches-vintage', metal: 'yellow', dial: 'champagne', shape: 'round', numerals: 'roman', strap: 'leather', strapColour: 'brown' }),
  },
  ...WATCH_BRANDS.map((brand): CategoryRow => ({ key: watchBrandCategoryKey(brand), parent: 'watches', nl: brand, en: brand, inMenu: BRANDS_IN_MENU.has(brand) })),
  ...MODEL_CATEGORIES.map((model): CategoryRow => ({
    key: model.key,
    parent: watchBrandCategoryKey(model.brand),
    nl: `${model.brand} ${model.name}`,
    en: `${model.brand} ${model.name}`,
    urlNl: slugify(model.name),
    urlEn: slugify(model.name),
    inMenu: false,
  })),
  { key: 'watch-accessories', parent: 'watches', nl: 'Horloge-accessoires', en: 'Watch accessories', urlNl: 'accessoires', urlEn: 'accessories' },
  {
    key: 'straps',
    parent: 'watch-accessories',
    nl: 'Horlogebanden',
    en: 'Watch straps',
    urlNl: 'horlogebanden',
    urlEn: 'straps',
    thumb: image({ kind: 'strap', sku: 'CAT-straps', strap: 'leather', strapColour: 'brown', metal: 'steel' }),
  },
  {
    key: 'winders',
    parent: 'watch-accessories',
    nl: 'Horlogeopwinders',
    en: 'Watch winders',
    urlNl: 'horlogeopwinders',
    urlEn: 'watch-winders',
    thumb: image({ kind: 'winder', sku: 'CAT-winders', finish: 'walnut', metal: 'steel' }),
  },
  {
    key: 'jewellery',
    parent: null,
    nl: 'Sieraden',
    en: 'Jewellery',
    mode: 'PRODUCTS_AND_PAGE',
    description: ['Ringen, oorbellen, colliers en armbanden in goud en platina, gezet in ons eigen atelier.', 'Rings, earrings, necklaces and bracelets in gold and platinum, set in our own workshop.'],
    image: image({ kind: 'ring', sku: 'CAT-jewellery', metal: 'yellow', stone: 'diamond', style: 'solitaire', cut: 'brilliant' }),
  },
  { key: 'rings', parent: 'jewellery', nl: 'Ringen', en: 'Rings' },
  { key: 'engagement-rings', parent: 'rings', nl: 'Verlovingsringen', en: 'Engagement rings' },
  { key: 'wedding-bands', parent: 'rings', nl: 'Trouwringen', en: 'Wedding bands' },
  { key: 'earrings', parent: 'jewellery', nl: 'Oorbellen', en: 'Earrings', thumb: image({ kind: 'earring', sku: 'CAT-earrings', metal: 'white', stone: 'diamond', style: 'drop', cut: 'pear' }) },
  {
    key: 'necklaces',
    parent: 'jewellery',
    nl: 'Kettingen en colliers',
    en: 'Necklaces',
    urlNl: 'kettingen',
    urlEn: 'necklaces',
    thumb: image({ kind: 'necklace', sku: 'CAT-necklaces', metal: 'yellow', stone: 'emerald', style: 'pendant', cut: 'emerald' }),
  },
  { key: 'bracelets', parent: 'jewellery', nl: 'Armbanden', en: 'Bracelets', thumb: image({ kind: 'bracelet', sku: 'CAT-bracelets', metal: 'white', stone: 'diamond', style: 'tennis', cut: 'brilliant' }) },
  { key: 'jewellery-sets', parent: 'jewellery', nl: 'Sieradensets', en: 'Jewellery sets', urlNl: 'sets', urlEn: 'sets' },
  { key: 'jewellery-vintage', parent: 'jewellery', nl: 'Vintage en tweedehands sieraden', en: 'Vintage and pre-owned jewellery', urlNl: 'vintage', urlEn: 'vintage', inMenu: false },
  {
    key: 'diamonds',
    parent: null,
    nl: 'Diamanten',
    en: 'Diamonds',
    description: ['Losse diamanten met certificaat, geselecteerd op slijpvorm, kleur en zuiverheid.', 'Certified loose diamonds, selected for cut, colour and clarity.'],
    image: image({ kind: 'diamond', sku: 'CAT-diamonds', stone: 'diamond', cut: 'brilliant' }),
  },
  { key: 'diamonds-brilliant', parent: 'diamonds', nl: 'Briljant geslepen diamanten', en: 'Brilliant-cut diamonds', urlNl: 'briljant', urlEn: 'brilliant-cut' },
  { key: 'diamonds-fancy', parent: 'diamonds', nl: 'Fancy geslepen diamanten', en: 'Fancy-cut diamonds', urlNl: 'fancy-cuts', urlEn: 'fancy-cuts' },
  { key: 'diamonds-coloured', parent: 'diamonds', nl: 'Gekleurde diamanten', en: 'Coloured diamonds', urlNl: 'gekleurd', urlEn: 'coloured', inMenu: false },
  {
    key: 'gems',
    parent: null,
    nl: 'Edelstenen',
    en: 'Gem stones',
    description: ['Saffieren, robijnen, smaragden en meer, los te koop of om te laten zetten.', 'Sapphires, rubies, emeralds and more, to buy loose or to have set.'],
    image: image({ kind: 'gem', sku: 'CAT-gems', stone: 'sapphire', cut: 'oval' }),
  },
  { key: 'sapphires', parent: 'gems', nl: 'Saffieren', en: 'Sapphires' },
  { key: 'rubies', parent: 'gems', nl: 'Robijnen', en: 'Rubies', thumb: image({ kind: 'gem', sku: 'CAT-rubies', stone: 'ruby', cut: 'cushion' }) },
  { key: 'emeralds', parent: 'gems', nl: 'Smaragden', en: 'Emeralds', thumb: image({ kind: 'gem', sku: 'CAT-emeralds', stone: 'emerald', cut: 'emerald' }) },
  { key: 'other-gems', parent: 'gems', nl: 'Overige edelstenen', en: 'Other gem stones', urlNl: 'overige', urlEn: 'other' },
  {
    key: 'gifts',
    parent: null,
    nl: 'Cadeaus',
    en: 'Gifts',
    inMenu: false,
    image: image({ kind: 'set', sku: 'CAT-gifts', metal: 'white', stone: 'sapphire', style: 'pendant', cut: 'oval' }),
  },
  { key: 'outlet', parent: null, nl: 'Outlet', en: 'Outlet', inMenu: false, active: false },
];

const IDS = new Map<string, number>(ROWS.map((row, index) => [row.key, ROOT_CATEGORY_ID + 1 + index]));
const PARENTS = new Map<string, string | null>(ROWS.map((row) => [row.key, row.parent]));
const BY_KEY = new Map<string, CategoryRow>(ROWS.map((row) => [row.key, row]));

/** The demo's watch picture, for a top category without a picture of its own (the outlet). */
const WATCH_PICTURE = image({ kind: 'watch', sku: 'CAT', metal: 'steel', dial: 'black', shape: 'round', numerals: 'index', strap: 'leather', strapColour: 'black' });

/** The thumbnail's path: the row's own drawing, else its nearest ancestor's picture drawn under the row's name. */
function thumbnailPath(row: CategoryRow): string {
  if (row.thumb) return productImagePath(row.thumb);
  if (row.image) return productImagePath(row.image);
  let current: CategoryRow | undefined = row;
  while (current && !current.thumb && !current.image) current = current.parent ? BY_KEY.get(current.parent) : undefined;
  const picture = current?.thumb ?? current?.image ?? WATCH_PICTURE;
  return productImagePath({ ...picture, sku: `CAT-${row.key}` });
}

export function categoryId(key: string): number {
  const id = IDS.get(key);
  if (id === undefined) throw new Error(`Unknown category "${key}"`);
  return id;
}

/** The ids from the top category down to the category itself, the way Magento lists a product's categories. */
export function categoryTrail(key: string): number[] {
  const trail: number[] = [];
  let current: string | null | undefined = key;
  while (current) {
    trail.unshift(categoryId(current));
    current = PARENTS.get(current);
  }
  return trail;
}

/** The category ids for a product placed in the given categories: each with all its ancestors below the root. */
export function productCategoryIds(keys: readonly string[]): number[] {
  const ids = new Set<number>();
  for (const key of keys) for (const id of categoryTrail(key)) ids.add(id);
  return [...ids];
}

export function buildCategories(): SourceCategory[] {
  const positions = new Map<string | null, number>();
  const root: SourceCategory = {
    id: ROOT_CATEGORY_ID,
    parent_id: 1,
    position: 1,
    is_active: true,
    include_in_menu: true,
    display_mode: 'PRODUCTS',
    stores: { nl: { name: 'Default Category', url_key: 'default-category' }, en: { name: 'Default Category', url_key: 'default-category' } },
  };
  const rows = ROWS.map((row): SourceCategory => {
    const position = (positions.get(row.parent) ?? 0) + 1;
    positions.set(row.parent, position);
    const [descriptionNl, descriptionEn] = row.description ?? [];
    return {
      id: categoryId(row.key),
      parent_id: row.parent ? categoryId(row.parent) : ROOT_CATEGORY_ID,
      position,
      is_active: row.active ?? true,
      include_in_menu: row.inMenu ?? true,
      display_mode: row.mode ?? 'PRODUCTS',
      ...(row.image ? { image: productImagePath(row.image) } : {}),
      thumbnail: thumbnailPath(row),
      stores: {
        nl: { name: row.nl, url_key: row.urlNl ?? slugify(row.nl), ...(descriptionNl ? { description: descriptionNl } : {}) },
        en: { name: row.en, url_key: row.urlEn ?? slugify(row.en), ...(descriptionEn ? { description: descriptionEn } : {}) },
      },
    };
  });
  return [root, ...rows];
}
