import { describe, expect, it } from 'vitest';
import { ContentFileSchema, TESTIMONIAL_STATUS, type ContentFile } from '@shop/shared/content/content.schema';
import { filtersFromRouteQuery, filtersToSearchFilters, DEFAULT_FILTERS } from '@shop/shared/catalogue/filters';
import { ROOT_CATEGORY_ID } from '@shop/shared';
import { checkContentFile } from '../../../features/content/content.import.ts';
import { parseContentPictureName } from '../../../features/media/content-pictures.ts';
import { TEST_NOW } from '../../../test/build-test-app.ts';
import { DEFAULT_PRODUCT_COUNT, DEFAULT_SEED, generateCatalogue } from '../generator/generate-catalogue.ts';
import { catalogueFacts } from './catalogue-facts.ts';
import { contentPictureNames, generateContent } from './generate-content.ts';

const catalogue = generateCatalogue({ seed: DEFAULT_SEED, productCount: DEFAULT_PRODUCT_COUNT });
const file = generateContent({ catalogue, seed: DEFAULT_SEED });
const STORES = ['nl', 'en'] as const;
const words = (html: string) => html.replace(/<[^>]*>/g, ' ').split(/\s+/).filter(Boolean).length;

/** Category url paths per store, as the catalogue import stores them. */
function categoryPaths(): Map<string, Set<string>> {
  const byId = new Map(catalogue.categories.map((c) => [c.id, c]));
  return new Map(
    STORES.map((store) => {
      const paths = new Set<string>();
      for (const category of catalogue.categories) {
        const keys: string[] = [];
        for (let c = byId.get(category.id); c && c.id !== ROOT_CATEGORY_ID; c = byId.get(c.parent_id)) keys.unshift(c.stores[store].url_key);
        if (keys.length) paths.add(keys.join('/'));
      }
      return [store, paths];
    }),
  );
}

