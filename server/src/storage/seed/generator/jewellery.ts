/** Rings, earrings, necklaces and bracelets; rings in sizes (configurable) and matching sets (grouped). */
import type { StoreCode } from '@shop/shared';
import { IMAGE_VIEWS, type Cut, type JewelStyle } from '../../../features/media/product-image.ts';
import type { SourceAttributeValues, SourceProduct } from '../catalogue-source.ts';
import { type JEWELLERY_BRANDS, brandKey, optionId, optionLabel } from './attributes.ts';
import { productCategoryIds } from './categories.ts';
import { type Clarity, type DiamondColour, diamondValue, gemValue, meleeValue, pickGem, pickGemCut } from './gems.ts';
import {
  type Condition,
  type GeneratorContext,
  type ImageDraft,
  type Placement,
  VISIBLE,
  capitalise,
  carat,
  configurableOption,
  customPrices,
  ean13,
  images,
  niceRetail,
  placement,
  productFlags,
  regularStock,
  skuFor,
  specialPrice,
  storeTexts,
  storedPrice,
  taxClassFor,
  timestamps,
  uniqueStock,
} from './product-kit.ts';
import type { Random } from './random.ts';
import {
  DIAMOND_BY_CUT,
  GEM_NAME,
  METAL_ADJECTIVE,
  METAL_DRAWING,
  METAL_NOUN,
  METAL_SHORT,
  type GemKey,
  type StoneKey,
  stoneDrawing,
} from './vocabulary.ts';
import type { MaterialKey } from './watch-lines.ts';

export type JewelKind = 'ring' | 'earring' | 'necklace' | 'bracelet';
type Stone = StoneKey | 'none';
type Gender = 'men' | 'ladies' | 'unisex';

export interface JewelHint {
  style?: JewelStyle;
  condition?: Condition;
  metal?: MaterialKey;
  stone?: Stone;
  brand?: string | null;
}

interface JewelSpec {
  kind: JewelKind;
  style: JewelStyle;
  typeJewel: string;
  metal: MaterialKey;
  stone: Stone;
  cut: Cut;
  /** Weight of the main stone (each, for pairs) or of all stones together for lines of stones. */
  stoneCarat: number;
  /** Accent diamonds around or beside the main stone, in total. */
  meleeCarat: number;
  diamondColour?: DiamondColour;
  clarity?: Clarity;
  condition: Condition;
  year: number;
  brand: string | null;
  lengthCm: number;
  sizeMm: number;
  ringSize: number;
  gender: Gender;
  retail: number;
}

const STYLES: Record<JewelKind, ReadonlyArray<readonly [JewelStyle, number]>> = {
  ring: [['solitaire', 30], ['halo', 15], ['eternity', 12], ['band', 18], ['trilogy', 8], ['cocktail', 10]],
  earring: [['stud', 40], ['halo', 15], ['drop', 25], ['hoop', 20]],
  necklace: [['pendant', 50], ['tennis', 15], ['pearls', 12], ['chain', 23]],
  bracelet: [['tennis', 35], ['bangle', 30], ['chain', 35]],
};

const METALS: ReadonlyArray<readonly [MaterialKey, number]> = [
  ['yellow_gold_18k', 30],
  ['white_gold_18k', 30],
  ['rose_gold_18k', 16],
  ['platinum', 8],
  ['yellow_gold_14k', 8],
  ['silver_925', 8],
];
const METAL_FACTOR: Partial<Record<MaterialKey, number>> = { yellow_gold_14k: 0.62, platinum: 1.5, silver_925: 0.12 };
const BRANDS: ReadonlyArray<readonly [(typeof JEWELLERY_BRANDS)[number], number]> = [
  ['Maison Vermeer', 10],
  ['Bulgari', 3],
  ['Messika', 3],
  ['Pomellato', 2],
  ['Fope', 2],
  ['Chaumet', 2],
  ['Cartier', 3],
  ['Chopard', 2],
];
const DIAMOND_CUTS: ReadonlyArray<readonly [Cut, number]> = [
  ['brilliant', 70],
  ['oval', 8],
  ['princess', 5],
  ['emerald', 5],
  ['pear', 4],
  ['cushion', 4],
  ['radiant', 2],
  ['marquise', 1],
  ['asscher', 1],
];
const FINE_GEMS: readonly GemKey[] = ['sapphire', 'ruby', 'emerald'];
const COCKTAIL_GEMS: readonly GemKey[] = ['tanzanite', 'amethyst', 'aquamarine', 'morganite', 'citrine', 'topaz', 'tourmaline', 'peridot'];
const RING_SIZES: ReadonlyArray<readonly [number, number]> = [48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62].map((size) => [size, 10 - Math.abs(size - 54)] as const);

