/**
 * Watch brands and their model lines, as a dealer would stock them. `price` is the shop price of a new piece in
 * stainless steel (incl. VAT); other case metals scale it. `hype` is what pre-owned pieces fetch against new.
 */
import type { CaseShape, DialColour, Numerals } from '../../../features/media/product-image.ts';
import type { WATCH_BRANDS } from './attributes.ts';
import type { ModelCategoryKey } from './categories.ts';

export type MaterialKey =
  | 'yellow_gold_18k'
  | 'white_gold_18k'
  | 'rose_gold_18k'
  | 'yellow_gold_14k'
  | 'platinum'
  | 'steel'
  | 'steel_gold'
  | 'titanium'
  | 'ceramic'
  | 'silver_925';
export type MovementKey = 'automatic' | 'manual' | 'quartz' | 'solar' | 'spring_drive';
export type StrapKey = 'bracelet' | 'leather' | 'alligator' | 'rubber' | 'textile' | 'mesh';
export type FunctionKey =
  | 'date'
  | 'day_date'
  | 'chronograph'
  | 'gmt'
  | 'moonphase'
  | 'small_seconds'
  | 'power_reserve'
  | 'annual_calendar'
  | 'perpetual_calendar'
  | 'tachymeter'
  | 'diving_bezel'
  | 'world_time';
export type WaterKey = 'splash' | '30m' | '50m' | '100m' | '150m' | '200m' | '300m' | '500m' | '600m';
export type Weighted<T> = ReadonlyArray<readonly [T, number]>;

export interface WatchLine {
  name: string;
  diameters: readonly number[];
  shape?: CaseShape;
  movements: Weighted<MovementKey>;
  materials: Weighted<MaterialKey>;
  dials: readonly DialColour[];
  numerals?: Weighted<Numerals>;
  functions: readonly FunctionKey[];
  /** Functions some references of the line have. */
  extraFunctions?: readonly FunctionKey[];
  water: WaterKey;
  straps: Weighted<StrapKey>;
  height: readonly [min: number, max: number];
  price: number;
  since: number;
  hype?: number;
  category?: ModelCategoryKey;
  ladies?: boolean;
}

export interface WatchBrand {
  name: (typeof WATCH_BRANDS)[number];
  weight: number;
  /** '#' a digit, '@' a capital letter, anything else as written. */
  reference: string;
  lines: readonly WatchLine[];
}

const STEEL: Weighted<MaterialKey> = [['steel', 1]];
const AUTOMATIC: Weighted<MovementKey> = [['automatic', 1]];
const MANUAL: Weighted<MovementKey> = [['manual', 1]];
const QUARTZ: Weighted<MovementKey> = [['quartz', 1]];
const BRACELET: Weighted<StrapKey> = [['bracelet', 1]];
const ALLIGATOR: Weighted<StrapKey> = [['alligator', 3], ['leather', 1]];
const ROMAN: Weighted<Numerals> = [['roman', 1]];
const ARABIC: Weighted<Numerals> = [['arabic', 1]];

/** Price factor of a case metal against stainless steel. */
export const MATERIAL_PRICE: Record<MaterialKey, number> = {
  steel: 1,
  titanium: 1.15,
  ceramic: 1.3,
  steel_gold: 1.45,
  yellow_gold_14k: 1.8,
  yellow_gold_18k: 2.6,
  white_gold_18k: 2.7,
  rose_gold_18k: 2.6,
  platinum: 4.2,
  silver_925: 0.6,
};

