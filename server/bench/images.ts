/**
 * Part of `pnpm bench`: what a product picture costs through the real app. Cold is the first request for a size
 * (read the SVG, rasterise with librsvg, resize, encode WebP, write the disk cache); warm is every later request
 * (read from the disk cache). Also how long the demo seed takes to write its pictures as files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_SIZES, imageUrl, type ImageSize } from '@shop/shared';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { writeDemoImages } from '../src/features/media/demo-images.ts';
import { generateCatalogue } from '../src/storage/seed/generator/generate-catalogue.ts';

const PICTURES = 20;
const WARM_ROUNDS = 10;
const ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  return `p50 ${`${at(50).toFixed(2)} ms`.padStart(10)}   p95 ${`${at(95).toFixed(2)} ms`.padStart(10)}   (n=${sorted.length})`;
}

export async function benchImages(productCount = 1600): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-images-'));
  const source = generateCatalogue({ seed: 20261122, productCount });
  const written = await writeDemoImages(dataDir, source);
  console.log(`\nproduct pictures: the demo seed wrote ${written.files} SVG files (${(written.bytes / 1e6).toFixed(0)} MB) for ${productCount} products in ${written.ms} ms`);

  // One picture from each of PICTURES products spread over the catalogue, so every kind of drawing is in the mix.
  const step = Math.floor(source.products.length / PICTURES);
  const paths = Array.from({ length: PICTURES }, (_, i) => source.products[i * step]?.images[0]?.path).filter((p): p is string => p !== undefined);
  const app = await buildApp(testConfig({ dataDir, seedDemo: false }));
  const get = async (url: string) => {
    const start = process.hrtime.bigint();
    const response = await app.inject({ url, headers: { accept: ACCEPT } });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  await get(imageUrl(source.products[1]!.images[0]!.path, 150));

  for (const size of [IMAGE_SIZES.listing, IMAGE_SIZES.gallery] satisfies ImageSize[]) {
    const cold: number[] = [];
    for (const p of paths) cold.push(await get(imageUrl(p, size)));
    const warm: number[] = [];
    for (let round = 0; round < WARM_ROUNDS; round++) for (const p of paths) warm.push(await get(imageUrl(p, size)));
    console.log(`  ${`${size}x${size} WebP, cold (resize + cache write)`.padEnd(44)} ${summary(cold)}`);
    console.log(`  ${`${size}x${size} WebP, warm (disk cache)`.padEnd(44)} ${summary(warm)}`);
  }
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
