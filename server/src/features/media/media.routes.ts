/**
 * Product and category pictures are the shop's own files under `${DATA_DIR}/media/catalog/`, served as they are
 * or, with `?size=150|310|744|1600` (1600: the lightbox's zoom), as square copies made once and kept on disk (decision 008). Banners are still
 * drawn as SVG from their names. Content pictures (magazine and CMS pages) are files under `${DATA_DIR}/media/content/`,
 * served as they are or, with `?size=310|744|hero`, that many pixels wide (hero: 1600) keeping their aspect. Every
 * answer is cacheable for a year: a picture's address never changes meaning.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { CATALOG_MEDIA_PREFIX, DomainError, IMAGE_SIZE_LIST, parseImageSize } from '@shop/shared';
import { BANNER_KINDS, isBannerKind, renderBanner } from './banner.ts';
import { ImageResizer, RESIZED_CONTENT_TYPES, type ResizedFormat } from './image-resizer.ts';
import { mediaDirs, resolveCatalogFile, resolveContentFile, type CatalogFile } from './media-files.ts';

const SVG = 'image/svg+xml; charset=utf-8';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Set only on a picture, never before: an error answer must not be cached for a year.
const PICTURE_HEADERS = { 'cache-control': IMMUTABLE, 'x-content-type-options': 'nosniff' };
// An SVG opened on its own is a document: no scripts, no outside resources.
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

class LruCache {
  private readonly entries = new Map<string, string>();
  constructor(private readonly limit: number) {}
  get(key: string, make: () => string): string {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = make();
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}

/** WebP when the browser lists it; otherwise PNG, or JPEG for a JPEG original (a photo stays a photo). */
export function resizedFormat(accept: string | undefined, original: CatalogFile): ResizedFormat {
  const webp = (accept ?? '').split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    return type === 'image/webp' && !params.some((param) => /^q=0(\.0*)?$/.test(param));
  });
  if (webp) return 'webp';
  return original.extension === '.jpg' || original.extension === '.jpeg' ? 'jpeg' : 'png';
}

/** Widths of a content picture's copies: the product sizes a card and a page column use, and a full-width hero. */
export const CONTENT_PICTURE_SIZES = { '310': 310, '744': 744, hero: 1600 } as const;
type ContentPictureSize = keyof typeof CONTENT_PICTURE_SIZES;
const CONTENT_SIZE_NAMES = Object.keys(CONTENT_PICTURE_SIZES) as ContentPictureSize[];

function notFound(path: string): DomainError {
  return new DomainError('not_found', `No image at ${path}`, { status: 404 });
}

