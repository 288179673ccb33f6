/**
 * The demo shop's pictures as real files: each drawn SVG is written where a shop keeps its own pictures
 * (`${DATA_DIR}/media/catalog/...`, the path the product carries), so the media routes serve and resize files
 * and never need to know a picture was drawn.
 */
import { OWNER_DIR_MODE, OWNER_FILE_MODE } from '../../storage/owner-only.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { CATALOG_MEDIA_PREFIX } from '@shop/shared';
import type { SourceCatalogue } from '../../storage/seed/catalogue-source.ts';
import { mediaDirs, resolveCatalogFile } from './media-files.ts';
import { parseProductImagePath, renderProductImage } from './product-image.ts';

// Enough writes in flight to keep the disk busy while the next pictures are drawn, few enough to bound memory.
const WRITES_IN_FLIGHT = 64;

export interface DemoImagesSummary {
  files: number;
  bytes: number;
  ms: number;
}

/** Writes every drawable picture the catalogue's products and categories name; other paths are left alone. */
export async function writeDemoImages(dataDir: string, catalogue: Pick<SourceCatalogue, 'products' | 'categories'>): Promise<DemoImagesSummary> {
  const started = performance.now();
  const catalogDir = mediaDirs(dataDir).catalog;
  const urls = new Set<string>();
  for (const product of catalogue.products) for (const image of product.images) urls.add(image.path);
  for (const category of catalogue.categories) {
    if (category.image) urls.add(category.image);
    if (category.thumbnail) urls.add(category.thumbnail);
  }

  const pictures = [...urls].flatMap((url) => {
    const params = parseProductImagePath(url);
    const target = params && url.startsWith(CATALOG_MEDIA_PREFIX) ? resolveCatalogFile(catalogDir, url.slice(CATALOG_MEDIA_PREFIX.length)) : null;
    return params && target ? [{ params, file: target.file }] : [];
  });
  await Promise.all([...new Set(pictures.map((p) => path.dirname(p.file)))].map((dir) => fs.mkdir(dir, { recursive: true, mode: OWNER_DIR_MODE })));

  let bytes = 0;
  let failure: unknown = null;
  const pending = new Set<Promise<void>>();
  for (const picture of pictures) {
    if (failure) break;
    const svg = renderProductImage(picture.params);
    bytes += svg.length;
    const write: Promise<void> = fs.writeFile(picture.file, svg, { mode: OWNER_FILE_MODE }).then(
      () => void pending.delete(write),
      (error: unknown) => {
        failure ??= error;
        pending.delete(write);
      },
    );
    pending.add(write);
    if (pending.size >= WRITES_IN_FLIGHT) await Promise.race(pending);
  }
  await Promise.all(pending);
  if (failure) throw failure;
  return { files: pictures.length, bytes, ms: Math.round(performance.now() - started) };
}
