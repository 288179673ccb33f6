/**
 * The catalogue as one immutable in-memory snapshot, read from the database in a handful of queries.
 * The search index and the document builders work on it; a catalogue change produces a new snapshot.
 */
import { STORE_CODES, type ConfigurableOption, type StoreCode, type TaxRule } from '@shop/shared';
import type { Db } from '../../storage/database.ts';
import type { SourceAttribute, SourceAttributeValues, SourceImage, SourceProduct } from '../../storage/seed/catalogue-source.ts';

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
  created_at: string;
  updated_at: string;
  images: SourceImage[];
  attributes: SourceAttributeValues;
  flags: SourceProduct['flags'];
  ean?: string;
  customprice_usd?: number;
  customprice_gbp?: number;
  configurable_options?: ConfigurableOption[];
  child_ids?: number[];
  links?: SourceProduct['links'];
  bundle_options?: SourceProduct['bundle_options'];
  stock: { qty: number; is_in_stock: boolean; manage_stock: boolean; backorders: boolean };
  category_ids: number[];
  /** category id -> position inside that category */
  category_positions: Map<number, number>;
  texts: Record<StoreCode, { name: string; url_key: string; url_path: string; description: string; short_description: string }>;
}

export interface CatalogueSnapshot {
  version: number;
  attributes: StoredAttribute[];
  attributesByCode: Map<string, StoredAttribute>;
  categories: StoredCategory[];
  categoriesById: Map<number, StoredCategory>;
  products: StoredProduct[];
  productsById: Map<number, StoredProduct>;
  productsBySku: Map<string, StoredProduct>;
  taxRules: TaxRule[];
  urlRewrites: Record<StoreCode, Map<string, { type: 'product' | 'category'; id: number }>>;
}

type ProductData = Pick<StoredProduct, 'images' | 'attributes' | 'flags' | 'ean' | 'customprice_usd' | 'customprice_gbp' | 'configurable_options' | 'child_ids' | 'links' | 'bundle_options'>;

export async function loadCatalogueSnapshot(db: Db): Promise<CatalogueSnapshot> {
  const [change, attributeRows, categoryRows, categoryTextRows, productRows, productTextRows, categoryLinks, stockRows, ruleRows, rateRows, ruleRateRows, rewriteRows] =
    await Promise.all([
      db.selectFrom('catalogue_changes').select((eb) => eb.fn.max('id').as('version')).executeTakeFirst(),
      db.selectFrom('attributes').selectAll().orderBy('position').orderBy('attribute_id').execute(),
      db.selectFrom('categories').selectAll().orderBy('level').orderBy('position').orderBy('id').execute(),
      db.selectFrom('category_texts').selectAll().execute(),
      db.selectFrom('products').selectAll().orderBy('id').execute(),
      db.selectFrom('product_texts').selectAll().execute(),
      db.selectFrom('product_categories').selectAll().execute(),
      db.selectFrom('stock_items').selectAll().execute(),
      db.selectFrom('tax_rules').selectAll().execute(),
      db.selectFrom('tax_rates').selectAll().execute(),
      db.selectFrom('tax_rule_rates').selectAll().execute(),
      db.selectFrom('url_rewrites').selectAll().execute(),
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
    texts: perStore(categoryTexts.get(row.id), (t) => ({ name: t.name, url_key: t.url_key, url_path: t.url_path, description: t.description })),
  }));

  const productTexts = groupTexts(productTextRows, (r) => r.product_id);
  const stock = new Map(stockRows.map((s) => [s.product_id, s]));
  const links = new Map<number, Map<number, number>>();
  for (const link of categoryLinks) {
    let map = links.get(link.product_id);
    if (!map) links.set(link.product_id, (map = new Map()));
    map.set(link.category_id, link.position);
  }

  const products: StoredProduct[] = productRows.map((row) => {
    const data = JSON.parse(row.data) as ProductData;
    const s = stock.get(row.id);
    const positions = links.get(row.id) ?? new Map<number, number>();
    const product: StoredProduct = {
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
      created_at: row.created_at,
      updated_at: row.updated_at,
      ...data,
      stock: s
        ? { qty: s.qty, is_in_stock: s.is_in_stock === 1, manage_stock: s.manage_stock === 1, backorders: s.backorders === 1 }
        : { qty: 0, is_in_stock: false, manage_stock: true, backorders: false },
      category_ids: [...positions.keys()],
      category_positions: positions,
      texts: perStore(productTexts.get(row.id), (t) => ({
        name: t.name,
        url_key: t.url_key,
        url_path: t.url_path,
        description: t.description ?? '',
        short_description: t.short_description ?? '',
      })),
    };
    return product;
  });

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

  const urlRewrites = { nl: new Map(), en: new Map() } as CatalogueSnapshot['urlRewrites'];
  for (const r of rewriteRows) {
    if ((STORE_CODES as readonly string[]).includes(r.store_code)) {
      urlRewrites[r.store_code as StoreCode].set(r.request_path, { type: r.entity_type, id: r.entity_id });
    }
  }

  return {
    version: Number(change?.version ?? 0),
    attributes,
    attributesByCode: new Map(attributes.map((a) => [a.attribute_code, a])),
    categories,
    categoriesById: new Map(categories.map((c) => [c.id, c])),
    products,
    productsById: new Map(products.map((p) => [p.id, p])),
    productsBySku: new Map(products.map((p) => [p.sku, p])),
    taxRules,
    urlRewrites,
  };
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