const round2 = (value: number) => Math.round(value * 100) / 100;

function pickStone(rng: Random, kind: JewelKind, style: JewelStyle): Stone {
  switch (`${kind}:${style}`) {
    case 'ring:band':
    case 'necklace:chain':
    case 'bracelet:chain':
      return 'none';
    case 'ring:cocktail':
      return rng.pick(COCKTAIL_GEMS);
    case 'necklace:pearls':
      return 'pearl';
    case 'ring:solitaire':
      return rng.chance(0.75) ? 'diamond' : rng.pick<GemKey>(['sapphire', 'ruby', 'emerald', 'tanzanite', 'aquamarine', 'morganite']);
    case 'ring:halo':
      return rng.chance(0.5) ? 'diamond' : rng.pick(FINE_GEMS);
    case 'ring:eternity':
    case 'ring:trilogy':
    case 'necklace:tennis':
    case 'bracelet:tennis':
      return rng.chance(0.8) ? 'diamond' : rng.pick(FINE_GEMS);
    case 'earring:stud':
      return rng.weighted<Stone>([['diamond', 55], ['pearl', 20], [pickGem(rng), 25]]);
    case 'earring:drop':
      return rng.weighted<Stone>([[pickGem(rng), 50], ['pearl', 30], ['diamond', 20]]);
    case 'earring:hoop':
    case 'bracelet:bangle':
      return rng.chance(0.45) ? 'diamond' : 'none';
    case 'necklace:pendant':
      return rng.weighted<Stone>([['diamond', 45], [pickGem(rng), 40], ['none', 15]]);
    default:
      return rng.chance(0.6) ? 'diamond' : pickGem(rng);
  }
}

/** A main stone that is graded on its own (colour and clarity), as opposed to a line or pavé of small stones. */
function gradedCentre(spec: Pick<JewelSpec, 'kind' | 'style' | 'stone'>): boolean {
  if (spec.stone !== 'diamond') return false;
  return ['ring:solitaire', 'ring:halo', 'ring:trilogy', 'earring:stud', 'earring:halo', 'earring:drop', 'necklace:pendant'].includes(`${spec.kind}:${spec.style}`);
}

function typeJewelFor(kind: JewelKind, style: JewelStyle, stone: Stone): string {
  switch (kind) {
    case 'ring':
      if (style === 'band') return 'wedding_band';
      if (style === 'eternity') return 'eternity_ring';
      return (style === 'solitaire' || style === 'halo' || style === 'trilogy') && stone === 'diamond' ? 'engagement_ring' : 'ring';
    case 'earring':
      return style === 'drop' ? 'drop_earrings' : style === 'hoop' ? 'hoop_earrings' : 'stud_earrings';
    case 'necklace':
      return style === 'tennis' ? 'tennis_necklace' : style === 'pearls' ? 'pearl_necklace' : style === 'chain' ? 'necklace' : 'pendant';
    case 'bracelet':
      return style === 'tennis' ? 'tennis_bracelet' : style === 'bangle' ? 'bangle' : 'bracelet';
  }
}

/** The setting's worth in 18k gold, before stones. */
function settingValue(spec: Pick<JewelSpec, 'kind' | 'style' | 'sizeMm' | 'lengthCm'>): number {
  switch (`${spec.kind}:${spec.style}`) {
    case 'ring:band':
      return 250 + 160 * spec.sizeMm;
    case 'ring:eternity':
      return 900;
    case 'ring:cocktail':
      return 1100;
    case 'ring:solitaire':
    case 'ring:halo':
    case 'ring:trilogy':
      return 650;
    case 'earring:stud':
      return 250;
    case 'earring:hoop':
      return 300 + 20 * spec.sizeMm;
    case 'earring:halo':
    case 'earring:drop':
      return 550;
    case 'necklace:chain':
      return 30 * spec.lengthCm;
    case 'necklace:pendant':
      return 350 + 18 * spec.lengthCm;
    case 'necklace:tennis':
      return 2500;
    case 'necklace:pearls':
      return 300;
    case 'bracelet:chain':
      return 70 * spec.lengthCm;
    case 'bracelet:bangle':
      return 1800;
    default:
      return 1500;
  }
}

