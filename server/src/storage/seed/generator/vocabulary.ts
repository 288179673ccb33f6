/** The words the generator writes with, in Dutch and English, and how attribute values map to drawings. */
import type { StoreCode } from '@shop/shared';
import type { Cut, DialColour, Metal, Stone, StrapColour } from '../../../features/media/product-image.ts';
import type { MaterialKey, MovementKey, StrapKey, WaterKey } from './watch-lines.ts';

type Words = Record<StoreCode, string>;

export type GemKey =
  | 'sapphire'
  | 'ruby'
  | 'emerald'
  | 'tanzanite'
  | 'amethyst'
  | 'aquamarine'
  | 'topaz'
  | 'citrine'
  | 'peridot'
  | 'garnet'
  | 'morganite'
  | 'tourmaline'
  | 'spinel';
export type StoneKey = 'diamond' | GemKey | 'pearl';
export type StrapColourKey = Exclude<StrapColour, 'metal'>;

export const METAL_DRAWING: Record<MaterialKey, Metal> = {
  yellow_gold_18k: 'yellow',
  white_gold_18k: 'white',
  rose_gold_18k: 'rose',
  yellow_gold_14k: 'yellow',
  platinum: 'platinum',
  steel: 'steel',
  steel_gold: 'twotone',
  titanium: 'titanium',
  ceramic: 'ceramic',
  silver_925: 'silver',
};

export function stoneDrawing(stone: StoneKey | 'none', diamondColour?: string): Stone {
  if (stone === 'diamond') return diamondColour === 'fancy_yellow' ? 'yellowdiamond' : diamondColour === 'fancy_pink' ? 'pinkdiamond' : 'diamond';
  return stone;
}

export const cutDrawing = (cut: string): Cut => cut as Cut;

/** "Geelgouden ring", "Yellow gold ring": the metal as an adjective in front of a noun. */
export const METAL_ADJECTIVE: Record<MaterialKey, Words> = {
  yellow_gold_18k: { nl: 'geelgouden', en: 'yellow gold' },
  white_gold_18k: { nl: 'witgouden', en: 'white gold' },
  rose_gold_18k: { nl: 'roségouden', en: 'rose gold' },
  yellow_gold_14k: { nl: 'geelgouden', en: 'yellow gold' },
  platinum: { nl: 'platina', en: 'platinum' },
  steel: { nl: 'stalen', en: 'steel' },
  steel_gold: { nl: 'bicolor', en: 'two-tone' },
  titanium: { nl: 'titanium', en: 'titanium' },
  ceramic: { nl: 'keramische', en: 'ceramic' },
  silver_925: { nl: 'zilveren', en: 'silver' },
};

/** "Uitgevoerd in 18 karaat geelgoud", "made in 18k yellow gold": the metal as a noun. */
export const METAL_NOUN: Record<MaterialKey, Words> = {
  yellow_gold_18k: { nl: '18 karaat geelgoud', en: '18k yellow gold' },
  white_gold_18k: { nl: '18 karaat witgoud', en: '18k white gold' },
  rose_gold_18k: { nl: '18 karaat roségoud', en: '18k rose gold' },
  yellow_gold_14k: { nl: '14 karaat geelgoud', en: '14k yellow gold' },
  platinum: { nl: 'platina', en: 'platinum' },
  steel: { nl: 'edelstaal', en: 'stainless steel' },
  steel_gold: { nl: 'edelstaal en geelgoud', en: 'steel and yellow gold' },
  titanium: { nl: 'titanium', en: 'titanium' },
  ceramic: { nl: 'keramiek', en: 'ceramic' },
  silver_925: { nl: 'sterling zilver', en: 'sterling silver' },
};

/** Short metal nouns for set names: "in witgoud", "in white gold". */
export const METAL_SHORT: Record<MaterialKey, Words> = {
  yellow_gold_18k: { nl: 'geelgoud', en: 'yellow gold' },
  white_gold_18k: { nl: 'witgoud', en: 'white gold' },
  rose_gold_18k: { nl: 'roségoud', en: 'rose gold' },
  yellow_gold_14k: { nl: 'geelgoud', en: 'yellow gold' },
  platinum: { nl: 'platina', en: 'platinum' },
  steel: { nl: 'staal', en: 'steel' },
  steel_gold: { nl: 'staal en goud', en: 'steel and gold' },
  titanium: { nl: 'titanium', en: 'titanium' },
  ceramic: { nl: 'keramiek', en: 'ceramic' },
  silver_925: { nl: 'zilver', en: 'silver' },
};

export const DIAL_ADJECTIVE: Record<DialColour, Words> = {
  black: { nl: 'zwarte', en: 'black' },
  white: { nl: 'witte', en: 'white' },
  silver: { nl: 'zilverkleurige', en: 'silver' },
  blue: { nl: 'blauwe', en: 'blue' },
  green: { nl: 'groene', en: 'green' },
  grey: { nl: 'grijze', en: 'grey' },
  champagne: { nl: 'champagnekleurige', en: 'champagne' },
  brown: { nl: 'bruine', en: 'brown' },
  red: { nl: 'rode', en: 'red' },
  pink: { nl: 'roze', en: 'pink' },
  mop: { nl: 'parelmoeren', en: 'mother-of-pearl' },
};

export const STRAP_COLOUR_ADJECTIVE: Record<StrapColourKey, Words> = {
  black: { nl: 'zwarte', en: 'black' },
  brown: { nl: 'bruine', en: 'brown' },
  tan: { nl: 'cognackleurige', en: 'cognac' },
  blue: { nl: 'blauwe', en: 'blue' },
  green: { nl: 'groene', en: 'green' },
  grey: { nl: 'grijze', en: 'grey' },
  red: { nl: 'bordeauxrode', en: 'burgundy' },
  white: { nl: 'witte', en: 'white' },
};

