/**
 * Replaces the stored catalogue with a source catalogue in one transaction: attributes, categories, products
 * with their per-store texts, stock, tax and the URL mappings (spec 1 §2) derived from url keys.
 */
import { productSlug, STORE_CODES, type StoreCode } from '@shop/shared';
import type { Db } from '../../storage/database.ts';
import { CATALOGUE_TABLES, type Database } from '../../storage/schema.ts';
import type { SourceCatalogue, SourceCategory, SourceProduct } from '../../storage/seed/catalogue-source.ts';
import type { Insertable, Transaction } from 'kysely';

export interface ImportOptions {
  useUrlKeys: boolean;
  now: Date;
}

export interface ImportSummary {
  attributes: number;
  categories: number;
  products: number;
  urlRewrites: number;
}

const bool = (v: boolean) => (v ? 1 : 0);

/**
 * Each category's url_path in a store: the url keys of its ancestors below the root, joined by '/'. Two
 * categories that would share a path (siblings with the same url key) get the id appended to the later one.
 */
export function categoryUrlPaths(categories: readonly SourceCategory[], store: StoreCode): Map<number, string> {
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

export function categoryPaths(categories: readonly SourceCategory[]): Map<number, string> {
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
function primaryCategoryId(product: SourceProduct, levels: ReadonlyMap<number, number>): number | undefined {
  let best: number | undefined;
  for (const id of product.category_ids) {
    if (best === undefined || (levels.get(id) ?? 0) > (levels.get(best) ?? 0)) best = id;
  }
  return best;
}

async function insertInBatches<T extends keyof Database>(trx: Transaction<Database>, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const batch = Math.max(1, Math.floor(900 / columns));
  for (let i = 0; i < rows.length; i += batch) {
    // Kysely's generic insert typing cannot follow a table name held in a type parameter.
    await trx.insertInto(table).values(rows.slice(i, i + batch) as never).execute();
  }
}

export async function importCatalogue(db: Db, source: SourceCatalogue, options: ImportOptions): Promise<ImportSummary> {
  const paths = categoryPaths(source.categories);
  const levels = new Map([...paths].map(([id, p]) => [id, p.split('/').length - 1]));
  const categoryUrls = Object.fromEntries(STORE_CODES.map((s) => [s, categoryUrlPaths(source.categories, s)])) as Record<StoreCode, Map<number, string>>;

  const productUrls: Record<StoreCode, Map<number, string>> = { nl: new Map(), en: new Map() };
  const taken: Record<StoreCode, Set<string>> = { nl: new Set(), en: new Set() };
  for (const store of STORE_CODES) {
    for (const c of source.categories) {
      const p = categoryUrls[store].get(c.id);
      if (p) taken[store].add(p);
    }
    for (const product of source.products) {
      const texts = product.stores[store];
      const slug = productSlug({ name: texts.name, id: product.id, url_key: texts.url_key }, options.useUrlKeys);
      const primary = primaryCategoryId(product, levels);
      const prefix = primary === undefined ? '' : (categoryUrls[store].get(primary) ?? '');
      let url = [prefix, slug].filter(Boolean).join('/');
      if (taken[store].has(url)) url = `${url}-${product.id}`;
      taken[store].add(url);
      productUrls[store].set(product.id, url);
    }
  }

  // Position inside each category follows the source order, which is how a merchandiser would list them.
  const positions = new Map<number, number>();
  let urlRewrites = 0;
  await db.transaction().execute(async (trx) => {
    for (const table of CATALOGUE_TABLES) await trx.deleteFrom(table).execute();

    await insertInBatches(
      trx,
      'attributes',
      source.attributes.map((a) => ({
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
    );

    await insertInBatches(
      trx,
      'categories',
      source.categories.map((c) => ({
        id: c.id,
        parent_id: c.parent_id,
        path: paths.get(c.id) ?? String(c.id),
        level: levels.get(c.id) ?? 0,
        position: c.position,
        is_active: bool(c.is_active),
        include_in_menu: bool(c.include_in_menu),
        display_mode: c.display_mode,
        image: c.image ?? null,
      })),
    );
    await insertInBatches(
      trx,
      'category_texts',
      source.categories.flatMap((c) =>
        STORE_CODES.map((store) => ({
          category_id: c.id,
          store_code: store,
          name: c.stores[store].name,
          url_key: c.stores[store].url_key,
          url_path: categoryUrls[store].get(c.id) ?? '',
          description: c.stores[store].description ?? null,
        })),
      ),
    );

    await insertInBatches(
      trx,
      'products',
      source.products.map((p) => {
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
    );
    await insertInBatches(
      trx,
      'product_texts',
      source.products.flatMap((p) =>
        STORE_CODES.map((store) => ({
          product_id: p.id,
          store_code: store,
          name: p.stores[store].name,
          url_key: p.stores[store].url_key,
          url_path: productUrls[store].get(p.id) ?? '',
          description: p.stores[store].description ?? null,
          short_description: p.stores[store].short_description ?? null,
        })),
      ),
    );
    await insertInBatches(
      trx,
      'product_categories',
      source.products.flatMap((p) =>
        [...new Set(p.category_ids)].map((category_id) => {
          const position = (positions.get(category_id) ?? 0) + 1;
          positions.set(category_id, position);
          return { product_id: p.id, category_id, position };
        }),
      ),
    );
    await insertInBatches(
      trx,
      'stock_items',
      source.products.map((p) => ({
        product_id: p.id,
        sku: p.sku,
        qty: p.stock.qty,
        is_in_stock: bool(p.stock.is_in_stock),
        manage_stock: bool(p.stock.manage_stock),
        backorders: bool(p.stock.backorders),
      })),
    );

    await insertInBatches(trx, 'tax_classes', source.taxClasses.map((c) => ({ id: c.id, name: c.name, type: c.type })));
    const rates = new Map(source.taxRules.flatMap((r) => r.rates).map((rate) => [rate.id, rate]));
    await insertInBatches(
      trx,
      'tax_rates',
      [...rates.values()].map((r) => ({
        id: r.id,
        code: r.code,
        rate: r.rate,
        tax_country_id: r.tax_country_id,
        tax_region_id: r.tax_region_id ?? null,
        region_name: r.region_name ?? null,
        tax_postcode: r.tax_postcode ?? null,
      })),
    );
    await insertInBatches(
      trx,
      'tax_rules',
      source.taxRules.map((r) => ({
        id: r.id,
        code: r.code,
        priority: r.priority,
        product_tax_class_ids: JSON.stringify(r.product_tax_class_ids),
        customer_tax_class_ids: JSON.stringify(r.customer_tax_class_ids),
      })),
    );
    await insertInBatches(trx, 'tax_rule_rates', source.taxRules.flatMap((r) => r.rates.map((rate) => ({ rule_id: r.id, rate_id: rate.id }))));

    const rewrites = STORE_CODES.flatMap((store) => [
      ...source.categories
        .filter((c) => (categoryUrls[store].get(c.id) ?? '') !== '')
        .map((c) => ({ store_code: store, request_path: categoryUrls[store].get(c.id) ?? '', entity_type: 'category' as const, entity_id: c.id })),
      ...source.products.map((p) => ({ store_code: store, request_path: productUrls[store].get(p.id) ?? '', entity_type: 'product' as const, entity_id: p.id })),
    ]);
    urlRewrites = rewrites.length;
    await insertInBatches(trx, 'url_rewrites', rewrites);

    await trx
      .insertInto('catalogue_changes')
      .values({ kind: 'import', detail: JSON.stringify({ seed: source.seed, products: source.products.length }), created_at: options.now.toISOString() })
      .execute();
  });

  return { attributes: source.attributes.length, categories: source.categories.length, products: source.products.length, urlRewrites };
}