function stoneValue(spec: JewelSpec): number {
  const pairs = spec.kind === 'earring' && spec.style !== 'hoop' ? 2 : 1;
  let value = 0;
  if (spec.stone === 'diamond') {
    value = gradedCentre(spec) && spec.diamondColour && spec.clarity ? diamondValue(spec.stoneCarat, spec.diamondColour, spec.clarity, spec.cut) * 0.85 : meleeValue(spec.stoneCarat) * 1.25;
  } else if (spec.stone === 'pearl') {
    value = spec.kind === 'necklace' ? 40 * spec.lengthCm : 180;
  } else if (spec.stone !== 'none') {
    value = gemValue(spec.stone, spec.stoneCarat);
  }
  return value * pairs + meleeValue(spec.meleeCarat);
}

export function pickJewelSpec(rng: Random, kind: JewelKind, hint: JewelHint = {}): JewelSpec {
  const style = hint.style ?? rng.weighted(STYLES[kind]);
  const stone = hint.stone ?? pickStone(rng, kind, style);
  const condition = hint.condition ?? rng.weighted<Condition>([['new', 90], ['pre_owned', 6], ['vintage', 4]]);
  let metal = hint.metal ?? rng.weighted(METALS);
  if (metal === 'silver_925' && (stone === 'diamond' || style === 'eternity' || style === 'tennis')) metal = 'white_gold_18k';
  const brand = hint.brand !== undefined ? hint.brand : condition === 'new' && rng.chance(0.35) ? rng.weighted(BRANDS) : null;

  let cut: Cut = 'brilliant';
  if (stone === 'diamond' && gradedCentre({ kind, style, stone })) cut = style === 'drop' ? rng.pick<Cut>(['pear', 'brilliant', 'oval']) : rng.weighted(DIAMOND_CUTS);
  else if (stone !== 'diamond' && stone !== 'none' && stone !== 'pearl') cut = style === 'drop' ? rng.pick<Cut>(['pear', 'oval']) : style === 'tennis' || style === 'eternity' ? 'brilliant' : pickGemCut(rng);

  let stoneCarat = 0;
  let meleeCarat = 0;
  switch (`${kind}:${style}`) {
    case 'ring:solitaire':
      stoneCarat = stone === 'diamond' ? rng.weighted<number>([[rng.float(0.2, 0.49), 35], [rng.float(0.5, 0.99), 40], [rng.float(1, 2.1), 20], [rng.float(2.1, 3.5), 5]]) : rng.float(0.8, 3);
      break;
    case 'ring:halo':
      stoneCarat = stone === 'diamond' ? rng.float(0.3, 1.6) : rng.float(0.8, 3);
      meleeCarat = rng.float(0.15, 0.6);
      break;
    case 'ring:eternity':
      stoneCarat = rng.float(0.4, 3);
      break;
    case 'ring:trilogy':
      stoneCarat = rng.float(0.5, 2.2);
      if (stone !== 'diamond') meleeCarat = stoneCarat * 0.4;
      break;
    case 'ring:cocktail':
      stoneCarat = rng.float(2, 12);
      meleeCarat = rng.float(0.2, 0.8);
      break;
    case 'earring:stud':
      stoneCarat = stone === 'pearl' ? 0 : rng.float(0.1, 1.2);
      break;
    case 'earring:halo':
      stoneCarat = rng.float(0.2, 1);
      meleeCarat = rng.float(0.2, 0.6);
      break;
    case 'earring:drop':
      stoneCarat = stone === 'pearl' ? 0 : rng.float(0.5, 3);
      meleeCarat = rng.chance(0.5) ? rng.float(0.05, 0.3) : 0;
      break;
    case 'earring:hoop':
    case 'bracelet:bangle':
      stoneCarat = stone === 'diamond' ? rng.float(0.2, 2) : 0;
      break;
    case 'necklace:pendant':
      stoneCarat = stone === 'none' ? 0 : rng.float(0.15, stone === 'diamond' ? 1.5 : 4);
      meleeCarat = stone !== 'none' && rng.chance(0.4) ? rng.float(0.05, 0.4) : 0;
      break;
    case 'necklace:tennis':
      stoneCarat = rng.float(3, 15);
      break;
    case 'bracelet:tennis':
      stoneCarat = rng.float(1, 8);
      break;
    default:
      stoneCarat = 0;
  }
  stoneCarat = round2(stoneCarat);
  meleeCarat = round2(meleeCarat);

  const graded = gradedCentre({ kind, style, stone });
  const diamondColour = graded ? rng.weighted<DiamondColour>([['D', 4], ['E', 10], ['F', 18], ['G', 25], ['H', 22], ['I', 14], ['J', 7]]) : undefined;
  const clarity = graded ? rng.weighted<Clarity>([['IF', 3], ['VVS1', 10], ['VVS2', 16], ['VS1', 26], ['VS2', 25], ['SI1', 20]]) : undefined;
  const lengthCm = kind === 'necklace' ? rng.pick([40, 42, 45, 50, 55, 60]) : kind === 'bracelet' ? rng.int(17, 21) : 0;
  const sizeMm = style === 'band' ? rng.int(2, 7) : style === 'hoop' ? rng.pick([12, 15, 20, 25, 30, 40]) : stone === 'pearl' ? rng.pick([6, 7, 8, 9]) : 0;
  const ringSize = rng.weighted(RING_SIZES);
  const gender: Gender = style === 'band' ? rng.weighted<Gender>([['unisex', 60], ['men', 20], ['ladies', 20]]) : style === 'chain' && rng.chance(0.2) ? 'men' : 'ladies';
  const year = condition === 'new' ? 2025 : condition === 'pre_owned' ? rng.int(1995, 2022) : rng.pick([1920, 1930, 1940, 1950, 1960, 1970, 1980]);

  const partial: JewelSpec = { kind, style, typeJewel: typeJewelFor(kind, style, stone), metal, stone, cut, stoneCarat, meleeCarat, condition, year, brand, lengthCm, sizeMm, ringSize, gender, retail: 0, ...(diamondColour ? { diamondColour } : {}), ...(clarity ? { clarity } : {}) };
  const brandFactor = brand && brand !== 'Maison Vermeer' ? 1.6 : 1;
  const conditionFactor = condition === 'new' ? 1 : condition === 'pre_owned' ? 0.65 : 0.75;
  const value = (settingValue(partial) * (METAL_FACTOR[metal] ?? 1) + stoneValue(partial)) * 1.4 * brandFactor * conditionFactor * rng.float(0.95, 1.05);
  return { ...partial, retail: niceRetail(Math.max(95, value)) };
}

