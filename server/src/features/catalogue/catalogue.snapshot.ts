/**
 * The catalogue as one immutable in-memory snapshot, read from the database in a handful of queries.
 * The search index and the document builders work on it; a catalogue change produces a new snapshot.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { STORE_CODES, type ConfigurableOption, type StoreCode, type TaxRule } from '@shop/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../storage/database.ts';
import { engineOf } from '../../storage/engine.ts';
import type { Database } from '../../storage/schema.ts';
import type { SourceAttribute, SourceAttributeValues, SourceImage, SourceProduct } from '../../storage/seed/catalogue-source.ts';
import { ProductsById, ProductsBySku, skuOrder } from './catalogue.lookup.ts';
import { DescriptionWords } from './search/description-words.ts';

export interface StoredAttribute extends Omit<SourceAttribute, 'unit'> {
  unit: string | null;
}

export interface StoredCategory {
  id: number;
  parent_id: number;
  path: string;
  level: number;
  position: number;
  is_active: boolean;
  include_in_menu: boolean;
  display_mode: 'PRODUCTS' | 'PAGE' | 'PRODUCTS_AND_PAGE';
  image: string | null;
  thumbnail: string | null;
  landing_page: number | null;
  texts: Record<StoreCode, { name: string; url_key: string; url_path: string; description: string | null }>;
}

export interface StoredProduct {
  id: number;
  sku: string;
  type_id: SourceProduct['type_id'];
  status: number;
  visibility: number;
  parent_id: number | null;
  price: number;
  special_price: number | null;
  special_from_date: string | null;
  special_to_date: string | null;
  tax_class_id: number;
  created_at: StoredTime;
  updated_at: StoredTime;
  /**
   * The first picture's path ('' without pictures): what a listing's card and a variant show. Read through
   * `imagePath`: a path that holds the product's sku, as the shop's picture paths do, is held as what comes before and
   * after the sku (`SkuImagePath`).
   */
  image: string | SkuImagePath;
  attributes: SourceAttributeValues;
  flags: SourceProduct['flags'];
  child_ids?: number[];
  /** A grouped product's pieces and a bundle's options: its price is computed from them (few products have them). */
  links?: SourceProduct['links'];
  bundle_options?: SourceProduct['bundle_options'];
  /**
   * What only a product's own document reads (pictures, options, related products, countries): its JSON, deflated,
   * one byte per character. Held as objects it cost about 900 B per product, deflated about 200 B. Read through
   * `productDetails`.
   */
  details: string;
  stock: { qty: number; is_in_stock: boolean; manage_stock: boolean; backorders: boolean };
  /** Positions inside the categories are not held per product: see `loadCategoryListings`. */
  category_ids: number[];
  /**
   * Each store's name, url key and url path (PRODUCT_TEXT_FIELDS), one store after the other in STORE_CODES order:
   * one list instead of an object per store and one around them (about 150 B per product). Read through
   * `productText`. Descriptions are not held in memory (about 18 MB at 50,000 products): see
   * `loadProductDescriptions`.
   */
  texts: string[];
}

/** The texts a product has in each store, in the order `StoredProduct.texts` holds them. */
export const PRODUCT_TEXT_FIELDS = ['name', 'url_key', 'url_path'] as const;
export type ProductTextField = (typeof PRODUCT_TEXT_FIELDS)[number];
export type ProductTexts = Record<ProductTextField, string>;

/** Where a store's texts start in `StoredProduct.texts`, and where each text is among them. */
const STORE_TEXTS = Object.fromEntries(STORE_CODES.map((store, k) => [store, k * PRODUCT_TEXT_FIELDS.length])) as Record<StoreCode, number>;
const TEXT_AT = Object.fromEntries(PRODUCT_TEXT_FIELDS.map((field, k) => [field, k])) as Record<ProductTextField, number>;

/** A product's name, url key or url path in a store. */
export function productText(product: Pick<StoredProduct, 'texts'>, store: StoreCode, field: ProductTextField): string {
  return product.texts[STORE_TEXTS[store] + TEXT_AT[field]]!;
}

/** A product's texts in a store, as an object (a new one each call). */
export function productTexts(product: Pick<StoredProduct, 'texts'>, store: StoreCode): ProductTexts {
  const at = STORE_TEXTS[store];
  return { name: product.texts[at]!, url_key: product.texts[at + 1]!, url_path: product.texts[at + 2]! };
}

