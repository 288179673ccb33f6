/**
 * Table types of the content store (migration 016, decision 045). Booleans are 0/1 and structured values JSON text,
 * as in the rest of the schema (storage/schema.ts).
 */
import type { Generated } from 'kysely';

export interface CmsPagesTable {
  id: Generated<number>;
  store: string;
  identifier: string;
  content_key: string | null;
  title: string;
  content: string;
  meta_title: string | null;
  meta_description: string | null;
  active: number;
  url_path: string | null;
  /** JSON: LandingListing */
  listing: string | null;
  image: string | null;
  updated_at: number;
}

export interface CmsBlocksTable {
  id: Generated<number>;
  store: string;
  identifier: string;
  title: string;
  content: string;
  active: number;
  updated_at: number;
}

export interface CmsHierarchyTable {
  id: Generated<number>;
  store: string;
  identifier: string;
  parent_identifier: string | null;
  page_identifier: string | null;
  title: string;
  position: number;
}

export interface BlogCategoriesTable {
  id: Generated<number>;
  store: string;
  slug: string;
  content_key: string | null;
  name: string;
  description: string | null;
  position: number;
}

export interface BlogTagsTable {
  id: Generated<number>;
  store: string;
  slug: string;
  name: string;
}

export interface BlogPostsTable {
  id: Generated<number>;
  store: string;
  slug: string;
  content_key: string | null;
  title: string;
  excerpt: string;
  body: string;
  author: string;
  published_at: number;
  image: string | null;
  /** JSON: string[] */
  related_skus: string;
  active: number;
  updated_at: number;
}

export interface BlogPostCategoriesTable {
  post_id: number;
  category_id: number;
}

export interface BlogPostTagsTable {
  post_id: number;
  tag_id: number;
}

export interface TestimonialsTable {
  id: Generated<number>;
  store: string;
  author: string;
  location: string | null;
  rating: number;
  text: string;
  created_at: number;
  status: number;
}

export interface ContentTables {
  cms_pages: CmsPagesTable;
  cms_blocks: CmsBlocksTable;
  cms_hierarchy: CmsHierarchyTable;
  blog_categories: BlogCategoriesTable;
  blog_tags: BlogTagsTable;
  blog_posts: BlogPostsTable;
  blog_post_categories: BlogPostCategoriesTable;
  blog_post_tags: BlogPostTagsTable;
  testimonials: TestimonialsTable;
}