// ------------------------------------------------------------------ texts

function stonePlural(stone: StoneKey, cut: Cut, store: StoreCode): string {
  if (stone === 'diamond' && cut === 'brilliant') return store === 'nl' ? 'briljanten' : 'diamonds';
  return GEM_NAME[stone].plural[store];
}

function centreStone(spec: JewelSpec, store: StoreCode): string {
  if (spec.stone === 'none') return '';
  if (spec.stone === 'diamond') return DIAMOND_BY_CUT[spec.cut][store];
  return GEM_NAME[spec.stone].singular[store];
}

function jewelName(spec: JewelSpec, store: StoreCode): string {
  const nl = store === 'nl';
  const metal = METAL_ADJECTIVE[spec.metal][store];
  const ct = carat(spec.stoneCarat, store);
  const withWord = nl ? 'met' : 'with';
  const and = nl ? 'en' : 'and';
  const stone = spec.stone;
  const plural = stone === 'none' ? '' : stonePlural(stone, spec.cut, store);
  let text: string;
  switch (`${spec.kind}:${spec.style}`) {
    case 'ring:band':
      text = `${metal} ${nl ? 'trouwring' : 'wedding band'} ${spec.sizeMm} mm`;
      break;
    case 'ring:halo':
      text = `${metal} ${nl ? 'entourage ring' : 'halo ring'} ${withWord} ${centreStone(spec, store)} ${ct}${stone === 'diamond' ? '' : ` ${and} ${nl ? 'briljanten' : 'diamonds'}`}`;
      break;
    case 'ring:eternity':
      text = `${metal} ${nl ? 'alliance ring' : 'eternity ring'} ${withWord} ${plural} ${ct}`;
      break;
    case 'ring:trilogy':
      text = `${metal} ${nl ? 'trilogy ring' : 'three-stone ring'} ${withWord} ${stone === 'diamond' ? plural : `${centreStone(spec, store)} ${and} ${nl ? 'briljanten' : 'diamonds'}`} ${ct}`;
      break;
    case 'ring:cocktail':
      text = `${metal} ${nl ? 'cocktailring' : 'cocktail ring'} ${withWord} ${centreStone(spec, store)} ${ct} ${and} ${nl ? 'briljanten' : 'diamonds'}`;
      break;
    case 'ring:solitaire':
      text = `${metal} ring ${withWord} ${centreStone(spec, store)} ${ct}`;
      break;
    case 'earring:stud':
    case 'earring:halo': {
      const noun = spec.style === 'halo' ? (nl ? 'entourage oorknoppen' : 'halo stud earrings') : nl ? 'oorknoppen' : 'stud earrings';
      text = stone === 'pearl' ? `${metal} ${nl ? 'oorknoppen met parels' : 'pearl stud earrings'} ${spec.sizeMm} mm` : `${metal} ${noun} ${withWord} ${plural} 2 x ${ct}`;
      break;
    }
    case 'earring:drop':
      text = `${metal} ${nl ? 'oorhangers' : 'drop earrings'} ${withWord} ${plural}${stone === 'pearl' ? '' : ` 2 x ${ct}`}`;
      break;
    case 'earring:hoop':
      text = stone === 'none' ? `${metal} ${nl ? 'creolen' : 'hoop earrings'} ${spec.sizeMm} mm` : `${metal} ${nl ? 'creolen' : 'hoop earrings'} ${withWord} ${plural} ${ct}`;
      break;
    case 'necklace:pendant':
      text =
        stone === 'none'
          ? `${metal} ${nl ? 'hartjeshanger, inclusief collier' : 'heart pendant on chain'}`
          : `${metal} ${nl ? 'hanger' : 'pendant'} ${withWord} ${centreStone(spec, store)} ${ct}${nl ? ', inclusief collier' : ' on chain'}`;
      break;
    case 'necklace:tennis':
      text = `${metal} ${nl ? 'rivièrecollier' : 'tennis necklace'} ${withWord} ${plural} ${ct}`;
      break;
    case 'necklace:pearls':
      text = nl ? `Parelcollier met ${metal} slot ${spec.lengthCm} cm` : `Pearl necklace with ${metal} clasp ${spec.lengthCm} cm`;
      break;
    case 'necklace:chain':
      text = `${metal} ${nl ? 'schakelcollier' : 'chain necklace'} ${spec.lengthCm} cm`;
      break;
    case 'bracelet:tennis':
      text = `${metal} ${nl ? 'tennisarmband' : 'tennis bracelet'} ${withWord} ${plural} ${ct}`;
      break;
    case 'bracelet:bangle':
      text = stone === 'none' ? `${metal} ${nl ? 'slavenarmband' : 'bangle'}` : `${metal} ${nl ? 'slavenarmband' : 'bangle'} ${withWord} ${plural} ${ct}`;
      break;
    default:
      text = `${metal} ${nl ? 'schakelarmband' : 'link bracelet'} ${spec.lengthCm} cm`;
  }
  return spec.brand ? `${spec.brand} ${text.charAt(0).toLowerCase()}${text.slice(1)}` : capitalise(text);
}

