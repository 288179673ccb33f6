/**
 * Stores a catalogue import in one transaction (`pnpm shop import`, the demo seed, tests and the bench all come
 * through here):
 *   1. check the file against the shared schemas and, across records, against the stored catalogue (a document
 *      here; a file with one record per line in catalogue.import-file.ts, which keeps only what the checks need);
 *   2. 'replace' empties the catalogue first; 'upsert' keeps every record the file does not mention;
 *   3. write attributes, tax, categories and products (texts, stock, category links) by id, products in batches;
 *   4. recompute category paths, url paths and URL mappings (spec 1 §2) over the merged catalogue, writing only
 *      what changed, and log the import in catalogue_changes.
 * Nothing is written when any record has a problem.
 */
import {
  checkCatalogueImport,
  productSlug,
  STORE_CODES,
  type ImportProblem,
  type ProductRefs,
  type SourceCatalogue,
  type SourceProduct,
  type StoreCode,
  type StoredCatalogueRefs,
} from '@shop/shared';
import { sql, type Insertable, type Transaction } from 'kysely';
import type { Db } from '../../storage/database.ts';
import { lockCatalogueImports, notify } from '../../storage/engine.ts';
import { CATALOGUE_TABLES, type Database } from '../../storage/schema.ts';

/** PostgreSQL sends the new catalogue version (`catalogue_changes.id`) on this channel when an import commits. */
export const CATALOGUE_CHANNEL = 'shop_catalogue';

export type ImportMode = 'replace' | 'upsert';

export interface ImportOptions {
  /** 'replace' for an empty catalogue or a fresh start (the demo seed); 'upsert' keeps what the file leaves out. */
  mode: ImportMode;
  useUrlKeys: boolean;
  now: Date;
  /** Where the catalogue came from, for the change log: a file name, "demo seed 42". */
  origin: string;
}

export interface ImportCounts {
  attributes: number;
  categories: number;
  products: number;
  taxClasses: number;
  taxRules: number;
}

/** Per kind, the records the file held; then how many of them were new and how many replaced a stored one. */
export interface ImportSummary extends ImportCounts {
  mode: ImportMode;
  created: ImportCounts;
  updated: ImportCounts;
  /** URL mappings in the catalogue after the import. */
  urlRewrites: number;
  /** URL mappings the import wrote or removed. */
  urlRewritesChanged: number;
}

export class CatalogueImportError extends Error {
  override name = 'CatalogueImportError';
  constructor(readonly problems: ImportProblem[]) {
    super(`The catalogue import has ${problems.length} problem(s); nothing was imported`);
  }
}

const bool = (v: boolean) => (v ? 1 : 0);
type Trx = Transaction<Database>;
type UrlPaths = Record<StoreCode, Map<number, string>>;
type StoreKeys = Record<StoreCode, { url_key: string }>;

/**
 * Each category's url_path in a store: the url keys of its ancestors below the root, joined by '/'. Two
 * categories that would share a path (siblings with the same url key) get the id appended to the later one.
 */
export function categoryUrlPaths(categories: ReadonlyArray<{ id: number; parent_id: number; stores: StoreKeys }>, store: StoreCode): Map<number, string> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const paths = new Map<number, string>();
  const taken = new Set<string>();
  const resolve = (id: number, guard = 0): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const category = byId.get(id);
    if (!category || guard > 32) return '';
    const parentPath = byId.has(category.parent_id) ? resolve(category.parent_id, guard + 1) : '';
    const isRoot = !byId.has(category.parent_id) || category.parent_id <= 1;
    const own = isRoot ? '' : category.stores[store].url_key;
    let value = [parentPath, own].filter(Boolean).join('/');
    if (value !== '' && taken.has(value)) value = `${value}-${id}`;
    if (value !== '') taken.add(value);
    paths.set(id, value);
    return value;
  };
  for (const c of categories) resolve(c.id);
  return paths;
}

