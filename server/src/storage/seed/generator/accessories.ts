/** Spare straps, watch winders, and the gift sets (bundles) that combine a watch with both. */
import type { StoreCode } from '@shop/shared';
import type { StrapKind, WinderFinish } from '../../../features/media/product-image.ts';
import type { SourceProduct } from '../catalogue-source.ts';
import { brandKey, optionId } from './attributes.ts';
import { productCategoryIds } from './categories.ts';
import {
  type GeneratorContext,
  type PoolEntry,
  VISIBLE,
  customPrices,
  ean13,
  images,
  niceRetail,
  productFlags,
  regularStock,
  skuFor,
  specialPrice,
  storeTexts,
  storedPrice,
  timestamps,
} from './product-kit.ts';
import { TAXABLE_GOODS } from './tax.ts';
import { STRAP_COLOUR_ADJECTIVE, type StrapColourKey } from './vocabulary.ts';
import { buildWatch } from './watches.ts';

type SpareStrap = 'leather' | 'alligator' | 'rubber' | 'textile' | 'mesh';

const STRAP_PRICE: Record<SpareStrap, readonly [number, number]> = { leather: [60, 180], alligator: [250, 450], rubber: [80, 250], textile: [35, 80], mesh: [90, 190] };
const STRAP_WORDS: Record<SpareStrap, Record<StoreCode, string>> = {
  leather: { nl: 'leren horlogeband', en: 'leather watch strap' },
  alligator: { nl: 'alligatorleren horlogeband', en: 'alligator leather watch strap' },
  rubber: { nl: 'rubberen horlogeband', en: 'rubber watch strap' },
  textile: { nl: 'textielen NATO-band', en: 'textile NATO strap' },
  mesh: { nl: 'milanese horlogeband', en: 'Milanese mesh watch strap' },
};
const STRAP_DRAWING: Record<SpareStrap, StrapKind> = { leather: 'leather', alligator: 'leather', rubber: 'rubber', textile: 'textile', mesh: 'mesh' };
const STRAP_COLOURS: readonly StrapColourKey[] = ['black', 'brown', 'tan', 'blue', 'green', 'grey', 'red'];

export function buildStrap(ctx: GeneratorContext, forceVisible = false): SourceProduct {
  const { rng } = ctx;
  const id = ctx.nextProductId();
  const sku = skuFor('S', id);
  const kind = rng.weighted<SpareStrap>([['leather', 4], ['alligator', 2], ['rubber', 2], ['textile', 2], ['mesh', 1]]);
  const colour = kind === 'mesh' ? null : rng.pick(STRAP_COLOURS);
  const width = rng.pick([18, 19, 20, 21, 22, 24]);
  const brand = rng.chance(0.7) ? rng.pick(['Hirsch', 'Rios1931']) : rng.pick(['Omega', 'Tudor', 'Hamilton', 'Seiko']);
  const [low, high] = STRAP_PRICE[kind];
  const retail = niceRetail(rng.float(low, high));
  const name = (store: StoreCode) => `${brand} ${colour ? `${STRAP_COLOUR_ADJECTIVE[colour][store]} ` : ''}${STRAP_WORDS[kind][store]} ${width} mm`;
  const description = (store: StoreCode) =>
    store === 'nl'
      ? `Past op horloges met een aanzetbreedte van ${width} mm. Geleverd met stalen gesp en snelwissel-pennen.`
      : `Fits watches with ${width} mm between the lugs. Comes with a steel buckle and quick-release spring bars.`;
  const when = timestamps(rng);
  const { active, ...special } = specialPrice(rng, retail, TAXABLE_GOODS, 0.08);
  // A quarter of the straps are sold only inside gift sets, so they are not visible on their own.
  const bundleOnly = !forceVisible && rng.chance(0.25);
  const product = ctx.add({
    id,
    sku,
    type_id: 'simple',
    status: 1,
    visibility: bundleOnly ? 1 : 4,
    stores: storeTexts(sku, { nl: { name: name('nl'), description: description('nl') }, en: { name: name('en'), description: description('en') } }),
    price: storedPrice(retail, TAXABLE_GOODS),
    ...special,
    tax_class_id: TAXABLE_GOODS,
    ean: ean13(id),
    images: images({ kind: 'strap', strap: STRAP_DRAWING[kind], strapColour: colour ?? 'metal', metal: 'steel' }, sku, rng.int(1, 2)),
    category_ids: productCategoryIds(['watches', 'watch-accessories', 'straps']),
    attributes: {
      brand: optionId('brand', brandKey(brand)),
      condition: optionId('condition', 'new'),
      watch_strap: optionId('watch_strap', kind),
      ...(colour ? { color: optionId('color', colour) } : {}),
      strap_size: optionId('strap_size', `w${width}`),
    },
    stock: regularStock(rng),
    flags: productFlags(rng, { recent: when.recent, condition: 'new', sale: active, retail }),
    created_at: when.created_at,
    updated_at: when.updated_at,
  });
  if (product.stock.is_in_stock) ctx.pools.straps.push({ product, brand, title: name('en'), image: { kind: 'strap', strap: STRAP_DRAWING[kind], strapColour: colour ?? 'metal', metal: 'steel' } });
  return product;
}

