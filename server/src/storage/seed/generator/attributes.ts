/**
 * The shop's product attributes with Dutch and English labels. Options are addressed by a stable key in the
 * generator ("yellow_gold_18k") and stored under a numeric option id ("101"), numbered in table order so the
 * ids never depend on the seed.
 */
import { slugify, type ProductAttributeCode, type StoreCode } from '@shop/shared';
import type { DialColour } from '../../../features/media/product-image.ts';
import type { SourceAttribute } from '../catalogue-source.ts';

type OptionRow = readonly [key: string, nl: string, en: string, swatch?: string];

interface AttributeSpec {
  code: ProductAttributeCode;
  input: SourceAttribute['frontend_input'];
  nl: string;
  en: string;
  filterable?: boolean;
  searchable?: boolean;
  comparable?: boolean;
  unit?: string;
  options?: readonly OptionRow[];
}

export const WATCH_BRANDS = [
  'Rolex',
  'Omega',
  'Cartier',
  'Patek Philippe',
  'Audemars Piguet',
  'Breitling',
  'TAG Heuer',
  'Longines',
  'Tudor',
  'IWC',
  'Jaeger-LeCoultre',
  'Zenith',
  'Seiko',
  'Grand Seiko',
  'Tissot',
  'Hamilton',
  'Panerai',
  'Hublot',
  'Chopard',
  'Frederique Constant',
] as const;
export const JEWELLERY_BRANDS = ['Maison Vermeer', 'Bulgari', 'Messika', 'Pomellato', 'Fope', 'Chaumet', 'Cartier', 'Chopard'] as const;
export const ACCESSORY_BRANDS = ['Wolf', 'Scatola del Tempo', 'Hirsch', 'Rios1931'] as const;

/** Brand option key: the slug of its name ("patek-philippe"). */
export const brandKey = (name: string) => slugify(name);

const brandRows: OptionRow[] = [...new Set<string>([...WATCH_BRANDS, ...JEWELLERY_BRANDS, ...ACCESSORY_BRANDS])].map((name) => [brandKey(name), name, name]);

const DIAL_ROWS: Record<DialColour, readonly [nl: string, en: string, swatch: string]> = {
  black: ['Zwart', 'Black', '#1b1c20'],
  white: ['Wit', 'White', '#f4f2ec'],
  silver: ['Zilver', 'Silver', '#d6d9dc'],
  blue: ['Blauw', 'Blue', '#1c3b78'],
  green: ['Groen', 'Green', '#1f4b39'],
  grey: ['Grijs', 'Grey', '#5b626b'],
  champagne: ['Champagne', 'Champagne', '#e0c994'],
  brown: ['Bruin', 'Brown', '#5a3a25'],
  red: ['Rood', 'Red', '#8a1e29'],
  pink: ['Roze', 'Pink', '#e8b2bc'],
  mop: ['Parelmoer', 'Mother of pearl', '#efebe7'],
};

const CASE_DIAMETERS = Array.from({ length: 27 }, (_, i) => 20 + i);
const RING_SIZES = Array.from({ length: 15 }, (_, i) => 48 + i);

