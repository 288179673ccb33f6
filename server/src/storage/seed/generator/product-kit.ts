/** What every product kind shares: ids and skus, dates, prices, stock, flags, texts, images. */
import { slugify, type ConfigurableOption, type StoreCode } from '@shop/shared';
import { productImagePath, type ProductImageParams } from '../../../features/media/product-image.ts';
import type { SourceImage, SourceProduct, SourceStock, StoreTexts } from '../catalogue-source.ts';
import { attributeId, attributeLabel, optionLabelById } from './attributes.ts';
import { Random } from './random.ts';
import { MARGIN_GOODS, TAXABLE_GOODS } from './tax.ts';

/** "Now" for the demo catalogue: created and updated dates lie before it, special-price windows around it. */
export const BASE_TIME = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;
const NL_VAT = 21;

export type Condition = 'new' | 'pre_owned' | 'vintage';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** What to draw for a product, before the product's sku and picture number are known. */
export type ImageDraft = DistributiveOmit<ProductImageParams, 'n' | 'sku'>;

/** Products that pools hand to bundles and sets; what they need to know about a product beyond its record. */
export interface PoolEntry {
  product: SourceProduct;
  brand: string;
  title: string;
  image: ImageDraft;
}

export class GeneratorContext {
  readonly rng: Random;
  readonly products: SourceProduct[] = [];
  readonly pools = { giftWatches: [] as PoolEntry[], giftWatchesByBrand: new Map<string, PoolEntry[]>(), straps: [] as PoolEntry[], winders: [] as PoolEntry[] };
  private lastProductId = 0;
  private lastBundleOptionId = 0;
  private lastSelectionId = 0;

  constructor(
    seed: number,
    readonly productCount: number,
  ) {
    this.rng = new Random(seed);
  }

  get remaining(): number {
    return this.productCount - this.products.length;
  }

  nextProductId(): number {
    return ++this.lastProductId;
  }

  nextBundleOptionId(): number {
    return ++this.lastBundleOptionId;
  }

  nextSelectionId(): number {
    return ++this.lastSelectionId;
  }

  add(product: SourceProduct): SourceProduct {
    this.products.push(product);
    return product;
  }
}

export function skuFor(prefix: string, id: number): string {
  return `${prefix}-${String(id).padStart(6, '0')}`;
}

/** Unique per store because the sku is. */
export function urlKey(name: string, sku: string): string {
  return `${slugify(name)}-${sku.toLowerCase()}`;
}

export interface Texts {
  name: string;
  description: string;
  short_description?: string;
}

export function storeTexts(sku: string, texts: Record<StoreCode, Texts>): SourceProduct['stores'] {
  const one = (t: Texts): StoreTexts & { short_description?: string } => ({
    name: t.name,
    url_key: urlKey(t.name, sku),
    description: t.description,
    ...(t.short_description ? { short_description: t.short_description } : {}),
  });
  return { nl: one(texts.nl), en: one(texts.en) };
}

export function formatNumber(value: number, decimals: number, store: StoreCode): string {
  const text = value.toFixed(decimals);
  return store === 'nl' ? text.replace('.', ',') : text;
}

export const carat = (value: number, store: StoreCode) => `${formatNumber(value, 2, store)} ct`;

