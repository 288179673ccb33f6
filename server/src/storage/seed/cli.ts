/**
 * Replaces the catalogue in DATA_DIR with a demo shop: `pnpm --filter @shop/server seed -- --products 50000 --seed 7`.
 * A running server picks the new catalogue up on its next start.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config.ts';
import { importCatalogue } from '../../features/catalogue/catalogue.import.ts';
import { describeDatabase, migrateToLatest, openDatabase } from '../database.ts';
import { generateCatalogue } from './generator/generate-catalogue.ts';

const { values } = parseArgs({ options: { products: { type: 'string' }, seed: { type: 'string' } }, allowPositionals: false });

try {
  const config = loadConfig({
    ...process.env,
    ...(values.products ? { DEMO_PRODUCTS: values.products } : {}),
    ...(values.seed ? { DEMO_SEED: values.seed } : {}),
  });
  const db = await openDatabase(config);
  await migrateToLatest(db);
  const started = performance.now();
  const source = generateCatalogue({ seed: config.demoSeed, productCount: config.demoProducts });
  // Pictures are files: write them too, unless the catalogue is a benchmark-sized one nobody will browse.
  const images = config.demoProducts <= 5000 ? await (await import('../../features/media/demo-images.ts')).writeDemoImages(config.dataDir, source) : null;
  const summary = await importCatalogue(db, source, { mode: 'replace', useUrlKeys: config.useUrlKeys, now: new Date(), origin: `demo seed ${config.demoSeed}` });
  await db.destroy();
  console.log(
    `Catalogue replaced in ${describeDatabase(config)}: ${summary.created.products} products, ${summary.created.categories} categories, ${summary.urlRewrites} URL mappings, ${images ? `${images.files} pictures` : 'no pictures (over 5000 products)'} (${Math.round(performance.now() - started)} ms)`,
  );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
