/** New, pre-owned and vintage watches, as simple products and as configurable products with strap variants. */
import { EU_COUNTRIES, type StoreCode } from '@shop/shared';
import type { DialColour, Numerals, StrapKind } from '../../../features/media/product-image.ts';
import type { SourceAttributeValues, SourceProduct } from '../catalogue-source.ts';
import { brandKey, optionId, optionLabel } from './attributes.ts';
import { productCategoryIds, watchBrandCategoryKey, type ModelCategoryKey } from './categories.ts';
import {
  type Condition,
  type GeneratorContext,
  type ImageDraft,
  type Placement,
  VISIBLE,
  capitalise,
  configurableOption,
  customPrices,
  ean13,
  images,
  listJoin,
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
  DIAL_ADJECTIVE,
  METAL_DRAWING,
  METAL_NOUN,
  MOVEMENT_PHRASE,
  STRAP_COLOUR_ADJECTIVE,
  STRAP_NOUN,
  type StrapColourKey,
  waterPhrase,
} from './vocabulary.ts';
import {
  MATERIAL_PRICE,
  WATCH_BRAND_TABLE,
  type FunctionKey,
  type MaterialKey,
  type MovementKey,
  type StrapKey,
  type WatchBrand,
  type WatchLine,
  type WaterKey,
} from './watch-lines.ts';

export interface WatchHint {
  brand?: string;
  model?: ModelCategoryKey;
  condition?: Condition;
  gender?: 'men' | 'ladies';
  /** Configurable parents need a strap that comes in colours. */
  strapOnly?: boolean;
}

type Gender = 'men' | 'ladies' | 'unisex';

export interface WatchSpec {
  brand: WatchBrand;
  line: WatchLine;
  condition: Condition;
  year: number;
  diameter: number;
  material: MaterialKey;
  dial: DialColour;
  numerals: Numerals;
  movement: MovementKey;
  functions: FunctionKey[];
  water: WaterKey;
  strap: StrapKey;
  strapColour: StrapColourKey | null;
  height: number;
  gender: Gender;
  reference: string;
  limited: boolean;
  misc: string[];
  retail: number;
}

const CONDITIONS: ReadonlyArray<readonly [Condition, number]> = [
  ['new', 62],
  ['pre_owned', 30],
  ['vintage', 8],
];
const VINTAGE_BEFORE = 1986;
const STRAP_COLOURS: Record<Exclude<StrapKey, 'bracelet' | 'mesh'>, ReadonlyArray<readonly [StrapColourKey, number]>> = {
  leather: [['black', 4], ['brown', 4], ['tan', 1.5], ['blue', 1.5], ['green', 0.5], ['grey', 0.4]],
  alligator: [['black', 5], ['brown', 4], ['blue', 1], ['red', 0.4]],
  rubber: [['black', 5], ['blue', 2], ['green', 0.8], ['white', 0.5], ['grey', 1]],
  textile: [['green', 2], ['grey', 1], ['blue', 2], ['black', 2], ['red', 0.5]],
};

const BRAND_WEIGHTS = WATCH_BRAND_TABLE.map((brand) => [brand, brand.weight] as const);

function fillReference(rng: Random, pattern: string): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  let out = '';
  for (const ch of pattern) {
    if (ch === '#') out += String(rng.int(0, 9));
    else if (ch === '@') out += letters[rng.int(0, letters.length - 1)];
    else out += ch;
  }
  return out;
}

function strapColourFor(rng: Random, strap: StrapKey): StrapColourKey | null {
  return strap === 'bracelet' || strap === 'mesh' ? null : rng.weighted(STRAP_COLOURS[strap]);
}

function genderFor(rng: Random, line: WatchLine, diameter: number): Gender {
  if (line.ladies) return rng.chance(0.9) ? 'ladies' : 'unisex';
  if (diameter <= 33) return 'ladies';
  if (diameter <= 38) return rng.weighted<Gender>([['unisex', 45], ['ladies', 25], ['men', 30]]);
  return rng.chance(0.9) ? 'men' : 'unisex';
}

