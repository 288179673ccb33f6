/**
 * The shop's content (issue 18; spec 1 §2, spec 2 §2, §3, §7, §9): CMS pages and blocks, the service pages' hierarchy,
 * the magazine (WordPress-style posts, categories, tags) and the shop's testimonials. One file format for
 * `pnpm shop content import|export` (ContentFileSchema) and the shapes the content calls answer with.
 */
import { z } from 'zod/mini';
import { STORE_CODES, type StoreCode } from '../stores/stores.ts';

/** Spec 2 §7 and §9: default sizes of the content queries, and the most one query returns. */
export const CONTENT_SIZES = {
  cms_page: 250,
  cms_block: 400,
  cms_hierarchy: 250,
  wordpress_posts: 3000,
  wordpress_categories: 10000,
  wordpress_tags: 10000,
  review: 10000,
} as const;
export type ContentType = keyof typeof CONTENT_SIZES;
export const CONTENT_TYPES = Object.keys(CONTENT_SIZES) as ContentType[];
/** Spec 1 §9: "CMS block and page max 500". */
export const CMS_MAX_SIZE = 500;
/** Spec 2 §8: the error of a CMS page that is not there (the client goes Home offline when it sees it). */
export const CMS_EMPTY_RESULT_MESSAGE = 'CMS query returned empty result';
/** Testimonial status (spec 2 §3 Review): only 1 is listed. */
export const TESTIMONIAL_STATUS = { approved: 1, pending: 2, rejected: 3 } as const;
/** Reading time: words per minute of a post's body. */
export const READING_WORDS_PER_MINUTE = 220;

const text = (max: number) => z.string().check(z.maxLength(max, `must be at most ${max} characters`));
const required = (max: number) => z.string().check(z.minLength(1, 'Field is required'), z.maxLength(max, `must be at most ${max} characters`));
/** Lower-case words joined by hyphens: an identifier, slug or content key. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = z.string().check(z.regex(SLUG, 'must be lower-case letters, digits and single hyphens'), z.maxLength(120, 'must be at most 120 characters'));
/** A store-relative path of lower-case slugs (`swiss-watches/vintage`). */
const urlPath = z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/, 'must be slugs joined by /'), z.maxLength(300, 'must be at most 300 characters'));
const store = z.enum(STORE_CODES as unknown as [StoreCode, ...StoreCode[]]);
/** A content picture: a file name under the content media folder (`DATA_DIR/media/content/`). */
const image = z.string().check(z.regex(/^[a-z0-9][a-z0-9._-]*\.(png|jpe?g|webp|svg)$/, 'must be a picture file name (png, jpg, webp or svg)'), z.maxLength(200, 'must be at most 200 characters'));
/** How a body is written in a content file; it is stored as sanitised HTML either way. */
const format = z.optional(z.enum(['html', 'markdown']));

/** The products a landing page lists under its story: a category (its url_path) and the filters of the route query. */
export const LandingListingSchema = z.object({
  category: urlPath,
  query: z.optional(z.record(z.string(), z.string())),
});
export type LandingListing = z.infer<typeof LandingListingSchema>;

export const CmsPageInputSchema = z.object({
  store,
  identifier: slug,
  content_key: z.optional(slug),
  title: required(200),
  content: text(200_000),
  format,
  meta_title: z.optional(text(200)),
  meta_description: z.optional(text(400)),
  active: z.optional(z.boolean()),
  /** Also a landing page at this store-relative address (`swiss-watches/vintage`). */
  url_path: z.optional(urlPath),
  listing: z.optional(LandingListingSchema),
  image: z.optional(image),
});
export type CmsPageInput = z.infer<typeof CmsPageInputSchema>;

export const CmsBlockInputSchema = z.object({
  store,
  identifier: slug,
  title: required(200),
  content: text(100_000),
  format,
  active: z.optional(z.boolean()),
});
export type CmsBlockInput = z.infer<typeof CmsBlockInputSchema>;

export const CmsHierarchyInputSchema = z.object({
  store,
  identifier: slug,
  parent: z.optional(slug),
  page: z.optional(slug),
  title: required(200),
  position: z.optional(z.number().check(z.int())),
});
export type CmsHierarchyInput = z.infer<typeof CmsHierarchyInputSchema>;

export const BlogCategoryInputSchema = z.object({
  store,
  slug,
  content_key: z.optional(slug),
  name: required(120),
  description: z.optional(text(1000)),
  position: z.optional(z.number().check(z.int())),
});
export type BlogCategoryInput = z.infer<typeof BlogCategoryInputSchema>;

export const BlogTagInputSchema = z.object({ store, slug, name: required(120) });
export type BlogTagInput = z.infer<typeof BlogTagInputSchema>;

