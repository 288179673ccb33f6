/**
 * Product pictures and banners, drawn as SVG from their paths. A path fully determines its drawing, so answers
 * are cached for a year in the browser and kept in a small in-process cache for the popular ones.
 */
import type { FastifyInstance } from 'fastify';
import { DomainError } from '@shop/shared';
import { BANNER_KINDS, isBannerKind, renderBanner } from './banner.ts';
import { parseProductImagePath, renderProductImage } from './product-image.ts';

const SVG = 'image/svg+xml; charset=utf-8';
const IMMUTABLE = 'public, max-age=31536000, immutable';

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

export function mediaRoutes() {
  return async function routes(app: FastifyInstance): Promise<void> {
    const cache = new LruCache(2000);

    app.get('/media/catalog/*', { schema: { tags: ['catalogue'], summary: 'A product picture (SVG, 800 x 800)' } }, async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const params = parseProductImagePath(path);
      if (!params) throw new DomainError('not_found', `No product image at ${path}`, { status: 404 });
      return reply.type(SVG).header('cache-control', IMMUTABLE).send(cache.get(path, () => renderProductImage(params)));
    });

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
        return reply.type(SVG).header('cache-control', IMMUTABLE).send(cache.get(key, () => renderBanner(kind, width, height)));
      },
    );
  };
}