function pickLine(rng: Random, hint: WatchHint): { brand: WatchBrand; line: WatchLine } {
  if (hint.model) {
    for (const brand of WATCH_BRAND_TABLE) {
      const lines = brand.lines.filter((line) => line.category === hint.model);
      if (lines.length) return { brand, line: rng.pick(lines) };
    }
    throw new Error(`No watch line for model category ${hint.model}`);
  }
  const brand = hint.brand ? WATCH_BRAND_TABLE.find((b) => b.name === hint.brand) : rng.weighted(BRAND_WEIGHTS);
  if (!brand) throw new Error(`Unknown watch brand ${hint.brand}`);
  let lines = brand.lines;
  if (hint.condition === 'vintage') lines = lines.filter((line) => line.since < VINTAGE_BEFORE);
  if (hint.gender === 'ladies') lines = lines.filter((line) => line.ladies || line.diameters.some((d) => d <= 36));
  if (hint.strapOnly) lines = lines.filter((line) => line.straps.some(([strap]) => strap !== 'bracelet' && strap !== 'mesh'));
  return { brand, line: rng.pick(lines.length ? lines : brand.lines) };
}

export function pickWatchSpec(rng: Random, hint: WatchHint = {}): WatchSpec {
  const { brand, line } = pickLine(rng, hint);
  let condition = hint.condition ?? rng.weighted(CONDITIONS);
  if (condition === 'vintage' && line.since >= VINTAGE_BEFORE) condition = 'pre_owned';
  const year =
    condition === 'new' ? 2025 : condition === 'pre_owned' ? rng.int(Math.max(line.since, 2002), 2024) : rng.int(Math.max(line.since, 1948), Math.min(VINTAGE_BEFORE - 1, line.since + 35));

  const ladiesSizes = line.diameters.filter((d) => d <= 36);
  let diameter = hint.gender === 'ladies' && ladiesSizes.length ? rng.pick(ladiesSizes) : rng.pick(line.diameters);
  if (condition === 'vintage') diameter = Math.max(20, diameter - rng.pick([0, 2, 3, 4]));
  const material = rng.weighted(line.materials);
  const dial = rng.pick(line.dials);
  const numerals = line.numerals ? rng.weighted(line.numerals) : 'index';
  const movement = rng.weighted(line.movements);
  const functions = [...line.functions, ...(line.extraFunctions ?? []).filter(() => rng.chance(0.4))];
  const water: WaterKey = condition === 'vintage' ? rng.pick<WaterKey>(['splash', '30m', '50m', line.water]) : line.water;
  const straps = hint.strapOnly ? line.straps.filter(([strap]) => strap !== 'bracelet' && strap !== 'mesh') : line.straps;
  let strap: StrapKey = rng.weighted<StrapKey>(straps.length ? straps : [['leather', 1]]);
  if (condition === 'vintage' && strap !== 'bracelet' && rng.chance(0.5)) strap = 'leather';
  const strapColour = strapColourFor(rng, strap);
  const height = Math.round(rng.float(line.height[0], line.height[1] + 0.01) * 10) / 10;
  const gender = hint.gender ?? genderFor(rng, line, diameter);
  const limited = condition === 'new' && rng.chance(0.015);

  const misc: string[] = [];
  // A new watch comes with everything; a pre-owned or vintage one with what its last owner kept.
  if (condition === 'new') misc.push('full_set', 'warranty');
  else {
    const papers = rng.weighted<string | null>(condition === 'pre_owned' ? [['box_papers', 55], ['papers_only', 15], ['box_only', 10], [null, 20]] : [['box_papers', 20], ['papers_only', 20], [null, 60]]);
    if (papers) misc.push(papers);
    if (rng.chance(condition === 'vintage' ? 0.7 : 0.35)) misc.push('serviced');
  }
  if (limited) misc.push('limited_edition');

  const quartzVersion = movement === 'quartz' && line.movements.some(([m]) => m !== 'quartz') ? 0.6 : 1;
  let retail = line.price * MATERIAL_PRICE[material] * (numerals === 'diamond' ? 1.2 : 1) * quartzVersion * rng.float(0.96, 1.06);
  const hype = line.hype ?? 0.6;
  if (condition === 'pre_owned') retail *= hype * rng.float(0.85, 1.15) * (1 - (2024 - year) * 0.006);
  if (condition === 'vintage') retail *= hype * rng.float(0.5, 1.4) * (rng.chance(0.1) ? rng.float(1.5, 3) : 1);
  if (limited) retail *= 1.25;

  return {
    brand,
    line,
    condition,
    year,
    diameter,
    material,
    dial,
    numerals,
    movement,
    functions,
    water,
    strap,
    strapColour,
    height,
    gender,
    reference: fillReference(rng, brand.reference),
    limited,
    misc,
    retail: niceRetail(Math.max(150, retail)),
  };
}

