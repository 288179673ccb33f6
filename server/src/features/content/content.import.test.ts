/**
 * The content file on the engine under test: a bad file loads nothing and lists every problem with its place; a good
 * one replaces all content (post ids kept); bodies are sanitised; export → import → export is the same file.
 */
import type { ContentFile } from '@shop/shared/content/content.schema';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { ContentImportError, contentJson, exportContent, formatContentProblem, importContent } from './content.import.ts';
import { contentTables } from './content.repository.ts';
import { fixtureContent } from './content.test-support.ts';

const app = await buildTestApp({ catalogue: fixtureCatalogue() });

async function problemsOf(file: unknown): Promise<string[]> {
  const error = await importContent(app.db, file).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContentImportError);
  return (error as ContentImportError).problems.map(formatContentProblem);
}

const count = async (table: 'cms_pages' | 'blog_posts' | 'testimonials') =>
  Number((await contentTables(app.db).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('content import', () => {
  it('loads a good file, sanitising bodies and keeping post ids', async () => {
    const summary = await importContent(app.db, fixtureContent());
    expect(summary).toMatchObject({ pages: 7, blocks: 4, hierarchy: 5, categories: 3, tags: 3, posts: 6, testimonials: 6 });
    // Every related sku and landing category of the fixture exists.
    expect(summary.warnings).toEqual([]);
    const posts = await contentTables(app.db).selectFrom('blog_posts').select(['id', 'slug', 'body']).orderBy('id').execute();
    expect(posts.map((p) => p.id)).toEqual([10, 11, 12, 13, 14, 20]);
    expect(posts[0]!.body).toBe('<p>In 1969 the Speedmaster went to the moon.</p><img alt="Moon" src="/media/content/moon.svg?size=744" />');
    const pages = await contentTables(app.db).selectFrom('cms_pages').select(['identifier', 'content']).execute();
    const about = pages.find((p) => p.identifier === 'about-us')!.content;
    expect(about).toBe('<h2>Since 1921</h2><p>Watches and diamonds.</p>');
    // Markdown is rendered, then sanitised.
    expect(pages.find((p) => p.identifier === 'customer-service')!.content).toBe('<h2>Call us</h2>\n<p>We answer <strong>every</strong> call. </p>');
    const testimonial = await contentTables(app.db).selectFrom('testimonials').select('text').where('author', '=', 'Sarah').executeTakeFirstOrThrow();
    expect(testimonial.text).toBe('Quick delivery.');
  });

  it('refuses a file with several problems, lists them all with their places and loads nothing', async () => {
    await importContent(app.db, fixtureContent());
    const bad = fixtureContent() as unknown as Record<string, Array<Record<string, unknown>>>;
    bad.pages![4]!.identifier = 'Not A Slug';
    bad.pages!.push({ ...bad.pages![0]!, title: 'Twice' });
    bad.blocks![0]!.colour = 'red';
    bad.hierarchy![1]!.parent = 'nowhere';
    bad.hierarchy![2]!.page = 'no-such-page';
    bad.posts![3]!.categories = ['news', 'gossip'];
    bad.posts![4]!.tags = ['omega', 'omega'];
    bad.posts![5]!.id = 10;
    bad.posts![0]!.published_at = '2026-02-31';
    bad.testimonials![2]!.rating = 7;
    bad.testimonials![3]!.text = 'nul \u0000 here';
    const problems = await problemsOf(bad);
    expect(problems).toEqual([
      'pages[4].identifier: must be lower-case letters, digits and single hyphens',
      'pages[7].identifier: "over-ons" is already the identifier of pages[0] in store nl',
      'pages[7].content_key: "about-us" is already the content_key of pages[0] in store nl',
      'blocks[0].colour: unknown field',
      'hierarchy[1].parent: no hierarchy node "nowhere" in store en',
      'hierarchy[2].page: no page "no-such-page" in store en',
      'posts[0].published_at: "2026-02-31" is not a real date',
      'posts[3].categories[1]: no category "gossip" in store en',
      'posts[4].tags[1]: "omega" is listed twice',
      'posts[5].id: 10 is already the id of posts[0]',
      'testimonials[2].rating: must be 1 to 5',
      'testimonials[3]: holds a NUL character (\\u0000)',
    ]);
    // The content loaded before is untouched.
    expect(await count('cms_pages')).toBe(7);
    expect(await count('blog_posts')).toBe(6);
  });

  it('names missing sections, a wrong version and a document that is not an object', async () => {
    expect(await problemsOf([])).toEqual(['file: expected a JSON object { version: 1, pages, blocks, hierarchy, categories, tags, posts, testimonials }, got a list']);
    expect(await problemsOf({ version: 2, pages: [], blocks: {}, categories: [], tags: [], posts: [], extra: [] })).toEqual([
      'version: expected 1, got 2',
      'file: unknown section "extra" (the sections are pages, blocks, hierarchy, categories, tags, posts, testimonials)',
      'blocks: expected a list of records, got an object',
      'testimonials: required (a list, [] when there is nothing)',
    ]);
  });

  it('refuses a post id past what the database holds', async () => {
    const file = fixtureContent();
    file.posts[0]!.id = 3_000_000_000;
    expect(await problemsOf(file)).toEqual(['posts[0].id: must be at most 2147483647']);
  });

  it('loads a related sku the catalogue does not hold, with a warning', async () => {
    const file = fixtureContent();
    file.posts[1]!.related_skus = ['W-1', 'GONE-1'];
    file.pages[5]!.listing = { category: 'no-such-category' };
    const summary = await importContent(app.db, file);
    expect(summary.warnings.map(formatContentProblem)).toEqual([
      'pages[5].listing.category: the catalogue has no category "no-such-category" in store en: the page shows its story without products',
      'posts[1].related_skus[1]: the catalogue holds no product with sku "GONE-1": it is kept, and shown once the catalogue has it',
    ]);
    expect(await count('blog_posts')).toBe(6);
  });

  it('replaces all content, keeping a post id by its store and slug when the file gives none', async () => {
    await importContent(app.db, fixtureContent());
    const smaller: ContentFile = { ...fixtureContent(), pages: [], blocks: [], hierarchy: [], testimonials: [] };
    smaller.posts = smaller.posts.filter((p) => p.store === 'en').map(({ id: _id, ...post }) => post);
    smaller.posts.push({ store: 'en', slug: 'brand-new', title: 'Brand new', excerpt: 'New.', body: '<p>New.</p>', author: 'A', published_at: '2026-05-01', categories: ['news'] });
    await importContent(app.db, smaller);
    expect(await count('cms_pages')).toBe(0);
    expect(await count('testimonials')).toBe(0);
    const posts = await contentTables(app.db).selectFrom('blog_posts').select(['id', 'slug']).orderBy('id').execute();
    expect(posts).toEqual([
      { id: 10, slug: 'speedmaster-on-the-moon' },
      { id: 11, slug: 'choosing-a-diver' },
      { id: 12, slug: 'ring-sizes' },
      { id: 13, slug: 'draft-post' },
      { id: 14, slug: 'next-year' },
      { id: 21, slug: 'brand-new' },
    ]);
  });

  it('exports the same file it imports (round trip)', async () => {
    await importContent(app.db, fixtureContent());
    const first = contentJson(await exportContent(app.db));
    await importContent(app.db, JSON.parse(first));
    const second = contentJson(await exportContent(app.db));
    expect(second).toBe(first);
    const exported = JSON.parse(first) as ContentFile;
    expect(exported.posts.find((p) => p.id === 10)).toEqual({
      id: 10,
      store: 'en',
      slug: 'speedmaster-on-the-moon',
      content_key: 'speedmaster-moon',
      title: 'The Speedmaster on the moon',
      excerpt: 'How a chronograph went to the moon.',
      body: '<p>In 1969 the Speedmaster went to the moon.</p><img alt="Moon" src="/media/content/moon.svg?size=744" />',
      author: 'Anna de Vries',
      published_at: '2026-03-10T09:00:00.000Z',
      image: 'moon.svg',
      categories: ['news', 'watch-guide'],
      tags: ['omega'],
      related_skus: ['W-2'],
      active: true,
    });
    expect(first).not.toMatch(/<script|onerror|javascript:/i);
  });
});