export const BlogPostInputSchema = z.object({
  /** Kept on import when given (links and bookmarks name it: `wordpress_post/{postId}`); new posts get the next. */
  id: z.optional(z.number().check(z.int(), z.positive())),
  store,
  slug,
  content_key: z.optional(slug),
  title: required(200),
  excerpt: text(1000),
  body: text(200_000),
  format,
  author: required(120),
  /** ISO 8601 date or date-time. */
  published_at: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, 'must be an ISO date (2026-05-14 or 2026-05-14T09:30:00Z)')),
  image: z.optional(image),
  categories: z.array(slug),
  tags: z.optional(z.array(slug)),
  related_skus: z.optional(z.array(required(64))),
  active: z.optional(z.boolean()),
});
export type BlogPostInput = z.infer<typeof BlogPostInputSchema>;

export const TestimonialInputSchema = z.object({
  store,
  author: required(120),
  location: z.optional(text(120)),
  rating: z.number().check(z.int(), z.minimum(1, 'must be 1 to 5'), z.maximum(5, 'must be 1 to 5')),
  text: required(4000),
  /** ISO 8601 date. */
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}/, 'must be an ISO date (2026-05-14)')),
  status: z.optional(z.union([z.literal(1), z.literal(2), z.literal(3)])),
});
export type TestimonialInput = z.infer<typeof TestimonialInputSchema>;

/**
 * A content file: all of the shop's content. An import replaces the content with the file's, in one transaction;
 * records are validated one by one and every problem is listed with its place (`posts[3].slug: …`).
 */
export const CONTENT_FILE_VERSION = 1;
export const ContentFileSchema = z.object({
  version: z.literal(CONTENT_FILE_VERSION),
  pages: z.array(CmsPageInputSchema),
  blocks: z.array(CmsBlockInputSchema),
  hierarchy: z.optional(z.array(CmsHierarchyInputSchema)),
  categories: z.array(BlogCategoryInputSchema),
  tags: z.array(BlogTagInputSchema),
  posts: z.array(BlogPostInputSchema),
  testimonials: z.array(TestimonialInputSchema),
});
export type ContentFile = z.infer<typeof ContentFileSchema>;

// ---- What the calls answer (result of the shop's envelope) ----

/** The same content in another store, for hreflang and the language switch: a store-relative path. */
export interface ContentAlternate {
  store: StoreCode;
  path: string;
}

export interface CmsPage {
  id: number;
  store: StoreCode;
  identifier: string;
  content_key: string | null;
  title: string;
  /** Sanitised HTML. */
  content: string;
  meta_title: string | null;
  meta_description: string | null;
  active: boolean;
  url_path: string | null;
  listing: LandingListing | null;
  image: string | null;
  /** Its store-relative address: `i/{identifier}`, or `url_path` for a landing page. */
  path: string;
  alternates: ContentAlternate[];
}

export interface CmsBlock {
  id: number;
  store: StoreCode;
  identifier: string;
  title: string;
  content: string;
  active: boolean;
}

export interface CmsHierarchyNode {
  id: number;
  identifier: string;
  parent_identifier: string | null;
  page_identifier: string | null;
  title: string;
  position: number;
  /** The page's store-relative address, when the node names one. */
  path: string | null;
  children: CmsHierarchyNode[];
}

export interface BlogCategory {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  position: number;
  post_count: number;
  content_key: string | null;
}

export interface BlogTag {
  id: number;
  slug: string;
  name: string;
  post_count: number;
}

export interface BlogPostSummary {
  id: number;
  store: StoreCode;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  /** ISO 8601. */
  published_at: string;
  image: string | null;
  categories: { id: number; slug: string; name: string }[];
  tags: { id: number; slug: string; name: string }[];
  reading_minutes: number;
  /** Store-relative: `magazine/{yyyy}/{mm}/{slug}`. */
  path: string;
}

export interface BlogPost extends BlogPostSummary {
  body: string;
  related_skus: string[];
  content_key: string | null;
  alternates: ContentAlternate[];
  previous: Pick<BlogPostSummary, 'id' | 'slug' | 'title' | 'path'> | null;
  next: Pick<BlogPostSummary, 'id' | 'slug' | 'title' | 'path'> | null;
}

export interface Testimonial {
  id: number;
  author: string;
  location: string | null;
  rating: number;
  text: string;
  /** ISO 8601 date. */
  date: string;
}

/** The testimonials' rating summary (AggregateRating): only listed ones count. */
export interface TestimonialRatings {
  average: number;
  count: number;
  /** Count per star, index 0 is 1 star. */
  distribution: [number, number, number, number, number];
}

export interface ContentList<T> {
  items: T[];
  total: number;
  start: number;
  size: number;
}

/** Store-relative address of a post: `magazine/{yyyy}/{mm}/{slug}` from its publication date (UTC). */
export function postPath(post: { slug: string; published_at: string }): string {
  const date = new Date(post.published_at);
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `magazine/${date.getUTCFullYear()}/${month}/${post.slug}`;
}

/** Minutes to read a body of HTML, at least 1. */
export function readingMinutes(html: string): number {
  const words = html.replace(/<[^>]*>/g, ' ').split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / READING_WORDS_PER_MINUTE));
}

/** Store-relative address of a CMS page: its landing address, else `i/{identifier}`. */
export function cmsPagePath(page: { identifier: string; url_path?: string | null | undefined }): string {
  return page.url_path ?? `i/${page.identifier}`;
}