function strapAttribute(strap: StrapKey, material: MaterialKey): string {
  if (strap !== 'bracelet') return strap;
  switch (material) {
    case 'steel_gold':
      return 'bicolor_bracelet';
    case 'titanium':
      return 'titanium_bracelet';
    case 'ceramic':
      return 'ceramic_bracelet';
    case 'yellow_gold_18k':
    case 'white_gold_18k':
    case 'rose_gold_18k':
    case 'yellow_gold_14k':
    case 'platinum':
      return 'gold_bracelet';
    default:
      return 'steel_bracelet';
  }
}

const STRAP_DRAWING: Record<StrapKey, StrapKind> = { bracelet: 'bracelet', leather: 'leather', alligator: 'leather', rubber: 'rubber', textile: 'textile', mesh: 'mesh' };

export function watchImage(spec: Pick<WatchSpec, 'material' | 'dial' | 'numerals' | 'strap' | 'strapColour' | 'line'>): ImageDraft {
  return {
    kind: 'watch',
    metal: METAL_DRAWING[spec.material],
    dial: spec.dial,
    shape: spec.line.shape ?? 'round',
    numerals: spec.numerals,
    strap: STRAP_DRAWING[spec.strap],
    strapColour: spec.strapColour ?? 'metal',
  };
}

function watchAttributes(spec: WatchSpec, withStrap: boolean): SourceAttributeValues {
  const attributes: SourceAttributeValues = {
    brand: optionId('brand', brandKey(spec.brand.name)),
    condition: optionId('condition', spec.condition),
    gender: optionId('gender', spec.gender),
    material: optionId('material', spec.material),
    watch_movement: optionId('watch_movement', spec.movement),
    case_diameter: optionId('case_diameter', `d${spec.diameter}`),
    case_shape: optionId('case_shape', spec.line.shape ?? 'round'),
    case_height: spec.height,
    colour_watch_dial: optionId('colour_watch_dial', spec.dial),
    watch_dial: optionId('watch_dial', spec.numerals),
    strap_size: optionId('strap_size', `w${lugWidth(spec.diameter)}`),
    water_resistance: optionId('water_resistance', spec.water),
    oculus_diameter: Math.round((spec.diameter - (spec.diameter >= 38 ? 6 : 4)) * 2) / 2,
    year: spec.year,
  };
  if (withStrap) {
    attributes.watch_strap = optionId('watch_strap', strapAttribute(spec.strap, spec.material));
    if (spec.strapColour) attributes.color = optionId('color', spec.strapColour);
  }
  if (spec.functions.length) attributes.functions = spec.functions.map((f) => optionId('functions', f));
  if (spec.misc.length) attributes.misc = spec.misc.map((m) => optionId('misc', m));
  return attributes;
}