/**
 * Per-store texts as `StoredProduct.texts` holds them. The list is made at its final length: one grown by pushing
 * (as `flatMap` does) keeps spare room, and cost about 90 B more per product at 100,000 products.
 */
export function flatTexts(texts: Record<StoreCode, ProductTexts>): string[] {
  const flat = new Array<string>(STORE_CODES.length * PRODUCT_TEXT_FIELDS.length);
  for (const store of STORE_CODES) for (const field of PRODUCT_TEXT_FIELDS) flat[STORE_TEXTS[store] + TEXT_AT[field]] = texts[store][field];
  return flat;
}

/**
 * A moment as the snapshot holds it: the milliseconds of an ISO time that `toISOString` gives back exactly (as an
 * import writes them), else the text as it was stored. A number costs 16 B, the 24-character text 40 B; read it
 * through `isoTime` and `timeOf`.
 */
export type StoredTime = number | string;

export function storedTime(text: string): StoredTime {
  const ms = Date.parse(text);
  return Number.isFinite(ms) && new Date(ms).toISOString() === text ? ms : text;
}

/** The text the moment was stored as. */
export function isoTime(time: StoredTime): string {
  return typeof time === 'number' ? new Date(time).toISOString() : time;
}

/** The moment in milliseconds (NaN for a text that is no date, as `Date.parse` gives). */
export function timeOf(time: StoredTime): number {
  return typeof time === 'number' ? time : Date.parse(time);
}

/**
 * A picture path around a product's sku: `before + sku + after`. Products whose pictures are in the same folder
 * share one (see `storedImage`), where a path each cost about 88 B.
 */
export interface SkuImagePath {
  before: string;
  after: string;
}

/** The first picture's path as `StoredProduct.image` holds it: around the sku when the path holds it. */
export function storedImage(path: string, sku: string, interner: Interner): StoredProduct['image'] {
  const at = sku === '' ? -1 : path.lastIndexOf(sku);
  if (at < 0) return path;
  return interner.of<SkuImagePath>({ before: path.slice(0, at), after: path.slice(at + sku.length) });
}

/** A product's first picture's path ('' without pictures). */
export function imagePath(product: Pick<StoredProduct, 'sku' | 'image'>): string {
  const { image } = product;
  return typeof image === 'string' ? image : image.before + product.sku + image.after;
}

/** A product's rarely read data (`StoredProduct.details`), decoded. */
export interface ProductDetails {
  images: SourceImage[];
  ean?: string;
  customprice_usd?: number;
  customprice_gbp?: number;
  /** The only countries the product ships to (absent: wherever the shop ships). */
  allowedcountries?: string[];
  configurable_options?: ConfigurableOption[];
  related_links?: SourceProduct['related_links'];
  custom_size_kind?: SourceProduct['custom_size_kind'];
}

/** How many decoded details are kept: a few pages' worth of products, so a page shown again is not decoded again. */
export const DECODED_DETAILS_KEPT = 2000;

/** The most recently decoded details, by product (least recently used first); see `productDetails`. */
const decodedDetails = new Map<StoredProduct, ProductDetails>();

/**
 * A product's rarely read data, decoded from its JSON when first asked for and kept among the last
 * DECODED_DETAILS_KEPT. Readers never change it (documents copy what they show).
 */
export function productDetails(product: StoredProduct): ProductDetails {
  let details = decodedDetails.get(product);
  if (details) {
    decodedDetails.delete(product);
  } else {
    details = decodeDetails(product.details);
    if (decodedDetails.size >= DECODED_DETAILS_KEPT) decodedDetails.delete(decodedDetails.keys().next().value!);
  }
  decodedDetails.set(product, details);
  return details;
}

export interface ProductDescription {
  description: string;
  short_description: string;
}

/** The descriptions of some products in one store, read when a document that shows them is built. */
export async function loadProductDescriptions(db: Db, store: StoreCode, productIds: readonly number[]): Promise<Map<number, ProductDescription>> {
  const found = new Map<number, ProductDescription>();
  if (productIds.length === 0) return found;
  const unique = [...new Set(productIds)];
  // A store without its own text falls back to the other store's, as names do (perStore below).
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('product_texts')
      .select(['product_id', 'store_code', 'description', 'short_description'])
      .where('product_id', 'in', unique.slice(i, i + 500))
      .execute();
    const grouped = groupTexts(rows, (r) => r.product_id);
    for (const [id, texts] of grouped) {
      const own = texts.get(store) ?? [...texts.values()][0]!;
      found.set(id, { description: own.description ?? '', short_description: own.short_description ?? '' });
    }
  }
  return found;
}