export const STRAP_NOUN: Record<Exclude<StrapKey, 'bracelet'>, Words> = {
  leather: { nl: 'leren band', en: 'leather strap' },
  alligator: { nl: 'alligatorleren band', en: 'alligator leather strap' },
  rubber: { nl: 'rubberen band', en: 'rubber strap' },
  textile: { nl: 'textielen band', en: 'textile strap' },
  mesh: { nl: 'milanese band', en: 'Milanese mesh bracelet' },
};

export const MOVEMENT_PHRASE: Record<MovementKey, Words> = {
  automatic: { nl: 'Automatisch uurwerk', en: 'Automatic movement' },
  manual: { nl: 'Handopwindbaar uurwerk', en: 'Hand-wound movement' },
  quartz: { nl: 'Quartzuurwerk', en: 'Quartz movement' },
  solar: { nl: 'Solar-quartzuurwerk', en: 'Solar quartz movement' },
  spring_drive: { nl: 'Spring Drive-uurwerk', en: 'Spring Drive movement' },
};

export function waterPhrase(water: WaterKey, store: StoreCode): string {
  if (water === 'splash') return store === 'nl' ? 'spatwaterdicht' : 'splash resistant';
  const metres = Number.parseInt(water, 10);
  return store === 'nl' ? `waterdicht tot ${metres} meter` : `water-resistant to ${metres} metres`;
}

export const GEM_NAME: Record<StoneKey, { singular: Words; plural: Words }> = {
  diamond: { singular: { nl: 'diamant', en: 'diamond' }, plural: { nl: 'diamanten', en: 'diamonds' } },
  sapphire: { singular: { nl: 'saffier', en: 'sapphire' }, plural: { nl: 'saffieren', en: 'sapphires' } },
  ruby: { singular: { nl: 'robijn', en: 'ruby' }, plural: { nl: 'robijnen', en: 'rubies' } },
  emerald: { singular: { nl: 'smaragd', en: 'emerald' }, plural: { nl: 'smaragden', en: 'emeralds' } },
  tanzanite: { singular: { nl: 'tanzaniet', en: 'tanzanite' }, plural: { nl: 'tanzanieten', en: 'tanzanites' } },
  amethyst: { singular: { nl: 'amethist', en: 'amethyst' }, plural: { nl: 'amethisten', en: 'amethysts' } },
  aquamarine: { singular: { nl: 'aquamarijn', en: 'aquamarine' }, plural: { nl: 'aquamarijnen', en: 'aquamarines' } },
  topaz: { singular: { nl: 'blauwe topaas', en: 'blue topaz' }, plural: { nl: 'blauwe topazen', en: 'blue topazes' } },
  citrine: { singular: { nl: 'citrien', en: 'citrine' }, plural: { nl: 'citrienen', en: 'citrines' } },
  peridot: { singular: { nl: 'peridoot', en: 'peridot' }, plural: { nl: 'peridoten', en: 'peridots' } },
  garnet: { singular: { nl: 'granaat', en: 'garnet' }, plural: { nl: 'granaten', en: 'garnets' } },
  morganite: { singular: { nl: 'morganiet', en: 'morganite' }, plural: { nl: 'morganieten', en: 'morganites' } },
  tourmaline: { singular: { nl: 'roze toermalijn', en: 'pink tourmaline' }, plural: { nl: 'roze toermalijnen', en: 'pink tourmalines' } },
  spinel: { singular: { nl: 'rode spinel', en: 'red spinel' }, plural: { nl: 'rode spinellen', en: 'red spinels' } },
  pearl: { singular: { nl: 'parel', en: 'pearl' }, plural: { nl: 'parels', en: 'pearls' } },
};

/** A single diamond by its cut: "briljant", "brilliant-cut diamond"; "ovaal geslepen diamant", "oval-cut diamond". */
export const DIAMOND_BY_CUT: Record<Cut, Words> = {
  brilliant: { nl: 'briljant', en: 'brilliant-cut diamond' },
  princess: { nl: 'princess geslepen diamant', en: 'princess-cut diamond' },
  oval: { nl: 'ovaal geslepen diamant', en: 'oval-cut diamond' },
  emerald: { nl: 'emerald geslepen diamant', en: 'emerald-cut diamond' },
  pear: { nl: 'peervormige diamant', en: 'pear-shaped diamond' },
  cushion: { nl: 'cushion geslepen diamant', en: 'cushion-cut diamond' },
  marquise: { nl: 'markies geslepen diamant', en: 'marquise-cut diamond' },
  heart: { nl: 'hartvormige diamant', en: 'heart-shaped diamond' },
  radiant: { nl: 'radiant geslepen diamant', en: 'radiant-cut diamond' },
  asscher: { nl: 'asscher geslepen diamant', en: 'Asscher-cut diamond' },
};

/** A coloured stone's cut as an adjective: "ovale saffier", "oval sapphire". */
export const GEM_CUT_ADJECTIVE: Record<Cut, Words> = {
  brilliant: { nl: 'rond geslepen', en: 'round' },
  princess: { nl: 'vierkant geslepen', en: 'square' },
  oval: { nl: 'ovale', en: 'oval' },
  emerald: { nl: 'emerald geslepen', en: 'emerald-cut' },
  pear: { nl: 'peervormige', en: 'pear-shaped' },
  cushion: { nl: 'cushion geslepen', en: 'cushion-cut' },
  marquise: { nl: 'markiesvormige', en: 'marquise' },
  heart: { nl: 'hartvormige', en: 'heart-shaped' },
  radiant: { nl: 'radiant geslepen', en: 'radiant-cut' },
  asscher: { nl: 'asscher geslepen', en: 'Asscher-cut' },
};