function jewelDescription(rng: Random, spec: JewelSpec, store: StoreCode): string {
  const nl = store === 'nl';
  const sentences: string[] = [];
  const metal = METAL_NOUN[spec.metal][store];
  sentences.push(spec.brand && spec.brand !== 'Maison Vermeer' ? (nl ? `Een ontwerp van ${spec.brand}, uitgevoerd in ${metal}.` : `Designed by ${spec.brand} and made in ${metal}.`) : nl ? `Uitgevoerd in ${metal}.` : `Made in ${metal}.`);
  const ct = carat(spec.stoneCarat, store);
  if (spec.stone === 'diamond' && spec.diamondColour && spec.clarity) {
    sentences.push(nl ? `De ${DIAMOND_BY_CUT[spec.cut].nl} van ${ct} heeft kleur ${spec.diamondColour} en zuiverheid ${spec.clarity}.` : `The ${ct} ${DIAMOND_BY_CUT[spec.cut].en} is colour ${spec.diamondColour}, clarity ${spec.clarity}.`);
  } else if (spec.stone !== 'none' && spec.stone !== 'pearl' && spec.stoneCarat > 0) {
    const plural = stonePlural(spec.stone, spec.cut, store);
    const lineOfStones = spec.style === 'tennis' || spec.style === 'eternity' || spec.style === 'hoop' || spec.style === 'bangle' || spec.style === 'trilogy';
    if (lineOfStones) sentences.push(nl ? `Gezet met ${plural} van in totaal ${ct}.` : `Set with ${plural} totalling ${ct}.`);
    else {
      const cutLabel = optionLabel('cut_diamonds', spec.cut, store).toLowerCase();
      sentences.push(nl ? `De ${GEM_NAME[spec.stone].singular.nl} weegt ${ct} en is ${cutLabel} geslepen.` : `The ${GEM_NAME[spec.stone].singular.en} weighs ${ct} and is ${cutLabel} cut.`);
    }
  } else if (spec.stone === 'pearl') {
    sentences.push(nl ? 'Gekweekte zoutwaterparels met een zachte glans.' : 'Cultured saltwater pearls with a soft lustre.');
  }
  if (spec.meleeCarat > 0) sentences.push(nl ? `Omringd door briljanten van samen ${carat(spec.meleeCarat, 'nl')}.` : `Accented with diamonds totalling ${carat(spec.meleeCarat, 'en')}.`);
  if (spec.condition === 'vintage') sentences.push(nl ? `Vintage sieraad uit de jaren ${String(spec.year).slice(2)}, nagekeken en gepolijst door onze goudsmid.` : `Vintage piece from the ${spec.year}s, checked and polished by our goldsmith.`);
  else if (spec.condition === 'pre_owned') sentences.push(nl ? 'Tweedehands, nagekeken en gepolijst door onze goudsmid.' : 'Pre-owned, checked and polished by our goldsmith.');
  else if (rng.chance(0.6)) sentences.push(spec.kind === 'ring' ? (nl ? 'Kosteloos op maat gemaakt in ons eigen atelier.' : 'Resized free of charge in our own workshop.') : nl ? 'Geleverd in een geschenkdoos.' : 'Delivered in a gift box.');
  return sentences.slice(0, 3).join(' ');
}