const SPECS: readonly AttributeSpec[] = [
  { code: 'brand', input: 'select', nl: 'Merk', en: 'Brand', filterable: true, searchable: true, options: brandRows },
  {
    code: 'condition',
    input: 'select',
    nl: 'Conditie',
    en: 'Condition',
    filterable: true,
    searchable: true,
    options: [
      ['new', 'Nieuw', 'New'],
      ['pre_owned', 'Tweedehands', 'Pre-owned'],
      ['vintage', 'Vintage', 'Vintage'],
    ],
  },
  {
    code: 'gender',
    input: 'select',
    nl: 'Geslacht',
    en: 'Gender',
    filterable: true,
    options: [
      ['men', 'Heren', 'Men'],
      ['ladies', 'Dames', 'Ladies'],
      ['unisex', 'Unisex', 'Unisex'],
    ],
  },
  {
    code: 'material',
    input: 'select',
    nl: 'Materiaal',
    en: 'Material',
    filterable: true,
    searchable: true,
    options: [
      ['yellow_gold_18k', 'Geelgoud 18 karaat', 'Yellow gold 18k', '#d4af37'],
      ['white_gold_18k', 'Witgoud 18 karaat', 'White gold 18k', '#e6e6e3'],
      ['rose_gold_18k', 'Roségoud 18 karaat', 'Rose gold 18k', '#d9a18a'],
      ['yellow_gold_14k', 'Geelgoud 14 karaat', 'Yellow gold 14k', '#d9b95a'],
      ['platinum', 'Platina', 'Platinum', '#d6d6d3'],
      ['steel', 'Edelstaal', 'Stainless steel', '#b8bcc2'],
      ['steel_gold', 'Staal en goud', 'Steel and gold', '#cdb87a'],
      ['titanium', 'Titanium', 'Titanium', '#8c8f8f'],
      ['ceramic', 'Keramiek', 'Ceramic', '#1f1f22'],
      ['silver_925', 'Zilver 925', 'Silver 925', '#dcdfe2'],
    ],
  },
  {
    code: 'watch_movement',
    input: 'select',
    nl: 'Uurwerk',
    en: 'Movement',
    filterable: true,
    searchable: true,
    options: [
      ['automatic', 'Automatisch', 'Automatic'],
      ['manual', 'Handopwindend', 'Manual winding'],
      ['quartz', 'Quartz', 'Quartz'],
      ['solar', 'Solar', 'Solar'],
      ['spring_drive', 'Spring Drive', 'Spring Drive'],
    ],
  },
  { code: 'case_diameter', input: 'select', nl: 'Kastdiameter', en: 'Case diameter', filterable: true, options: CASE_DIAMETERS.map((mm) => [`d${mm}`, `${mm} mm`, `${mm} mm`]) },
  {
    code: 'case_shape',
    input: 'select',
    nl: 'Kastvorm',
    en: 'Case shape',
    options: [
      ['round', 'Rond', 'Round'],
      ['square', 'Vierkant', 'Square'],
      ['rectangular', 'Rechthoekig', 'Rectangular'],
      ['tonneau', 'Tonneau', 'Tonneau'],
      ['cushion', 'Kussenvorm', 'Cushion'],
      ['octagon', 'Achthoekig', 'Octagonal'],
    ],
  },
  { code: 'case_height', input: 'text', nl: 'Kasthoogte', en: 'Case height', unit: 'mm' },
  {
    code: 'colour_watch_dial',
    input: 'select',
    nl: 'Kleur wijzerplaat',
    en: 'Dial colour',
    filterable: true,
    options: (Object.entries(DIAL_ROWS) as Array<[DialColour, readonly [string, string, string]]>).map(([key, [nl, en, swatch]]) => [key, nl, en, swatch]),
  },
  {
    code: 'watch_dial',
    input: 'select',
    nl: 'Wijzerplaat',
    en: 'Dial',
    options: [
      ['index', 'Indexen', 'Baton indices'],
      ['arabic', 'Arabische cijfers', 'Arabic numerals'],
      ['roman', 'Romeinse cijfers', 'Roman numerals'],
      ['diamond', 'Diamanten indexen', 'Diamond indices'],
    ],
  },
  {
    code: 'watch_strap',
    input: 'select',
    nl: 'Horlogeband',
    en: 'Strap',
    filterable: true,
    options: [
      ['steel_bracelet', 'Stalen schakelband', 'Steel bracelet'],
      ['gold_bracelet', 'Gouden schakelband', 'Gold bracelet'],
      ['bicolor_bracelet', 'Bicolor schakelband', 'Two-tone bracelet'],
      ['titanium_bracelet', 'Titanium schakelband', 'Titanium bracelet'],
      ['ceramic_bracelet', 'Keramische schakelband', 'Ceramic bracelet'],
      ['leather', 'Leren band', 'Leather strap'],
      ['alligator', 'Alligatorleren band', 'Alligator leather strap'],
      ['rubber', 'Rubberen band', 'Rubber strap'],
      ['textile', 'Textielen band', 'Textile strap'],
      ['mesh', 'Milanese band', 'Milanese mesh bracelet'],
    ],
  },
  {
    code: 'color',
    input: 'select',
    nl: 'Kleur',
    en: 'Colour',
    options: [
      ['black', 'Zwart', 'Black', '#1f1f22'],
      ['brown', 'Bruin', 'Brown', '#5b3821'],
      ['tan', 'Cognac', 'Cognac', '#a7683a'],
      ['blue', 'Blauw', 'Blue', '#1f3558'],
      ['green', 'Groen', 'Green', '#2e4a3a'],
      ['grey', 'Grijs', 'Grey', '#6b6f74'],
      ['red', 'Bordeaux', 'Burgundy', '#7a1d25'],
      ['white', 'Wit', 'White', '#ecebe7'],
    ],
  },
  {
    code: 'strap_size',
    input: 'select',
    nl: 'Bandbreedte',
    en: 'Strap width',
    options: [14, 16, 18, 19, 20, 21, 22, 24].map((mm) => [`w${mm}`, `${mm} mm`, `${mm} mm`]),
  },
  {
    code: 'water_resistance',
    input: 'select',
    nl: 'Waterdichtheid',
    en: 'Water resistance',
    options: [
      ['splash', 'Spatwaterdicht', 'Splash resistant'],
      ['30m', '3 bar (30 m)', '3 bar (30 m)'],
      ['50m', '5 bar (50 m)', '5 bar (50 m)'],
      ['100m', '10 bar (100 m)', '10 bar (100 m)'],
      ['150m', '15 bar (150 m)', '15 bar (150 m)'],
      ['200m', '20 bar (200 m)', '20 bar (200 m)'],
      ['300m', '30 bar (300 m)', '30 bar (300 m)'],
      ['500m', '50 bar (500 m)', '50 bar (500 m)'],
      ['600m', '60 bar (600 m)', '60 bar (600 m)'],
    ],
  },
  {
    code: 'functions',
    input: 'multiselect',
    nl: 'Functies',
    en: 'Functions',
    options: [
      ['date', 'Datum', 'Date'],
      ['day_date', 'Dag en datum', 'Day and date'],
      ['chronograph', 'Chronograaf', 'Chronograph'],
      ['gmt', 'Tweede tijdzone (GMT)', 'Second time zone (GMT)'],
      ['moonphase', 'Maanstand', 'Moon phase'],
      ['small_seconds', 'Kleine secondewijzer', 'Small seconds'],
      ['power_reserve', 'Gangreserve-aanduiding', 'Power reserve indicator'],
      ['annual_calendar', 'Jaarkalender', 'Annual calendar'],
      ['perpetual_calendar', 'Eeuwigdurende kalender', 'Perpetual calendar'],
      ['tachymeter', 'Tachymeter', 'Tachymeter'],
      ['diving_bezel', 'Duikersrand', 'Diving bezel'],
      ['world_time', 'Wereldtijd', 'World time'],
    ],
  },
  { code: 'oculus_diameter', input: 'text', nl: 'Diameter wijzerplaat', en: 'Dial opening', unit: 'mm' },
  {
    code: 'type_jewel',
    input: 'select',
    nl: 'Type sieraad',
    en: 'Type of jewellery',
    filterable: true,
    searchable: true,
    options: [
      ['ring', 'Ring', 'Ring'],
      ['engagement_ring', 'Verlovingsring', 'Engagement ring'],
      ['wedding_band', 'Trouwring', 'Wedding band'],
      ['eternity_ring', 'Alliancering', 'Eternity ring'],
      ['stud_earrings', 'Oorknoppen', 'Stud earrings'],
      ['drop_earrings', 'Oorhangers', 'Drop earrings'],
      ['hoop_earrings', 'Creolen', 'Hoop earrings'],
      ['necklace', 'Collier', 'Necklace'],
      ['pendant', 'Hanger met collier', 'Pendant necklace'],
      ['tennis_necklace', 'Rivièrecollier', 'Tennis necklace'],
      ['pearl_necklace', 'Parelcollier', 'Pearl necklace'],
      ['bracelet', 'Armband', 'Bracelet'],
      ['tennis_bracelet', 'Tennisarmband', 'Tennis bracelet'],
      ['bangle', 'Slavenarmband', 'Bangle'],
      ['jewellery_set', 'Sieradenset', 'Jewellery set'],
    ],
  },
  {
    code: 'gem_stones',
    input: 'multiselect',
    nl: 'Edelstenen',
    en: 'Gem stones',
    filterable: true,
    searchable: true,
    options: [
      ['diamond', 'Diamant', 'Diamond', '#eef2f6'],
      ['sapphire', 'Saffier', 'Sapphire', '#1f3f9a'],
      ['ruby', 'Robijn', 'Ruby', '#b3102e'],
      ['emerald', 'Smaragd', 'Emerald', '#0e7a4a'],
      ['tanzanite', 'Tanzaniet', 'Tanzanite', '#4a3a9e'],
      ['amethyst', 'Amethist', 'Amethyst', '#7b3fa0'],
      ['aquamarine', 'Aquamarijn', 'Aquamarine', '#7cc3d4'],
      ['topaz', 'Topaas', 'Topaz', '#3d9bd6'],
      ['citrine', 'Citrien', 'Citrine', '#e39a20'],
      ['peridot', 'Peridoot', 'Peridot', '#8db62c'],
      ['garnet', 'Granaat', 'Garnet', '#7a1020'],
      ['morganite', 'Morganiet', 'Morganite', '#e8ada2'],
      ['tourmaline', 'Toermalijn', 'Tourmaline', '#d04a7a'],
      ['spinel', 'Spinel', 'Spinel', '#c0284a'],
      ['pearl', 'Parel', 'Pearl', '#f1ebe2'],
    ],
  },
  {
    code: 'cut_diamonds',
    input: 'select',
    nl: 'Slijpvorm',
    en: 'Cut',
    filterable: true,
    options: [
      ['brilliant', 'Briljant', 'Brilliant'],
      ['princess', 'Princess', 'Princess'],
      ['oval', 'Ovaal', 'Oval'],
      ['emerald', 'Emerald', 'Emerald'],
      ['pear', 'Peer', 'Pear'],
      ['cushion', 'Cushion', 'Cushion'],
      ['marquise', 'Markies', 'Marquise'],
      ['heart', 'Hart', 'Heart'],
      ['radiant', 'Radiant', 'Radiant'],
      ['asscher', 'Asscher', 'Asscher'],
    ],
  },
  {
    code: 'colour_diamonds',
    input: 'select',
    nl: 'Kleur diamant',
    en: 'Diamond colour',
    filterable: true,
    options: [
      ...['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'].map((grade): OptionRow => [grade, grade, grade]),
      ['fancy_yellow', 'Fancy geel', 'Fancy yellow', '#f6df7a'],
      ['fancy_pink', 'Fancy roze', 'Fancy pink', '#f2b3c4'],
    ],
  },
  {
    code: 'clarity_diamonds',
    input: 'select',
    nl: 'Zuiverheid',
    en: 'Clarity',
    filterable: true,
    options: ['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2'].map((grade): OptionRow => [grade, grade, grade]),
  },
  { code: 'size', input: 'select', nl: 'Ringmaat', en: 'Ring size', options: RING_SIZES.map((size) => [`s${size}`, String(size), String(size)]) },
  {
    code: 'misc',
    input: 'multiselect',
    nl: 'Overig',
    en: 'Miscellaneous',
    comparable: false,
    options: [
      ['box_papers', 'Met doos en papieren', 'With box and papers'],
      ['papers_only', 'Alleen papieren', 'Papers only'],
      ['box_only', 'Alleen doos', 'Box only'],
      ['serviced', 'Recent gereviseerd', 'Recently serviced'],
      ['certificate', 'Met certificaat', 'With certificate'],
      ['limited_edition', 'Gelimiteerde oplage', 'Limited edition'],
      ['engraving', 'Graveren mogelijk', 'Engraving available'],
      ['warranty', 'Fabrieksgarantie', "Manufacturer's warranty"],
      // Added last, so the option ids before it stay as they were.
      ['full_set', 'Volledige set (doos, papieren en garantiekaart)', 'Full set (box, papers and warranty card)'],
    ],
  },
  // Numbers, added after every attribute with options so no option id moves.
  { code: 'year', input: 'text', nl: 'Bouwjaar', en: 'Year' },
  { code: 'carat', input: 'text', nl: 'Karaat', en: 'Carat weight', unit: 'ct' },
];

