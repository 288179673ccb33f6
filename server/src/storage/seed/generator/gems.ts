/** Loose diamonds and coloured gem stones, and the stone prices jewellery is built on. */
import type { StoreCode } from '@shop/shared';
import type { Cut } from '../../../features/media/product-image.ts';
import type { SourceProduct } from '../catalogue-source.ts';
import { optionId, optionLabel } from './attributes.ts';
import { productCategoryIds } from './categories.ts';
import {
  type GeneratorContext,
  VISIBLE,
  carat,
  customPrices,
  ean13,
  images,
  niceRetail,
  placement,
  productFlags,
  skuFor,
  specialPrice,
  storeTexts,
  storedPrice,
  timestamps,
  uniqueStock,
} from './product-kit.ts';
import type { Random } from './random.ts';
import { TAXABLE_GOODS } from './tax.ts';
import { DIAMOND_BY_CUT, GEM_CUT_ADJECTIVE, GEM_NAME, type GemKey, stoneDrawing } from './vocabulary.ts';

export const DIAMOND_COLOURS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'fancy_yellow', 'fancy_pink'] as const;
export type DiamondColour = (typeof DIAMOND_COLOURS)[number];
export const CLARITIES = ['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2'] as const;
export type Clarity = (typeof CLARITIES)[number];

const COLOUR_FACTOR: Record<DiamondColour, number> = { D: 1.45, E: 1.3, F: 1.2, G: 1, H: 0.88, I: 0.75, J: 0.64, K: 0.55, fancy_yellow: 1.1, fancy_pink: 5 };
const CLARITY_FACTOR: Record<Clarity, number> = { FL: 1.6, IF: 1.45, VVS1: 1.3, VVS2: 1.2, VS1: 1, VS2: 0.92, SI1: 0.8, SI2: 0.68 };
/** Price per carat of a G VS1 round brilliant, by weight: bigger stones are rarer per carat. */
const PER_CARAT: ReadonlyArray<readonly [carat: number, euro: number]> = [
  [0.1, 1400],
  [0.3, 2200],
  [0.5, 3600],
  [0.7, 4800],
  [1, 7500],
  [1.5, 11_000],
  [2, 16_000],
  [3, 24_000],
  [5, 38_000],
];

function perCarat(weight: number): number {
  for (let i = 1; i < PER_CARAT.length; i++) {
    const [c1, p1] = PER_CARAT[i] as readonly [number, number];
    const [c0, p0] = PER_CARAT[i - 1] as readonly [number, number];
    if (weight <= c1) return p0 + ((Math.max(weight, c0) - c0) / (c1 - c0)) * (p1 - p0);
  }
  return (PER_CARAT[PER_CARAT.length - 1] as readonly [number, number])[1];
}

/** Shop price of a diamond (incl. VAT), priced by carat, colour, clarity and cut. */
export function diamondValue(weight: number, colour: DiamondColour, clarity: Clarity, cut: Cut): number {
  return weight * perCarat(weight) * COLOUR_FACTOR[colour] * CLARITY_FACTOR[clarity] * (cut === 'brilliant' ? 1 : 0.82);
}

/** Small melee diamonds set in jewellery, priced per carat of the total. */
export function meleeValue(totalCarat: number): number {
  return totalCarat * 2600;
}

const GEM_PER_CARAT: Record<GemKey, number> = {
  sapphire: 450,
  ruby: 700,
  emerald: 550,
  tanzanite: 320,
  amethyst: 40,
  aquamarine: 160,
  topaz: 30,
  citrine: 35,
  peridot: 60,
  garnet: 50,
  morganite: 120,
  tourmaline: 180,
  spinel: 400,
};

export function gemValue(gem: GemKey, weight: number): number {
  return GEM_PER_CARAT[gem] * weight * (1 + weight / 4);
}

const CARAT_BANDS: ReadonlyArray<readonly [readonly [number, number], number]> = [
  [[0.3, 0.49], 25],
  [[0.5, 0.69], 25],
  [[0.7, 0.99], 18],
  [[1, 1.49], 17],
  [[1.5, 1.99], 7],
  [[2, 2.99], 5],
  [[3, 5.01], 3],
];

const FANCY_CUTS: readonly Cut[] = ['princess', 'oval', 'emerald', 'pear', 'cushion', 'marquise', 'heart', 'radiant', 'asscher'];

export interface DiamondHint {
  fancyCut?: boolean;
  colouredDiamond?: boolean;
}

