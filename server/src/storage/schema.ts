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
  /** JSON: Array<{ value, swatch?, labels: Record<StoreCode, string> }> */
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
}