const FIRST_ATTRIBUTE_ID = 134;
const FIRST_OPTION_ID = 101;

interface Compiled {
  attributes: SourceAttribute[];
  optionIds: Map<string, Map<string, number>>;
  optionLabels: Map<number, Record<StoreCode, string>>;
  attributeIds: Map<ProductAttributeCode, number>;
}

function compile(): Compiled {
  const optionIds = new Map<string, Map<string, number>>();
  const optionLabels = new Map<number, Record<StoreCode, string>>();
  const attributeIds = new Map<ProductAttributeCode, number>();
  let nextOption = FIRST_OPTION_ID;
  const attributes = SPECS.map((spec, index): SourceAttribute => {
    const attributeId = FIRST_ATTRIBUTE_ID + index;
    attributeIds.set(spec.code, attributeId);
    const ids = new Map<string, number>();
    optionIds.set(spec.code, ids);
    const options = (spec.options ?? []).map(([key, nl, en, swatch]) => {
      const id = nextOption++;
      ids.set(key, id);
      optionLabels.set(id, { nl, en });
      // The key is the option's code too: rules such as the cards' facts line recognise "box_papers" by it.
      return { value: String(id), labels: { nl, en }, ...(swatch ? { swatch } : {}), code: key };
    });
    return {
      attribute_id: attributeId,
      attribute_code: spec.code,
      frontend_input: spec.input,
      labels: { nl: spec.nl, en: spec.en },
      options,
      is_comparable: spec.comparable ?? true,
      is_visible_on_front: true,
      is_filterable: spec.filterable ?? false,
      is_searchable: spec.searchable ?? false,
      position: index + 1,
      ...(spec.unit ? { unit: spec.unit } : {}),
    };
  });
  return { attributes, optionIds, optionLabels, attributeIds };
}