export function mediaRoutes(options: { dataDir: string }) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const dirs = mediaDirs(options.dataDir);
    const resizer = new ImageResizer(dirs.resized, (error) => app.log.warn({ err: error }, 'resized image not cached'));
    const contentResizer = new ImageResizer(dirs.contentResized, (error) => app.log.warn({ err: error }, 'resized content picture not cached'), 'width');
    const banners = new LruCache(100);
    const sizes = IMAGE_SIZE_LIST.join(', ');

    app.get<{ Querystring: { size?: string | string[] } }>(
      '/media/catalog/*',
      {
        schema: {
          tags: ['catalogue'],
          summary: `A product or category picture: the original file, or with size=${IMAGE_SIZE_LIST.join('|')} a square copy that size (WebP when Accept lists image/webp, else PNG, or JPEG for a JPEG original), made once and cached`,
          querystring: { type: 'object', properties: { size: { type: 'string', enum: IMAGE_SIZE_LIST.map(String) } } },
        },
      },
      async (request, reply) => {
        const urlPath = request.url.split('?')[0] ?? '';
        const requested = request.query.size;
        const size = requested === undefined ? undefined : typeof requested === 'string' ? parseImageSize(requested) : null;
        if (size === null) throw new DomainError('bad_request', `size must be one of ${sizes} (pixels of a square image), got ${JSON.stringify(requested)}`);

        const original = urlPath.startsWith(CATALOG_MEDIA_PREFIX) ? resolveCatalogFile(dirs.catalog, urlPath.slice(CATALOG_MEDIA_PREFIX.length)) : null;
        if (!original) throw notFound(urlPath);
        const stat = await fs.promises.stat(original.file).catch(() => null);
        if (!stat?.isFile()) throw notFound(urlPath);

        if (size === undefined) {
          const data = await fs.promises.readFile(original.file).catch(() => null);
          if (!data) throw notFound(urlPath);
          if (original.extension === '.svg') reply.header('content-security-policy', SVG_POLICY);
          return reply.type(original.extension === '.svg' ? SVG : original.contentType).headers(PICTURE_HEADERS).send(data);
        }
        const format = resizedFormat(request.headers.accept, original);
        const data = await resizer.resized({ file: original.file, relative: original.relative, modifiedMs: stat.mtimeMs }, size, format);
        return reply.type(RESIZED_CONTENT_TYPES[format]).headers({ ...PICTURE_HEADERS, vary: 'accept' }).send(data);
      },
    );

    app.get<{ Params: { name: string }; Querystring: { size?: string | string[] } }>(
      '/media/content/:name',
      {
        schema: {
          tags: ['content'],
          summary: `A content picture (magazine, CMS pages): the original file, or with size=${CONTENT_SIZE_NAMES.join('|')} a copy that many pixels wide keeping its aspect (hero: ${CONTENT_PICTURE_SIZES.hero}), WebP when Accept lists image/webp, else PNG, or JPEG for a JPEG original; made once and cached`,
          params: { type: 'object', properties: { name: { type: 'string', maxLength: 200 } }, required: ['name'] },
          querystring: { type: 'object', properties: { size: { type: 'string', enum: CONTENT_SIZE_NAMES } } },
        },
      },
      async (request, reply) => {
        const requested = request.query.size;
        if (requested !== undefined && (typeof requested !== 'string' || !Object.hasOwn(CONTENT_PICTURE_SIZES, requested))) {
          throw new DomainError('bad_request', `size must be one of ${CONTENT_SIZE_NAMES.join(', ')} (pixels wide; hero is ${CONTENT_PICTURE_SIZES.hero}), got ${JSON.stringify(requested)}`);
        }
        const { name } = request.params;
        const original = resolveContentFile(dirs.content, name);
        if (!original) throw new DomainError('not_found', `No content picture named ${JSON.stringify(name)}`, { status: 404 });
        const stat = await fs.promises.stat(original.file).catch(() => null);
        if (!stat?.isFile()) throw new DomainError('not_found', `No content picture named ${JSON.stringify(name)}`, { status: 404 });

        if (requested === undefined) {
          const data = await fs.promises.readFile(original.file).catch(() => null);
          if (!data) throw new DomainError('not_found', `No content picture named ${JSON.stringify(name)}`, { status: 404 });
          if (original.extension === '.svg') reply.header('content-security-policy', SVG_POLICY);
          return reply.type(original.extension === '.svg' ? SVG : original.contentType).headers(PICTURE_HEADERS).send(data);
        }
        const format = resizedFormat(request.headers.accept, original);
        const data = await contentResizer.resized({ file: original.file, relative: original.relative, modifiedMs: stat.mtimeMs }, CONTENT_PICTURE_SIZES[requested as ContentPictureSize], format);
        return reply.type(RESIZED_CONTENT_TYPES[format]).headers({ ...PICTURE_HEADERS, vary: 'accept' }).send(data);
      },
    );

    app.get<{ Params: { name: string }; Querystring: { w?: string; h?: string } }>(
      '/media/banners/:name',
      {
        schema: {
          tags: ['catalogue'],
          summary: `A home page banner (SVG): ${BANNER_KINDS.map((k) => `${k}.svg`).join(', ')}; optional w and h in pixels`,
          querystring: { type: 'object', properties: { w: { type: 'string' }, h: { type: 'string' } } },
        },
      },
      async (request, reply) => {
        const kind = request.params.name.replace(/\.svg$/, '');
        if (!isBannerKind(kind)) throw new DomainError('not_found', `No banner named ${request.params.name}`, { status: 404 });
        const width = Number(request.query.w ?? 1600) || 1600;
        const height = Number(request.query.h ?? 700) || 700;
        const key = `${kind}:${width}x${height}`;
        return reply.type(SVG).header('cache-control', IMMUTABLE).send(banners.get(key, () => renderBanner(kind, width, height)));
      },
    );
  };
}