/**
 * Each category's product ids in merchandising order (position, then id), for the search index's "Position" sort.
 */
export async function loadCategoryListings(db: Db): Promise<Map<number, number[]>> {
  const rows = await db.selectFrom('product_categories').select(['category_id', 'product_id']).orderBy('category_id').orderBy('position').orderBy('product_id').execute();
  const listings = new Map<number, number[]>();
  for (const row of rows) {
    const ids = listings.get(row.category_id);
    if (ids) ids.push(row.product_id);
    else listings.set(row.category_id, [row.product_id]);
  }
  return listings;
}

/** What the search index reads once while it is built and does not keep. */
export interface IndexSources {
  /** Each product's description per store, as the words the full-text field is built from. */
  descriptions: DescriptionWords;
  /** Each category's product ids in merchandising order. */
  categoryListings: ReadonlyMap<number, readonly number[]>;
}

export async function loadIndexSources(db: Db): Promise<IndexSources> {
  const descriptions = new DescriptionWords();
  for await (const batch of searchTextBatches(db, PRODUCT_BATCH)) for (const [id, texts] of batch) descriptions.add(id, texts);
  return { descriptions, categoryListings: await loadCategoryListings(db) };
}

/**
 * Every product's searchable description per store, in one map (the index reads them a batch at a time, see
 * `loadIndexSources`).
 */
export async function loadSearchTexts(db: Db, batchSize = PRODUCT_BATCH): Promise<Map<number, Partial<Record<StoreCode, string>>>> {
  const texts = new Map<number, Partial<Record<StoreCode, string>>>();
  for await (const batch of searchTextBatches(db, batchSize)) for (const [id, entry] of batch) texts.set(id, entry);
  return texts;
}

/** The searchable descriptions per store, a batch of products at a time in ascending product id; each product whole. */
async function* searchTextBatches(db: Db, batchSize: number): AsyncGenerator<Map<number, Partial<Record<StoreCode, string>>>> {
  for (let after = 0; ; ) {
    let rows = await db
      .selectFrom('product_texts')
      .select(['product_id', 'store_code', 'description'])
      .where('product_id', '>', after)
      .orderBy('product_id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) break;
    const last = rows[rows.length - 1]!.product_id;
    // A full batch may end inside a product's texts: that product is read whole with the next batch.
    if (rows.length === batchSize && rows[0]!.product_id !== last) rows = rows.filter((row) => row.product_id !== last);
    after = rows[rows.length - 1]!.product_id;
    const texts = new Map<number, Partial<Record<StoreCode, string>>>();
    for (const row of rows) {
      if (!row.description || !(STORE_CODES as readonly string[]).includes(row.store_code)) continue;
      let entry = texts.get(row.product_id);
      if (!entry) texts.set(row.product_id, (entry = {}));
      entry[row.store_code as StoreCode] = row.description;
    }
    yield texts;
  }
}

export interface CatalogueSnapshot {
  version: number;
  attributes: StoredAttribute[];
  attributesByCode: Map<string, StoredAttribute>;
  categories: StoredCategory[];
  categoriesById: Map<number, StoredCategory>;
  products: StoredProduct[];
  productsById: ProductsById;
  productsBySku: ProductsBySku;
  taxRules: TaxRule[];
}

export interface UrlTarget {
  type: 'product' | 'category';
  id: number;
}

/**
 * The product or category registered for a store-relative path. Read from the table on each call (its key is
 * (store, path)), not held in memory: at 50,000 products the mappings of both stores took about 19 MB.
 */
export async function findUrlRewrite(db: Db, store: StoreCode, requestPath: string): Promise<UrlTarget | undefined> {
  const row = await db
    .selectFrom('url_rewrites')
    .select(['entity_type', 'entity_id'])
    .where('store_code', '=', store)
    .where('request_path', '=', requestPath)
    .executeTakeFirst();
  return row ? { type: row.entity_type, id: row.entity_id } : undefined;
}

type ProductData = ProductDetails & Pick<StoredProduct, 'attributes' | 'flags' | 'child_ids' | 'links' | 'bundle_options'>;

/**
 * The whole catalogue as one consistent picture. On PostgreSQL its reads run on pooled connections side by side,
 * so they share one read-only `repeatable read` transaction and never straddle an import's commit. SQLite keeps
 * its separate reads: a transaction there would hold the one connection (and every shopper's request) for the
 * whole load.
 */
export async function loadCatalogueSnapshot(db: Db, batchSize = PRODUCT_BATCH): Promise<CatalogueSnapshot> {
  if (engineOf(db) === 'sqlite') return readCatalogueSnapshot(db, batchSize);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((trx) => readCatalogueSnapshot(trx, batchSize));
}

/**
 * The snapshot and what its index is built from, read as one consistent picture. `ownConnection`: the connection
 * serves nothing else (a worker thread's), so on SQLite too the reads share one transaction.
 */
export async function loadCatalogueWithSources(db: Db, options: { ownConnection: boolean }): Promise<{ snapshot: CatalogueSnapshot; sources: IndexSources }> {
  const read = async (reader: Db) => ({ snapshot: await readCatalogueSnapshot(reader, PRODUCT_BATCH), sources: await loadIndexSources(reader) });
  if (engineOf(db) === 'sqlite') return options.ownConnection ? db.transaction().execute(read) : read(db);
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);
}

