/**
 * The content calls (issue 18; spec 2 §7 "CMS and content"), as GETs so the service worker can keep what a shopper
 * read for offline (cache-rules.ts). Each answer is memoised per address like the catalogue's (app/resource.ts).
 */
import type { StoreCode } from '@shop/shared';
import type {
  BlogCategory,
  BlogPost,
  BlogPostSummary,
  BlogTag,
  CmsBlock,
  CmsHierarchyNode,
  CmsPage,
  ContentList,
  ContentType,
  Testimonial,
  TestimonialRatings,
} from '@shop/shared/content/content.schema';
import { apiGet } from '../../app/api.ts';
import { cached } from '../../app/resource.ts';

export interface ContentItems {
  cms_page: CmsPage;
  cms_block: CmsBlock;
  cms_hierarchy: CmsHierarchyNode;
  wordpress_posts: BlogPostSummary;
  wordpress_categories: BlogCategory;
  wordpress_tags: BlogTag;
  review: Testimonial;
}

/**
 * The query of `GET /api/content/{type}`: `identifier` is a `like` filter for cms_page, a comma-separated list for
 * cms_block and `eq` for cms_hierarchy; `category`, `tag` and `q` (3 characters at least) filter posts.
 */
export interface ContentQuery {
  identifier?: string;
  category?: string;
  tag?: string;
  q?: string;
  size?: number;
  from?: number;
  sort?: string;
}

function query(store: StoreCode, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams({ storeCode: store });
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}

export function contentUrl<T extends ContentType>(type: T, store: StoreCode, params: ContentQuery = {}): string {
  return `/api/content/${type}?${query(store, { ...params })}`;
}

export function loadContent<T extends ContentType>(type: T, store: StoreCode, params: ContentQuery = {}): Promise<ContentList<ContentItems[T]>> {
  const url = contentUrl(type, store, params);
  return cached(url, () => apiGet<ContentList<ContentItems[T]>>(url));
}

/** A post by its id or slug, with its neighbours. Not found: ApiError 404 'CMS query returned empty result'. */
export function loadPost(store: StoreCode, idOrSlug: number | string): Promise<BlogPost> {
  const url = `/api/ext/wordpress/post/${encodeURIComponent(String(idOrSlug))}?${query(store, {})}`;
  return cached(url, () => apiGet<BlogPost>(url));
}

/** The posts that name a product among their related products ("wordpress by productId"), newest first. */
export function loadProductPosts(store: StoreCode, productId: number): Promise<BlogPostSummary[]> {
  const url = `/api/ext/wordpress/product/${productId}?${query(store, {})}`;
  return cached(url, () => apiGet<BlogPostSummary[]>(url));
}

/** A CMS page by identifier. Not found: ApiError 404 'CMS query returned empty result'. */
export function loadCmsPage(store: StoreCode, identifier: string): Promise<CmsPage> {
  const url = `/api/ext/cms-data/cmsPageIdentifier/${encodeURIComponent(identifier)}/storeId/${store}`;
  return cached(url, () => apiGet<CmsPage>(url));
}

/** The testimonials' average rating and count (listed ones only). */
export function loadTestimonialRatings(store: StoreCode): Promise<TestimonialRatings> {
  const url = `/api/ext/review-ratings?${query(store, {})}`;
  return cached(url, () => apiGet<TestimonialRatings>(url));
}