function lugWidth(diameter: number): number {
  if (diameter <= 26) return 14;
  if (diameter <= 30) return 16;
  if (diameter <= 36) return 18;
  if (diameter <= 40) return 20;
  if (diameter <= 43) return 22;
  return 24;
}

function watchName(spec: WatchSpec, store: StoreCode, withDial: boolean): string {
  const base = `${spec.brand.name} ${spec.line.name} ${spec.diameter} mm`;
  const year = spec.condition === 'vintage' ? ` (${spec.year})` : '';
  const dial = withDial ? (store === 'nl' ? `, ${DIAL_ADJECTIVE[spec.dial].nl} wijzerplaat` : `, ${DIAL_ADJECTIVE[spec.dial].en} dial`) : '';
  return `${base}${year}${dial}`;
}

const NUMERALS_PHRASE: Record<Numerals, Record<StoreCode, string>> = {
  index: { nl: 'indexen', en: 'baton indices' },
  arabic: { nl: 'Arabische cijfers', en: 'Arabic numerals' },
  roman: { nl: 'Romeinse cijfers', en: 'Roman numerals' },
  diamond: { nl: 'diamanten indexen', en: 'diamond indices' },
};

function watchDescription(rng: Random, spec: WatchSpec, store: StoreCode): string {
  const sentences: string[] = [];
  const model = `${spec.brand.name} ${spec.line.name}`;
  const metal = METAL_NOUN[spec.material][store];
  sentences.push(
    store === 'nl'
      ? `De ${model} heeft een kast van ${metal} van ${spec.diameter} mm en een ${DIAL_ADJECTIVE[spec.dial].nl} wijzerplaat met ${NUMERALS_PHRASE[spec.numerals].nl}.`
      : `The ${model} has a ${spec.diameter} mm case in ${metal} and a ${DIAL_ADJECTIVE[spec.dial].en} dial with ${NUMERALS_PHRASE[spec.numerals].en}.`,
  );
  if (rng.chance(0.85)) {
    const functions = spec.functions.map((f) => optionLabel('functions', f, store).toLowerCase());
    const withFunctions = functions.length ? (store === 'nl' ? ` met ${listJoin(functions, store)}` : ` with ${listJoin(functions, store)}`) : '';
    sentences.push(`${MOVEMENT_PHRASE[spec.movement][store]}${withFunctions}; ${waterPhrase(spec.water, store)}.`);
  }
  if (spec.condition === 'new') {
    if (rng.chance(0.6)) sentences.push(store === 'nl' ? 'Nieuw, met volledige fabrieksgarantie.' : "New, with the full manufacturer's warranty.");
  } else {
    const state = rng.pick(store === 'nl' ? ['in zeer goede staat', 'in uitstekende staat', 'met lichte gebruikssporen'] : ['in very good condition', 'in excellent condition', 'with light signs of wear']);
    const papers = spec.misc.includes('box_papers') ? (store === 'nl' ? ', met doos en papieren' : ', with box and papers') : '';
    sentences.push(
      spec.condition === 'vintage'
        ? store === 'nl'
          ? `Vintage exemplaar uit ${spec.year}, ${state}${papers}; nagekeken door onze horlogemaker.`
          : `Vintage piece from ${spec.year}, ${state}${papers}; checked by our watchmaker.`
        : store === 'nl'
          ? `Tweedehands uit ${spec.year}, ${state}${papers}.`
          : `Pre-owned from ${spec.year}, ${state}${papers}.`,
    );
  }
  return sentences.join(' ');
}

function shortDescription(spec: WatchSpec, store: StoreCode): string {
  return `Ref. ${spec.reference} · ${optionLabel('watch_movement', spec.movement, store)} · ${spec.diameter} mm`;
}