describe('the demo content', () => {
  it('is a valid content file that the import accepts without a problem or a warning (every sku and category exists)', () => {
    expect(ContentFileSchema.safeParse(file).success).toBe(true);
    const check = checkContentFile(JSON.parse(JSON.stringify(file)), { skus: new Set(catalogue.products.map((p) => p.sku)), categoryPaths: categoryPaths() });
    expect(check.ok ? [] : check.problems).toEqual([]);
    expect(check.warnings).toEqual([]);
  });

  it('is the same file every time for a seed and catalogue', () => {
    const again = generateContent({ catalogue: generateCatalogue({ seed: DEFAULT_SEED, productCount: DEFAULT_PRODUCT_COUNT }), seed: DEFAULT_SEED });
    expect(JSON.stringify(again)).toBe(JSON.stringify(file));
  });

  it('has the six service pages in both stores, linked by content key, with substantial text and a hierarchy', () => {
    const identifiers = { nl: ['over-ons', 'klantenservice', 'juridische-informatie', 'privacybeleid', 'retourbeleid', 'algemene-voorwaarden'], en: ['about-us', 'customer-service', 'legal-notice', 'privacy-policy', 'return-policy', 'terms-and-conditions'] };
    for (const store of STORES) {
      const pages = identifiers[store].map((identifier) => file.pages.find((page) => page.store === store && page.identifier === identifier));
      expect(pages.every(Boolean), store).toBe(true);
      for (const page of pages) expect(words(page!.content), page!.identifier).toBeGreaterThan(120);
      const nodes = (file.hierarchy ?? []).filter((node) => node.store === store && node.page);
      expect(nodes.map((node) => node.page).sort()).toEqual([...identifiers[store]].sort());
    }
    const keys = (store: string) => file.pages.filter((page) => page.store === store && !page.url_path).map((page) => page.content_key).sort();
    expect(keys('nl')).toEqual(keys('en'));
    expect(file.pages.find((page) => page.identifier === 'retourbeleid')?.content).toContain('14 dagen');
    expect(file.pages.find((page) => page.identifier === 'return-policy')?.content).toContain('14 days');
  });

  it('has the blocks the storefront places: home story, each top category, trade-in, store locator and footer', () => {
    const facts = catalogueFacts(catalogue);
    const topCategories = ['watches', 'jewellery', 'diamonds', 'gem-stones'].map((path) => `category-${facts.categoryId(path)}`);
    for (const store of STORES) {
      const blocks = file.blocks.filter((block) => block.store === store).map((block) => block.identifier);
      expect(blocks).toEqual(expect.arrayContaining(['home-story', 'trade-in-intro', 'store-locator-intro', 'footer-service', ...topCategories]));
    }
    expect(file.blocks.find((block) => block.store === 'nl' && block.identifier === 'footer-service')?.content).toContain('/nl/i/over-ons');
  });

  it('has landing pages at the vintage and pre-owned addresses whose listings each match at least 3 products', () => {
    const facts = catalogueFacts(catalogue);
    const expected = { en: ['swiss-watches/vintage', 'swiss-watches/pre-owned', 'watches/vintage', 'watches/pre-owned'], nl: ['horloges/vintage', 'horloges/pre-owned'] };
    for (const store of STORES) {
      const paths = file.pages.filter((page) => page.store === store && page.url_path).map((page) => page.url_path);
      expect(paths).toEqual(expect.arrayContaining(expected[store]));
    }
    const paths = categoryPaths();
    for (const page of file.pages.filter((p) => p.listing)) {
      const listing = page.listing!;
      expect(paths.get(page.store)?.has(listing.category), `${page.store} ${listing.category}`).toBe(true);
      // The listing's query read as a category page reads its route query, then applied to the products.
      const englishPath = [...(paths.get('en') ?? [])].find((path) => facts.categoryPath(page.store, path) === listing.category)!;
      const filters = filtersToSearchFilters(filtersFromRouteQuery(listing.query ?? {}, DEFAULT_FILTERS));
      expect(Object.keys(filters).length, page.url_path).toBeGreaterThan(0);
      const matching = facts.inCategory(englishPath).filter((product) =>
        Object.entries(filters).every(([attribute, wanted]) => (wanted as number[]).includes(Number((product.attributes as Record<string, unknown>)[attribute]))),
      );
      expect(matching.length, page.url_path).toBeGreaterThanOrEqual(3);
    }
  });

  it('has a magazine of at least 40 posts per store in 5 categories, 300 to 900 words, over two years, with tags, products and pictures', () => {
    for (const store of STORES) {
      const posts = file.posts.filter((post) => post.store === store);
      expect(posts.length).toBeGreaterThanOrEqual(40);
      const categories = file.categories.filter((c) => c.store === store);
      expect(categories).toHaveLength(5);
      for (const category of categories) expect(posts.filter((post) => post.categories.includes(category.slug)).length, category.slug).toBeGreaterThanOrEqual(8);
      for (const post of posts) {
        expect(words(post.body), post.slug).toBeGreaterThanOrEqual(300);
        expect(words(post.body), post.slug).toBeLessThanOrEqual(900);
        expect(post.tags?.length, post.slug).toBeGreaterThan(0);
        expect(post.related_skus?.length, post.slug).toBeGreaterThanOrEqual(1);
        expect(post.image && parseContentPictureName(post.image), post.slug).toBeTruthy();
        expect(post.body).not.toMatch(/lorem|ipsum|\{subject\}/i);
      }
      const times = posts.map((post) => Date.parse(post.published_at)).sort((a, b) => a - b);
      expect(times.at(-1)! - times[0]!).toBeGreaterThan(700 * 86_400_000);
      expect(times.at(-1)!).toBeLessThan(TEST_NOW.getTime());
      expect(new Set(posts.map((post) => post.author)).size).toBeGreaterThanOrEqual(3);
    }
    expect(file.categories.find((c) => c.store === 'en' && c.content_key === 'news')?.slug).toBe('news');
    // Every related sku names a product a shopper can open.
    const visible = new Set(catalogueFacts(catalogue).visible.map((p) => p.sku));
    for (const post of file.posts) for (const sku of post.related_skus ?? []) expect(visible.has(sku), sku).toBe(true);
  });

  it('has at least 20 listed testimonials per store, mostly 4 and 5 stars, and some pending and rejected ones', () => {
    for (const store of STORES) {
      const all = file.testimonials.filter((t) => t.store === store);
      const listed = all.filter((t) => t.status === TESTIMONIAL_STATUS.approved);
      expect(listed.length).toBeGreaterThanOrEqual(20);
      expect(listed.filter((t) => t.rating >= 4).length / listed.length).toBeGreaterThan(0.85);
      expect(all.some((t) => t.status === TESTIMONIAL_STATUS.pending)).toBe(true);
      expect(all.some((t) => t.status === TESTIMONIAL_STATUS.rejected)).toBe(true);
    }
  });

  it('gives no two records of a store the same identifier, slug or address', () => {
    const unique = (section: keyof ContentFile, key: string) => {
      for (const store of STORES) {
        const values = (file[section] as Array<Record<string, unknown>>).filter((r) => r.store === store).map((r) => r[key]).filter((v) => v !== undefined);
        expect(new Set(values).size, `${section}.${key} in ${store}`).toBe(values.length);
      }
    };
    unique('pages', 'identifier');
    unique('pages', 'url_path');
    unique('blocks', 'identifier');
    unique('hierarchy', 'identifier');
    unique('categories', 'slug');
    unique('tags', 'slug');
    unique('posts', 'slug');
  });

  it('names only pictures the content pictures module draws', () => {
    const names = contentPictureNames(file);
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(parseContentPictureName(name), name).not.toBeNull();
  });
});