// ------------------------------------------------------------------ records

const KIND_CATEGORY: Record<JewelKind, string> = { ring: 'rings', earring: 'earrings', necklace: 'necklaces', bracelet: 'bracelets' };
const SKU_PREFIX: Record<JewelKind, string> = { ring: 'R', earring: 'E', necklace: 'N', bracelet: 'B' };

function jewelCategories(spec: JewelSpec): string[] {
  const keys = ['jewellery', KIND_CATEGORY[spec.kind]];
  if (spec.typeJewel === 'engagement_ring') keys.push('engagement-rings');
  if (spec.typeJewel === 'wedding_band') keys.push('wedding-bands');
  if (spec.condition !== 'new') keys.push('jewellery-vintage');
  return keys;
}

function jewelAttributes(spec: JewelSpec, withSize: boolean): SourceAttributeValues {
  const gems: number[] = [];
  if (spec.stone !== 'none') gems.push(optionId('gem_stones', spec.stone));
  if (spec.meleeCarat > 0 && spec.stone !== 'diamond') gems.push(optionId('gem_stones', 'diamond'));
  const attributes: SourceAttributeValues = {
    condition: optionId('condition', spec.condition),
    gender: optionId('gender', spec.gender),
    material: optionId('material', spec.metal),
    type_jewel: optionId('type_jewel', spec.typeJewel),
  };
  if (spec.brand) attributes.brand = optionId('brand', brandKey(spec.brand));
  if (gems.length) attributes.gem_stones = gems;
  if (spec.stone !== 'none' && spec.stone !== 'pearl') attributes.cut_diamonds = optionId('cut_diamonds', spec.cut);
  if (spec.diamondColour) attributes.colour_diamonds = optionId('colour_diamonds', spec.diamondColour);
  if (spec.clarity) attributes.clarity_diamonds = optionId('clarity_diamonds', spec.clarity);
  // The main stone's weight as the name gives it. The year only for a pre-owned jewel: a vintage one is dated to its
  // decade ("from the 1920s"), which a year would overstate, and a new one's year tells nothing.
  if (spec.stoneCarat > 0 && spec.stone !== 'none' && spec.stone !== 'pearl') attributes.carat = spec.stoneCarat;
  if (spec.condition === 'pre_owned') attributes.year = spec.year;
  if (withSize && spec.kind === 'ring') attributes.size = optionId('size', `s${spec.ringSize}`);
  const misc: number[] = [];
  if (spec.stone === 'diamond' && spec.stoneCarat >= 0.5) misc.push(optionId('misc', 'certificate'));
  if (spec.kind === 'ring' && spec.condition === 'new' && (spec.style === 'band' || spec.stoneCarat >= 0.3)) misc.push(optionId('misc', 'engraving'));
  if (misc.length) attributes.misc = misc;
  return attributes;
}

export function jewelImage(spec: Pick<JewelSpec, 'kind' | 'metal' | 'stone' | 'style' | 'cut' | 'diamondColour'>): ImageDraft {
  return { kind: spec.kind, metal: METAL_DRAWING[spec.metal], stone: spec.stone === 'none' ? 'none' : stoneDrawing(spec.stone, spec.diamondColour), style: spec.style, cut: spec.cut };
}

