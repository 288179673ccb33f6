/**
 * Loads and writes the shop's content file (`pnpm shop content import|export`, the demo seed, tests):
 *   1. every record is checked against its schema (shared content.schema.ts), then across records: identifiers and
 *      slugs unique per store, a post's categories and tags exist in its store, a hierarchy node's parent and page
 *      exist (and make no loop), post ids unique; every problem is listed with its place (`posts[3].categories[0]`);
 *   2. references into the catalogue (a post's related skus, a landing page's category) that the catalogue does not
 *      hold are warnings, not errors: the catalogue is loaded on its own (and replaced) and content must survive a
 *      product leaving it; the calls only ever show the products that exist;
 *   3. a file without problems replaces all content in one transaction: bodies are sanitised (Markdown rendered
 *      first), posts keep the ids the file gives (else the id their store and slug had, else the next free one).
 * Nothing is written when any record has a problem.
 */
import { describeValue, fieldPath, isPlainObject, issueMessage } from '@shop/shared';
import {
  BlogCategoryInputSchema,
  BlogPostInputSchema,
  BlogTagInputSchema,
  CmsBlockInputSchema,
  CmsHierarchyInputSchema,
  CmsPageInputSchema,
  CONTENT_FILE_VERSION,
  TestimonialInputSchema,
  type BlogCategoryInput,
  type BlogPostInput,
  type BlogTagInput,
  type CmsBlockInput,
  type CmsHierarchyInput,
  type CmsPageInput,
  type ContentFile,
  type LandingListing,
  type TestimonialInput,
} from '@shop/shared/content/content.schema';
import { sql } from 'kysely';
import type { z } from 'zod/mini';
import type { Db, Trx } from '../../storage/database.ts';
import { engineOf, lockContentImports } from '../../storage/engine.ts';
import { contentTables, MAX_ROW_ID } from './content.repository.ts';
import { plainText, sanitizeBody } from './content.sanitize.ts';

/** Also here, where the first version of this module had it (the demo seed may name it). */
export { contentTables };

/** One problem of a content file: where (`posts[3].categories[0]`, `file`) and what. */
export interface ContentProblem {
  place: string;
  message: string;
}

export function formatContentProblem(problem: ContentProblem): string {
  return `${problem.place}: ${problem.message}`;
}

export class ContentImportError extends Error {
  constructor(
    readonly problems: ContentProblem[],
    readonly warnings: ContentProblem[],
  ) {
    super(`The content file has ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was loaded:\n${problems.map(formatContentProblem).join('\n')}`);
    this.name = 'ContentImportError';
  }
}

/** What the catalogue holds that content refers to. */
export interface CatalogueRefs {
  skus: ReadonlySet<string>;
  /** Category url paths per store (`horloges/vintage` in nl). */
  categoryPaths: ReadonlyMap<string, ReadonlySet<string>>;
}

const SECTIONS = ['pages', 'blocks', 'hierarchy', 'categories', 'tags', 'posts', 'testimonials'] as const;
type Section = (typeof SECTIONS)[number];
/** Sections a file may leave out (all others must be there, even empty). */
const OPTIONAL_SECTIONS: ReadonlySet<Section> = new Set(['hierarchy']);

const SCHEMAS: Record<Section, z.ZodMiniObject> = {
  pages: CmsPageInputSchema,
  blocks: CmsBlockInputSchema,
  hierarchy: CmsHierarchyInputSchema,
  categories: BlogCategoryInputSchema,
  tags: BlogTagInputSchema,
  posts: BlogPostInputSchema,
  testimonials: TestimonialInputSchema,
} as unknown as Record<Section, z.ZodMiniObject>;

interface Located<T> {
  index: number;
  value: T;
}

export type ContentCheck =
  | { ok: true; file: ContentFile; warnings: ContentProblem[] }
  | { ok: false; problems: ContentProblem[]; warnings: ContentProblem[] };