const WINDERS = [
  { brand: 'Wolf', model: 'Viceroy', watches: 1, price: 450 },
  { brand: 'Wolf', model: 'British Racing', watches: 2, price: 950 },
  { brand: 'Wolf', model: 'Heritage', watches: 4, price: 1650 },
  { brand: 'Scatola del Tempo', model: 'Rotor One', watches: 1, price: 1200 },
  { brand: 'Scatola del Tempo', model: 'Rotor Quattro', watches: 4, price: 2450 },
] as const;
const FINISH_COLOUR: Record<WinderFinish, StrapColourKey> = { black: 'black', walnut: 'brown', carbon: 'grey', white: 'white' };

export function buildWinder(ctx: GeneratorContext): SourceProduct {
  const { rng } = ctx;
  const id = ctx.nextProductId();
  const sku = skuFor('A', id);
  const winder = rng.pick(WINDERS);
  const finish = rng.pick<WinderFinish>(['black', 'walnut', 'carbon', 'white']);
  const retail = niceRetail(winder.price * rng.float(0.95, 1.1));
  const count = (store: StoreCode) => (winder.watches === 1 ? (store === 'nl' ? '1 horloge' : '1 watch') : store === 'nl' ? `${winder.watches} horloges` : `${winder.watches} watches`);
  const name = (store: StoreCode) => `${winder.brand} ${winder.model} ${store === 'nl' ? 'horlogeopwinder voor' : 'watch winder for'} ${count(store)}`;
  const finishWords: Record<WinderFinish, Record<StoreCode, string>> = {
    black: { nl: 'zwart gelakt', en: 'black lacquer' },
    walnut: { nl: 'notenhout', en: 'walnut' },
    carbon: { nl: 'carbon', en: 'carbon fibre' },
    white: { nl: 'wit gelakt', en: 'white lacquer' },
  };
  const description = (store: StoreCode) =>
    store === 'nl'
      ? `Houdt automatische horloges op gang met instelbare rotaties per dag. Behuizing in ${finishWords[finish].nl}.`
      : `Keeps automatic watches running with adjustable turns per day. Case in ${finishWords[finish].en}.`;
  const when = timestamps(rng);
  const { active, ...special } = specialPrice(rng, retail, TAXABLE_GOODS, 0.1);
  const product = ctx.add({
    id,
    sku,
    type_id: 'simple',
    status: 1,
    visibility: 4,
    stores: storeTexts(sku, { nl: { name: name('nl'), description: description('nl') }, en: { name: name('en'), description: description('en') } }),
    price: storedPrice(retail, TAXABLE_GOODS),
    ...special,
    tax_class_id: TAXABLE_GOODS,
    ...customPrices(rng, retail),
    ean: ean13(id),
    images: images({ kind: 'winder', finish, metal: 'steel' }, sku, rng.int(1, 2)),
    category_ids: productCategoryIds(['watches', 'watch-accessories', 'winders']),
    attributes: { brand: optionId('brand', brandKey(winder.brand)), condition: optionId('condition', 'new'), color: optionId('color', FINISH_COLOUR[finish]) },
    stock: regularStock(rng),
    flags: productFlags(rng, { recent: when.recent, condition: 'new', sale: active, retail }),
    created_at: when.created_at,
    updated_at: when.updated_at,
  });
  if (product.stock.is_in_stock) ctx.pools.winders.push({ product, brand: winder.brand, title: name('en'), image: { kind: 'winder', finish, metal: 'steel' } });
  return product;
}

