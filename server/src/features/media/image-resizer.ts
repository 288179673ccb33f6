/**
 * Copies of the shop's pictures in the sizes of spec 1 §9, made with sharp (libvips; SVG through librsvg) and kept
 * on disk so each size of each picture is made once: square for product and category pictures, or `size` pixels
 * wide keeping the aspect for content pictures (magazine heroes, decision 045). Concurrent requests for the same copy share one
 * job, and a copy is written under a temporary name and renamed, so no reader ever sees half a file.
 */
import { OWNER_DIR_MODE, OWNER_FILE_MODE } from '../../storage/owner-only.ts';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImageSize } from '@shop/shared';
import type { Sharp, SharpOptions } from 'sharp';

export type ResizedFormat = 'webp' | 'png' | 'jpeg';

export const RESIZED_CONTENT_TYPES: Record<ResizedFormat, string> = { webp: 'image/webp', png: 'image/png', jpeg: 'image/jpeg' };

const WEBP_QUALITY = 82;
// Transparent, so the padding of a picture that is not square shows whatever the page puts behind it (the
// storefront's soft background). JPEG has no transparency and gets white, which the storefront multiplies away.
const CLEAR = { r: 255, g: 255, b: 255, alpha: 0 };
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

export interface ResizeSource {
  /** Absolute path of the original. */
  file: string;
  /** The original's path below the catalog folder; the copy is stored at `<size>/<relative>.<format>`. */
  relative: string;
  /** The original's modification time: a copy older than its original is made again. */
  modifiedMs: number;
}

type SharpFactory = (input: Buffer, options?: SharpOptions) => Sharp;
let loadingSharp: Promise<SharpFactory> | undefined;

/**
 * sharp (and libvips with it, about 25 MB resident) is loaded on the first picture to make, not at start: most
 * requests are answered from copies already on disk. Its own operation cache is off, because the copies are the cache.
 */
export function loadSharp(): Promise<SharpFactory> {
  loadingSharp ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loadingSharp;
}

/** The original made square, `size` pixels each way, the whole picture visible. */
export async function squareImage(input: Buffer, size: ImageSize, format: ResizedFormat, isSvg: boolean): Promise<Buffer> {
  const sharp = await loadSharp();
  let density: number | undefined;
  if (isSvg) {
    // Drawn straight at the target size (librsvg renders at 72 dpi by default), which is faster and sharper than
    // rendering the document's own size and scaling the pixels.
    const { width = 0, height = 0 } = await sharp(input).metadata();
    const longest = Math.max(width, height);
    if (longest > 0) density = Math.min(100_000, Math.max(1, (72 * size) / longest));
  }
  const image = sharp(input, { ...(density ? { density } : {}), autoOrient: true }).resize(size, size, {
    fit: 'contain',
    background: format === 'jpeg' ? WHITE : CLEAR,
  });
  if (format === 'webp') return image.webp({ quality: WEBP_QUALITY }).toBuffer();
  if (format === 'jpeg') return image.flatten({ background: WHITE }).jpeg({ quality: WEBP_QUALITY, mozjpeg: true }).toBuffer();
  return image.png().toBuffer();
}

/** The original `width` pixels wide, its aspect kept (a content picture: a wide hero stays wide). */
export async function widthImage(input: Buffer, width: number, format: ResizedFormat, isSvg: boolean): Promise<Buffer> {
  const sharp = await loadSharp();
  let density: number | undefined;
  if (isSvg) {
    const { width: own = 0 } = await sharp(input).metadata();
    if (own > 0) density = Math.min(100_000, Math.max(1, (72 * width) / own));
  }
  const image = sharp(input, { ...(density ? { density } : {}), autoOrient: true }).resize({ width });
  if (format === 'webp') return image.webp({ quality: WEBP_QUALITY }).toBuffer();
  if (format === 'jpeg') return image.flatten({ background: WHITE }).jpeg({ quality: WEBP_QUALITY, mozjpeg: true }).toBuffer();
  return image.png().toBuffer();
}

/** How copies are cut: square (`size` each way, the whole picture visible) or `size` wide keeping the aspect. */
export type ResizeFit = 'square' | 'width';

export class ImageResizer {
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  /** Copies made by this process (not served from disk): tests and the bench read it. */
  made = 0;

  constructor(
    private readonly cacheDir: string,
    private readonly onCacheError: (error: unknown) => void = () => {},
    private readonly fit: ResizeFit = 'square',
  ) {}

  cachePath(relative: string, size: number, format: ResizedFormat): string {
    return path.join(this.cacheDir, String(size), `${relative}.${format}`);
  }

  /** The copy's bytes, from the disk cache when it is there and not older than the original. */
  resized(source: ResizeSource, size: ImageSize | number, format: ResizedFormat): Promise<Buffer> {
    const target = this.cachePath(source.relative, size, format);
    const pending = this.inFlight.get(target);
    if (pending) return pending;
    const job = this.fromCacheOrMake(source, target, size, format).finally(() => this.inFlight.delete(target));
    this.inFlight.set(target, job);
    return job;
  }

  private async fromCacheOrMake(source: ResizeSource, target: string, size: number, format: ResizedFormat): Promise<Buffer> {
    const cached = await fs.stat(target).catch(() => null);
    if (cached && cached.mtimeMs >= source.modifiedMs) return fs.readFile(target);
    const input = await fs.readFile(source.file);
    const isSvg = source.file.toLowerCase().endsWith('.svg');
    const data = this.fit === 'width' ? await widthImage(input, size, format, isSvg) : await squareImage(input, size as ImageSize, format, isSvg);
    this.made++;
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      await fs.mkdir(path.dirname(target), { recursive: true, mode: OWNER_DIR_MODE });
      await fs.writeFile(temporary, data, { mode: OWNER_FILE_MODE });
      await fs.rename(temporary, target);
    } catch (error) {
      // A cache that cannot be written (disk full, read-only DATA_DIR) costs time on the next request, not this answer.
      await fs.rm(temporary, { force: true }).catch(() => {});
      this.onCacheError(error);
    }
    return data;
  }
}