/** Checks a whole content file (already parsed JSON) against the schemas, across records and against the catalogue. */
export function checkContentFile(input: unknown, catalogue: CatalogueRefs): ContentCheck {
  const problems: ContentProblem[] = [];
  const warnings: ContentProblem[] = [];
  if (!isPlainObject(input)) {
    problems.push({ place: 'file', message: `expected a JSON object { version: ${CONTENT_FILE_VERSION}, ${SECTIONS.join(', ')} }, got ${describeValue(input)}` });
    return { ok: false, problems, warnings };
  }
  if (input.version !== CONTENT_FILE_VERSION) {
    problems.push({ place: 'version', message: input.version === undefined ? `required (${CONTENT_FILE_VERSION})` : `expected ${CONTENT_FILE_VERSION}, got ${describeValue(input.version)}` });
  }
  for (const key of Object.keys(input)) {
    if (key !== 'version' && !(SECTIONS as readonly string[]).includes(key)) problems.push({ place: 'file', message: `unknown section "${key}" (the sections are ${SECTIONS.join(', ')})` });
  }
  const parsed = {} as { [K in Section]: Located<unknown>[] };
  for (const section of SECTIONS) {
    const raw = input[section];
    parsed[section] = [];
    if (raw === undefined) {
      if (!OPTIONAL_SECTIONS.has(section)) problems.push({ place: section, message: 'required (a list, [] when there is nothing)' });
      continue;
    }
    if (!Array.isArray(raw)) {
      problems.push({ place: section, message: `expected a list of records, got ${describeValue(raw)}` });
      continue;
    }
    const schema = SCHEMAS[section];
    const known = new Set(Object.keys(schema.def.shape));
    raw.forEach((record, index) => {
      const place = `${section}[${index}]`;
      let valid = true;
      if (isPlainObject(record)) {
        for (const key of Object.keys(record)) {
          if (!known.has(key)) {
            problems.push({ place: `${place}.${key}`, message: 'unknown field' });
            valid = false;
          }
        }
      }
      // PostgreSQL text cannot hold a NUL character; no content needs one.
      if (JSON.stringify(record)?.includes('\\u0000')) {
        problems.push({ place, message: 'holds a NUL character (\\u0000)' });
        valid = false;
      }
      const result = schema.safeParse(record);
      if (!result.success) {
        valid = false;
        for (const issue of result.error.issues) {
          const field = fieldPath(issue.path);
          problems.push({ place: field ? `${place}${field.startsWith('[') ? '' : '.'}${field}` : place, message: issueMessage(issue, record) });
        }
      }
      if (valid) parsed[section].push({ index, value: result.data });
    });
  }
  const file = {
    pages: parsed.pages as Located<CmsPageInput>[],
    blocks: parsed.blocks as Located<CmsBlockInput>[],
    hierarchy: parsed.hierarchy as Located<CmsHierarchyInput>[],
    categories: parsed.categories as Located<BlogCategoryInput>[],
    tags: parsed.tags as Located<BlogTagInput>[],
    posts: parsed.posts as Located<BlogPostInput>[],
    testimonials: parsed.testimonials as Located<TestimonialInput>[],
  };
  crossCheck(file, catalogue, problems, warnings);
  if (problems.length > 0) return { ok: false, problems: inFileOrder(problems), warnings: inFileOrder(warnings) };
  const values = <T>(records: Located<T>[]) => records.map((record) => record.value);
  return {
    ok: true,
    warnings: inFileOrder(warnings),
    file: {
      version: CONTENT_FILE_VERSION,
      pages: values(file.pages),
      blocks: values(file.blocks),
      hierarchy: values(file.hierarchy),
      categories: values(file.categories),
      tags: values(file.tags),
      posts: values(file.posts),
      testimonials: values(file.testimonials),
    },
  };
}

/** The document's problems first, then by section and record as they stand in the file; a record's own in the order found. */
function inFileOrder(problems: ContentProblem[]): ContentProblem[] {
  const rank = (place: string) => {
    const match = /^([a-z]+)(?:\[(\d+)\])?/.exec(place);
    const section = SECTIONS.indexOf(match?.[1] as Section);
    return section < 0 ? [-1, -1] : [section, match?.[2] === undefined ? -1 : Number(match[2])];
  };
  return problems
    .map((problem, order) => ({ problem, order, rank: rank(problem.place) }))
    .sort((a, b) => a.rank[0]! - b.rank[0]! || a.rank[1]! - b.rank[1]! || a.order - b.order)
    .map((entry) => entry.problem);
}

interface Records {
  pages: Located<CmsPageInput>[];
  blocks: Located<CmsBlockInput>[];
  hierarchy: Located<CmsHierarchyInput>[];
  categories: Located<BlogCategoryInput>[];
  tags: Located<BlogTagInput>[];
  posts: Located<BlogPostInput>[];
  testimonials: Located<TestimonialInput>[];
}