/** A snapshot from its parts (the maps are built here). Products must be in id order, as they are read. */
export function assembleSnapshot(parts: Pick<CatalogueSnapshot, 'version' | 'attributes' | 'categories' | 'products' | 'taxRules'>): CatalogueSnapshot {
  const { products } = parts;
  return {
    ...parts,
    attributesByCode: new Map(parts.attributes.map((a) => [a.attribute_code, a])),
    categoriesById: new Map(parts.categories.map((c) => [c.id, c])),
    productsById: new ProductsById(products),
    productsBySku: new ProductsBySku(products, skuOrder(products)),
  };
}

async function readCatalogueSnapshot(db: Db, batchSize: number): Promise<CatalogueSnapshot> {
  const [change, attributeRows, categoryRows, categoryTextRows, ruleRows, rateRows, ruleRateRows] =
    await Promise.all([
      db.selectFrom('catalogue_changes').select((eb) => eb.fn.max('id').as('version')).executeTakeFirst(),
      db.selectFrom('attributes').selectAll().orderBy('position').orderBy('attribute_id').execute(),
      db.selectFrom('categories').selectAll().orderBy('level').orderBy('position').orderBy('id').execute(),
      db.selectFrom('category_texts').selectAll().execute(),
      db.selectFrom('tax_rules').selectAll().execute(),
      db.selectFrom('tax_rates').selectAll().execute(),
      db.selectFrom('tax_rule_rates').selectAll().execute(),
    ]);

  const attributes: StoredAttribute[] = attributeRows.map((row) => ({
    attribute_id: row.attribute_id,
    attribute_code: row.attribute_code,
    frontend_input: row.frontend_input as StoredAttribute['frontend_input'],
    position: row.position,
    is_filterable: row.is_filterable === 1,
    is_comparable: row.is_comparable === 1,
    is_visible_on_front: row.is_visible_on_front === 1,
    is_searchable: row.is_searchable === 1,
    unit: row.unit,
    labels: JSON.parse(row.labels) as StoredAttribute['labels'],
    options: JSON.parse(row.options) as StoredAttribute['options'],
  }));

  const categoryTexts = groupTexts(categoryTextRows, (r) => r.category_id);
  const categories: StoredCategory[] = categoryRows.map((row) => ({
    id: row.id,
    parent_id: row.parent_id,
    path: row.path,
    level: row.level,
    position: row.position,
    is_active: row.is_active === 1,
    include_in_menu: row.include_in_menu === 1,
    display_mode: row.display_mode as StoredCategory['display_mode'],
    image: row.image,
    thumbnail: row.thumbnail,
    landing_page: row.landing_page,
    texts: perStore(categoryTexts.get(row.id), (t) => ({ name: t.name, url_key: t.url_key, url_path: t.url_path, description: t.description })),
  }));

  // Products are read in batches by id, with their texts, stock and category links, so loading never holds more
  // than one batch of raw rows next to the finished products.
  const products: StoredProduct[] = [];
  const interner = new Interner();
  for (let after = 0; ; ) {
    const productRows = await db.selectFrom('products').selectAll().where('id', '>', after).orderBy('id').limit(batchSize).execute();
    if (productRows.length === 0) break;
    const first = productRows[0]!.id;
    const last = productRows[productRows.length - 1]!.id;
    after = last;
    const [productTextRows, categoryLinks, stockRows] = await Promise.all([
      db.selectFrom('product_texts').select(['product_id', 'store_code', 'name', 'url_key', 'url_path']).where('product_id', '>=', first).where('product_id', '<=', last).execute(),
      db.selectFrom('product_categories').select(['product_id', 'category_id']).where('product_id', '>=', first).where('product_id', '<=', last).execute(),
      db.selectFrom('stock_items').selectAll().where('product_id', '>=', first).where('product_id', '<=', last).execute(),
    ]);
    const productTexts = groupTexts(productTextRows, (r) => r.product_id);
    const stock = new Map(stockRows.map((row) => [row.product_id, row]));
    const links = new Map<number, number[]>();
    for (const link of categoryLinks) {
      const ids = links.get(link.product_id);
      if (ids) ids.push(link.category_id);
      else links.set(link.product_id, [link.category_id]);
    }
    for (const row of productRows) products.push(storedProduct(row, stock.get(row.id), links.get(row.id), productTexts.get(row.id), interner));
  }

  const ratesById = new Map(
    rateRows.map((r) => [
      r.id,
      {
        id: r.id,
        code: r.code,
        rate: Number(r.rate),
        tax_country_id: r.tax_country_id,
        tax_region_id: r.tax_region_id,
        ...(r.region_name === null ? {} : { region_name: r.region_name }),
        ...(r.tax_postcode === null ? {} : { tax_postcode: r.tax_postcode }),
      },
    ]),
  );
  const taxRules: TaxRule[] = ruleRows.map((r) => ({
    id: r.id,
    code: r.code,
    priority: r.priority,
    product_tax_class_ids: JSON.parse(r.product_tax_class_ids) as number[],
    customer_tax_class_ids: JSON.parse(r.customer_tax_class_ids) as number[],
    rates: ruleRateRows.filter((rr) => rr.rule_id === r.id).flatMap((rr) => {
      const rate = ratesById.get(rr.rate_id);
      return rate ? [rate] : [];
    }),
  }));


  return assembleSnapshot({ version: Number(change?.version ?? 0), attributes, categories, products, taxRules });
}

