import type { Db } from '../database.ts';
import { importCatalogue, type ImportSummary } from '../../features/catalogue/catalogue.import.ts';

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
