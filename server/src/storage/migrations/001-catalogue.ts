import { sql, type Kysely } from 'kysely';

/** The catalogue: attributes, categories, products with per-store texts, stock, tax and URL mappings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attributes')
    .addColumn('attribute_id', 'integer', (c) => c.primaryKey())
    .addColumn('attribute_code', 'text', (c) => c.notNull().unique())
    .addColumn('frontend_input', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_filterable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_comparable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_visible_on_front', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_searchable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unit', 'text')
    .addColumn('labels', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('parent_id', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('include_in_menu', 'integer', (c) => c.notNull())
    .addColumn('display_mode', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .execute();

  await db.schema
    .createTable('category_texts')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('store_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url_key', 'text', (c) => c.notNull())
    .addColumn('url_path', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addPrimaryKeyConstraint('category_texts_pk', ['category_id', 'store_code'])
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('sku', 'text', (c) => c.notNull().unique())
    .addColumn('type_id', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('visibility', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'integer')
    .addColumn('price', sql`numeric(14, 2)`, (c) => c.notNull())
    .addColumn('special_price', sql`numeric(14, 2)`)
    .addColumn('special_from_date', 'text')
    .addColumn('special_to_date', 'text')
    .addColumn('tax_class_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_parent_idx').on('products').column('parent_id').execute();

  await db.schema
    .createTable('product_texts')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('store_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url_key', 'text', (c) => c.notNull())
    .addColumn('url_path', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('short_description', 'text')
    .addPrimaryKeyConstraint('product_texts_pk', ['product_id', 'store_code'])
    .execute();

  await db.schema
    .createTable('product_categories')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_categories_pk', ['product_id', 'category_id'])
    .execute();
  await db.schema.createIndex('product_categories_category_idx').on('product_categories').column('category_id').execute();

  await db.schema
    .createTable('stock_items')
    .addColumn('product_id', 'integer', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
    .addColumn('sku', 'text', (c) => c.notNull().unique())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('is_in_stock', 'integer', (c) => c.notNull())
    .addColumn('manage_stock', 'integer', (c) => c.notNull())
    .addColumn('backorders', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('tax_classes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('tax_rates')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('rate', sql`numeric(7, 4)`, (c) => c.notNull())
    .addColumn('tax_country_id', 'text', (c) => c.notNull())
    .addColumn('tax_region_id', 'integer')
    .addColumn('region_name', 'text')
    .addColumn('tax_postcode', 'text')
    .execute();
  await db.schema
    .createTable('tax_rules')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('product_tax_class_ids', 'text', (c) => c.notNull())
    .addColumn('customer_tax_class_ids', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('tax_rule_rates')
    .addColumn('rule_id', 'integer', (c) => c.notNull().references('tax_rules.id').onDelete('cascade'))
    .addColumn('rate_id', 'integer', (c) => c.notNull().references('tax_rates.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('tax_rule_rates_pk', ['rule_id', 'rate_id'])
    .execute();

  await db.schema
    .createTable('url_rewrites')
    .addColumn('store_code', 'text', (c) => c.notNull())
    .addColumn('request_path', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('url_rewrites_pk', ['store_code', 'request_path'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'settings',
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
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