const PRODUCT_BATCH = 5000;

type Row<T extends keyof Database> = Selectable<Database[T]>;

/**
 * One frozen copy per distinct value: thousands of products share the same flags, stock record, category list,
 * multi-valued attribute lists (a product's `misc` or `gem_stones`) and picture folder (`SkuImagePath`), and at
 * 50,000 products a copy each cost about 11 MB, the attribute lists another 4 MB at 100,000. Readers never change
 * these values (documents copy them).
 */
export class Interner {
  private readonly seen = new Map<string, unknown>();

  of<T extends object>(value: T): T {
    const key = JSON.stringify(value);
    const known = this.seen.get(key) as T | undefined;
    if (known) return known;
    this.seen.set(key, Object.freeze(value));
    return value;
  }
}

function storedProduct(
  row: Row<'products'>,
  stock: Row<'stock_items'> | undefined,
  links: number[] | undefined,
  texts: Map<string, Pick<Row<'product_texts'>, 'name' | 'url_key' | 'url_path'>> | undefined,
  interner: Interner,
): StoredProduct {
  const { attributes, flags, child_ids, links: pieces, bundle_options, ...details } = JSON.parse(row.data) as ProductData;
  return {
    id: row.id,
    sku: row.sku,
    type_id: row.type_id as StoredProduct['type_id'],
    status: row.status,
    visibility: row.visibility,
    parent_id: row.parent_id,
    price: Number(row.price),
    special_price: row.special_price === null ? null : Number(row.special_price),
    special_from_date: row.special_from_date,
    special_to_date: row.special_to_date,
    tax_class_id: row.tax_class_id,
    created_at: storedTime(row.created_at),
    updated_at: storedTime(row.updated_at),
    image: storedImage(details.images?.[0]?.path ?? '', row.sku, interner),
    attributes: sharedLists(attributes, interner),
    ...(child_ids ? { child_ids } : {}),
    ...(pieces ? { links: pieces } : {}),
    ...(bundle_options ? { bundle_options } : {}),
    details: encodeDetails(details),
    flags: interner.of(flags),
    stock: interner.of(
      stock
        ? { qty: stock.qty, is_in_stock: stock.is_in_stock === 1, manage_stock: stock.manage_stock === 1, backorders: stock.backorders === 1 }
        : { qty: 0, is_in_stock: false, manage_stock: true, backorders: false },
    ),
    category_ids: interner.of(links ?? []),
    texts: sharedStrings(flatTexts(perStore(texts, (t) => ({ name: t.name, url_key: t.url_key, url_path: t.url_path })))),
  };
}