export const WATCH_BRAND_TABLE: readonly WatchBrand[] = [
  {
    name: 'Rolex',
    weight: 14,
    reference: '12####',
    lines: [
      { name: 'Submariner Date', diameters: [41], movements: AUTOMATIC, materials: [['steel', 6], ['steel_gold', 2], ['yellow_gold_18k', 1], ['white_gold_18k', 1]], dials: ['black', 'blue', 'green'], functions: ['date', 'diving_bezel'], water: '300m', straps: BRACELET, height: [12.5, 13], price: 10900, since: 1953, hype: 1.35, category: 'rolex-submariner' },
      { name: 'Submariner', diameters: [41], movements: AUTOMATIC, materials: STEEL, dials: ['black'], functions: ['diving_bezel'], water: '300m', straps: BRACELET, height: [12.5, 12.5], price: 9800, since: 1953, hype: 1.4, category: 'rolex-submariner' },
      { name: 'Datejust', diameters: [31, 36, 41], movements: AUTOMATIC, materials: [['steel', 4], ['steel_gold', 3], ['yellow_gold_18k', 0.5]], dials: ['silver', 'blue', 'black', 'champagne', 'green', 'grey', 'mop'], numerals: [['index', 5], ['roman', 2], ['diamond', 1]], functions: ['date'], water: '100m', straps: BRACELET, height: [11.5, 12], price: 8500, since: 1945, hype: 1.1 },
      { name: 'Day-Date', diameters: [36, 40], movements: AUTOMATIC, materials: [['yellow_gold_18k', 3], ['white_gold_18k', 2], ['rose_gold_18k', 1], ['platinum', 1]], dials: ['champagne', 'silver', 'blue', 'green', 'brown'], numerals: [['index', 3], ['roman', 1], ['diamond', 1]], functions: ['day_date'], water: '100m', straps: BRACELET, height: [12, 12.5], price: 15500, since: 1956, hype: 1.05 },
      { name: 'Cosmograph Daytona', diameters: [40], movements: AUTOMATIC, materials: [['steel', 4], ['yellow_gold_18k', 1], ['white_gold_18k', 1], ['rose_gold_18k', 1], ['platinum', 0.3]], dials: ['white', 'black', 'champagne'], functions: ['chronograph', 'tachymeter'], water: '100m', straps: [['bracelet', 6], ['rubber', 1]], height: [12, 12.2], price: 15100, since: 1963, hype: 1.7, category: 'rolex-daytona' },
      { name: 'GMT-Master II', diameters: [40], movements: AUTOMATIC, materials: [['steel', 4], ['steel_gold', 1], ['yellow_gold_18k', 0.5]], dials: ['black'], functions: ['date', 'gmt'], water: '100m', straps: BRACELET, height: [12, 12], price: 11500, since: 1955, hype: 1.4 },
      { name: 'Explorer', diameters: [36, 40], movements: AUTOMATIC, materials: STEEL, dials: ['black'], numerals: [['arabic', 1]], functions: [], water: '100m', straps: BRACELET, height: [11, 11.6], price: 7800, since: 1953, hype: 1.2 },
      { name: 'Oyster Perpetual', diameters: [31, 36, 41], movements: AUTOMATIC, materials: STEEL, dials: ['blue', 'green', 'black', 'silver', 'red', 'pink'], functions: [], water: '100m', straps: BRACELET, height: [11.5, 11.8], price: 6500, since: 1931, hype: 1.15 },
    ],
  },
  {
    name: 'Omega',
    weight: 11,
    reference: '2##.##.##.##.##.###',
    lines: [
      { name: 'Speedmaster Moonwatch Professional', diameters: [42], movements: MANUAL, materials: [['steel', 8], ['yellow_gold_18k', 0.5]], dials: ['black', 'white', 'blue'], functions: ['chronograph', 'tachymeter', 'small_seconds'], water: '50m', straps: [['bracelet', 3], ['leather', 1], ['textile', 1]], height: [13.2, 13.2], price: 7600, since: 1957, hype: 0.8, category: 'omega-speedmaster' },
      { name: "Speedmaster '57", diameters: [41], movements: MANUAL, materials: STEEL, dials: ['black', 'green', 'blue'], functions: ['chronograph', 'small_seconds'], water: '50m', straps: [['bracelet', 2], ['leather', 1]], height: [12.9, 12.9], price: 9200, since: 1957, hype: 0.7, category: 'omega-speedmaster' },
      { name: 'Seamaster Diver 300M', diameters: [42], movements: AUTOMATIC, materials: [['steel', 5], ['titanium', 1], ['rose_gold_18k', 0.5]], dials: ['blue', 'black', 'white', 'green'], functions: ['date', 'diving_bezel'], water: '300m', straps: [['bracelet', 4], ['rubber', 2]], height: [13.5, 13.5], price: 6300, since: 1993, hype: 0.75 },
      { name: 'Seamaster Aqua Terra', diameters: [34, 38, 41], movements: AUTOMATIC, materials: [['steel', 5], ['steel_gold', 1]], dials: ['blue', 'green', 'grey', 'silver', 'black'], functions: ['date'], water: '150m', straps: [['bracelet', 3], ['leather', 1], ['rubber', 1]], height: [12.5, 13], price: 6500, since: 2002, hype: 0.7 },
      { name: 'Seamaster Planet Ocean', diameters: [40, 44], movements: AUTOMATIC, materials: [['steel', 3], ['titanium', 1]], dials: ['black', 'blue', 'grey'], functions: ['date', 'diving_bezel'], water: '600m', straps: [['bracelet', 2], ['rubber', 2]], height: [15, 16.1], price: 7300, since: 2005, hype: 0.7 },
      { name: 'Constellation', diameters: [29, 36, 39, 41], movements: [['automatic', 3], ['quartz', 1]], materials: [['steel', 3], ['steel_gold', 2], ['yellow_gold_18k', 1]], dials: ['silver', 'blue', 'mop', 'champagne'], numerals: [['index', 3], ['roman', 1], ['diamond', 1]], functions: ['date'], water: '50m', straps: BRACELET, height: [10.4, 11.5], price: 5600, since: 1952, hype: 0.65 },
      { name: 'De Ville Prestige', diameters: [28, 40], movements: AUTOMATIC, materials: [['steel', 3], ['yellow_gold_18k', 1], ['rose_gold_18k', 1]], dials: ['silver', 'blue', 'white', 'black'], numerals: [['index', 2], ['roman', 1]], functions: ['date'], extraFunctions: ['small_seconds'], water: '30m', straps: [['leather', 3], ['alligator', 2], ['bracelet', 1]], height: [9, 10], price: 3500, since: 1967, hype: 0.6 },
    ],
  },
  {
    name: 'Cartier',
    weight: 7,
    reference: 'W@@@00##',
    lines: [
      { name: 'Tank Must', diameters: [22, 26, 30], shape: 'rectangular', movements: [['quartz', 3], ['solar', 1], ['automatic', 1]], materials: STEEL, dials: ['silver', 'blue', 'red', 'green'], numerals: ROMAN, functions: [], water: '30m', straps: [['leather', 4], ['bracelet', 1]], height: [6.6, 7.5], price: 2850, since: 1977, hype: 0.75, category: 'cartier-tank' },
      { name: 'Tank Louis Cartier', diameters: [26, 29], shape: 'rectangular', movements: MANUAL, materials: [['yellow_gold_18k', 2], ['rose_gold_18k', 2]], dials: ['silver'], numerals: ROMAN, functions: [], water: '30m', straps: ALLIGATOR, height: [6.4, 6.6], price: 4700, since: 1922, hype: 0.85, category: 'cartier-tank' },
      { name: 'Santos de Cartier', diameters: [35, 40], shape: 'square', movements: AUTOMATIC, materials: [['steel', 4], ['steel_gold', 2], ['yellow_gold_18k', 1]], dials: ['silver', 'blue', 'green', 'grey'], numerals: ROMAN, functions: [], extraFunctions: ['date'], water: '100m', straps: [['bracelet', 3], ['leather', 1]], height: [8.8, 9.1], price: 7100, since: 1904, hype: 0.95 },
      { name: 'Ballon Bleu de Cartier', diameters: [33, 36, 40, 42], movements: [['automatic', 3], ['quartz', 1]], materials: [['steel', 4], ['steel_gold', 1], ['rose_gold_18k', 1]], dials: ['silver', 'blue'], numerals: ROMAN, functions: ['date'], water: '30m', straps: [['bracelet', 3], ['alligator', 1]], height: [12, 13], price: 6150, since: 2007, hype: 0.65 },
      { name: 'Panthère de Cartier', diameters: [22, 27], shape: 'square', movements: QUARTZ, materials: [['steel', 3], ['steel_gold', 2], ['yellow_gold_18k', 2]], dials: ['silver'], numerals: ROMAN, functions: [], water: '30m', straps: BRACELET, height: [6, 6.5], price: 4300, since: 1983, hype: 0.8, ladies: true },
      { name: 'Pasha de Cartier', diameters: [35, 41], movements: AUTOMATIC, materials: STEEL, dials: ['silver', 'blue', 'grey'], numerals: ARABIC, functions: ['date'], water: '100m', straps: [['bracelet', 2], ['alligator', 1]], height: [9.5, 9.6], price: 6650, since: 1985, hype: 0.6 },
    ],
  },
  {
    name: 'Patek Philippe',
    weight: 4,
    reference: '5###@-0##',
    lines: [
      { name: 'Calatrava', diameters: [37, 39, 40], movements: [['manual', 2], ['automatic', 2]], materials: [['yellow_gold_18k', 2], ['white_gold_18k', 2], ['rose_gold_18k', 2]], dials: ['silver', 'white', 'blue', 'black'], numerals: [['index', 3], ['roman', 1]], functions: ['small_seconds'], extraFunctions: ['date'], water: '30m', straps: ALLIGATOR, height: [8, 9.5], price: 12500, since: 1932, hype: 1 },
      { name: 'Nautilus', diameters: [35, 40, 41], shape: 'cushion', movements: AUTOMATIC, materials: [['steel', 3], ['rose_gold_18k', 1], ['white_gold_18k', 1]], dials: ['blue', 'green', 'black'], functions: ['date'], water: '100m', straps: BRACELET, height: [8.3, 8.5], price: 30000, since: 1976, hype: 2.6, category: 'patek-philippe-nautilus' },
      { name: 'Aquanaut', diameters: [38, 40, 42], shape: 'cushion', movements: AUTOMATIC, materials: [['steel', 3], ['rose_gold_18k', 1], ['white_gold_18k', 1]], dials: ['black', 'green', 'brown'], functions: ['date'], water: '100m', straps: [['rubber', 1]], height: [8.1, 8.3], price: 24000, since: 1997, hype: 2 },
      { name: 'Annual Calendar', diameters: [38, 40], movements: AUTOMATIC, materials: [['white_gold_18k', 1], ['rose_gold_18k', 1], ['yellow_gold_18k', 1]], dials: ['silver', 'blue', 'grey', 'green'], functions: ['annual_calendar', 'moonphase', 'day_date'], water: '30m', straps: ALLIGATOR, height: [11, 11.4], price: 19000, since: 1996, hype: 1.1 },
      { name: 'Perpetual Calendar', diameters: [39, 41], movements: AUTOMATIC, materials: [['platinum', 1], ['rose_gold_18k', 1], ['white_gold_18k', 1]], dials: ['silver', 'blue', 'black'], functions: ['perpetual_calendar', 'moonphase'], water: '30m', straps: ALLIGATOR, height: [9.7, 10.2], price: 38000, since: 1941, hype: 1.1 },
      { name: 'Twenty~4', diameters: [36], movements: [['automatic', 2], ['quartz', 1]], materials: [['steel', 2], ['rose_gold_18k', 1]], dials: ['grey', 'blue', 'brown', 'champagne'], numerals: [['index', 2], ['diamond', 1]], functions: ['date'], water: '30m', straps: BRACELET, height: [10, 10], price: 14000, since: 1999, hype: 1.2, ladies: true },
    ],
  },
  {
    name: 'Audemars Piguet',
    weight: 3,
    reference: '15###ST.OO.1###ST.0#',
    lines: [
      { name: 'Royal Oak Selfwinding', diameters: [34, 37, 41], shape: 'octagon', movements: AUTOMATIC, materials: [['steel', 4], ['rose_gold_18k', 1], ['yellow_gold_18k', 0.5], ['titanium', 0.3]], dials: ['blue', 'black', 'grey', 'silver', 'green'], functions: ['date'], water: '50m', straps: BRACELET, height: [9.5, 10.4], price: 25000, since: 1972, hype: 1.9, category: 'audemars-piguet-royal-oak' },
      { name: 'Royal Oak Chronograph', diameters: [38, 41], shape: 'octagon', movements: AUTOMATIC, materials: [['steel', 3], ['rose_gold_18k', 1]], dials: ['blue', 'black', 'grey', 'silver'], functions: ['chronograph', 'date'], water: '50m', straps: BRACELET, height: [11, 12.4], price: 37000, since: 1972, hype: 1.6, category: 'audemars-piguet-royal-oak' },
      { name: 'Royal Oak Offshore', diameters: [42, 43, 44], shape: 'octagon', movements: AUTOMATIC, materials: [['steel', 3], ['titanium', 1], ['ceramic', 1], ['rose_gold_18k', 1]], dials: ['black', 'blue', 'grey'], functions: ['chronograph', 'date'], water: '100m', straps: [['rubber', 3], ['bracelet', 1]], height: [14.4, 15], price: 33000, since: 1993, hype: 1.2 },
      { name: 'Code 11.59', diameters: [38, 41], movements: AUTOMATIC, materials: [['white_gold_18k', 1], ['rose_gold_18k', 1]], dials: ['blue', 'black', 'green', 'white'], functions: ['date'], water: '30m', straps: [['alligator', 3], ['rubber', 1]], height: [10.7, 12.6], price: 14000, since: 2019, hype: 0.75 },
    ],
  },
  {
    name: 'Breitling',
    weight: 6,
    reference: '@B0###1#1@1@1',
    lines: [
      { name: 'Navitimer B01 Chronograph', diameters: [41, 43, 46], movements: AUTOMATIC, materials: [['steel', 4], ['steel_gold', 1], ['rose_gold_18k', 1]], dials: ['black', 'blue', 'green', 'silver'], functions: ['chronograph', 'date'], water: '30m', straps: [['bracelet', 3], ['alligator', 2]], height: [13.6, 14.3], price: 7600, since: 1952, hype: 0.7 },
      { name: 'Superocean Automatic', diameters: [36, 42, 44, 46], movements: AUTOMATIC, materials: [['steel', 3], ['titanium', 1]], dials: ['blue', 'black', 'white', 'green'], functions: ['diving_bezel'], extraFunctions: ['date'], water: '300m', straps: [['rubber', 3], ['bracelet', 2]], height: [11.5, 13], price: 4300, since: 1957, hype: 0.65 },
      { name: 'Chronomat B01', diameters: [42], movements: AUTOMATIC, materials: [['steel', 3], ['steel_gold', 1]], dials: ['blue', 'black', 'silver', 'green'], functions: ['chronograph', 'date'], water: '200m', straps: BRACELET, height: [15.1, 15.1], price: 7800, since: 1984, hype: 0.65 },
      { name: 'Premier B01 Chronograph', diameters: [42], movements: AUTOMATIC, materials: STEEL, dials: ['green', 'black', 'silver', 'champagne'], functions: ['chronograph', 'small_seconds'], water: '100m', straps: ALLIGATOR, height: [13.6, 13.6], price: 7600, since: 1943, hype: 0.6 },
      { name: 'Avenger Automatic', diameters: [43, 45], movements: AUTOMATIC, materials: [['steel', 2], ['titanium', 1]], dials: ['black', 'blue', 'grey'], numerals: ARABIC, functions: ['date'], water: '300m', straps: [['textile', 2], ['rubber', 1], ['bracelet', 1]], height: [13.6, 15.5], price: 3800, since: 2001, hype: 0.6 },
      { name: 'Top Time', diameters: [41], movements: AUTOMATIC, materials: STEEL, dials: ['silver', 'black', 'green'], functions: ['chronograph'], water: '100m', straps: [['leather', 1]], height: [14.4, 14.4], price: 5800, since: 1964, hype: 0.65 },
    ],
  },
  {
    name: 'TAG Heuer',
    weight: 7,
    reference: '@@@2A1#.BA0###',
    lines: [
      { name: 'Carrera Chronograph', diameters: [39, 42], movements: AUTOMATIC, materials: [['steel', 6], ['rose_gold_18k', 0.5]], dials: ['black', 'blue', 'silver', 'green'], functions: ['chronograph', 'date', 'tachymeter'], water: '100m', straps: [['bracelet', 2], ['leather', 2]], height: [13.9, 14.4], price: 6350, since: 1963, hype: 0.55 },
      { name: 'Monaco', diameters: [39], shape: 'square', movements: AUTOMATIC, materials: STEEL, dials: ['blue', 'black', 'green'], functions: ['chronograph', 'date'], water: '100m', straps: ALLIGATOR, height: [14.8, 14.8], price: 7350, since: 1969, hype: 0.6 },
      { name: 'Aquaracer Professional 300', diameters: [36, 42], movements: AUTOMATIC, materials: [['steel', 3], ['titanium', 1]], dials: ['black', 'blue', 'green', 'grey'], functions: ['date', 'diving_bezel'], water: '300m', straps: [['bracelet', 2], ['rubber', 1]], height: [11.5, 12.3], price: 3400, since: 2004, hype: 0.5 },
      { name: 'Formula 1', diameters: [38, 43], movements: QUARTZ, materials: STEEL, dials: ['black', 'blue', 'grey'], functions: ['date'], extraFunctions: ['chronograph'], water: '200m', straps: [['bracelet', 2], ['rubber', 1]], height: [11, 12.4], price: 1750, since: 1986, hype: 0.5 },
      { name: 'Link', diameters: [32, 41], movements: [['quartz', 1], ['automatic', 1]], materials: STEEL, dials: ['blue', 'silver', 'black', 'mop'], numerals: [['index', 3], ['diamond', 1]], functions: ['date'], water: '100m', straps: BRACELET, height: [10.1, 12.3], price: 2950, since: 1987, hype: 0.5 },
    ],
  },
  {
    name: 'Longines',
    weight: 6,
    reference: 'L#.###.4.##.6',
    lines: [
      { name: 'Master Collection', diameters: [38, 40, 42], movements: AUTOMATIC, materials: [['steel', 4], ['steel_gold', 1], ['rose_gold_18k', 0.3]], dials: ['silver', 'blue', 'black', 'champagne'], numerals: [['arabic', 2], ['roman', 1], ['index', 1]], functions: ['date'], extraFunctions: ['moonphase'], water: '30m', straps: [['bracelet', 2], ['alligator', 1]], height: [9.7, 12.9], price: 2200, since: 2005, hype: 0.55 },
      { name: 'HydroConquest', diameters: [39, 41, 43], movements: AUTOMATIC, materials: STEEL, dials: ['black', 'blue', 'green', 'grey'], functions: ['date', 'diving_bezel'], water: '300m', straps: [['bracelet', 2], ['rubber', 1]], height: [11.9, 12.4], price: 1750, since: 2007, hype: 0.55 },
      { name: 'Spirit', diameters: [37, 40, 42], movements: AUTOMATIC, materials: [['steel', 3], ['titanium', 1]], dials: ['black', 'blue', 'green', 'silver'], numerals: ARABIC, functions: ['date'], water: '100m', straps: [['bracelet', 2], ['leather', 1]], height: [12.2, 13.9], price: 2600, since: 2020, hype: 0.55 },
      { name: 'DolceVita', diameters: [22, 26], shape: 'rectangular', movements: QUARTZ, materials: [['steel', 3], ['steel_gold', 1], ['rose_gold_18k', 0.5]], dials: ['silver', 'mop'], numerals: [['arabic', 2], ['roman', 1]], functions: [], water: '30m', straps: [['leather', 2], ['bracelet', 1]], height: [7, 7.5], price: 1300, since: 1997, hype: 0.5, ladies: true },
      { name: 'Conquest', diameters: [34, 38, 41], movements: [['automatic', 3], ['quartz', 1]], materials: STEEL, dials: ['blue', 'black', 'silver', 'green'], functions: ['date'], water: '100m', straps: BRACELET, height: [10.9, 11.9], price: 2150, since: 1954, hype: 0.55 },
      { name: 'Flagship Heritage', diameters: [38], movements: AUTOMATIC, materials: STEEL, dials: ['silver', 'champagne'], numerals: [['index', 1], ['arabic', 1]], functions: ['date'], water: '30m', straps: [['leather', 1]], height: [10.8, 10.8], price: 2150, since: 1957, hype: 0.55 },
    ],
  },
  {
    name: 'Tudor',
    weight: 6,
    reference: 'M7####-000#',
    lines: [
      { name: 'Black Bay 58', diameters: [37, 39], movements: AUTOMATIC, materials: [['steel', 6], ['yellow_gold_18k', 0.3]], dials: ['black', 'blue', 'green'], functions: ['diving_bezel'], water: '200m', straps: [['bracelet', 2], ['leather', 1], ['textile', 1]], height: [11.9, 11.9], price: 4000, since: 2018, hype: 0.85 },
      { name: 'Black Bay', diameters: [41], movements: AUTOMATIC, materials: [['steel', 4], ['steel_gold', 1]], dials: ['black', 'blue', 'red', 'green'], functions: ['diving_bezel'], water: '200m', straps: [['bracelet', 2], ['leather', 1], ['textile', 1], ['rubber', 1]], height: [14.8, 14.8], price: 3950, since: 2012, hype: 0.75 },
      { name: 'Pelagos', diameters: [39, 42], movements: AUTOMATIC, materials: [['titanium', 1]], dials: ['black', 'blue'], functions: ['date', 'diving_bezel'], water: '500m', straps: [['rubber', 1], ['bracelet', 1]], height: [11.8, 14.3], price: 4700, since: 2012, hype: 0.8 },
      { name: 'Royal', diameters: [28, 34, 38, 41], movements: AUTOMATIC, materials: [['steel', 3], ['steel_gold', 1]], dials: ['silver', 'blue', 'black', 'champagne'], numerals: [['roman', 2], ['diamond', 1], ['index', 1]], functions: ['date'], extraFunctions: ['day_date'], water: '100m', straps: BRACELET, height: [10, 11.3], price: 2400, since: 2020, hype: 0.6 },
      { name: '1926', diameters: [28, 36, 39, 41], movements: AUTOMATIC, materials: [['steel', 3], ['steel_gold', 1]], dials: ['silver', 'black', 'blue'], numerals: ARABIC, functions: ['date'], water: '100m', straps: [['bracelet', 2], ['leather', 1]], height: [9.9, 10.8], price: 2300, since: 2018, hype: 0.6 },
      { name: 'Oyster Prince Submariner', diameters: [39], movements: AUTOMATIC, materials: STEEL, dials: ['black'], functions: ['diving_bezel'], water: '200m', straps: BRACELET, height: [13, 13], price: 5200, since: 1954, hype: 1.4 },
    ],
  },
  {
    name: 'IWC',
    weight: 5,
    reference: 'IW######',
    lines: [
      { name: 'Portugieser Chronograph', diameters: [41], movements: AUTOMATIC, materials: [['steel', 4], ['rose_gold_18k', 1]], dials: ['silver', 'blue', 'black', 'green'], numerals: ARABIC, functions: ['chronograph', 'small_seconds'], water: '30m', straps: ALLIGATOR, height: [13.1, 13.1], price: 7250, since: 1998, hype: 0.7 },
      { name: 'Portugieser Automatic', diameters: [40, 42], movements: AUTOMATIC, materials: [['steel', 3], ['rose_gold_18k', 1]], dials: ['silver', 'blue'], numerals: ARABIC, functions: ['small_seconds', 'date'], water: '50m', straps: ALLIGATOR, height: [12.4, 12.4], price: 7850, since: 2020, hype: 0.7 },
      { name: "Pilot's Watch Mark XX", diameters: [40], movements: AUTOMATIC, materials: STEEL, dials: ['black', 'blue', 'green'], numerals: ARABIC, functions: ['date'], water: '100m', straps: [['bracelet', 2], ['leather', 1], ['textile', 1]], height: [11, 11], price: 4850, since: 1948, hype: 0.65 },
      { name: "Big Pilot's Watch", diameters: [43, 46], movements: AUTOMATIC, materials: [['steel', 3], ['titanium', 1], ['ceramic', 0.5]], dials: ['black', 'blue'], numerals: ARABIC, functions: ['power_reserve', 'date'], water: '50m', straps: [['leather', 1]], height: [13.6, 15.6], price: 11000, since: 2002, hype: 0.6 },
      { name: 'Portofino Automatic', diameters: [34, 37, 40], movements: AUTOMATIC, materials: [['steel', 3], ['rose_gold_18k', 1]], dials: ['silver', 'black', 'blue', 'mop'], numerals: [['roman', 1], ['index', 1], ['diamond', 0.5]], functions: ['date'], water: '30m', straps: [['alligator', 2], ['bracelet', 1], ['mesh', 1]], height: [9, 9.3], price: 4550, since: 1984, hype: 0.55 },
      { name: 'Ingenieur Automatic', diameters: [40], movements: AUTOMATIC, materials: [['steel', 3], ['titanium', 1]], dials: ['black', 'blue', 'silver', 'green'], functions: ['date'], water: '100m', straps: BRACELET, height: [10.7, 10.7], price: 11400, since: 1955, hype: 0.8 },
    ],
  },
  {
    name: 'Jaeger-LeCoultre',
    weight: 4,
    reference: 'Q####520',
    lines: [
      { name: 'Reverso Classic', diameters: [22, 26, 29], shape: 'rectangular', movements: [['manual', 3], ['quartz', 1]], materials: [['steel', 3], ['rose_gold_18k', 1], ['yellow_gold_18k', 1]], dials: ['silver', 'blue', 'black'], numerals: ARABIC, functions: [], extraFunctions: ['small_seconds'], water: '30m', straps: [['alligator', 3], ['bracelet', 1]], height: [7.2, 8.5], price: 6500, since: 1931, hype: 0.75 },
      { name: 'Master Ultra Thin Moon', diameters: [39], movements: AUTOMATIC, materials: [['steel', 2], ['rose_gold_18k', 1]], dials: ['silver', 'blue'], functions: ['moonphase', 'date'], water: '50m', straps: ALLIGATOR, height: [9.9, 9.9], price: 10500, since: 2012, hype: 0.6 },
      { name: 'Polaris Automatic', diameters: [41, 42], movements: AUTOMATIC, materials: STEEL, dials: ['black', 'blue', 'green', 'grey'], numerals: ARABIC, functions: ['date'], extraFunctions: ['chronograph'], water: '100m', straps: [['bracelet', 2], ['rubber', 1], ['leather', 1]], height: [11.1, 13.2], price: 8450, since: 1968, hype: 0.65 },
      { name: 'Rendez-Vous', diameters: [29, 34, 36], movements: AUTOMATIC, materials: [['steel', 2], ['rose_gold_18k', 1], ['white_gold_18k', 0.5]], dials: ['silver', 'mop', 'blue'], numerals: [['arabic', 2], ['diamond', 1]], functions: [], water: '30m', straps: ALLIGATOR, height: [8.7, 9.3], price: 8500, since: 2012, hype: 0.55, ladies: true },
      { name: 'Master Control Date', diameters: [40], movements: AUTOMATIC, materials: STEEL, dials: ['silver', 'champagne'], functions: ['date'], water: '50m', straps: ALLIGATOR, height: [8.8, 8.8], price: 6500, since: 1992, hype: 0.6 },
    ],
  },
  {
    name: 'Zenith',
    weight: 3,
    reference: '03.3###.3600/##.M####',
    lines: [
      { name: 'Chronomaster Sport', diameters: [41], movements: AUTOMATIC, materials: [['steel', 4], ['rose_gold_18k', 1]], dials: ['white', 'black', 'blue'], functions: ['chronograph', 'date', 'tachymeter'], water: '100m', straps: [['bracelet', 3], ['rubber', 1]], height: [13.6, 13.6], price: 10500, since: 2021, hype: 0.8 },
      { name: 'Chronomaster Original', diameters: [38], movements: AUTOMATIC, materials: STEEL, dials: ['white', 'black', 'blue'], functions: ['chronograph', 'date'], water: '50m', straps: [['leather', 2], ['bracelet', 1]], height: [12.9, 12.9], price: 8300, since: 1969, hype: 0.7 },
      { name: 'Defy Skyline', diameters: [36, 41], movements: AUTOMATIC, materials: STEEL, dials: ['blue', 'black', 'silver', 'green'], functions: ['date'], water: '100m', straps: [['bracelet', 3], ['rubber', 1]], height: [11.6, 11.6], price: 7700, since: 2022, hype: 0.7 },
      { name: 'Pilot Type 20', diameters: [40, 45], movements: AUTOMATIC, materials: STEEL, dials: ['black', 'brown', 'green'], numerals: ARABIC, functions: ['date'], water: '100m', straps: [['leather', 1]], height: [12.1, 14.3], price: 6900, since: 2012, hype: 0.6 },
      { name: 'Elite', diameters: [36, 40], movements: AUTOMATIC, materials: [['steel', 3], ['rose_gold_18k', 1]], dials: ['silver', 'blue', 'black'], functions: ['small_seconds', 'date'], water: '50m', straps: ALLIGATOR, height: [8.3, 9.2], price: 5800, since: 1994, hype: 0.55 },
    ],
  },
  {
    name: 'Seiko',
    weight: 6,
    reference: 'S@@###@1',
    lines: [
      { name: 'Prospex Diver', diameters: [40, 42], movements: [['automatic', 4], ['solar', 1]], materials: [['steel', 4], ['titanium', 1]], dials: ['black', 'blue', 'green', 'grey'], functions: ['date', 'diving_bezel'], water: '200m', straps: [['bracelet', 2], ['rubber', 2], ['textile', 1]], height: [12.7, 13.2], price: 1050, since: 1965, hype: 0.6 },
      { name: 'Presage Cocktail Time', diameters: [39, 41], movements: AUTOMATIC, materials: STEEL, dials: ['blue', 'silver', 'champagne', 'brown', 'green'], functions: ['date'], water: '50m', straps: [['leather', 2], ['bracelet', 1]], height: [11.8, 12.2], price: 495, since: 2016, hype: 0.55 },
      { name: '5 Sports', diameters: [42], movements: AUTOMATIC, materials: STEEL, dials: ['black', 'blue', 'green', 'grey'], functions: ['day_date'], water: '100m', straps: [['bracelet', 2], ['textile', 1]], height: [13.4, 13.4], price: 350, since: 1968, hype: 0.5 },
      { name: 'Astron GPS Solar', diameters: [41, 42], movements: [['solar', 1]], materials: [['steel', 1], ['titanium', 1]], dials: ['black', 'blue'], functions: ['gmt', 'date', 'world_time'], water: '100m', straps: BRACELET, height: [12.2, 13.3], price: 1850, since: 2012, hype: 0.5 },
      { name: 'Speedtimer Chronograph', diameters: [39, 42], movements: [['solar', 3], ['automatic', 1]], materials: STEEL, dials: ['white', 'black', 'blue', 'green'], functions: ['chronograph', 'tachymeter'], water: '100m', straps: [['bracelet', 2], ['leather', 1]], height: [13, 13.6], price: 750, since: 1969, hype: 0.55 },
      { name: 'Essentials', diameters: [38, 40], movements: QUARTZ, materials: STEEL, dials: ['silver', 'blue', 'black'], functions: ['date'], water: '50m', straps: [['bracelet', 1], ['leather', 1]], height: [9.5, 10], price: 240, since: 1969, hype: 0.45 },
    ],
  },
  {
    name: 'Grand Seiko',
    weight: 3,
    reference: 'SBG@###',
    lines: [
      { name: 'Heritage Collection', diameters: [37, 40], movements: [['automatic', 2], ['spring_drive', 2]], materials: [['steel', 3], ['titanium', 1]], dials: ['blue', 'silver', 'white', 'green'], functions: ['date'], extraFunctions: ['power_reserve'], water: '100m', straps: [['bracelet', 2], ['alligator', 1]], height: [11.7, 13.2], price: 6300, since: 1960, hype: 0.8 },
      { name: 'Evolution 9', diameters: [40, 41], movements: [['spring_drive', 2], ['automatic', 1]], materials: [['steel', 1], ['titanium', 1]], dials: ['white', 'blue', 'grey', 'green'], functions: ['date'], extraFunctions: ['power_reserve'], water: '100m', straps: [['bracelet', 2], ['alligator', 1]], height: [11.7, 12.8], price: 8600, since: 2020, hype: 0.75 },
      { name: 'Elegance Collection', diameters: [37, 39], movements: MANUAL, materials: [['steel', 3], ['yellow_gold_18k', 1], ['platinum', 0.3]], dials: ['silver', 'blue', 'champagne', 'white'], functions: ['power_reserve'], water: '30m', straps: ALLIGATOR, height: [11.6, 11.6], price: 6000, since: 1960, hype: 0.7 },
      { name: 'Sport Collection GMT', diameters: [44], movements: [['spring_drive', 1]], materials: [['titanium', 1]], dials: ['black', 'blue'], functions: ['gmt', 'date', 'power_reserve'], water: '200m', straps: [['bracelet', 2], ['rubber', 1]], height: [14.7, 14.7], price: 7600, since: 2005, hype: 0.65 },
    ],
  },
  {
    name: 'Tissot',
    weight: 5,
    reference: 'T1##.4##.11.0##.00',
    lines: [
      { name: 'PRX', diameters: [35, 40], movements: [['quartz', 2], ['automatic', 2]], materials: STEEL, dials: ['blue', 'green', 'black', 'silver'], functions: ['date'], water: '100m', straps: BRACELET, height: [10.4, 10.9], price: 725, since: 2021, hype: 0.6 },
      { name: 'Gentleman Powermatic 80', diameters: [40], movements: AUTOMATIC, materials: [['steel', 4], ['steel_gold', 1]], dials: ['silver', 'blue', 'black', 'green'], functions: ['date'], water: '100m', straps: [['bracelet', 2], ['leather', 1]], height: [10.6, 10.6], price: 795, since: 2019, hype: 0.55 },
      { name: 'Le Locle Powermatic 80', diameters: [39], movements: AUTOMATIC, materials: STEEL, dials: ['silver', 'black'], numerals: ROMAN, functions: ['date'], water: '30m', straps: [['leather', 2], ['bracelet', 1]], height: [9.8, 9.8], price: 675, since: 2005, hype: 0.5 },
      { name: 'Seastar 1000', diameters: [40, 43], movements: [['quartz', 1], ['automatic', 1]], materials: STEEL, dials: ['black', 'blue', 'green'], functions: ['date', 'diving_bezel'], water: '300m', straps: [['bracelet', 2], ['rubber', 1]], height: [11.9, 12.7], price: 795, since: 2012, hype: 0.5 },
      { name: 'Visodate', diameters: [40], movements: AUTOMATIC, materials: STEEL, dials: ['silver', 'black'], functions: ['day_date'], water: '30m', straps: [['leather', 1]], height: [11.5, 11.5], price: 750, since: 1953, hype: 0.5 },
    ],
  },
  {
    name: 'Hamilton',
    weight: 4,
    reference: 'H########',
    lines: [
      { name: 'Khaki Field Mechanical', diameters: [38], movements: MANUAL, materials: STEEL, dials: ['black', 'green', 'brown', 'champagne'], numerals: ARABIC, functions: [], water: '50m', straps: [['textile', 2], ['leather', 1]], height: [9.5, 9.5], price: 525, since: 1945, hype: 0.6 },
      { name: 'Khaki Aviation Pilot', diameters: [42], movements: AUTOMATIC, materials: STEEL, dials: ['black', 'blue'], numerals: ARABIC, functions: ['date'], water: '100m', straps: [['leather', 1], ['bracelet', 1]], height: [11.1, 11.1], price: 795, since: 1990, hype: 0.5 },
      { name: 'Jazzmaster Open Heart', diameters: [40], movements: AUTOMATIC, materials: STEEL, dials: ['silver', 'blue', 'black'], functions: [], water: '50m', straps: [['leather', 1], ['bracelet', 1]], height: [10.8, 10.8], price: 965, since: 2004, hype: 0.5 },
      { name: 'Ventura', diameters: [32, 34], shape: 'tonneau', movements: QUARTZ, materials: STEEL, dials: ['black', 'silver'], functions: [], water: '50m', straps: [['leather', 1]], height: [10.3, 10.3], price: 895, since: 1957, hype: 0.6 },
      { name: 'American Classic Intra-Matic', diameters: [38, 40], movements: AUTOMATIC, materials: STEEL, dials: ['silver', 'champagne', 'black', 'blue'], functions: ['date'], water: '50m', straps: [['leather', 1]], height: [10.7, 10.7], price: 995, since: 1962, hype: 0.5 },
    ],
  },
  {
    name: 'Panerai',
    weight: 3,
    reference: 'PAM0####',
    lines: [
      { name: 'Luminor Marina', diameters: [40, 44], shape: 'cushion', movements: AUTOMATIC, materials: [['steel', 3], ['titanium', 1]], dials: ['black', 'blue', 'green', 'grey'], numerals: ARABIC, functions: ['small_seconds', 'date'], water: '300m', straps: [['leather', 3], ['rubber', 2]], height: [15.2, 15.8], price: 7300, since: 1950, hype: 0.65 },
      { name: 'Radiomir', diameters: [40, 42, 45], shape: 'cushion', movements: [['manual', 2], ['automatic', 1]], materials: [['steel', 3], ['rose_gold_18k', 0.5]], dials: ['black', 'brown', 'green', 'blue'], numerals: ARABIC, functions: ['small_seconds'], water: '100m', straps: [['leather', 1]], height: [11.4, 14.5], price: 6300, since: 1936, hype: 0.6 },
      { name: 'Submersible', diameters: [42, 44], shape: 'cushion', movements: AUTOMATIC, materials: [['steel', 2], ['titanium', 1], ['ceramic', 1]], dials: ['black', 'blue', 'green'], functions: ['diving_bezel', 'date'], water: '300m', straps: [['rubber', 3], ['textile', 1]], height: [15.2, 16.7], price: 10500, since: 2019, hype: 0.6 },
      { name: 'Luminor Due', diameters: [38, 42], shape: 'cushion', movements: AUTOMATIC, materials: [['steel', 2], ['rose_gold_18k', 1], ['ceramic', 0.5]], dials: ['blue', 'white', 'black', 'grey'], numerals: ARABIC, functions: ['small_seconds', 'date'], water: '30m', straps: [['leather', 1]], height: [10.5, 10.5], price: 6700, since: 2016, hype: 0.55 },
    ],
  },
  {
    name: 'Hublot',
    weight: 2,
    reference: '4##.@@.####.@@',
    lines: [
      { name: 'Big Bang Unico', diameters: [42, 44], movements: AUTOMATIC, materials: [['titanium', 3], ['ceramic', 2], ['rose_gold_18k', 1]], dials: ['black', 'blue', 'grey'], numerals: ARABIC, functions: ['chronograph', 'date'], water: '100m', straps: [['rubber', 1]], height: [14.5, 14.5], price: 22000, since: 2005, hype: 0.55 },
      { name: 'Classic Fusion', diameters: [38, 42, 45], movements: AUTOMATIC, materials: [['titanium', 3], ['rose_gold_18k', 1], ['ceramic', 1]], dials: ['black', 'blue', 'grey', 'green'], functions: ['date'], water: '50m', straps: [['rubber', 1], ['alligator', 1]], height: [10.9, 11.5], price: 7500, since: 2008, hype: 0.55 },
      { name: 'Spirit of Big Bang', diameters: [42], shape: 'tonneau', movements: AUTOMATIC, materials: [['titanium', 2], ['ceramic', 1]], dials: ['black', 'grey', 'blue'], functions: ['chronograph', 'date'], water: '100m', straps: [['rubber', 1]], height: [14.1, 14.1], price: 23000, since: 2014, hype: 0.55 },
    ],
  },
  {
    name: 'Chopard',
    weight: 2,
    reference: '27####-####',
    lines: [
      { name: 'Happy Sport', diameters: [30, 33, 36], movements: [['quartz', 2], ['automatic', 2]], materials: [['steel', 3], ['steel_gold', 1], ['rose_gold_18k', 1]], dials: ['silver', 'mop', 'white', 'blue'], numerals: [['roman', 2], ['diamond', 1]], functions: [], water: '30m', straps: [['bracelet', 2], ['alligator', 1]], height: [11, 12], price: 6500, since: 1993, hype: 0.55, ladies: true },
      { name: 'Alpine Eagle', diameters: [33, 36, 41], movements: AUTOMATIC, materials: [['steel', 3], ['rose_gold_18k', 1], ['steel_gold', 1]], dials: ['blue', 'silver', 'grey', 'green'], functions: ['date'], water: '100m', straps: BRACELET, height: [9.7, 9.7], price: 11500, since: 2019, hype: 0.75 },
      { name: 'L.U.C XPS', diameters: [40], movements: AUTOMATIC, materials: [['rose_gold_18k', 1], ['white_gold_18k', 1], ['yellow_gold_18k', 1]], dials: ['silver', 'blue', 'green'], functions: ['small_seconds'], water: '30m', straps: ALLIGATOR, height: [7.2, 7.2], price: 8500, since: 1997, hype: 0.55 },
      { name: 'Mille Miglia', diameters: [40, 42], movements: AUTOMATIC, materials: STEEL, dials: ['black', 'silver', 'blue'], numerals: ARABIC, functions: ['chronograph', 'date'], water: '50m', straps: [['leather', 1], ['rubber', 1]], height: [12.8, 13.8], price: 5500, since: 1988, hype: 0.5 },
    ],
  },
  {
    name: 'Frederique Constant',
    weight: 3,
    reference: 'FC-###@#@#',
    lines: [
      { name: 'Classics Quartz', diameters: [37, 40], movements: QUARTZ, materials: [['steel', 3], ['steel_gold', 1]], dials: ['silver', 'blue', 'black'], numerals: [['roman', 1], ['index', 1]], functions: ['date'], water: '30m', straps: [['leather', 2], ['bracelet', 1]], height: [6.6, 7.4], price: 695, since: 1988, hype: 0.5 },
      { name: 'Classics Index Automatic', diameters: [40], movements: AUTOMATIC, materials: STEEL, dials: ['silver', 'blue'], functions: ['date'], water: '50m', straps: [['leather', 1]], height: [10.2, 10.2], price: 1395, since: 2005, hype: 0.5 },
      { name: 'Highlife Automatic', diameters: [39, 41], movements: AUTOMATIC, materials: STEEL, dials: ['blue', 'green', 'grey', 'black'], functions: ['date'], water: '100m', straps: [['bracelet', 2], ['rubber', 1]], height: [10.9, 10.9], price: 2595, since: 2020, hype: 0.55 },
      { name: 'Slimline Moonphase', diameters: [38, 42], movements: [['quartz', 2], ['automatic', 1]], materials: STEEL, dials: ['silver', 'blue'], functions: ['moonphase', 'date'], water: '30m', straps: [['leather', 1], ['mesh', 1]], height: [8.2, 11.2], price: 1195, since: 2010, hype: 0.5 },
    ],
  },
];
