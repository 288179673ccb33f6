/**
 * Reads of the content store (migration 016; tables typed in content.tables.ts), on SQLite and PostgreSQL alike.
 * Writes happen only through the content import (content.import.ts). Times are milliseconds since the epoch
 * (`bigint`: PostgreSQL's driver answers them as text, hence `Number()` wherever they are read).
 */
import { readingMinutes } from '@shop/shared/content/content.schema';
import { sql, type Generated } from 'kysely';
import type { Db, Trx } from '../../storage/database.ts';
import type { BlogPostsTable, ContentTables, CmsBlocksTable, CmsHierarchyTable, CmsPagesTable, TestimonialsTable } from './content.tables.ts';

/** The content tables as Kysely sees them (a mapped copy: `withTables` wants a type with an index signature). */
type ContentDb = { [K in keyof ContentTables]: ContentTables[K] };

export function contentTables(db: Db | Trx) {
  return db.withTables<ContentDb>();
}

type Row<T> = { [K in keyof T]: T[K] extends Generated<infer V> ? V : T[K] };
export type PageRow = Row<CmsPagesTable>;
export type BlockRow = Row<CmsBlocksTable>;
export type NodeRow = Row<CmsHierarchyTable>;
export type PostRow = Row<BlogPostsTable>;
export type TestimonialRow = Row<TestimonialsTable>;

export interface Paging {
  from: number;
  size: number;
}

export interface PostFilter {
  category?: string;
  tag?: string;
  /** Lower-case words searched in title, excerpt and body. */
  q?: string;
  sort: 'id' | 'published_at';
}

/** The largest id an `integer` column holds (PostgreSQL refuses a larger value; no row has one). */
export const MAX_ROW_ID = 2_147_483_647;
const idFits = (id: number) => Number.isSafeInteger(id) && id >= 0 && id <= MAX_ROW_ID;

/** `%` and `_` (and the escape itself) are characters, not wildcards, in a LIKE pattern. */
function contains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const POST_SUMMARY = ['id', 'store', 'slug', 'content_key', 'title', 'excerpt', 'author', 'published_at', 'image', 'active', 'related_skus', 'updated_at'] as const;
export type PostSummaryRow = Omit<PostRow, 'body'> & { reading_minutes: number };

export class ContentRepository {
  constructor(private readonly database: Db) {}

  private get db() {
    return contentTables(this.database);
  }

  async pages(store: string, identifierLike: string | undefined, paging: Paging): Promise<{ rows: PageRow[]; total: number }> {
    let query = this.db.selectFrom('cms_pages').where('store', '=', store).where('active', '=', 1);
    if (identifierLike) query = query.where(sql<boolean>`lower(identifier) like ${contains(identifierLike)} escape '\\'`);
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('identifier').limit(paging.size).offset(paging.from).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  pageById(id: number): Promise<PageRow | undefined> {
    if (!idFits(id)) return Promise.resolve(undefined);
    return this.db.selectFrom('cms_pages').selectAll().where('id', '=', id).where('active', '=', 1).executeTakeFirst();
  }

  pageByIdentifier(store: string, identifier: string): Promise<PageRow | undefined> {
    return this.db.selectFrom('cms_pages').selectAll().where('store', '=', store).where('identifier', '=', identifier).where('active', '=', 1).executeTakeFirst();
  }

  pageByUrlPath(store: string, urlPath: string): Promise<PageRow | undefined> {
    return this.db.selectFrom('cms_pages').selectAll().where('store', '=', store).where('url_path', '=', urlPath).where('active', '=', 1).executeTakeFirst();
  }

  /** The active pages of every store sharing these content keys (hreflang alternates). */
  pagesByContentKeys(keys: readonly string[]): Promise<Array<Pick<PageRow, 'store' | 'identifier' | 'url_path' | 'content_key'>>> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('cms_pages').select(['store', 'identifier', 'url_path', 'content_key']).where('content_key', 'in', [...keys]).where('active', '=', 1).execute();
  }

