import type { Db } from '../database.ts';
import { importCatalogue, type ImportSummary } from '../../features/catalogue/catalogue.import.ts';
import type { ContentImportSummary } from '../../features/content/content.import.ts';

/** Fills an empty catalogue with the demo shop; a catalogue that has products is left alone. */
export async function seedDemoIfEmpty(db: Db, options: { seed: number; productCount: number; useUrlKeys: boolean; now: Date; dataDir?: string }): Promise<ImportSummary | null> {
  const existing = await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return null;
  // Loaded only when needed: a shop with its own catalogue never runs the generator.
  const { generateCatalogue } = await import('./generator/generate-catalogue.ts');
  const source = generateCatalogue({ seed: options.seed, productCount: options.productCount });
  // Pictures are files under DATA_DIR, written before the products that name them exist.
  if (options.dataDir) {
    const { writeDemoImages } = await import('../../features/media/demo-images.ts');
    await writeDemoImages(options.dataDir, source);
  }
  return importCatalogue(db, source, { mode: 'replace', useUrlKeys: options.useUrlKeys, now: options.now, origin: `demo seed ${options.seed}` });
}

const CONTENT_TABLES = ['cms_pages', 'cms_blocks', 'cms_hierarchy', 'blog_categories', 'blog_tags', 'blog_posts', 'testimonials'] as const;

/** True when the shop has no content at all: no page, block, node, magazine record or testimonial. */
export async function contentIsEmpty(db: Db): Promise<boolean> {
  const { contentTables } = await import('../../features/content/content.import.ts');
  const tables = contentTables(db);
  for (const table of CONTENT_TABLES) {
    const row = await tables.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(row.n) > 0) return false;
  }
  return true;
}

/**
 * Loads the demo content (service pages, blocks, landing pages, magazine, testimonials; generated for the demo
 * catalogue of the same seed and size) when the shop has no content at all, and draws its pictures into
 * `${DATA_DIR}/media/content/`. Content an operator imported, even a single record, is never touched, and a restart
 * loads nothing twice. Related products the catalogue does not hold are the import's warnings, not errors.
 */
export async function seedDemoContentIfEmpty(db: Db, options: { seed: number; productCount: number; now: Date; dataDir?: string }): Promise<ContentImportSummary | null> {
  if (!(await contentIsEmpty(db))) return null;
  const [{ generateCatalogue }, { generateContent, contentPictureNames }, { importContent }] = await Promise.all([
    import('./generator/generate-catalogue.ts'),
    import('./content/generate-content.ts'),
    import('../../features/content/content.import.ts'),
  ]);
  const file = generateContent({ catalogue: generateCatalogue({ seed: options.seed, productCount: options.productCount }), seed: options.seed });
  if (options.dataDir) {
    const { writeContentPictures } = await import('../../features/media/content-pictures.ts');
    await writeContentPictures(options.dataDir, contentPictureNames(file));
  }
  return importContent(db, file, { now: options.now.getTime() });
}
