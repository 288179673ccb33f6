/**
 * The content calls of spec 2 §7 "CMS and content" (routes in content.routes.ts): rows of the content store turned
 * into the answer shapes of shared/src/content/content.schema.ts. A page, block or post that is not there, inactive,
 * or (a post) not yet published is "not there" alike: 404 with CMS_EMPTY_RESULT_MESSAGE.
 */
import { DomainError, type StoreCode } from '@shop/shared';
import {
  CMS_EMPTY_RESULT_MESSAGE,
  cmsPagePath,
  postPath,
  type BlogCategory,
  type BlogPost,
  type BlogPostSummary,
  type BlogTag,
  type CmsBlock,
  type CmsHierarchyNode,
  type CmsPage,
  type ContentAlternate,
  type ContentList,
  type LandingListing,
  type Testimonial,
  type TestimonialRatings,
} from '@shop/shared/content/content.schema';
import type { UrlResolver } from '../catalogue/url-map.ts';
import type { BlockRow, ContentRepository, NodeRow, PageRow, Paging, PostFilter, PostRow, PostSummaryRow } from './content.repository.ts';

/** Spec: "wordpress by productId" answers the newest posts naming the product, at most this many. */
export const PRODUCT_POSTS_MAX = 8;

export function cmsEmptyResult(): DomainError {
  return new DomainError('not_found', CMS_EMPTY_RESULT_MESSAGE, { status: 404 });
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

export class ContentService {
  constructor(
    private readonly repository: ContentRepository,
    private readonly now: () => number,
  ) {}

  // ---- CMS pages and blocks ----

  async pages(store: StoreCode, identifierLike: string | undefined, paging: Paging): Promise<ContentList<CmsPage>> {
    const { rows, total } = await this.repository.pages(store, identifierLike, paging);
    return { items: await this.withAlternates(rows), total, start: paging.from, size: paging.size };
  }

  async pageById(id: number): Promise<CmsPage> {
    return this.onePage(await this.repository.pageById(id));
  }

  async pageByIdentifier(store: StoreCode, identifier: string): Promise<CmsPage> {
    return this.onePage(await this.repository.pageByIdentifier(store, identifier));
  }

  /**
   * The page at a store-relative address, for the URL map: `i/{identifier}` or a landing page's `url_path`.
   * The address comes normalised (no slashes around it, no query).
   */
  async pageAt(store: StoreCode, path: string): Promise<CmsPage | null> {
    const identifier = /^i\/([^/]+)$/.exec(path)?.[1];
    const row = identifier ? await this.repository.pageByIdentifier(store, identifier) : await this.repository.pageByUrlPath(store, path);
    return row ? this.onePage(row) : null;
  }

  private async onePage(row: PageRow | undefined): Promise<CmsPage> {
    if (!row) throw cmsEmptyResult();
    return (await this.withAlternates([row]))[0]!;
  }

  private async withAlternates(rows: PageRow[]): Promise<CmsPage[]> {
    const keys = [...new Set(rows.flatMap((row) => (row.content_key ? [row.content_key] : [])))];
    const others = await this.repository.pagesByContentKeys(keys);
    return rows.map((row) => ({
      id: row.id,
      store: row.store as StoreCode,
      identifier: row.identifier,
      content_key: row.content_key,
      title: row.title,
      content: row.content,
      meta_title: row.meta_title,
      meta_description: row.meta_description,
      active: row.active === 1,
      url_path: row.url_path,
      listing: row.listing ? (JSON.parse(row.listing) as LandingListing) : null,
      image: row.image,
      path: cmsPagePath(row),
      alternates: row.content_key ? others.filter((o) => o.content_key === row.content_key && o.store !== row.store).map((o) => ({ store: o.store as StoreCode, path: cmsPagePath(o) })) : [],
    }));
  }

  async blocks(store: StoreCode, identifiers: readonly string[] | undefined, paging: Paging): Promise<ContentList<CmsBlock>> {
    const { rows, total } = await this.repository.blocks(store, identifiers, paging);
    return { items: rows.map(block), total, start: paging.from, size: paging.size };
  }

  async blockById(id: number): Promise<CmsBlock> {
    const row = await this.repository.blockById(id);
    if (!row) throw cmsEmptyResult();
    return block(row);
  }

  async blockByIdentifier(store: StoreCode, identifier: string): Promise<CmsBlock> {
    const row = await this.repository.blockByIdentifier(store, identifier);
    if (!row) throw cmsEmptyResult();
    return block(row);
  }

  /** `identifier` given: that node with its children (none when unknown); else the roots, each with its subtree. */
  async hierarchy(store: StoreCode, identifier: string | undefined, paging: Paging): Promise<ContentList<CmsHierarchyNode>> {
    const rows = await this.repository.hierarchy(store);
    const pages = await this.repository.pagesByIdentifiers(store, [...new Set(rows.flatMap((row) => (row.page_identifier ? [row.page_identifier] : [])))]);
    const pathOf = new Map(pages.map((page) => [page.identifier, cmsPagePath(page)]));
    const known = new Set(rows.map((row) => row.identifier));
    const build = (row: NodeRow, seen: Set<string>): CmsHierarchyNode => ({
      id: row.id,
      identifier: row.identifier,
      parent_identifier: row.parent_identifier,
      page_identifier: row.page_identifier,
      title: row.title,
      position: row.position,
      path: row.page_identifier ? (pathOf.get(row.page_identifier) ?? null) : null,
      // The import refuses loops; `seen` keeps a hand-edited database from looping here.
      children: rows.filter((child) => child.parent_identifier === row.identifier && !seen.has(child.identifier)).map((child) => build(child, new Set([...seen, child.identifier]))),
    });
    const selected = identifier === undefined ? rows.filter((row) => row.parent_identifier === null || !known.has(row.parent_identifier)) : rows.filter((row) => row.identifier === identifier);
    const items = selected.slice(paging.from, paging.from + paging.size).map((row) => build(row, new Set([row.identifier])));
    return { items, total: selected.length, start: paging.from, size: paging.size };
  }

  // ---- The magazine ----

  async posts(store: StoreCode, filter: PostFilter, paging: Paging): Promise<ContentList<BlogPostSummary>> {
    const { rows, total } = await this.repository.posts(store, filter, paging, this.now());
    return { items: await this.summaries(rows), total, start: paging.from, size: paging.size };
  }

  private async summaries(rows: PostSummaryRow[]): Promise<BlogPostSummary[]> {
    const { categories, tags } = await this.repository.taxonomy(rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      store: row.store as StoreCode,
      slug: row.slug,
      title: row.title,
      excerpt: row.excerpt,
      author: row.author,
      published_at: iso(row.published_at),
      image: row.image,
      categories: categories.filter((c) => c.post_id === row.id).map(({ id, slug, name }) => ({ id, slug, name })),
      tags: tags.filter((t) => t.post_id === row.id).map(({ id, slug, name }) => ({ id, slug, name })),
      reading_minutes: row.reading_minutes,
      path: postPath({ slug: row.slug, published_at: iso(row.published_at) }),
    }));
  }

  /** A post by its numeric id or its slug, with its neighbours and its other stores' versions. */
  async post(store: StoreCode, idOrSlug: string): Promise<BlogPost> {
    const now = this.now();
    const key = /^\d{1,15}$/.test(idOrSlug) ? { id: Number(idOrSlug) } : { slug: idOrSlug };
    const row = await this.repository.post(store, key, now);
    if (!row) throw cmsEmptyResult();
    const [[summary], { previous, next }, others] = await Promise.all([
      this.repository.postsByIds([row.id]).then((rows) => this.summaries(rows)),
      this.repository.neighbours(row, now),
      this.repository.postsByContentKeys(row.content_key ? [row.content_key] : [], now),
    ]);
    const link = (post: PostRow | undefined) => (post ? { id: post.id, slug: post.slug, title: post.title, path: postPath({ slug: post.slug, published_at: iso(post.published_at) }) } : null);
    const alternates: ContentAlternate[] = others.filter((o) => o.store !== row.store).map((o) => ({ store: o.store as StoreCode, path: postPath({ slug: o.slug, published_at: iso(o.published_at) }) }));
    return {
      ...summary!,
      body: row.body,
      related_skus: JSON.parse(row.related_skus) as string[],
      content_key: row.content_key,
      alternates,
      previous: link(previous),
      next: link(next),
    };
  }

  /** The newest listed posts of a store whose related products name the product or one of its variants. */
  async productPosts(store: StoreCode, productId: number): Promise<BlogPostSummary[]> {
    const skus = new Set(await this.repository.productSkus(productId));
    if (skus.size === 0) return [];
    const naming = (await this.repository.relatedSkus(store, this.now()))
      .filter((post) => (JSON.parse(post.related_skus) as string[]).some((sku) => skus.has(sku)))
      .sort((a, b) => Number(b.published_at) - Number(a.published_at) || b.id - a.id)
      .slice(0, PRODUCT_POSTS_MAX);
    const rows = await this.repository.postsByIds(naming.map((post) => post.id));
    const order = new Map(naming.map((post, i) => [post.id, i]));
    return this.summaries(rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!));
  }

  async categories(store: StoreCode, paging: Paging): Promise<ContentList<BlogCategory>> {
    const { rows, total } = await this.repository.categories(store, paging, this.now());
    return {
      items: rows.map((row) => ({ id: row.id, slug: row.slug, name: row.name, description: row.description, position: row.position, post_count: row.post_count, content_key: row.content_key })),
      total,
      start: paging.from,
      size: paging.size,
    };
  }

  async tags(store: StoreCode, paging: Paging): Promise<ContentList<BlogTag>> {
    const { rows, total } = await this.repository.tags(store, paging, this.now());
    return { items: rows.map((row) => ({ id: row.id, slug: row.slug, name: row.name, post_count: row.post_count })), total, start: paging.from, size: paging.size };
  }

  // ---- Testimonials ----

  async testimonials(store: StoreCode, paging: Paging): Promise<ContentList<Testimonial>> {
    const { rows, total } = await this.repository.testimonials(store, paging);
    return {
      items: rows.map((row) => ({ id: row.id, author: row.author, location: row.location, rating: row.rating, text: row.text, date: iso(row.created_at).slice(0, 10) })),
      total,
      start: paging.from,
      size: paging.size,
    };
  }

  async ratings(store: StoreCode): Promise<TestimonialRatings> {
    const counts = await this.repository.ratingCounts(store);
    const distribution = [1, 2, 3, 4, 5].map((stars) => counts.get(stars) ?? 0) as TestimonialRatings['distribution'];
    const count = distribution.reduce((sum, n) => sum + n, 0);
    const sum = distribution.reduce((total, n, i) => total + n * (i + 1), 0);
    return { average: count === 0 ? 0 : Math.round((sum / count) * 10) / 10, count, distribution };
  }
}

/** The URL map's resolver for CMS pages (catalogue/url-map.ts): `i/{identifier}` or a landing page's url_path. */
export function cmsPageResolver(content: ContentService): UrlResolver {
  return async (store, path) => {
    const page = await content.pageAt(store, path);
    return page ? { _type: 'cms_page', _source: page } : null;
  };
}

function block(row: BlockRow): CmsBlock {
  return { id: row.id, store: row.store as StoreCode, identifier: row.identifier, title: row.title, content: row.content, active: row.active === 1 };
}