  /** Active pages of a store by identifier (a hierarchy's pages). */
  pagesByIdentifiers(store: string, identifiers: readonly string[]): Promise<Array<Pick<PageRow, 'identifier' | 'url_path'>>> {
    if (identifiers.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('cms_pages').select(['identifier', 'url_path']).where('store', '=', store).where('identifier', 'in', [...identifiers]).where('active', '=', 1).execute();
  }

  async blocks(store: string, identifiers: readonly string[] | undefined, paging: Paging): Promise<{ rows: BlockRow[]; total: number }> {
    let query = this.db.selectFrom('cms_blocks').where('store', '=', store).where('active', '=', 1);
    if (identifiers) query = query.where('identifier', 'in', [...identifiers]);
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('identifier').limit(paging.size).offset(paging.from).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  blockById(id: number): Promise<BlockRow | undefined> {
    if (!idFits(id)) return Promise.resolve(undefined);
    return this.db.selectFrom('cms_blocks').selectAll().where('id', '=', id).where('active', '=', 1).executeTakeFirst();
  }

  blockByIdentifier(store: string, identifier: string): Promise<BlockRow | undefined> {
    return this.db.selectFrom('cms_blocks').selectAll().where('store', '=', store).where('identifier', '=', identifier).where('active', '=', 1).executeTakeFirst();
  }

  hierarchy(store: string): Promise<NodeRow[]> {
    return this.db.selectFrom('cms_hierarchy').selectAll().where('store', '=', store).orderBy('position').orderBy('identifier').execute();
  }

  /** Active posts of a store published up to `now`, filtered; summaries (no body) with the body's word count. */
  async posts(store: string, filter: PostFilter, paging: Paging, now: number): Promise<{ rows: PostSummaryRow[]; total: number }> {
    let query = this.db.selectFrom('blog_posts').where('blog_posts.store', '=', store).where('blog_posts.active', '=', 1).where('blog_posts.published_at', '<=', now);
    if (filter.category) {
      const slug = filter.category;
      query = query.where('blog_posts.id', 'in', (eb) =>
        eb.selectFrom('blog_post_categories').innerJoin('blog_categories', 'blog_categories.id', 'blog_post_categories.category_id').select('post_id').where('blog_categories.store', '=', store).where('blog_categories.slug', '=', slug),
      );
    }
    if (filter.tag) {
      const slug = filter.tag;
      query = query.where('blog_posts.id', 'in', (eb) =>
        eb.selectFrom('blog_post_tags').innerJoin('blog_tags', 'blog_tags.id', 'blog_post_tags.tag_id').select('post_id').where('blog_tags.store', '=', store).where('blog_tags.slug', '=', slug),
      );
    }
    if (filter.q) {
      const pattern = contains(filter.q);
      query = query.where(sql<boolean>`(lower(title) like ${pattern} escape '\\' or lower(excerpt) like ${pattern} escape '\\' or lower(body) like ${pattern} escape '\\')`);
    }
    const ordered = filter.sort === 'published_at' ? query.orderBy('published_at', 'desc').orderBy('id', 'desc') : query.orderBy('id', 'desc');
    const [rows, total] = await Promise.all([
      ordered.select([...POST_SUMMARY, 'body']).limit(paging.size).offset(paging.from).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(summaryRow), total: Number(total.n) };
  }

  /** A listed post of a store by id or slug (active, published up to `now`). */
  post(store: string, key: { id: number } | { slug: string }, now: number): Promise<PostRow | undefined> {
    if ('id' in key && !idFits(key.id)) return Promise.resolve(undefined);
    let query = this.db.selectFrom('blog_posts').selectAll().where('store', '=', store).where('active', '=', 1).where('published_at', '<=', now);
    query = 'id' in key ? query.where('id', '=', key.id) : query.where('slug', '=', key.slug);
    return query.executeTakeFirst();
  }

  /** The listed posts just before and after a post by publication date (then id), in its store. */
  async neighbours(post: PostRow, now: number): Promise<{ previous: PostRow | undefined; next: PostRow | undefined }> {
    const published = Number(post.published_at);
    const listed = () => this.db.selectFrom('blog_posts').selectAll().where('store', '=', post.store).where('active', '=', 1).where('published_at', '<=', now).where('id', '!=', post.id);
    const [previous, next] = await Promise.all([
      listed()
        .where((eb) => eb.or([eb('published_at', '<', published), eb.and([eb('published_at', '=', published), eb('id', '<', post.id)])]))
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
      listed()
        .where((eb) => eb.or([eb('published_at', '>', published), eb.and([eb('published_at', '=', published), eb('id', '>', post.id)])]))
        .orderBy('published_at', 'asc')
        .orderBy('id', 'asc')
        .limit(1)
        .executeTakeFirst(),
    ]);
    return { previous, next };
  }

  /** Listed posts of every store sharing these content keys (hreflang alternates). */
  postsByContentKeys(keys: readonly string[], now: number): Promise<Array<Pick<PostRow, 'store' | 'slug' | 'published_at' | 'content_key'>>> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('blog_posts').select(['store', 'slug', 'published_at', 'content_key']).where('content_key', 'in', [...keys]).where('active', '=', 1).where('published_at', '<=', now).execute();
  }

  /** Listed posts of a store by id, as summaries. */
  async postsByIds(ids: readonly number[]): Promise<PostSummaryRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('blog_posts').select([...POST_SUMMARY, 'body']).where('id', 'in', [...ids]).execute();
    return rows.map(summaryRow);
  }

  /** Id and related skus of every listed post of a store (small: a few thousand short JSON lists). */
  relatedSkus(store: string, now: number): Promise<Array<Pick<PostRow, 'id' | 'related_skus' | 'published_at'>>> {
    return this.db.selectFrom('blog_posts').select(['id', 'related_skus', 'published_at']).where('store', '=', store).where('active', '=', 1).where('published_at', '<=', now).execute();
  }

  /** The categories and tags of posts, in category position and tag name order. */
  async taxonomy(postIds: readonly number[]): Promise<{
    categories: Array<{ post_id: number; id: number; slug: string; name: string }>;
    tags: Array<{ post_id: number; id: number; slug: string; name: string }>;
  }> {
    if (postIds.length === 0) return { categories: [], tags: [] };
    const ids = [...postIds];
    const [categories, tags] = await Promise.all([
      this.db
        .selectFrom('blog_post_categories')
        .innerJoin('blog_categories', 'blog_categories.id', 'blog_post_categories.category_id')
        .select(['post_id', 'blog_categories.id', 'slug', 'name'])
        .where('post_id', 'in', ids)
        .orderBy('position')
        .orderBy('slug')
        .execute(),
      this.db.selectFrom('blog_post_tags').innerJoin('blog_tags', 'blog_tags.id', 'blog_post_tags.tag_id').select(['post_id', 'blog_tags.id', 'slug', 'name']).where('post_id', 'in', ids).orderBy('name').execute(),
    ]);
    return { categories, tags };
  }

  /** A store's magazine categories with the number of listed posts in each. */
  async categories(store: string, paging: Paging, now: number) {
    const query = this.db.selectFrom('blog_categories').where('store', '=', store);
    const [rows, total, counts] = await Promise.all([
      query.selectAll().orderBy('position').orderBy('slug').limit(paging.size).offset(paging.from).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      this.db
        .selectFrom('blog_post_categories')
        .innerJoin('blog_posts', 'blog_posts.id', 'blog_post_categories.post_id')
        .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('blog_posts.store', '=', store)
        .where('blog_posts.active', '=', 1)
        .where('blog_posts.published_at', '<=', now)
        .groupBy('category_id')
        .execute(),
    ]);
    const byId = new Map(counts.map((row) => [Number(row.category_id), Number(row.n)]));
    return { rows: rows.map((row) => ({ ...row, post_count: byId.get(row.id) ?? 0 })), total: Number(total.n) };
  }

  /** A store's magazine tags with the number of listed posts in each. */
  async tags(store: string, paging: Paging, now: number) {
    const query = this.db.selectFrom('blog_tags').where('store', '=', store);
    const [rows, total, counts] = await Promise.all([
      query.selectAll().orderBy('slug').limit(paging.size).offset(paging.from).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      this.db
        .selectFrom('blog_post_tags')
        .innerJoin('blog_posts', 'blog_posts.id', 'blog_post_tags.post_id')
        .select(['tag_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('blog_posts.store', '=', store)
        .where('blog_posts.active', '=', 1)
        .where('blog_posts.published_at', '<=', now)
        .groupBy('tag_id')
        .execute(),
    ]);
    const byId = new Map(counts.map((row) => [Number(row.tag_id), Number(row.n)]));
    return { rows: rows.map((row) => ({ ...row, post_count: byId.get(row.id) ?? 0 })), total: Number(total.n) };
  }

  /** Listed testimonials (status 1) of a store, newest first. */
  async testimonials(store: string, paging: Paging): Promise<{ rows: TestimonialRow[]; total: number }> {
    const query = this.db.selectFrom('testimonials').where('store', '=', store).where('status', '=', 1);
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(paging.size).offset(paging.from).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** Listed testimonials of a store per rating. */
  async ratingCounts(store: string): Promise<Map<number, number>> {
    const rows = await this.db.selectFrom('testimonials').select(['rating', (eb) => eb.fn.countAll<number>().as('n')]).where('store', '=', store).where('status', '=', 1).groupBy('rating').execute();
    return new Map(rows.map((row) => [Number(row.rating), Number(row.n)]));
  }

  /** A product's sku and its children's (a post may name a variant). */
  async productSkus(productId: number): Promise<string[]> {
    if (!idFits(productId)) return [];
    const rows = await this.database.selectFrom('products').select('sku').where((eb) => eb.or([eb('id', '=', productId), eb('parent_id', '=', productId)])).execute();
    return rows.map((row) => row.sku);
  }

  /** What the sitemap lists of content: active pages, listed posts. */
  async sitemap(now: number) {
    const [pages, posts] = await Promise.all([
      this.db.selectFrom('cms_pages').select(['store', 'identifier', 'url_path', 'updated_at']).where('active', '=', 1).orderBy('store').orderBy('identifier').execute(),
      this.db.selectFrom('blog_posts').select(['store', 'slug', 'published_at', 'updated_at']).where('active', '=', 1).where('published_at', '<=', now).orderBy('store').orderBy('id', 'desc').execute(),
    ]);
    return { pages, posts };
  }
}

function summaryRow(row: PostRow): PostSummaryRow {
  const { body, ...rest } = row;
  return { ...rest, reading_minutes: readingMinutes(body) };
}