function crossCheck(file: Records, catalogue: CatalogueRefs, problems: ContentProblem[], warnings: ContentProblem[]): void {
  /** The first record of a store holding each key; later ones are problems. */
  function unique<T extends { store: string }>(section: Section, records: Located<T>[], field: string, key: (value: T) => string | undefined, what: string): Map<string, number> {
    const seen = new Map<string, number>();
    for (const { index, value } of records) {
      const k = key(value);
      if (k === undefined) continue;
      const id = `${value.store}\u0000${k}`;
      const first = seen.get(id);
      if (first === undefined) seen.set(id, index);
      else problems.push({ place: `${section}[${index}].${field}`, message: `${JSON.stringify(k)} is already the ${what} of ${section}[${first}] in store ${value.store}` });
    }
    return seen;
  }

  const pages = unique('pages', file.pages, 'identifier', (p) => p.identifier, 'identifier');
  unique('pages', file.pages, 'url_path', (p) => p.url_path, 'url_path');
  unique('pages', file.pages, 'content_key', (p) => p.content_key, 'content_key');
  unique('blocks', file.blocks, 'identifier', (b) => b.identifier, 'identifier');
  const nodes = unique('hierarchy', file.hierarchy, 'identifier', (n) => n.identifier, 'identifier');
  const categories = unique('categories', file.categories, 'slug', (c) => c.slug, 'slug');
  unique('categories', file.categories, 'content_key', (c) => c.content_key, 'content_key');
  const tags = unique('tags', file.tags, 'slug', (t) => t.slug, 'slug');
  unique('posts', file.posts, 'slug', (p) => p.slug, 'slug');
  unique('posts', file.posts, 'content_key', (p) => p.content_key, 'content_key');

  for (const { index, value } of file.pages) {
    if (value.url_path?.split('/')[0] === 'i') problems.push({ place: `pages[${index}].url_path`, message: `${JSON.stringify(value.url_path)} starts with i/, the address of every page by identifier` });
    if (value.listing) checkListing(`pages[${index}].listing`, value.store, value.listing, catalogue, warnings);
  }

  for (const { index, value } of file.hierarchy) {
    const place = `hierarchy[${index}]`;
    if (value.parent !== undefined) {
      if (value.parent === value.identifier) problems.push({ place: `${place}.parent`, message: 'a node cannot be its own parent' });
      else if (!nodes.has(`${value.store}\u0000${value.parent}`)) problems.push({ place: `${place}.parent`, message: `no hierarchy node ${JSON.stringify(value.parent)} in store ${value.store}` });
      else if (inLoop(value, file.hierarchy)) problems.push({ place: `${place}.parent`, message: `${JSON.stringify(value.parent)} leads back to ${JSON.stringify(value.identifier)}: the parents make a loop` });
    }
    if (value.page !== undefined && !pages.has(`${value.store}\u0000${value.page}`)) problems.push({ place: `${place}.page`, message: `no page ${JSON.stringify(value.page)} in store ${value.store}` });
  }

  const ids = new Map<number, number>();
  for (const { index, value } of file.posts) {
    const place = `posts[${index}]`;
    if (value.id !== undefined && value.id > MAX_ROW_ID) problems.push({ place: `${place}.id`, message: `must be at most ${MAX_ROW_ID}` });
    else if (value.id !== undefined) {
      const first = ids.get(value.id);
      if (first === undefined) ids.set(value.id, index);
      else problems.push({ place: `${place}.id`, message: `${value.id} is already the id of posts[${first}]` });
    }
    if (!isRealDate(value.published_at)) problems.push({ place: `${place}.published_at`, message: `${JSON.stringify(value.published_at)} is not a real date` });
    const listed = (field: 'categories' | 'tags', slugs: readonly string[], known: Map<string, number>, what: string) => {
      const seen = new Set<string>();
      slugs.forEach((slug, i) => {
        if (seen.has(slug)) problems.push({ place: `${place}.${field}[${i}]`, message: `${JSON.stringify(slug)} is listed twice` });
        else if (!known.has(`${value.store}\u0000${slug}`)) problems.push({ place: `${place}.${field}[${i}]`, message: `no ${what} ${JSON.stringify(slug)} in store ${value.store}` });
        seen.add(slug);
      });
    };
    listed('categories', value.categories, categories, 'category');
    listed('tags', value.tags ?? [], tags, 'tag');
    (value.related_skus ?? []).forEach((sku, i) => {
      if (!catalogue.skus.has(sku)) warnings.push({ place: `${place}.related_skus[${i}]`, message: `the catalogue holds no product with sku ${JSON.stringify(sku)}: it is kept, and shown once the catalogue has it` });
    });
  }

  for (const { index, value } of file.testimonials) {
    if (!isRealDate(value.date)) problems.push({ place: `testimonials[${index}].date`, message: `${JSON.stringify(value.date)} is not a real date` });
  }
}