/** How many more products the pools need before a gift set can point at them. */
export function bundlePrerequisites(ctx: GeneratorContext): number {
  return (ctx.pools.giftWatches.length ? 0 : 1) + Math.max(0, 2 - ctx.pools.straps.length) + (ctx.pools.winders.length ? 0 : 1);
}

/** Adds one product a gift set still lacks (a watch, a strap or a winder). */
export function buildBundlePrerequisite(ctx: GeneratorContext): SourceProduct {
  if (!ctx.pools.giftWatches.length) return buildWatch(ctx, { condition: 'new', brand: ctx.rng.pick(['Seiko', 'Tissot', 'Longines', 'Hamilton']) }, true);
  if (ctx.pools.straps.length < 2) return buildStrap(ctx, true);
  return buildWinder(ctx);
}

/**
 * "Watch + extra strap + winder": a bundle whose options point at simple products already in the catalogue, one
 * default per option. Its price is the sum of the defaults, as the shop computes bundle prices. Call it only
 * when bundlePrerequisites() is 0.
 */
export function buildGiftBundle(ctx: GeneratorContext): SourceProduct {
  const { rng } = ctx;
  if (bundlePrerequisites(ctx) > 0) throw new Error('A gift set needs a watch, two straps and a winder in stock first');
  const main = rng.pick(ctx.pools.giftWatches);
  const others = rng.sample(ctx.pools.giftWatchesByBrand.get(main.brand) ?? [], 3).filter((entry) => entry !== main);
  const watches: PoolEntry[] = [main, ...others.slice(0, rng.int(0, 2))];
  const straps = rng.sample(ctx.pools.straps, rng.int(2, 3));
  const winders = rng.sample(ctx.pools.winders, rng.int(1, 2));
  const option = (title: Record<StoreCode, string>, type: 'select' | 'radio' | 'checkbox', required: boolean, position: number, entries: readonly PoolEntry[]) => ({
    option_id: ctx.nextBundleOptionId(),
    title,
    type,
    required,
    position,
    links: entries.map((entry, index) => ({ id: ctx.nextSelectionId(), sku: entry.product.sku, qty: 1, is_default: index === 0, position: index + 1 })),
  });
  const bundleOptions = [
    option({ nl: 'Horloge', en: 'Watch' }, 'radio', true, 1, watches),
    option({ nl: 'Extra band', en: 'Extra strap' }, 'select', true, 2, straps),
    option({ nl: 'Horlogeopwinder', en: 'Watch winder' }, 'checkbox', false, 3, winders),
  ];
  const defaults = [watches[0], straps[0], winders[0]].filter((entry): entry is PoolEntry => entry !== undefined);
  const price = Math.round(defaults.reduce((sum, entry) => sum + entry.product.price, 0) * 100) / 100;
  const retail = Math.round(price * 1.21);

  const id = ctx.nextProductId();
  const sku = skuFor('BU', id);
  const name = (store: StoreCode) => (store === 'nl' ? `${main.title} cadeauset met extra band en horlogeopwinder` : `${main.title} gift set with extra strap and watch winder`);
  const description = (store: StoreCode) =>
    store === 'nl'
      ? `Kies uw ${main.title}, een extra band om te wisselen en desgewenst een horlogeopwinder. Samen verpakt in één geschenkdoos.`
      : `Choose your ${main.title}, a spare strap to swap and, if you like, a watch winder. Packed together in one gift box.`;
  const when = timestamps(rng);
  const bundle: SourceProduct = {
    id,
    sku,
    type_id: 'bundle',
    ...VISIBLE,
    stores: storeTexts(sku, { nl: { name: name('nl'), description: description('nl') }, en: { name: name('en'), description: description('en') } }),
    price,
    tax_class_id: TAXABLE_GOODS,
    images: images(main.image, sku, rng.int(2, 3)),
    category_ids: productCategoryIds(['watches', 'gifts']),
    attributes: { brand: optionId('brand', brandKey(main.brand)), condition: optionId('condition', 'new') },
    stock: { qty: 0, is_in_stock: true, manage_stock: false, backorders: false },
    flags: productFlags(rng, { recent: when.recent, condition: 'new', sale: false, retail }),
    bundle_options: bundleOptions,
    created_at: when.created_at,
    updated_at: when.updated_at,
  };
  return ctx.add(bundle);
}
