/**
 * The demo shop's content (issue 18), generated for a catalogue: the six service pages with their hierarchy, CMS
 * blocks (home story, one per top category, trade-in and store-locator introductions, the footer's service links),
 * the curated vintage and pre-owned landing pages, the magazine (5 categories, tags, 45 posts per store) and the
 * testimonials, in Dutch and English.
 *
 *   generateContent({ catalogue, seed }): ContentFile
 *
 * Pure and deterministic like the catalogue generator: the same catalogue and seed give the same file. Related
 * products and landing filters are read from the catalogue, so they name products and option ids that exist.
 */
import { CONTENT_FILE_VERSION, type ContentFile } from '@shop/shared/content/content.schema';
import type { SourceCatalogue } from '../catalogue-source.ts';
import { demoBlocks, landingPages } from './blocks-and-landings.ts';
import { catalogueFacts } from './catalogue-facts.ts';
import { generateMagazine } from './magazine.ts';
import { serviceHierarchy, servicePages } from './service-pages.ts';
import { demoTestimonials } from './testimonials.ts';

export interface GenerateContentOptions {
  catalogue: SourceCatalogue;
  seed: number;
}

export function generateContent(options: GenerateContentOptions): ContentFile {
  const facts = catalogueFacts(options.catalogue);
  const magazine = generateMagazine(facts, options.seed);
  return {
    version: CONTENT_FILE_VERSION,
    pages: [...servicePages(), ...landingPages(facts)],
    blocks: demoBlocks(facts),
    hierarchy: serviceHierarchy(),
    categories: magazine.categories,
    tags: magazine.tags,
    posts: magazine.posts,
    testimonials: demoTestimonials(),
  };
}

const BODY_PICTURE = /\/media\/content\/([a-z0-9][a-z0-9._-]*)/g;

/** Every content picture a content file names: pages' and posts' pictures and those in bodies and blocks. */
export function contentPictureNames(file: ContentFile): string[] {
  const names = new Set<string>();
  const scan = (html: string) => {
    for (const match of html.matchAll(BODY_PICTURE)) if (match[1]) names.add(match[1]);
  };
  for (const page of file.pages) {
    if (page.image) names.add(page.image);
    scan(page.content);
  }
  for (const block of file.blocks) scan(block.content);
  for (const post of file.posts) {
    if (post.image) names.add(post.image);
    scan(post.body);
  }
  return [...names].sort();
}
