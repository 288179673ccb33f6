import type { Kysely } from 'kysely';
import { autoId } from './dialect.ts';

/**
 * The shop's content (issue 18, decision 045), per store view (`store`: nl, en):
 * - `cms_pages`: CMS pages addressed `/{store}/i/{identifier}`; a page with a `url_path` is also a curated landing
 *   page at that address (`swiss-watches/vintage`), with an optional `listing` (JSON: the category and filters of the
 *   products shown under its story). `content_key` links the same page across stores (hreflang).
 * - `cms_blocks`: pieces of content placed on home, category and other pages by identifier.
 * - `cms_hierarchy`: the service pages' tree (a node names its page and its parent node).
 * - `blog_posts`, `blog_categories`, `blog_tags` and their links: the magazine (WordPress-style); `related_skus` is a
 *   JSON array of product skus.
 * - `testimonials`: the shop's reviews by its customers (status 1 listed, 2 pending, 3 rejected).
 * Bodies are stored as sanitised HTML. Times are milliseconds since the epoch in `bigint` columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cms_pages')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('content_key', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('meta_title', 'text')
    .addColumn('meta_description', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('url_path', 'text')
    .addColumn('listing', 'text')
    .addColumn('image', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('cms_pages_store_identifier_uq', ['store', 'identifier'])
    .execute();
  await db.schema.createIndex('cms_pages_url_path_idx').on('cms_pages').columns(['store', 'url_path']).execute();

  await db.schema
    .createTable('cms_blocks')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('cms_blocks_store_identifier_uq', ['store', 'identifier'])
    .execute();

  await db.schema
    .createTable('cms_hierarchy')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('parent_identifier', 'text')
    .addColumn('page_identifier', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('cms_hierarchy_store_identifier_uq', ['store', 'identifier'])
    .execute();

  await db.schema
    .createTable('blog_categories')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('content_key', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('blog_categories_store_slug_uq', ['store', 'slug'])
    .execute();

  await db.schema
    .createTable('blog_tags')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('blog_tags_store_slug_uq', ['store', 'slug'])
    .execute();

  await db.schema
    .createTable('blog_posts')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('content_key', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('related_skus', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('blog_posts_store_slug_uq', ['store', 'slug'])
    .execute();
  await db.schema.createIndex('blog_posts_published_idx').on('blog_posts').columns(['store', 'published_at']).execute();

  await db.schema
    .createTable('blog_post_categories')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('blog_categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('blog_post_categories_pk', ['post_id', 'category_id'])
    .execute();
  await db.schema.createIndex('blog_post_categories_category_idx').on('blog_post_categories').column('category_id').execute();

  await db.schema
    .createTable('blog_post_tags')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('blog_tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('blog_post_tags_pk', ['post_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('blog_post_tags_tag_idx').on('blog_post_tags').column('tag_id').execute();

  await db.schema
    .createTable('testimonials')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('location', 'text')
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('testimonials_store_status_idx').on('testimonials').columns(['store', 'status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['testimonials', 'blog_post_tags', 'blog_post_categories', 'blog_posts', 'blog_tags', 'blog_categories', 'cms_hierarchy', 'cms_blocks', 'cms_pages']) {
    await db.schema.dropTable(table).execute();
  }
}
