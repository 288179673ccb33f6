/**
 * Table types for Kysely. Booleans are stored as 0/1 integers and structured values as JSON text, so the
 * same queries run on SQLite and PostgreSQL.
 */
import type { Generated } from 'kysely';

export interface AttributesTable {
  attribute_id: number;
  attribute_code: string;
  frontend_input: string;
  position: number;
  is_filterable: number;
  is_comparable: number;
  is_visible_on_front: number;
  is_searchable: number;
  unit: string | null;
  /** JSON: Record<StoreCode, string> */
  labels: string;
  /** JSON: Array<{ value, swatch?, code?, labels: Record<StoreCode, string> }> */
  options: string;
}

export interface CategoriesTable {
  id: number;
  parent_id: number;
  /** "1/2/12/40" */
  path: string;
  level: number;
  position: number;
  is_active: number;
  include_in_menu: number;
  display_mode: string;
  image: string | null;
  thumbnail: string | null;
  /** CMS block id shown on the category page, or null. */
  landing_page: number | null;
}

export interface CategoryTextsTable {
  category_id: number;
  store_code: string;
  name: string;
  url_key: string;
  url_path: string;
  description: string | null;
}

export interface ProductsTable {
  id: number;
  sku: string;
  type_id: string;
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
  /** JSON: the rest of the source product (images, attributes, flags, options, links). */
  data: string;
}

export interface ProductTextsTable {
  product_id: number;
  store_code: string;
  name: string;
  url_key: string;
  url_path: string;
  description: string | null;
  short_description: string | null;
}

export interface ProductCategoriesTable {
  product_id: number;
  category_id: number;
  position: number;
}

export interface StockItemsTable {
  product_id: number;
  sku: string;
  qty: number;
  is_in_stock: number;
  manage_stock: number;
  backorders: number;
}

export interface TaxClassesTable {
  id: number;
  name: string;
  type: string;
}

export interface TaxRulesTable {
  id: number;
  code: string;
  priority: number;
  product_tax_class_ids: string;
  customer_tax_class_ids: string;
}

export interface TaxRatesTable {
  id: number;
  code: string;
  rate: number;
  tax_country_id: string;
  tax_region_id: number | null;
  region_name: string | null;
  tax_postcode: string | null;
}

export interface TaxRuleRatesTable {
  rule_id: number;
  rate_id: number;
}

export interface UrlRewritesTable {
  store_code: string;
  request_path: string;
  entity_type: 'product' | 'category';
  entity_id: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface CatalogueChangesTable {
  id: Generated<number>;
  kind: string;
  detail: string;
  created_at: string;
}

/** The current copy of a replicated document (decision 010); `data` is its JSON without `_deleted`. */
export interface ReplicatedDocumentsTable {
  collection: string;
  /** `guest:<cart token>` now, `customer:<id>` when accounts land; never taken from the document. */
  owner: string;
  id: string;
  data: string;
  /** Server-stamped milliseconds, strictly increasing per owner. */
  updated_at: number;
  deleted: number;
}

/** The ordered log of every accepted write; `data` is the document as written, `_deleted` included. */
export interface ReplicationEventsTable {
  seq: Generated<number>;
  collection: string;
  owner: string;
  doc_id: string;
  write_id: string;
  at: number;
  data: string;
}

export interface AppliedWritesTable {
  write_id: string;
  collection: string;
  owner: string;
  at: number;
}

export interface ReplicationClocksTable {
  owner: string;
  last_at: number;
}

/** Migration 013: the one row (`id` 1) holding the last `replication_events.seq` handed out (the log head). */
export interface ReplicationLogHeadTable {
  id: number;
  last_seq: number;
}

export interface CartsTable {
  token: string;
  owner: string;
  created_at: number;
  updated_at: number;
  purchaser_id: string | null;
  coupon_code: string | null;
  /** JSON: the address given with the shipping information. */
  shipping_address: string | null;
  /** "carrier_code:method_code" */
  shipping_method: string | null;
  /** The last cart item id handed out in this cart. */
  last_item_id: Generated<number>;
}

export interface CouponsTable {
  code: string;
  /** 'percent' (amount is a percentage of the items) or 'fixed' (amount off the items, incl. tax). */
  kind: string;
  amount: number;
  active: number;
  description: string;
}

/** The tables an import replaces, children before parents (the order deletes must run in). */
export const CATALOGUE_TABLES = [
  'url_rewrites',
  'tax_rule_rates',
  'tax_rules',
  'tax_rates',
  'tax_classes',
  'stock_items',
  'product_categories',
  'product_texts',
  'products',
  'category_texts',
  'categories',
  'attributes',
] as const satisfies ReadonlyArray<keyof Database>;

export interface Database {
  attributes: AttributesTable;
  categories: CategoriesTable;
  category_texts: CategoryTextsTable;
  products: ProductsTable;
  product_texts: ProductTextsTable;
  product_categories: ProductCategoriesTable;
  stock_items: StockItemsTable;
  tax_classes: TaxClassesTable;
  tax_rules: TaxRulesTable;
  tax_rates: TaxRatesTable;
  tax_rule_rates: TaxRuleRatesTable;
  url_rewrites: UrlRewritesTable;
  settings: SettingsTable;
  catalogue_changes: CatalogueChangesTable;
  replicated_documents: ReplicatedDocumentsTable;
  replication_events: ReplicationEventsTable;
  applied_writes: AppliedWritesTable;
  replication_clocks: ReplicationClocksTable;
  carts: CartsTable;
  coupons: CouponsTable;
  replication_log_head: ReplicationLogHeadTable;
}