function watchCategories(spec: WatchSpec): string[] {
  const keys = ['watches'];
  if (spec.gender !== 'ladies') keys.push('watches-men');
  if (spec.gender !== 'men') keys.push('watches-ladies');
  keys.push(spec.condition === 'new' ? 'watches-new' : spec.condition === 'pre_owned' ? 'watches-pre-owned' : 'watches-vintage');
  keys.push(watchBrandCategoryKey(spec.brand.name));
  if (spec.line.category) keys.push(spec.line.category);
  return keys;
}

interface BuildOptions {
  placement: Placement;
  outletAllowed: boolean;
}

/** A simple watch product (also the base a configurable parent is built from). */
function watchRecord(ctx: GeneratorContext, spec: WatchSpec, options: BuildOptions, type: 'simple' | 'configurable'): SourceProduct {
  const { rng } = ctx;
  const id = ctx.nextProductId();
  const sku = skuFor('W', id);
  const taxClass = taxClassFor(spec.condition);
  const withDial = rng.chance(0.3);
  const when = timestamps(rng);
  const special = specialPrice(rng, spec.retail, taxClass, spec.condition === 'new' ? 0.1 : 0.14);
  const { active, ...specialFields } = special;
  const categoryKeys = watchCategories(spec);
  if (active && options.outletAllowed && rng.chance(0.25)) categoryKeys.push('outlet');
  const product: SourceProduct = {
    id,
    sku,
    type_id: type,
    status: options.placement.status,
    visibility: options.placement.visibility,
    stores: storeTexts(sku, {
      nl: { name: watchName(spec, 'nl', withDial), description: watchDescription(rng, spec, 'nl'), short_description: shortDescription(spec, 'nl') },
      en: { name: watchName(spec, 'en', withDial), description: watchDescription(rng, spec, 'en'), short_description: shortDescription(spec, 'en') },
    }),
    price: storedPrice(spec.retail, taxClass),
    ...specialFields,
    tax_class_id: taxClass,
    ...customPrices(rng, spec.retail),
    ...(spec.condition === 'new' ? { ean: ean13(id) } : {}),
    // Dial front, case side, case back and on the wrist; some also a dial detail (IMAGE_VIEWS.watch).
    images: images(watchImage(spec), sku, rng.int(4, 5)),
    category_ids: productCategoryIds(categoryKeys),
    attributes: watchAttributes(spec, type === 'simple'),
    stock: spec.condition === 'new' ? regularStock(rng) : uniqueStock(rng),
    flags: productFlags(rng, { recent: when.recent, condition: spec.condition, sale: active, retail: spec.retail, limitedEdition: spec.limited }),
    // An alligator strap is a CITES-listed skin: the shop sends such watches within the EU only (no export papers
    // for the United States), so they carry the EU as their allowed countries. Decided without the random source,
    // so the rest of the demo shop stays as it was for every seed.
    ...(type === 'simple' && spec.strap === 'alligator' ? { allowedcountries: [...EU_COUNTRIES] } : {}),
    created_at: when.created_at,
    updated_at: when.updated_at,
  };
  return product;
}

export function buildWatch(ctx: GeneratorContext, hint: WatchHint = {}, forceVisible = false): SourceProduct {
  const spec = pickWatchSpec(ctx.rng, hint);
  const product = ctx.add(watchRecord(ctx, spec, { placement: forceVisible ? VISIBLE : placement(ctx.rng), outletAllowed: true }, 'simple'));
  if (
    spec.condition === 'new' &&
    product.status === 1 &&
    product.visibility === 4 &&
    product.stock.is_in_stock &&
    product.tax_class_id === 2 &&
    spec.retail <= 12_000 &&
    product.special_price === undefined
  ) {
    const entry = { product, brand: spec.brand.name, title: `${spec.brand.name} ${spec.line.name}`, image: watchImage(spec) };
    ctx.pools.giftWatches.push(entry);
    const sameBrand = ctx.pools.giftWatchesByBrand.get(entry.brand);
    if (sameBrand) sameBrand.push(entry);
    else ctx.pools.giftWatchesByBrand.set(entry.brand, [entry]);
  }
  return product;
}

