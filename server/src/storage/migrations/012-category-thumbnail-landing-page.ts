import type { Kysely } from 'kysely';

/**
 * `categories.thumbnail` and `categories.landing_page` (spec 1 §3 'Category'): the small picture a menu or a
 * subcategory tile shows, and the CMS block id a category page shows above its products (null: none).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('categories').addColumn('thumbnail', 'text').execute();
  await db.schema.alterTable('categories').addColumn('landing_page', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('categories').dropColumn('landing_page').execute();
  await db.schema.alterTable('categories').dropColumn('thumbnail').execute();
}