/** Joins "a", "b" and "c" the way each language writes a list. */
export function listJoin(items: readonly string[], store: StoreCode): string {
  if (items.length <= 1) return items[0] ?? '';
  const last = items[items.length - 1] as string;
  return `${items.slice(0, -1).join(', ')} ${store === 'nl' ? 'en' : 'and'} ${last}`;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Shop prices as a shopper sees them: 5s below 1,000, 50s below 10,000, 100s above. */
export function niceRetail(amount: number): number {
  if (amount < 100) return Math.max(25, Math.round(amount / 5) * 5);
  if (amount < 1000) return Math.round(amount / 5) * 5;
  if (amount < 10_000) return Math.round(amount / 50) * 50;
  return Math.round(amount / 100) * 100;
}

/**
 * The stored price (excluding tax) for a price shown in the Dutch store. Taxable goods are stored so that NL
 * shows a round amount; margin goods carry no separate VAT, so their shown price is the stored one.
 */
export function storedPrice(retail: number, taxClass: number): number {
  return taxClass === MARGIN_GOODS ? retail : Math.round((retail / (1 + NL_VAT / 100)) * 100) / 100;
}

export function taxClassFor(condition: Condition): number {
  return condition === 'new' ? TAXABLE_GOODS : MARGIN_GOODS;
}

export interface Timestamps {
  created_at: string;
  updated_at: string;
  recent: boolean;
}

export function timestamps(rng: Random): Timestamps {
  const ageDays = rng.chance(0.1) ? rng.float(0, 60) : rng.float(0, 3 * 365);
  const created = BASE_TIME - Math.round(ageDays * DAY / 1000) * 1000;
  const updated = created + Math.round((rng.next() * (BASE_TIME - created)) / 1000) * 1000;
  return { created_at: new Date(created).toISOString(), updated_at: new Date(updated).toISOString(), recent: ageDays <= 60 };
}

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

export interface SpecialPrice {
  special_price?: number;
  special_from_date?: string;
  special_to_date?: string;
  /** True when the shop's rules will apply it: below the price and inside its dates. */
  active: boolean;
}

/**
 * Special prices in the mix a real shop has: most valid, some waiting to start or already over, and a few not
 * below the price at all (the shop's rules drop those). Valid windows are wide so the demo keeps its sales for years.
 */
export function specialPrice(rng: Random, retail: number, taxClass: number, probability: number): SpecialPrice {
  if (!rng.chance(probability)) return { active: false };
  const roll = rng.next();
  if (roll < 0.06) return { special_price: storedPrice(niceRetail(retail * rng.float(1, 1.1)), taxClass), active: false };
  const special = storedPrice(niceRetail(retail * rng.float(0.72, 0.93)), taxClass);
  if (special >= storedPrice(retail, taxClass)) return { active: false };
  if (roll < 0.4) return { special_price: special, active: true };
  if (roll < 0.75) {
    const from = BASE_TIME - rng.int(200, 420) * DAY;
    const to = rng.chance(0.5) ? { special_to_date: isoDate(BASE_TIME + rng.int(700, 1400) * DAY) } : {};
    return { special_price: special, special_from_date: isoDate(from), ...to, active: true };
  }
  if (roll < 0.88) return { special_price: special, special_from_date: isoDate(BASE_TIME + rng.int(1500, 2200) * DAY), active: false };
  return { special_price: special, special_from_date: isoDate(BASE_TIME - rng.int(700, 900) * DAY), special_to_date: isoDate(BASE_TIME - rng.int(300, 600) * DAY), active: false };
}

/** Prices some markets get instead of a conversion, on about one product in six. */
export function customPrices(rng: Random, retail: number): Pick<SourceProduct, 'customprice_usd' | 'customprice_gbp'> {
  if (!rng.chance(0.16)) return {};
  const prices: Pick<SourceProduct, 'customprice_usd' | 'customprice_gbp'> = { customprice_usd: niceRetail(retail * 1.12) };
  if (rng.chance(0.7)) prices.customprice_gbp = niceRetail(retail * 0.88);
  return prices;
}

/** Pieces of which there is one (pre-owned, vintage, a certified stone): qty 1, or sold out. */
export function uniqueStock(rng: Random): SourceStock {
  return rng.chance(0.1) ? { qty: 0, is_in_stock: false, manage_stock: true, backorders: false } : { qty: 1, is_in_stock: true, manage_stock: true, backorders: false };
}

export function regularStock(rng: Random): SourceStock {
  const roll = rng.next();
  if (roll < 0.08) return { qty: 0, is_in_stock: false, manage_stock: true, backorders: false };
  if (roll < 0.14) return { qty: 0, is_in_stock: true, manage_stock: false, backorders: false };
  if (roll < 0.15) return { qty: 0, is_in_stock: true, manage_stock: true, backorders: true };
  if (roll < 0.3) return { qty: rng.int(1, 2), is_in_stock: true, manage_stock: true, backorders: false };
  return { qty: rng.int(3, 20), is_in_stock: true, manage_stock: true, backorders: false };
}

/** A valid EAN-13 in the GS1 Netherlands range, unique because it carries the product id. */
export function ean13(id: number): string {
  const body = `871${String(id).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export function images(params: ImageDraft, sku: string, count: number): SourceImage[] {
  return Array.from({ length: count }, (_, index) => ({ path: productImagePath({ ...params, sku, n: index + 1 } as ProductImageParams) }));
}

export interface Placement {
  status: number;
  visibility: number;
}

/** Most products are enabled and visible everywhere; a few are disabled or shown in the catalogue or search only. */
export function placement(rng: Random): Placement {
  const roll = rng.next();
  if (roll < 0.012) return { status: 2, visibility: 4 };
  if (roll < 0.03) return { status: 1, visibility: 2 };
  if (roll < 0.045) return { status: 1, visibility: 3 };
  if (roll < 0.05) return { status: 1, visibility: 1 };
  return { status: 1, visibility: 4 };
}

export const VISIBLE: Placement = { status: 1, visibility: 4 };

export interface FlagInput {
  recent: boolean;
  condition: Condition;
  sale: boolean;
  retail: number;
  limitedEdition?: boolean;
}

export function productFlags(rng: Random, input: FlagInput): SourceProduct['flags'] {
  return {
    new: input.recent && input.condition === 'new',
    sale: input.sale,
    limited_edition: input.limitedEdition ?? false,
    hide_price: input.retail >= 75_000 && rng.chance(0.35),
    is_bestseller: rng.chance(0.05),
    margin_product: input.condition !== 'new',
  };
}

/**
 * The options a configurable product offers: only the values its children have, in the children's order.
 * Labels are English; a store view translates them through the attribute's option labels.
 */
export function configurableOption(code: 'watch_strap' | 'color' | 'size', position: number, children: readonly SourceProduct[]): ConfigurableOption {
  const values: ConfigurableOption['values'] = [];
  for (const child of children) {
    const value = child.attributes[code];
    if (typeof value !== 'number' || values.some((v) => v.value_index === value)) continue;
    values.push({ value_index: value, label: optionLabelById(value, 'en') });
  }
  return { attribute_id: attributeId(code), attribute_code: code, label: attributeLabel(code, 'en'), position, values };
}