const STRAP_VARIANTS: ReadonlyArray<readonly [Exclude<StrapKey, 'bracelet' | 'mesh'>, StrapColourKey]> = [
  ['leather', 'black'],
  ['leather', 'brown'],
  ['alligator', 'black'],
  ['alligator', 'brown'],
  ['leather', 'tan'],
  ['leather', 'blue'],
  ['rubber', 'black'],
  ['rubber', 'blue'],
  ['textile', 'green'],
  ['textile', 'grey'],
];

function firstSentences(text: string | undefined, count: number): string {
  return (text ?? '').split(/(?<=\.)\s+/).slice(0, count).join(' ');
}

/** A watch with 2-4 strap variants as children (visibility 1), each its own product with stock. */
export function buildConfigurableWatch(ctx: GeneratorContext, maxChildren: number, hint: WatchHint = {}): SourceProduct[] {
  const { rng } = ctx;
  const spec = pickWatchSpec(rng, { ...hint, condition: 'new', strapOnly: true });
  const parent = watchRecord(ctx, spec, { placement: VISIBLE, outletAllowed: false }, 'configurable');
  const variants = rng.sample(STRAP_VARIANTS, Math.max(1, Math.min(maxChildren, rng.int(2, 4))));
  const children: SourceProduct[] = [];
  for (const [strap, colour] of variants) {
    const id = ctx.nextProductId();
    const sku = `${parent.sku}-${strap.slice(0, 3).toUpperCase()}-${colour.toUpperCase()}`;
    const childSpec: WatchSpec = { ...spec, strap, strapColour: colour, retail: spec.retail + (strap === 'alligator' ? 250 : 0) };
    const strapWords = (store: StoreCode) => `${STRAP_COLOUR_ADJECTIVE[colour][store]} ${STRAP_NOUN[strap][store]}`;
    const name = (store: StoreCode) => `${parent.stores[store].name} ${store === 'nl' ? 'met' : 'with'} ${strapWords(store)}`;
    const status = rng.chance(0.06) ? 2 : 1;
    children.push({
      id,
      sku,
      type_id: 'simple',
      status,
      visibility: 1,
      stores: storeTexts(sku, {
        nl: { name: name('nl'), description: `${firstSentences(parent.stores.nl.description, 2)} ${capitalise(strapWords('nl'))}.`.trim() },
        en: { name: name('en'), description: `${firstSentences(parent.stores.en.description, 2)} ${capitalise(strapWords('en'))}.`.trim() },
      }),
      price: storedPrice(childSpec.retail, parent.tax_class_id),
      tax_class_id: parent.tax_class_id,
      ean: ean13(id),
      images: images(watchImage(childSpec), sku, rng.int(1, 2)),
      category_ids: [],
      attributes: watchAttributes(childSpec, true),
      stock: regularStock(rng),
      flags: { ...parent.flags, sale: false, hide_price: false },
      parent_id: parent.id,
      created_at: parent.created_at,
      updated_at: parent.updated_at,
    });
  }
  const sellable = children.filter((c) => c.status === 1 && c.stock.is_in_stock);
  parent.price = Math.min(...children.map((c) => c.price));
  delete parent.special_price;
  delete parent.special_from_date;
  delete parent.special_to_date;
  parent.flags.sale = false;
  parent.stock = { qty: sellable.reduce((sum, c) => sum + c.stock.qty, 0), is_in_stock: sellable.length > 0, manage_stock: true, backorders: false };
  parent.child_ids = children.map((c) => c.id);
  parent.configurable_options = [
    configurableOption('watch_strap', 0, children),
    configurableOption('color', 1, children),
  ];
  delete parent.ean;
  ctx.add(parent);
  for (const child of children) ctx.add(child);
  return [parent, ...children];
}