export function buildLooseDiamond(ctx: GeneratorContext, hint: DiamondHint = {}, forceVisible = false): SourceProduct {
  const { rng } = ctx;
  const id = ctx.nextProductId();
  const sku = skuFor('D', id);
  const cut: Cut = hint.fancyCut ? rng.pick(FANCY_CUTS) : hint.colouredDiamond ? 'brilliant' : rng.chance(0.6) ? 'brilliant' : rng.pick(FANCY_CUTS);
  const coloured = hint.colouredDiamond ?? rng.chance(0.05);
  const colour: DiamondColour = coloured ? (rng.chance(0.8) ? 'fancy_yellow' : 'fancy_pink') : rng.weighted<DiamondColour>([['D', 6], ['E', 10], ['F', 16], ['G', 22], ['H', 20], ['I', 14], ['J', 8], ['K', 4]]);
  const clarity = rng.weighted<Clarity>([['FL', 1], ['IF', 4], ['VVS1', 10], ['VVS2', 14], ['VS1', 22], ['VS2', 22], ['SI1', 18], ['SI2', 9]]);
  const [low, high] = rng.weighted(CARAT_BANDS);
  const weight = Math.round(rng.float(low, high) * 100) / 100;
  const usedWeight = colour === 'fancy_pink' ? Math.min(weight, 1.2) : weight;
  const retail = niceRetail(Math.max(350, diamondValue(usedWeight, colour, clarity, cut)));
  const lab = rng.weighted([['GIA', 6], ['IGI', 3], ['HRD', 2]] as const);
  const grade = (store: StoreCode) => (coloured ? optionLabel('colour_diamonds', colour, store).toLowerCase() : colour);
  const name = (store: StoreCode) => `${capitalFirst(DIAMOND_BY_CUT[cut][store])} ${carat(usedWeight, store)} ${grade(store)} ${clarity}`;
  const cutGrade = cut === 'brilliant' ? rng.pick(['excellent', 'very good'] as const) : null;
  const description = (store: StoreCode) => {
    const first = store === 'nl' ? `Losse diamant met ${lab}-certificaat.` : `Loose diamond with ${lab} certificate.`;
    const specs =
      store === 'nl'
        ? `Slijpvorm ${optionLabel('cut_diamonds', cut, 'nl').toLowerCase()}, kleur ${grade('nl')}, zuiverheid ${clarity}${cutGrade ? `, slijpkwaliteit ${cutGrade === 'excellent' ? 'excellent' : 'zeer goed'}` : ''}.`
        : `${optionLabel('cut_diamonds', cut, 'en')} cut, colour ${grade('en')}, clarity ${clarity}${cutGrade ? `, ${cutGrade} cut grade` : ''}.`;
    const extra = rng.chance(0.5) ? (store === 'nl' ? ' Op verzoek zetten wij de steen in een ring of hanger naar keuze.' : ' We can set the stone in a ring or pendant of your choice.') : '';
    return `${first} ${specs}${extra}`;
  };
  const when = timestamps(rng);
  const { active, ...special } = specialPrice(rng, retail, TAXABLE_GOODS, 0.06);
  const categories = ['diamonds', cut === 'brilliant' ? 'diamonds-brilliant' : 'diamonds-fancy'];
  if (coloured) categories.push('diamonds-coloured');
  return ctx.add({
    id,
    sku,
    type_id: 'simple',
    ...(forceVisible ? VISIBLE : placement(rng)),
    stores: storeTexts(sku, { nl: { name: name('nl'), description: description('nl') }, en: { name: name('en'), description: description('en') } }),
    price: storedPrice(retail, TAXABLE_GOODS),
    ...special,
    tax_class_id: TAXABLE_GOODS,
    ...customPrices(rng, retail),
    ean: ean13(id),
    images: images({ kind: 'diamond', stone: stoneDrawing('diamond', colour), cut }, sku, rng.int(2, 4)),
    category_ids: productCategoryIds(categories),
    attributes: {
      condition: optionId('condition', 'new'),
      gem_stones: [optionId('gem_stones', 'diamond')],
      cut_diamonds: optionId('cut_diamonds', cut),
      colour_diamonds: optionId('colour_diamonds', colour),
      clarity_diamonds: optionId('clarity_diamonds', clarity),
      carat: usedWeight,
      misc: [optionId('misc', 'certificate')],
    },
    stock: uniqueStock(rng),
    flags: productFlags(rng, { recent: when.recent, condition: 'new', sale: active, retail }),
    created_at: when.created_at,
    updated_at: when.updated_at,
  });
}

function capitalFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const ORIGINS: Record<GemKey, ReadonlyArray<Record<StoreCode, string>>> = {
  sapphire: [{ nl: 'Sri Lanka', en: 'Sri Lanka' }, { nl: 'Madagaskar', en: 'Madagascar' }, { nl: 'Myanmar', en: 'Myanmar' }],
  ruby: [{ nl: 'Mozambique', en: 'Mozambique' }, { nl: 'Myanmar', en: 'Myanmar' }, { nl: 'Thailand', en: 'Thailand' }],
  emerald: [{ nl: 'Colombia', en: 'Colombia' }, { nl: 'Zambia', en: 'Zambia' }, { nl: 'Brazilië', en: 'Brazil' }],
  tanzanite: [{ nl: 'Tanzania', en: 'Tanzania' }],
  amethyst: [{ nl: 'Uruguay', en: 'Uruguay' }, { nl: 'Brazilië', en: 'Brazil' }],
  aquamarine: [{ nl: 'Brazilië', en: 'Brazil' }, { nl: 'Nigeria', en: 'Nigeria' }],
  topaz: [{ nl: 'Brazilië', en: 'Brazil' }],
  citrine: [{ nl: 'Brazilië', en: 'Brazil' }],
  peridot: [{ nl: 'Pakistan', en: 'Pakistan' }, { nl: 'Arizona', en: 'Arizona' }],
  garnet: [{ nl: 'Mozambique', en: 'Mozambique' }, { nl: 'India', en: 'India' }],
  morganite: [{ nl: 'Brazilië', en: 'Brazil' }, { nl: 'Madagaskar', en: 'Madagascar' }],
  tourmaline: [{ nl: 'Nigeria', en: 'Nigeria' }, { nl: 'Brazilië', en: 'Brazil' }],
  spinel: [{ nl: 'Myanmar', en: 'Myanmar' }, { nl: 'Tanzania', en: 'Tanzania' }],
};