function jewelRecord(ctx: GeneratorContext, spec: JewelSpec, where: Placement, type: 'simple' | 'configurable'): SourceProduct {
  const { rng } = ctx;
  const id = ctx.nextProductId();
  const sku = skuFor(SKU_PREFIX[spec.kind], id);
  const taxClass = taxClassFor(spec.condition);
  const when = timestamps(rng);
  const { active, ...special } = specialPrice(rng, spec.retail, taxClass, 0.1);
  const categories = jewelCategories(spec);
  if (active && type === 'simple' && rng.chance(0.25)) categories.push('outlet');
  return {
    id,
    sku,
    type_id: type,
    status: where.status,
    visibility: where.visibility,
    stores: storeTexts(sku, {
      nl: { name: jewelName(spec, 'nl'), description: jewelDescription(rng, spec, 'nl') },
      en: { name: jewelName(spec, 'en'), description: jewelDescription(rng, spec, 'en') },
    }),
    price: storedPrice(spec.retail, taxClass),
    ...special,
    tax_class_id: taxClass,
    ...customPrices(rng, spec.retail),
    ...(spec.condition === 'new' ? { ean: ean13(id) } : {}),
    // Front, side or top, detail or clasp, and worn where the kind has a worn view (IMAGE_VIEWS).
    images: images(jewelImage(spec), sku, Math.min(rng.int(4, 5), IMAGE_VIEWS[jewelImage(spec).kind].length)),
    category_ids: productCategoryIds(categories),
    attributes: jewelAttributes(spec, type === 'simple'),
    stock: spec.condition === 'new' ? regularStock(rng) : uniqueStock(rng),
    flags: productFlags(rng, { recent: when.recent, condition: spec.condition, sale: active, retail: spec.retail }),
    created_at: when.created_at,
    updated_at: when.updated_at,
  };
}

/**
 * The shopper's own size a piece sold on its own needs (cart/custom-size.ts): every ring is resized to the shopper's
 * ring size in the workshop, and link and tennis bracelets are made to the shopper's length. A bangle is rigid and
 * comes in one size; the pieces of a matching set come in the set's standard sizes (`inSet`).
 */
export function jewelSizeKind(spec: Pick<JewelSpec, 'kind' | 'style'>, inSet = false): SourceProduct['custom_size_kind'] {
  if (inSet) return undefined;
  if (spec.kind === 'ring') return 'ring';
  if (spec.kind === 'bracelet' && spec.style !== 'bangle') return 'bracelet';
  return undefined;
}

export function buildJewel(ctx: GeneratorContext, kind: JewelKind, hint: JewelHint = {}, forceVisible = false, inSet = false): SourceProduct {
  const spec = pickJewelSpec(ctx.rng, kind, hint);
  const record = jewelRecord(ctx, spec, forceVisible ? VISIBLE : placement(ctx.rng), 'simple');
  const sizeKind = jewelSizeKind(spec, inSet);
  return ctx.add(sizeKind ? { ...record, custom_size_kind: sizeKind } : record);
}

/** A ring offered in sizes 48-62: one child product per size, each with its own stock. */
export function buildConfigurableRing(ctx: GeneratorContext, maxChildren: number): SourceProduct[] {
  const { rng } = ctx;
  const spec = pickJewelSpec(rng, 'ring', { style: rng.pick<JewelStyle>(['solitaire', 'eternity', 'band', 'band', 'halo']), condition: 'new' });
  const parent = jewelRecord(ctx, spec, VISIBLE, 'configurable');
  const step = rng.pick([1, 2]);
  const start = rng.int(48, 52);
  const count = Math.max(1, Math.min(maxChildren, rng.int(5, 8), Math.floor((62 - start) / step) + 1));
  const children: SourceProduct[] = [];
  for (let i = 0; i < count; i++) {
    const size = start + i * step;
    const id = ctx.nextProductId();
    const sku = `${parent.sku}-${size}`;
    const name = (store: StoreCode) => `${parent.stores[store].name} - ${store === 'nl' ? 'maat' : 'size'} ${size}`;
    children.push({
      id,
      sku,
      type_id: 'simple',
      status: rng.chance(0.05) ? 2 : 1,
      visibility: 1,
      stores: storeTexts(sku, {
        nl: { name: name('nl'), description: parent.stores.nl.description ?? '' },
        en: { name: name('en'), description: parent.stores.en.description ?? '' },
      }),
      price: parent.price,
      tax_class_id: parent.tax_class_id,
      ean: ean13(id),
      images: parent.images.slice(0, 1),
      category_ids: [],
      attributes: { ...parent.attributes, size: optionId('size', `s${size}`) },
      stock: regularStock(rng),
      flags: { ...parent.flags, sale: false, hide_price: false },
      parent_id: parent.id,
      created_at: parent.created_at,
      updated_at: parent.updated_at,
    });
  }
  const sellable = children.filter((c) => c.status === 1 && c.stock.is_in_stock);
  delete parent.special_price;
  delete parent.special_from_date;
  delete parent.special_to_date;
  delete parent.ean;
  parent.flags.sale = false;
  parent.stock = { qty: sellable.reduce((sum, c) => sum + c.stock.qty, 0), is_in_stock: sellable.length > 0, manage_stock: true, backorders: false };
  parent.child_ids = children.map((c) => c.id);
  parent.configurable_options = [configurableOption('size', 0, children)];
  ctx.add(parent);
  for (const child of children) ctx.add(child);
  return [parent, ...children];
}

