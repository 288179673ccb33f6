/**
 * `GET /sitemap.xml` and `GET /robots.txt` (spec 1 §2, issue 18 item 11): every address of both stores a search
 * engine should know (Home, categories, products, CMS and landing pages, the magazine and its posts, the
 * testimonials), absolute from the shop's public URL (PUBLIC_URL). Past 50,000 addresses (the protocol's limit per
 * file) `/sitemap.xml` is an index of `/sitemap.xml?page=N`.
 */
import { DomainError, ROOT_CATEGORY_ID, STORE_CODES } from '@shop/shared';
import { cmsPagePath, postPath } from '@shop/shared/content/content.schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../storage/database.ts';
import { errorEnvelopeSchema } from '../../plugins/openapi.ts';
import type { ContentRepository } from './content.repository.ts';

/** The sitemap protocol's most addresses in one file. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_CACHE_CONTROL = 'public, max-age=3600';

interface Entry {
  /** Store-relative path without the store: '' for Home. */
  path: string;
  store: string;
  lastmod?: string;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
const day = (value: string | number) => {
  const date = new Date(typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
};

/** Every address of both stores, in a stable order. */
export async function sitemapEntries(db: Db, content: ContentRepository, now: number): Promise<Entry[]> {
  const [categories, products, { pages, posts }] = await Promise.all([
    db
      .selectFrom('category_texts')
      .innerJoin('categories', 'categories.id', 'category_texts.category_id')
      .select(['store_code', 'url_path'])
      .where('categories.is_active', '=', 1)
      .where('categories.id', '>', ROOT_CATEGORY_ID)
      .where('url_path', '!=', '')
      .orderBy('store_code')
      .orderBy('url_path')
      .execute(),
    db
      .selectFrom('product_texts')
      .innerJoin('products', 'products.id', 'product_texts.product_id')
      .select(['store_code', 'url_path', 'updated_at'])
      .where('products.status', '=', 1)
      .where('products.visibility', '!=', 1)
      .where('url_path', '!=', '')
      .orderBy('store_code')
      .orderBy('products.id')
      .execute(),
    content.sitemap(now),
  ]);
  const entries: Entry[] = [];
  for (const store of STORE_CODES) {
    entries.push({ store, path: '' }, { store, path: 'magazine' }, { store, path: 'testimonial' });
    for (const c of categories) if (c.store_code === store) entries.push({ store, path: c.url_path });
    for (const p of pages) if (p.store === store) entries.push({ store, path: cmsPagePath(p), ...lastmod(Number(p.updated_at)) });
    for (const p of posts) if (p.store === store) entries.push({ store, path: postPath({ slug: p.slug, published_at: new Date(Number(p.published_at)).toISOString() }), ...lastmod(Number(p.updated_at)) });
    for (const p of products) if (p.store_code === store) entries.push({ store, path: p.url_path, ...lastmod(p.updated_at) });
  }
  return entries;
}

function lastmod(value: string | number): { lastmod?: string } {
  const date = day(value);
  return date ? { lastmod: date } : {};
}

function url(base: string, entry: Entry): string {
  return `${base}/${entry.store}${entry.path ? `/${entry.path.split('/').map(encodeURIComponent).join('/')}` : ''}`;
}

export function urlSet(base: string, entries: readonly Entry[]): string {
  const urls = entries.map((entry) => `<url><loc>${xml(url(base, entry))}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function sitemapIndex(base: string, pages: number): string {
  const maps = Array.from({ length: pages }, (_, i) => `<sitemap><loc>${xml(`${base}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps.join('\n')}\n</sitemapindex>\n`;
}

export function robotsTxt(base: string): string {
  const privatePages = ['checkout', 'my-account', 'order-success', 'order-status', 'orderstatus', 'compare', 'create-password', 'customer'];
  const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /dev/'];
  for (const page of privatePages) {
    lines.push(`Disallow: /${page}`);
    for (const store of STORE_CODES) lines.push(`Disallow: /${store}/${page}`);
  }
  return `${lines.join('\n')}\n\nSitemap: ${base}/sitemap.xml\n`;
}

export function sitemapRoutes(options: { db: Db; content: ContentRepository; publicUrl: string; now: () => number }) {
  const base = options.publicUrl.replace(/\/+$/, '');
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get<{ Querystring: { page?: string | string[] } }>(
      '/sitemap.xml',
      {
        schema: {
          tags: ['content'],
          summary: 'The sitemap of both stores (categories, products, CMS pages, magazine posts); past 50,000 addresses an index of ?page=N',
          querystring: { type: 'object', properties: { page: { type: 'integer', minimum: 1 } } },
          response: { 200: { type: 'string', description: 'application/xml' }, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const raw = request.query.page;
        if (Array.isArray(raw) || (raw !== undefined && !/^\d{1,6}$/.test(raw))) throw new DomainError('bad_request', 'page must be a whole number from 1');
        const entries = await sitemapEntries(options.db, options.content, options.now());
        const pages = Math.max(1, Math.ceil(entries.length / SITEMAP_MAX_URLS));
        const page = raw === undefined ? null : Number(raw);
        if (page !== null && (page < 1 || page > pages)) throw new DomainError('not_found', `The sitemap has ${pages} page${pages === 1 ? '' : 's'}`, { status: 404 });
        const body =
          page === null && pages > 1 ? sitemapIndex(base, pages) : urlSet(base, entries.slice(((page ?? 1) - 1) * SITEMAP_MAX_URLS, (page ?? 1) * SITEMAP_MAX_URLS));
        return reply.type('application/xml; charset=utf-8').header('cache-control', SITEMAP_CACHE_CONTROL).send(body);
      },
    );
    app.get(
      '/robots.txt',
      { schema: { tags: ['content'], summary: 'Rules for search engines, naming the sitemap', response: { 200: { type: 'string', description: 'text/plain' } } } },
      async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', SITEMAP_CACHE_CONTROL).send(robotsTxt(base)),
    );
  };
}