/** The attribute values, each list of them held once (see `Interner`). */
export function sharedLists(attributes: SourceAttributeValues, interner: Interner): SourceAttributeValues {
  const values = attributes as Record<string, unknown>;
  for (const code of Object.keys(values)) {
    const value = values[code];
    if (Array.isArray(value)) values[code] = interner.of(value);
  }
  return attributes;
}

/**
 * Deflate's preset dictionary for the details: the names and value prefixes most products repeat, so each product's
 * few hundred bytes need not spell them out again. Only this process reads what it deflates: changing it is safe.
 */
const DETAILS_DICTIONARY = Buffer.from(
  '"custom_size_kind":"customprice_gbp":"customprice_usd":"configurable_options":[{"attribute_id":"attribute_code":"label":"position":' +
    '"values":[{"value_index":"allowedcountries":["AT","BE","BG","CY","CZ","DE","DK","EE","ES","FI","FR","GR","HR","HU","IE","IT","LT",' +
    '"LU","LV","MT","NL","PL","PT","RO","SE","SI","SK"],"ean":"871000000"related_links":[{"link_type":"crosssell","sku":"position":' +
    '{"link_type":"related","sku":"{"link_type":"upsell","sku":"{"images":[{"path":"/media/catalog/watch/{"path":"/media/catalog/jewellery/',
  'latin1',
);

/** Products without details share one string. */
const NO_DETAILS = encodeDetailsJson('{}');

function encodeDetailsJson(json: string): string {
  return deflateRawSync(json, { dictionary: DETAILS_DICTIONARY }).toString('latin1');
}

/** The details as `StoredProduct.details` holds them. */
export function encodeDetails(details: Partial<ProductDetails>): string {
  const json = JSON.stringify(details);
  return json === '{}' ? NO_DETAILS : encodeDetailsJson(json);
}

function decodeDetails(encoded: string): ProductDetails {
  const details = JSON.parse(inflateRawSync(Buffer.from(encoded, 'latin1'), { dictionary: DETAILS_DICTIONARY }).toString('utf8')) as ProductDetails;
  details.images ??= [];
  return details;
}

/**
 * Equal texts held once, in a product's texts (`StoredProduct.texts`, changed in place). A quarter of the demo's
 * products carry the same name and url key in both stores: the second store's texts then point at the first store's
 * strings. A product's url path is its url key, or its category's path followed by its url key: the key is then a
 * slice of the path's string (V8 keeps a slice as a pointer into the string it was cut from, about 32 bytes instead
 * of a copy of some 60 characters).
 */
export function sharedStrings(texts: string[]): string[] {
  const fields = PRODUCT_TEXT_FIELDS.length;
  for (let at = 0; at < texts.length; at += fields) {
    if (at > 0) for (let k = 0; k < fields; k++) if (texts[at + k] === texts[k]) texts[at + k] = texts[k]!;
    keyInPath(texts, at);
  }
  return texts;
}

/** The url key as a slice of the url path (or the path as the key), for the store whose texts start at `at`. */
function keyInPath(texts: string[], at: number): void {
  const keyAt = at + TEXT_AT.url_key;
  const pathAt = at + TEXT_AT.url_path;
  const key = texts[keyAt]!;
  const path = texts[pathAt]!;
  if (path === key) texts[pathAt] = key;
  else if (path.length > key.length && path.endsWith(key) && path[path.length - key.length - 1] === '/') texts[keyAt] = path.slice(path.length - key.length);
}

function groupTexts<T extends { store_code: string }>(rows: T[], key: (row: T) => number): Map<number, Map<string, T>> {
  const map = new Map<number, Map<string, T>>();
  for (const row of rows) {
    let inner = map.get(key(row));
    if (!inner) map.set(key(row), (inner = new Map()));
    inner.set(row.store_code, row);
  }
  return map;
}

/** Per-store texts; a store without its own text falls back to the other store's, so nothing shows blank. */
function perStore<T, R>(texts: Map<string, T> | undefined, pick: (t: T) => R): Record<StoreCode, R> {
  const result = {} as Record<StoreCode, R>;
  const fallback = texts ? [...texts.values()][0] : undefined;
  for (const store of STORE_CODES) {
    const own = texts?.get(store) ?? fallback;
    if (own === undefined) throw new Error(`Catalogue row without texts for store ${store}`);
    result[store] = pick(own);
  }
  return result;
}