export const GEM_KEYS = Object.keys(GEM_PER_CARAT) as GemKey[];
const GEM_WEIGHTS: ReadonlyArray<readonly [GemKey, number]> = [
  ['sapphire', 20],
  ['ruby', 14],
  ['emerald', 14],
  ['tanzanite', 8],
  ['amethyst', 6],
  ['aquamarine', 8],
  ['topaz', 5],
  ['citrine', 4],
  ['peridot', 4],
  ['garnet', 4],
  ['morganite', 6],
  ['tourmaline', 6],
  ['spinel', 5],
];
const GEM_CUTS: ReadonlyArray<readonly [Cut, number]> = [
  ['oval', 30],
  ['cushion', 20],
  ['emerald', 12],
  ['pear', 10],
  ['brilliant', 10],
  ['heart', 4],
  ['marquise', 4],
  ['radiant', 5],
  ['asscher', 3],
  ['princess', 2],
];

export function pickGem(rng: Random): GemKey {
  return rng.weighted(GEM_WEIGHTS);
}

export function pickGemCut(rng: Random): Cut {
  return rng.weighted(GEM_CUTS);
}

export function buildLooseGem(ctx: GeneratorContext, gem: GemKey = pickGem(ctx.rng), forceVisible = false): SourceProduct {
  const { rng } = ctx;
  const id = ctx.nextProductId();
  const sku = skuFor('G', id);
  const cut = gem === 'emerald' && rng.chance(0.5) ? 'emerald' : pickGemCut(rng);
  const weight = Math.round(rng.float(0.8, 7.5) * 100) / 100;
  const retail = niceRetail(Math.min(9000, Math.max(150, gemValue(gem, weight))));
  const origin = rng.pick(ORIGINS[gem]);
  const heated = rng.chance(gem === 'sapphire' || gem === 'ruby' ? 0.6 : 0.2);
  const name = (store: StoreCode) => `${capitalFirst(GEM_CUT_ADJECTIVE[cut][store])} ${GEM_NAME[gem].singular[store]} ${carat(weight, store)} ${store === 'nl' ? 'uit' : 'from'} ${origin[store]}`;
  const description = (store: StoreCode) => {
    const sentences =
      store === 'nl'
        ? [`Losse ${GEM_NAME[gem].singular.nl} van ${carat(weight, 'nl')}, ${optionLabel('cut_diamonds', cut, 'nl').toLowerCase()} geslepen.`, heated ? 'Verhit volgens gangbare praktijk.' : 'Onbehandeld.']
        : [`Loose ${GEM_NAME[gem].singular.en} of ${carat(weight, 'en')}, ${optionLabel('cut_diamonds', cut, 'en').toLowerCase()} cut.`, heated ? 'Heated, as is common practice.' : 'Untreated.'];
    if (rng.chance(0.5)) sentences.push(store === 'nl' ? 'Geschikt om te zetten in een ring of hanger.' : 'Ready to be set in a ring or pendant.');
    return sentences.join(' ');
  };
  const when = timestamps(rng);
  const { active, ...special } = specialPrice(rng, retail, TAXABLE_GOODS, 0.08);
  const category = gem === 'sapphire' ? 'sapphires' : gem === 'ruby' ? 'rubies' : gem === 'emerald' ? 'emeralds' : 'other-gems';
  const misc = rng.chance(0.6) ? { misc: [optionId('misc', 'certificate')] } : {};
  return ctx.add({
    id,
    sku,
    type_id: 'simple',
    ...(forceVisible ? VISIBLE : placement(rng)),
    stores: storeTexts(sku, { nl: { name: name('nl'), description: description('nl') }, en: { name: name('en'), description: description('en') } }),
    price: storedPrice(retail, TAXABLE_GOODS),
    ...special,
    tax_class_id: TAXABLE_GOODS,
    ...customPrices(rng, retail),
    ean: ean13(id),
    images: images({ kind: 'gem', stone: stoneDrawing(gem), cut }, sku, rng.int(1, 3)),
    category_ids: productCategoryIds(['gems', category]),
    attributes: {
      condition: optionId('condition', 'new'),
      gem_stones: [optionId('gem_stones', gem)],
      cut_diamonds: optionId('cut_diamonds', cut),
      carat: weight,
      ...misc,
    },
    stock: uniqueStock(rng),
    flags: productFlags(rng, { recent: when.recent, condition: 'new', sale: active, retail }),
    created_at: when.created_at,
    updated_at: when.updated_at,
  });
}