function checkListing(place: string, store: string, listing: LandingListing, catalogue: CatalogueRefs, warnings: ContentProblem[]): void {
  if (!catalogue.categoryPaths.get(store)?.has(listing.category)) {
    warnings.push({ place: `${place}.category`, message: `the catalogue has no category ${JSON.stringify(listing.category)} in store ${store}: the page shows its story without products` });
  }
}

function inLoop(start: CmsHierarchyInput, nodes: Located<CmsHierarchyInput>[]): boolean {
  const parentOf = new Map(nodes.filter((n) => n.value.store === start.store).map((n) => [n.value.identifier, n.value.parent]));
  let current = start.parent;
  for (let steps = 0; current !== undefined && steps <= parentOf.size; steps++) {
    if (current === start.identifier) return true;
    current = parentOf.get(current);
  }
  return false;
}

/** Milliseconds of an ISO date or date-time; a time without a zone is UTC. */
export function contentTime(value: string): number {
  const zoned = /T/.test(value) && !/(Z|[+-]\d{2}:\d{2})$/.test(value) ? `${value}Z` : value;
  return new Date(zoned).getTime();
}

function isRealDate(value: string): boolean {
  const time = contentTime(value);
  if (Number.isNaN(time)) return false;
  // `2026-02-31` parses (as 3 March): the date part must survive the round trip.
  return new Date(time).toISOString().slice(0, 10) === value.slice(0, 10) || /[+-]\d{2}:\d{2}$/.test(value);
}

/** The skus and category addresses content may refer to. */
export async function catalogueRefs(db: Db | Trx): Promise<CatalogueRefs> {
  const [products, categories] = await Promise.all([
    db.selectFrom('products').select('sku').execute(),
    db.selectFrom('category_texts').select(['store_code', 'url_path']).execute(),
  ]);
  const categoryPaths = new Map<string, Set<string>>();
  for (const { store_code, url_path } of categories) {
    let paths = categoryPaths.get(store_code);
    if (!paths) categoryPaths.set(store_code, (paths = new Set()));
    paths.add(url_path);
  }
  return { skus: new Set(products.map((p) => p.sku)), categoryPaths };
}

export interface ContentImportOptions {
  /** When the import happens (updated_at); default now. */
  now?: number;
}

export interface ContentImportSummary {
  pages: number;
  blocks: number;
  hierarchy: number;
  categories: number;
  tags: number;
  posts: number;
  testimonials: number;
  /** References into the catalogue it does not hold (loaded anyway). */
  warnings: ContentProblem[];
}

/**
 * Checks `input` (a parsed content file) and, when it has no problems, replaces all content with it in one
 * transaction. Throws ContentImportError (every problem, nothing written) otherwise.
 */
export async function importContent(db: Db, input: unknown, options: ContentImportOptions = {}): Promise<ContentImportSummary> {
  const now = options.now ?? Date.now();
  return db.transaction().execute(async (trx) => {
    await lockContentImports(trx);
    const check = checkContentFile(input, await catalogueRefs(trx));
    if (!check.ok) throw new ContentImportError(check.problems, check.warnings);
    await writeContent(trx, check.file, now);
    const { file } = check;
    return {
      pages: file.pages.length,
      blocks: file.blocks.length,
      hierarchy: file.hierarchy?.length ?? 0,
      categories: file.categories.length,
      tags: file.tags.length,
      posts: file.posts.length,
      testimonials: file.testimonials.length,
      warnings: check.warnings,
    };
  });
}

const bool = (value: boolean | undefined) => (value === false ? 0 : 1);
/** Plain text, or null when not given. Titles, names, excerpts and testimonials are text: no tag is stored in them. */
const optionalText = (value: string | undefined) => (value === undefined ? null : plainText(value));