const SET_STONES: ReadonlyArray<readonly [StoneKey, number]> = [
  ['diamond', 40],
  ['sapphire', 20],
  ['emerald', 12],
  ['ruby', 10],
  ['pearl', 18],
];

/** Matching earrings, necklace and sometimes a bracelet, each sold alone and together as a grouped product. */
export function buildJewellerySet(ctx: GeneratorContext, budget: number): SourceProduct[] {
  const { rng } = ctx;
  const metal = rng.weighted<MaterialKey>([['white_gold_18k', 40], ['yellow_gold_18k', 35], ['rose_gold_18k', 25]]);
  const stone = rng.weighted(SET_STONES);
  const brand = rng.chance(0.4) ? rng.weighted(BRANDS) : null;
  const withBracelet = budget >= 4 && stone !== 'pearl' && rng.chance(0.4);
  const earringStyle: JewelStyle = stone === 'pearl' || rng.chance(0.5) ? 'stud' : 'drop';
  const common = { metal, stone, brand, condition: 'new' as const };
  const members = [
    buildJewel(ctx, 'earring', { ...common, style: earringStyle }, true, true),
    buildJewel(ctx, 'necklace', { ...common, style: stone === 'pearl' ? 'pearls' : 'pendant' }, true, true),
    ...(withBracelet ? [buildJewel(ctx, 'bracelet', { ...common, style: 'tennis' }, true, true)] : []),
  ];
  const id = ctx.nextProductId();
  const sku = skuFor('SET', id);
  const parts = (store: StoreCode) => (withBracelet ? (store === 'nl' ? 'oorbellen, collier en armband' : 'Earring, necklace and bracelet') : store === 'nl' ? 'oorbellen en collier' : 'Earring and necklace');
  const stones = (store: StoreCode) => stonePlural(stone, 'brilliant', store);
  const prefix = brand ? `${brand} ` : '';
  const name = (store: StoreCode) =>
    store === 'nl' ? `${prefix}${brand ? 'set' : 'Set'} van ${parts('nl')} in ${METAL_SHORT[metal].nl} met ${stones('nl')}` : `${prefix}${brand ? parts('en').toLowerCase() : parts('en')} set in ${METAL_SHORT[metal].en} with ${stones('en')}`;
  const description = (store: StoreCode) =>
    store === 'nl'
      ? `Bij elkaar passende sieraden in ${METAL_NOUN[metal].nl}. Los verkrijgbaar, samen in één geschenkdoos.`
      : `Matching pieces in ${METAL_NOUN[metal].en}. Sold separately, or together in one gift box.`;
  const when = timestamps(rng);
  const price = Math.round(members.reduce((sum, m) => sum + m.price, 0) * 100) / 100;
  const retail = Math.round(price * 1.21);
  const gems = [...new Set(members.flatMap((m) => (Array.isArray(m.attributes.gem_stones) ? m.attributes.gem_stones : [])))];
  const set: SourceProduct = {
    id,
    sku,
    type_id: 'grouped',
    status: 1,
    visibility: 4,
    stores: storeTexts(sku, { nl: { name: name('nl'), description: description('nl') }, en: { name: name('en'), description: description('en') } }),
    price,
    tax_class_id: members[0]?.tax_class_id ?? 2,
    images: images({ kind: 'set', metal: METAL_DRAWING[metal], stone: stoneDrawing(stone), style: earringStyle, cut: 'brilliant' }, sku, rng.int(2, 4)),
    category_ids: productCategoryIds(['jewellery', 'jewellery-sets', 'gifts']),
    attributes: {
      condition: optionId('condition', 'new'),
      gender: optionId('gender', 'ladies'),
      material: optionId('material', metal),
      type_jewel: optionId('type_jewel', 'jewellery_set'),
      ...(brand ? { brand: optionId('brand', brandKey(brand)) } : {}),
      ...(gems.length ? { gem_stones: gems } : {}),
    },
    stock: { qty: 0, is_in_stock: members.every((m) => m.stock.is_in_stock), manage_stock: false, backorders: false },
    flags: productFlags(rng, { recent: when.recent, condition: 'new', sale: false, retail }),
    links: members.map((m, index) => ({ sku: m.sku, qty: 1, position: index + 1 })),
    created_at: when.created_at,
    updated_at: when.updated_at,
  };
  ctx.add(set);
  return [...members, set];
}