export function categoryPaths(categories: ReadonlyArray<{ id: number; parent_id: number }>): Map<number, string> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const result = new Map<number, string>();
  for (const c of categories) {
    const ids: number[] = [c.id];
    let parent = byId.get(c.parent_id);
    let parentId = c.parent_id;
    while (parent && ids.length < 32) {
      ids.unshift(parent.id);
      parentId = parent.parent_id;
      parent = byId.get(parent.parent_id);
    }
    if (parentId > 0) ids.unshift(parentId);
    result.set(c.id, ids.join('/'));
  }
  return result;
}

/** The deepest of a product's categories gives its url_path prefix, so the product sits where a shopper finds it. */
function primaryCategoryId(categoryIds: readonly number[], levels: ReadonlyMap<number, number>): number | undefined {
  let best: number | undefined;
  for (const id of categoryIds) {
    if (best === undefined || (levels.get(id) ?? 0) > (levels.get(best) ?? 0)) best = id;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------------
// What is stored: enough to check the file against, to merge url paths and to write only what changed.

interface StoredCategory {
  id: number;
  parent_id: number;
  path: string;
  level: number;
  stores: Record<StoreCode, { url_key: string; url_path: string }>;
}

interface StoredProduct {
  id: number;
  sku: string;
  refs: ProductRefs;
  stores: Record<StoreCode, { name: string; url_key: string; url_path: string }>;
  /** category id -> position, in the order the links were written (the product's own category order). */
  positions: Map<number, number>;
}

interface StoredCatalogue {
  refs: StoredCatalogueRefs;
  categories: Map<number, StoredCategory>;
  products: Map<number, StoredProduct>;
  attributeCodes: Map<number, string>;
  taxRuleCodes: Map<number, string>;
  taxRateCodes: Map<number, string>;
  taxClassIds: Set<number>;
  /** "store\u0000path" -> "type:id" */
  rewrites: Map<string, string>;
  maxPositions: Map<number, number>;
}

const EMPTY: StoredCatalogue = {
  refs: { attributes: [], categories: [], products: [], taxClasses: [], taxRules: [], taxRates: [] },
  categories: new Map(),
  products: new Map(),
  attributeCodes: new Map(),
  taxRuleCodes: new Map(),
  taxRateCodes: new Map(),
  taxClassIds: new Set(),
  rewrites: new Map(),
  maxPositions: new Map(),
};

type ProductData = Pick<SourceProduct, 'attributes' | 'configurable_options' | 'child_ids' | 'links' | 'bundle_options'>;

function perStore<R>(rows: Map<string, R> | undefined, fallback: R): Record<StoreCode, R> {
  return Object.fromEntries(STORE_CODES.map((s) => [s, rows?.get(s) ?? fallback])) as Record<StoreCode, R>;
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

async function loadStored(trx: Trx): Promise<StoredCatalogue> {
  const [attributes, categories, categoryTexts, products, productTexts, links, taxClasses, taxRules, taxRates, rewrites] = await Promise.all([
    trx.selectFrom('attributes').select(['attribute_id', 'attribute_code', 'frontend_input', 'options']).execute(),
    trx.selectFrom('categories').select(['id', 'parent_id', 'path', 'level']).execute(),
    trx.selectFrom('category_texts').select(['category_id', 'store_code', 'url_key', 'url_path']).execute(),
    trx.selectFrom('products').select(['id', 'sku', 'type_id', 'parent_id', 'tax_class_id', 'data']).execute(),
    trx.selectFrom('product_texts').select(['product_id', 'store_code', 'name', 'url_key', 'url_path']).execute(),
    // No ORDER BY: rows come back in the order they were written, which is each product's own category order
    // (the snapshot reads them the same way).
    trx.selectFrom('product_categories').select(['product_id', 'category_id', 'position']).execute(),
    trx.selectFrom('tax_classes').select(['id', 'type']).execute(),
    trx.selectFrom('tax_rules').select(['id', 'code', 'product_tax_class_ids', 'customer_tax_class_ids']).execute(),
    trx.selectFrom('tax_rates').select(['id', 'code']).execute(),
    trx.selectFrom('url_rewrites').selectAll().execute(),
  ]);

  const categoryTextsById = groupBy(categoryTexts, (t) => t.category_id);
  const storedCategories = new Map<number, StoredCategory>(
    categories.map((c) => {
      const texts = new Map((categoryTextsById.get(c.id) ?? []).map((t) => [t.store_code, { url_key: t.url_key, url_path: t.url_path }]));
      return [c.id, { ...c, stores: perStore(texts, { url_key: '', url_path: '' }) }];
    }),
  );

  const productTextsById = groupBy(productTexts, (t) => t.product_id);
  const linksById = groupBy(links, (l) => l.product_id);
  const maxPositions = new Map<number, number>();
  for (const link of links) maxPositions.set(link.category_id, Math.max(maxPositions.get(link.category_id) ?? 0, link.position));
  const storedProducts = new Map<number, StoredProduct>(
    products.map((p) => {
      const data = JSON.parse(p.data) as ProductData;
      const texts = new Map((productTextsById.get(p.id) ?? []).map((t) => [t.store_code, { name: t.name, url_key: t.url_key, url_path: t.url_path }]));
      const stores = perStore(texts, { name: '', url_key: '', url_path: '' });
      const positions = new Map((linksById.get(p.id) ?? []).map((l) => [l.category_id, l.position]));
      const refs: ProductRefs = {
        id: p.id,
        sku: p.sku,
        type_id: p.type_id as ProductRefs['type_id'],
        tax_class_id: p.tax_class_id,
        category_ids: [...positions.keys()],
        attributes: data.attributes ?? {},
        ...(p.parent_id === null ? {} : { parent_id: p.parent_id }),
        ...(data.configurable_options ? { configurable_options: data.configurable_options } : {}),
        ...(data.child_ids ? { child_ids: data.child_ids } : {}),
        ...(data.links ? { links: data.links } : {}),
        ...(data.bundle_options ? { bundle_options: data.bundle_options } : {}),
        url_keys: { nl: stores.nl.url_key, en: stores.en.url_key },
      };
      return [p.id, { id: p.id, sku: p.sku, refs, stores, positions }];
    }),
  );

  const attributeRefs = attributes.map((a) => ({
    attribute_id: a.attribute_id,
    attribute_code: a.attribute_code,
    frontend_input: a.frontend_input as StoredCatalogueRefs['attributes'][number]['frontend_input'],
    options: JSON.parse(a.options) as Array<{ value: string }>,
  }));
  return {
    refs: {
      attributes: attributeRefs,
      categories: [...storedCategories.values()].map((c) => ({ id: c.id, parent_id: c.parent_id, url_keys: { nl: c.stores.nl.url_key, en: c.stores.en.url_key } })),
      products: [...storedProducts.values()].map((p) => p.refs),
      taxClasses: taxClasses.map((c) => ({ id: c.id, type: c.type as 'PRODUCT' | 'CUSTOMER' })),
      taxRules: taxRules.map((r) => ({
        id: r.id,
        code: r.code,
        product_tax_class_ids: JSON.parse(r.product_tax_class_ids) as number[],
        customer_tax_class_ids: JSON.parse(r.customer_tax_class_ids) as number[],
      })),
      taxRates,
    },
    categories: storedCategories,
    products: storedProducts,
    attributeCodes: new Map(attributes.map((a) => [a.attribute_id, a.attribute_code])),
    taxRuleCodes: new Map(taxRules.map((r) => [r.id, r.code])),
    taxRateCodes: new Map(taxRates.map((r) => [r.id, r.code])),
    taxClassIds: new Set(taxClasses.map((c) => c.id)),
    rewrites: new Map(rewrites.map((r) => [`${r.store_code}\u0000${r.request_path}`, `${r.entity_type}:${r.entity_id}`])),
    maxPositions,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Writing.

const BATCH_VARIABLES = 900;

/** Inserts rows; with `conflict` columns, a row whose key exists updates every other column instead. */
async function writeInBatches<T extends keyof Database>(trx: Trx, table: T, rows: Insertable<Database[T]>[], conflict?: readonly string[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object);
  const batch = Math.max(1, Math.floor(BATCH_VARIABLES / columns.length));
  const updates = Object.fromEntries(columns.filter((c) => !conflict?.includes(c)).map((c) => [c, sql.ref(`excluded.${c}`)]));
  for (let i = 0; i < rows.length; i += batch) {
    // Kysely's generic insert typing cannot follow a table name held in a type parameter.
    const insert = trx.insertInto(table).values(rows.slice(i, i + batch) as never);
    await (conflict ? insert.onConflict((oc) => oc.columns(conflict as never).doUpdateSet(updates as never)) : insert).execute();
  }
}

async function deleteWhereIn(trx: Trx, table: keyof Database, column: string, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += BATCH_VARIABLES) {
    await sql`delete from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(ids.slice(i, i + BATCH_VARIABLES))})`.execute(trx);
  }
}

/**
 * A record renamed by the file (a new sku, attribute code or tax code) parks its old key first, so that two
 * records swapping keys in one import never meet the unique index halfway.
 */
async function parkRenamed(trx: Trx, table: 'products' | 'attributes' | 'tax_rules' | 'tax_rates', keyColumn: string, idColumn: string, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += BATCH_VARIABLES) {
    await trx
      .updateTable(table)
      .set({ [keyColumn]: sql`${'\u0001renamed-'} || ${sql.ref(idColumn)}` } as never)
      .where(sql.ref(idColumn), 'in', ids.slice(i, i + BATCH_VARIABLES))
      .execute();
  }
}

function counts(ids: Record<keyof ImportCounts, readonly number[]>, isStored: Record<keyof ImportCounts, (id: number) => boolean>): { created: ImportCounts; updated: ImportCounts } {
  const created = {} as ImportCounts;
  const updated = {} as ImportCounts;
  for (const key of Object.keys(ids) as Array<keyof ImportCounts>) {
    updated[key] = ids[key].filter((id) => isStored[key](id)).length;
    created[key] = ids[key].length - updated[key];
  }
  return { created, updated };
}

/** A product as far as writing needs it before its full record comes: keys, categories and the texts of its url path. */
export interface ProductPlan {
  id: number;
  sku: string;
  category_ids: readonly number[];
  stores: Record<StoreCode, { name: string; url_key: string }>;
}

export const productPlan = (p: SourceProduct): ProductPlan => ({
  id: p.id,
  sku: p.sku,
  category_ids: p.category_ids,
  stores: Object.fromEntries(STORE_CODES.map((s) => [s, { name: p.stores[s].name, url_key: p.stores[s].url_key }])) as ProductPlan['stores'],
});

/**
 * An import whose records passed every check, ready to be written. The small sections are whole; products are
 * planned up front and their full records come in batches, in file order, so a file of any size is never held at once.
 */
export interface CheckedImport extends Pick<SourceCatalogue, 'attributes' | 'categories' | 'taxClasses' | 'taxRules'> {
  products: readonly ProductPlan[];
  productBatches: () => AsyncIterable<readonly SourceProduct[]>;
}

export const PRODUCT_BATCH = 1000;

/** Checks run against what the catalogue holds (nothing for 'replace'); they throw CatalogueImportError on a problem. */
export type ImportCheckStep = (stored: StoredCatalogueRefs) => CheckedImport | Promise<CheckedImport>;

export async function importCatalogue(db: Db, source: unknown, options: ImportOptions): Promise<ImportSummary> {
  return storeCatalogueImport(db, options, (stored) => {
    const check = checkCatalogueImport(source, stored);
    if (!check.ok) throw new CatalogueImportError(check.problems);
    const { products, ...rest } = check.catalogue;
    return {
      ...rest,
      products: products.map(productPlan),
      async *productBatches() {
        for (let i = 0; i < products.length; i += PRODUCT_BATCH) yield products.slice(i, i + PRODUCT_BATCH);
      },
    };
  });
}

/** Steps 2 to 4 of the header, in one transaction, for the records `check` passes (a document, or a file read line by line). */
export async function storeCatalogueImport(db: Db, options: ImportOptions, check: ImportCheckStep): Promise<ImportSummary> {
  return db.transaction().execute(async (trx) => {
    // PostgreSQL: one import at a time, from its first read on, so each reads what the previous one wrote and the
    // catalogue versions (catalogue_changes ids) come in commit order.
    await lockCatalogueImports(trx);
    const stored = options.mode === 'replace' ? EMPTY : await loadStored(trx);
    const file = await check(stored.refs);
    if (options.mode === 'replace') {
      for (const table of CATALOGUE_TABLES) await trx.deleteFrom(table).execute();
    }

    const rates = new Map(file.taxRules.flatMap((r) => r.rates).map((rate) => [rate.id, rate]));
    const { created, updated } = counts(
      {
        attributes: file.attributes.map((a) => a.attribute_id),
        categories: file.categories.map((c) => c.id),
        products: file.products.map((p) => p.id),
        taxClasses: file.taxClasses.map((c) => c.id),
        taxRules: file.taxRules.map((r) => r.id),
      },
      {
        attributes: (id) => stored.attributeCodes.has(id),
        categories: (id) => stored.categories.has(id),
        products: (id) => stored.products.has(id),
        taxClasses: (id) => stored.taxClassIds.has(id),
        taxRules: (id) => stored.taxRuleCodes.has(id),
      },
    );

    await writeAttributesAndTax(trx, file, stored, [...rates.values()]);
    const urls = mergedUrls(file, stored, options.useUrlKeys);
    await writeCategories(trx, file, stored, urls);
    await writeProducts(trx, file, stored, urls);
    const rewrites = await writeUrlRewrites(trx, stored, urls);

    const summary: ImportSummary = {
      attributes: file.attributes.length,
      categories: file.categories.length,
      products: file.products.length,
      taxClasses: file.taxClasses.length,
      taxRules: file.taxRules.length,
      mode: options.mode,
      created,
      updated,
      urlRewrites: rewrites.total,
      urlRewritesChanged: rewrites.changed,
    };
    const change = await trx
      .insertInto('catalogue_changes')
      .values({ kind: 'import', detail: JSON.stringify({ origin: options.origin, ...summary }), created_at: options.now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Other instances hear of the new version when this commits (PostgreSQL; one instance on SQLite).
    await notify(trx, CATALOGUE_CHANNEL, String(change.id));
    return summary;
  });
}

async function writeAttributesAndTax(trx: Trx, file: CheckedImport, stored: StoredCatalogue, rates: SourceCatalogue['taxRules'][number]['rates']): Promise<void> {
  const renamed = <T>(items: readonly T[], id: (item: T) => number, key: (item: T) => string, codes: ReadonlyMap<number, string>) =>
    items.filter((item) => codes.has(id(item)) && codes.get(id(item)) !== key(item)).map(id);

  await parkRenamed(trx, 'attributes', 'attribute_code', 'attribute_id', renamed(file.attributes, (a) => a.attribute_id, (a) => a.attribute_code, stored.attributeCodes));
  await writeInBatches(
    trx,
    'attributes',
    file.attributes.map((a) => ({
      attribute_id: a.attribute_id,
      attribute_code: a.attribute_code,
      frontend_input: a.frontend_input,
      position: a.position,
      is_filterable: bool(a.is_filterable),
      is_comparable: bool(a.is_comparable),
      is_visible_on_front: bool(a.is_visible_on_front),
      is_searchable: bool(a.is_searchable),
      unit: a.unit ?? null,
      labels: JSON.stringify(a.labels),
      options: JSON.stringify(a.options),
    })),
    ['attribute_id'],
  );

  await writeInBatches(trx, 'tax_classes', file.taxClasses.map((c) => ({ id: c.id, name: c.name, type: c.type })), ['id']);
  await parkRenamed(trx, 'tax_rates', 'code', 'id', renamed(rates, (r) => r.id, (r) => r.code, stored.taxRateCodes));
  await writeInBatches(
    trx,
    'tax_rates',
    rates.map((r) => ({
      id: r.id,
      code: r.code,
      rate: r.rate,
      tax_country_id: r.tax_country_id,
      tax_region_id: r.tax_region_id ?? null,
      region_name: r.region_name ?? null,
      tax_postcode: r.tax_postcode ?? null,
    })),
    ['id'],
  );
  await parkRenamed(trx, 'tax_rules', 'code', 'id', renamed(file.taxRules, (r) => r.id, (r) => r.code, stored.taxRuleCodes));
  await writeInBatches(
    trx,
    'tax_rules',
    file.taxRules.map((r) => ({
      id: r.id,
      code: r.code,
      priority: r.priority,
      product_tax_class_ids: JSON.stringify(r.product_tax_class_ids),
      customer_tax_class_ids: JSON.stringify(r.customer_tax_class_ids),
    })),
    ['id'],
  );
  await deleteWhereIn(trx, 'tax_rule_rates', 'rule_id', file.taxRules.map((r) => r.id).filter((id) => stored.taxRuleCodes.has(id)));
  await writeInBatches(trx, 'tax_rule_rates', file.taxRules.flatMap((r) => r.rates.map((rate) => ({ rule_id: r.id, rate_id: rate.id }))));
}

interface MergedUrls {
  paths: Map<number, string>;
  levels: Map<number, number>;
  categoryUrls: UrlPaths;
  productUrls: UrlPaths;
  categoryIds: number[];
  productIds: number[];
}

/** Category paths and url paths, and product url paths, for the catalogue as it is after the import. */
function mergedUrls(file: CheckedImport, stored: StoredCatalogue, useUrlKeys: boolean): MergedUrls {
  const categories = new Map<number, { id: number; parent_id: number; stores: StoreKeys }>();
  for (const c of stored.categories.values()) categories.set(c.id, c);
  for (const c of file.categories) categories.set(c.id, c);
  const byId = [...categories.values()].sort((a, b) => a.id - b.id);
  const paths = categoryPaths(byId);
  const levels = new Map([...paths].map(([id, p]) => [id, p.split('/').length - 1]));
  const categoryUrls = Object.fromEntries(STORE_CODES.map((s) => [s, categoryUrlPaths(byId, s)])) as UrlPaths;

  const products = new Map<number, { id: number; category_ids: readonly number[]; stores: Record<StoreCode, { name: string; url_key: string }> }>();
  for (const p of stored.products.values()) products.set(p.id, { id: p.id, category_ids: p.refs.category_ids, stores: p.stores });
  for (const p of file.products) products.set(p.id, p);
  const productIds = [...products.keys()].sort((a, b) => a - b);
  const productUrls: UrlPaths = { nl: new Map(), en: new Map() };
  for (const store of STORE_CODES) {
    // Category paths come first; a product whose path a category already has gets its id appended.
    const taken = new Set([...categoryUrls[store].values()].filter(Boolean));
    for (const id of productIds) {
      const product = products.get(id);
      if (!product) continue;
      const texts = product.stores[store];
      const slug = productSlug({ name: texts.name, id, url_key: texts.url_key }, useUrlKeys);
      const primary = primaryCategoryId([...new Set(product.category_ids)], levels);
      const prefix = primary === undefined ? '' : (categoryUrls[store].get(primary) ?? '');
      let url = [prefix, slug].filter(Boolean).join('/');
      if (taken.has(url)) url = `${url}-${id}`;
      taken.add(url);
      productUrls[store].set(id, url);
    }
  }
  return { paths, levels, categoryUrls, productUrls, categoryIds: byId.map((c) => c.id), productIds };
}

async function writeCategories(trx: Trx, file: CheckedImport, stored: StoredCatalogue, urls: MergedUrls): Promise<void> {
  await writeInBatches(
    trx,
    'categories',
    file.categories.map((c) => ({
      id: c.id,
      parent_id: c.parent_id,
      path: urls.paths.get(c.id) ?? String(c.id),
      level: urls.levels.get(c.id) ?? 0,
      position: c.position,
      is_active: bool(c.is_active),
      include_in_menu: bool(c.include_in_menu),
      display_mode: c.display_mode,
      image: c.image ?? null,
      thumbnail: c.thumbnail ?? null,
      landing_page: c.landing_page ?? null,
    })),
    ['id'],
  );
  await deleteWhereIn(trx, 'category_texts', 'category_id', file.categories.map((c) => c.id).filter((id) => stored.categories.has(id)));
  await writeInBatches(
    trx,
    'category_texts',
    file.categories.flatMap((c) =>
      STORE_CODES.map((store) => ({
        category_id: c.id,
        store_code: store,
        name: c.stores[store].name,
        url_key: c.stores[store].url_key,
        url_path: urls.categoryUrls[store].get(c.id) ?? '',
        description: c.stores[store].description ?? null,
      })),
    ),
  );

  // Stored categories the file does not mention move when an ancestor does.
  const inFile = new Set(file.categories.map((c) => c.id));
  for (const c of stored.categories.values()) {
    if (inFile.has(c.id)) continue;
    const path = urls.paths.get(c.id) ?? c.path;
    const level = urls.levels.get(c.id) ?? c.level;
    if (path !== c.path || level !== c.level) await trx.updateTable('categories').set({ path, level }).where('id', '=', c.id).execute();
    for (const store of STORE_CODES) {
      const url_path = urls.categoryUrls[store].get(c.id) ?? '';
      if (url_path !== c.stores[store].url_path) {
        await trx.updateTable('category_texts').set({ url_path }).where('category_id', '=', c.id).where('store_code', '=', store).execute();
      }
    }
  }
}

async function writeProducts(trx: Trx, file: CheckedImport, stored: StoredCatalogue, urls: MergedUrls): Promise<void> {
  // Before any batch: a product's old texts, links, stock and sku make way, so no batch meets a key a later one frees.
  const existing = file.products.map((p) => p.id).filter((id) => stored.products.has(id));
  for (const table of ['product_texts', 'product_categories', 'stock_items'] as const) await deleteWhereIn(trx, table, 'product_id', existing);
  await parkRenamed(trx, 'products', 'sku', 'id', file.products.filter((p) => (stored.products.get(p.id)?.sku ?? p.sku) !== p.sku).map((p) => p.id));

  // A product keeps its place in a category it was already in; new members join at the end, in file order.
  const next = new Map(stored.maxPositions);
  let planned = 0;
  for await (const batch of file.productBatches()) {
    for (const p of batch) {
      // The batches must bring the products that were checked, in the same order (a file re-read must not have changed).
      if (file.products[planned]?.id !== p.id) throw new Error(`The import's products changed while it ran (expected product ${file.products[planned]?.id ?? 'none'}, got ${p.id}); nothing was imported`);
      planned++;
    }
    await writeProductBatch(trx, batch, stored, urls, next);
  }
  if (planned !== file.products.length) throw new Error(`The import's products changed while it ran (${file.products.length} checked, ${planned} read); nothing was imported`);

  // Stored products the file does not mention move when their category does (or a name clash shifts them).
  const inFile = new Set(file.products.map((p) => p.id));
  for (const p of stored.products.values()) {
    if (inFile.has(p.id)) continue;
    for (const store of STORE_CODES) {
      const url_path = urls.productUrls[store].get(p.id) ?? '';
      if (url_path !== p.stores[store].url_path) {
        await trx.updateTable('product_texts').set({ url_path }).where('product_id', '=', p.id).where('store_code', '=', store).execute();
      }
    }
  }
}

async function writeProductBatch(trx: Trx, products: readonly SourceProduct[], stored: StoredCatalogue, urls: MergedUrls, next: Map<number, number>): Promise<void> {
  await writeInBatches(
    trx,
    'products',
    products.map((p) => {
      const { id, sku, type_id, status, visibility, price, special_price, special_from_date, special_to_date, tax_class_id, created_at, updated_at, stores: _stores, stock: _stock, category_ids: _categories, parent_id, ...rest } = p;
      return {
        id,
        sku,
        type_id,
        status,
        visibility,
        parent_id: parent_id ?? null,
        price,
        special_price: special_price ?? null,
        special_from_date: special_from_date ?? null,
        special_to_date: special_to_date ?? null,
        tax_class_id,
        created_at,
        updated_at,
        data: JSON.stringify(rest),
      };
    }),
    ['id'],
  );
  await writeInBatches(
    trx,
    'product_texts',
    products.flatMap((p) =>
      STORE_CODES.map((store) => ({
        product_id: p.id,
        store_code: store,
        name: p.stores[store].name,
        url_key: p.stores[store].url_key,
        url_path: urls.productUrls[store].get(p.id) ?? '',
        description: p.stores[store].description ?? null,
        short_description: p.stores[store].short_description ?? null,
      })),
    ),
  );
  await writeInBatches(
    trx,
    'product_categories',
    products.flatMap((p) =>
      [...new Set(p.category_ids)].map((category_id) => {
        let position = stored.products.get(p.id)?.positions.get(category_id);
        if (position === undefined) {
          position = (next.get(category_id) ?? 0) + 1;
          next.set(category_id, position);
        }
        return { product_id: p.id, category_id, position };
      }),
    ),
  );
  await writeInBatches(
    trx,
    'stock_items',
    products.map((p) => ({
      product_id: p.id,
      sku: p.sku,
      qty: p.stock.qty,
      is_in_stock: bool(p.stock.is_in_stock),
      manage_stock: bool(p.stock.manage_stock),
      backorders: bool(p.stock.backorders),
    })),
  );
}

/** The URL mappings of every category and product path (spec 1 §2), brought in line with the merged catalogue. */
async function writeUrlRewrites(trx: Trx, stored: StoredCatalogue, urls: MergedUrls): Promise<{ total: number; changed: number }> {
  const wanted = new Map<string, { store_code: StoreCode; request_path: string; entity_type: 'category' | 'product'; entity_id: number }>();
  for (const store of STORE_CODES) {
    for (const id of urls.categoryIds) {
      const path = urls.categoryUrls[store].get(id) ?? '';
      if (path !== '') wanted.set(`${store}\u0000${path}`, { store_code: store, request_path: path, entity_type: 'category', entity_id: id });
    }
    for (const id of urls.productIds) {
      const path = urls.productUrls[store].get(id) ?? '';
      wanted.set(`${store}\u0000${path}`, { store_code: store, request_path: path, entity_type: 'product', entity_id: id });
    }
  }
  const stale = [...stored.rewrites].filter(([key, target]) => {
    const row = wanted.get(key);
    return !row || `${row.entity_type}:${row.entity_id}` !== target;
  });
  for (const store of STORE_CODES) {
    const paths = stale.filter(([key]) => key.startsWith(`${store}\u0000`)).map(([key]) => key.slice(store.length + 1));
    for (let i = 0; i < paths.length; i += BATCH_VARIABLES) {
      await trx.deleteFrom('url_rewrites').where('store_code', '=', store).where('request_path', 'in', paths.slice(i, i + BATCH_VARIABLES)).execute();
    }
  }
  const fresh = [...wanted].filter(([key, row]) => stored.rewrites.get(key) !== `${row.entity_type}:${row.entity_id}`).map(([, row]) => row);
  await writeInBatches(trx, 'url_rewrites', fresh);
  return { total: wanted.size, changed: fresh.length + stale.filter(([key]) => !wanted.has(key)).length };
}