async function writeContent(trx: Trx, file: ContentFile, now: number): Promise<void> {
  const db = contentTables(trx);
  const previous = await db.selectFrom('blog_posts').select(['id', 'store', 'slug']).execute();
  for (const table of ['blog_post_categories', 'blog_post_tags', 'blog_posts', 'blog_categories', 'blog_tags', 'cms_hierarchy', 'cms_blocks', 'cms_pages', 'testimonials'] as const) {
    await db.deleteFrom(table).execute();
  }

  for (const page of file.pages) {
    await db
      .insertInto('cms_pages')
      .values({
        store: page.store,
        identifier: page.identifier,
        content_key: page.content_key ?? null,
        title: plainText(page.title),
        content: sanitizeBody(page.content, page.format),
        meta_title: optionalText(page.meta_title),
        meta_description: optionalText(page.meta_description),
        active: bool(page.active),
        url_path: page.url_path ?? null,
        listing: page.listing ? JSON.stringify(page.listing) : null,
        image: page.image ?? null,
        updated_at: now,
      })
      .execute();
  }
  for (const block of file.blocks) {
    await db
      .insertInto('cms_blocks')
      .values({ store: block.store, identifier: block.identifier, title: plainText(block.title), content: sanitizeBody(block.content, block.format), active: bool(block.active), updated_at: now })
      .execute();
  }
  for (const node of file.hierarchy ?? []) {
    await db
      .insertInto('cms_hierarchy')
      .values({ store: node.store, identifier: node.identifier, parent_identifier: node.parent ?? null, page_identifier: node.page ?? null, title: plainText(node.title), position: node.position ?? 0 })
      .execute();
  }

  const categoryIds = new Map<string, number>();
  for (const category of file.categories) {
    const row = await db
      .insertInto('blog_categories')
      .values({ store: category.store, slug: category.slug, content_key: category.content_key ?? null, name: plainText(category.name), description: optionalText(category.description), position: category.position ?? 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.set(`${category.store}\u0000${category.slug}`, row.id);
  }
  const tagIds = new Map<string, number>();
  for (const tag of file.tags) {
    const row = await db.insertInto('blog_tags').values({ store: tag.store, slug: tag.slug, name: plainText(tag.name) }).returning('id').executeTakeFirstOrThrow();
    tagIds.set(`${tag.store}\u0000${tag.slug}`, row.id);
  }

  // Ids: the file's; else the one the same store and slug had; else past every id used so far.
  const given = new Set(file.posts.flatMap((post) => (post.id === undefined ? [] : [post.id])));
  const before = new Map(previous.map((row) => [`${row.store}\u0000${row.slug}`, row.id]));
  let next = Math.max(0, ...given, ...previous.map((row) => row.id)) + 1;
  for (const post of file.posts) {
    const earlier = before.get(`${post.store}\u0000${post.slug}`);
    const id = post.id ?? (earlier !== undefined && !given.has(earlier) ? earlier : next++);
    given.add(id);
    await db
      .insertInto('blog_posts')
      .values({
        id,
        store: post.store,
        slug: post.slug,
        content_key: post.content_key ?? null,
        title: plainText(post.title),
        excerpt: plainText(post.excerpt),
        body: sanitizeBody(post.body, post.format),
        author: plainText(post.author),
        published_at: contentTime(post.published_at),
        image: post.image ?? null,
        related_skus: JSON.stringify(post.related_skus ?? []),
        active: bool(post.active),
        updated_at: now,
      })
      .execute();
    const categories = post.categories.map((slug) => ({ post_id: id, category_id: categoryIds.get(`${post.store}\u0000${slug}`)! }));
    if (categories.length) await db.insertInto('blog_post_categories').values(categories).execute();
    const tags = (post.tags ?? []).map((slug) => ({ post_id: id, tag_id: tagIds.get(`${post.store}\u0000${slug}`)! }));
    if (tags.length) await db.insertInto('blog_post_tags').values(tags).execute();
  }
  // Posts carry their own ids: PostgreSQL's identity must move past them for a post added later without one.
  if (engineOf(trx) === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('blog_posts', 'id'), coalesce((select max(id) from blog_posts), 0) + 1, false)`.execute(trx);
  }

  for (const testimonial of file.testimonials) {
    await db
      .insertInto('testimonials')
      .values({
        store: testimonial.store,
        author: plainText(testimonial.author),
        location: optionalText(testimonial.location),
        rating: testimonial.rating,
        text: plainText(testimonial.text),
        created_at: contentTime(testimonial.date),
        status: testimonial.status ?? 1,
      })
      .execute();
  }
}

/** All content in the file format, in a stable order (export → import → export gives the same file). */
export async function exportContent(db: Db | Trx): Promise<ContentFile> {
  const t = contentTables(db);
  const [pages, blocks, hierarchy, categories, tags, posts, postCategories, postTags, testimonials] = await Promise.all([
    t.selectFrom('cms_pages').selectAll().orderBy('store').orderBy('identifier').execute(),
    t.selectFrom('cms_blocks').selectAll().orderBy('store').orderBy('identifier').execute(),
    t.selectFrom('cms_hierarchy').selectAll().orderBy('store').orderBy('position').orderBy('identifier').execute(),
    t.selectFrom('blog_categories').selectAll().orderBy('store').orderBy('position').orderBy('slug').execute(),
    t.selectFrom('blog_tags').selectAll().orderBy('store').orderBy('slug').execute(),
    t.selectFrom('blog_posts').selectAll().orderBy('id').execute(),
    t.selectFrom('blog_post_categories').innerJoin('blog_categories', 'blog_categories.id', 'blog_post_categories.category_id').select(['post_id', 'slug', 'position']).execute(),
    t.selectFrom('blog_post_tags').innerJoin('blog_tags', 'blog_tags.id', 'blog_post_tags.tag_id').select(['post_id', 'slug']).execute(),
    t.selectFrom('testimonials').selectAll().orderBy('store').orderBy('created_at').orderBy('id').execute(),
  ]);
  const slugsOf = <R extends { post_id: number; slug: string }>(rows: R[], order: (a: R, b: R) => number) => {
    const byPost = new Map<number, string[]>();
    for (const row of [...rows].sort(order)) {
      const list = byPost.get(row.post_id) ?? [];
      list.push(row.slug);
      byPost.set(row.post_id, list);
    }
    return byPost;
  };
  const bySlug = (a: { slug: string }, b: { slug: string }) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
  const categoriesOf = slugsOf(postCategories, (a, b) => a.position - b.position || bySlug(a, b));
  const tagsOf = slugsOf(postTags, bySlug);
  /** Leaves out what is null, so the file reads like one written by hand. */
  const some = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as T;
  const store = (value: string) => value as ContentFile['pages'][number]['store'];

  return {
    version: CONTENT_FILE_VERSION,
    pages: pages.map((p) =>
      some({
        store: store(p.store),
        identifier: p.identifier,
        content_key: p.content_key ?? undefined,
        title: p.title,
        content: p.content,
        meta_title: p.meta_title ?? undefined,
        meta_description: p.meta_description ?? undefined,
        active: p.active === 1,
        url_path: p.url_path ?? undefined,
        listing: p.listing ? (JSON.parse(p.listing) as LandingListing) : undefined,
        image: p.image ?? undefined,
      }),
    ),
    blocks: blocks.map((b) => ({ store: store(b.store), identifier: b.identifier, title: b.title, content: b.content, active: b.active === 1 })),
    hierarchy: hierarchy.map((n) =>
      some({ store: store(n.store), identifier: n.identifier, parent: n.parent_identifier ?? undefined, page: n.page_identifier ?? undefined, title: n.title, position: n.position }),
    ),
    categories: categories.map((c) =>
      some({ store: store(c.store), slug: c.slug, content_key: c.content_key ?? undefined, name: c.name, description: c.description ?? undefined, position: c.position }),
    ),
    tags: tags.map((tag) => ({ store: store(tag.store), slug: tag.slug, name: plainText(tag.name) })),
    posts: posts.map((p) =>
      some({
        id: p.id,
        store: store(p.store),
        slug: p.slug,
        content_key: p.content_key ?? undefined,
        title: p.title,
        excerpt: p.excerpt,
        body: p.body,
        author: p.author,
        published_at: new Date(Number(p.published_at)).toISOString(),
        image: p.image ?? undefined,
        categories: categoriesOf.get(p.id) ?? [],
        tags: tagsOf.get(p.id) ?? [],
        related_skus: JSON.parse(p.related_skus) as string[],
        active: p.active === 1,
      }),
    ),
    testimonials: testimonials.map((r) =>
      some({
        store: store(r.store),
        author: r.author,
        location: r.location ?? undefined,
        rating: r.rating,
        text: r.text,
        date: new Date(Number(r.created_at)).toISOString(),
        status: r.status as 1 | 2 | 3,
      }),
    ),
  };
}

/** The file's text: two-space JSON with a final newline. */
export function contentJson(file: ContentFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}