const COMPILED = compile();

/** A fresh copy of the attribute table, so callers may change what they get. */
export function buildAttributes(): SourceAttribute[] {
  return compile().attributes;
}

export function optionId(code: ProductAttributeCode, key: string): number {
  const id = COMPILED.optionIds.get(code)?.get(key);
  if (id === undefined) throw new Error(`Unknown option "${key}" for attribute ${code}`);
  return id;
}

export function optionLabel(code: ProductAttributeCode, key: string, store: StoreCode): string {
  const labels = COMPILED.optionLabels.get(optionId(code, key));
  if (!labels) throw new Error(`No labels for option "${key}" of ${code}`);
  return labels[store];
}

export function attributeId(code: ProductAttributeCode): number {
  const id = COMPILED.attributeIds.get(code);
  if (id === undefined) throw new Error(`Unknown attribute ${code}`);
  return id;
}

export function attributeLabel(code: ProductAttributeCode, store: StoreCode): string {
  const attribute = COMPILED.attributes.find((a) => a.attribute_code === code);
  if (!attribute) throw new Error(`Unknown attribute ${code}`);
  return attribute.labels[store];
}

/** The label of an option by its numeric id, for texts built from stored values. */
export function optionLabelById(id: number, store: StoreCode): string {
  const labels = COMPILED.optionLabels.get(id);
  if (!labels) throw new Error(`Unknown option id ${id}`);
  return labels[store];
}
