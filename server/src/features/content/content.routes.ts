/**
 * The content calls of spec 2 §7 "CMS and content" (the contract of issue 18): every one a public GET in the shop's
 * envelope, cached briefly by browsers and the service worker. Bad input is a 400 with a clear message; a page, block
 * or post that is not there a 404 'CMS query returned empty result'.
 */
import { DomainError, DEFAULT_STORE, isStoreCode, SEARCH_MIN_LENGTH, normalizeSearchTerm, type StoreCode } from '@shop/shared';
import { CMS_MAX_SIZE, CONTENT_SIZES, CONTENT_TYPES, type ContentType } from '@shop/shared/content/content.schema';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { envelopeSchema, errorEnvelopeSchema } from '../../plugins/openapi.ts';
import type { Paging, PostFilter } from './content.repository.ts';
import type { ContentService } from './content.service.ts';

/** The most one query returns (spec 1 §9: CMS block and page max 500; spec 2 §7 for the rest). */
export const CONTENT_MAX_SIZES: Record<ContentType, number> = {
  cms_page: CMS_MAX_SIZE,
  cms_block: CMS_MAX_SIZE,
  cms_hierarchy: CMS_MAX_SIZE,
  wordpress_posts: 3000,
  wordpress_categories: 10000,
  wordpress_tags: 10000,
  review: 10000,
};

/** Spec 2 §9's message for a magazine search shorter than SEARCH_MIN_LENGTH. */
export const SEARCH_TOO_SHORT_MESSAGE = `Searched term should consist of at least ${SEARCH_MIN_LENGTH} characters`;
/** Browsers and the service worker may keep a content answer this long (an import shows within it). */
export const CONTENT_CACHE_CONTROL = 'public, max-age=60';
const MAX_FROM = 1_000_000;
const MAX_TEXT = 200;

type Query = Record<string, string | string[] | undefined>;

function one(query: Query, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw new DomainError('bad_request', `Give ${name} once`);
  if (value !== undefined && value.length > MAX_TEXT) throw new DomainError('bad_request', `${name} must be at most ${MAX_TEXT} characters`);
  return value === '' ? undefined : value;
}

function storeOf(value: string | undefined): StoreCode {
  const store = value ?? DEFAULT_STORE;
  if (!isStoreCode(store)) throw new DomainError('bad_request', `Unknown store ${store.slice(0, 20)}; use nl or en`);
  return store;
}

function wholeNumber(query: Query, name: string, fallback: number, max: number): number {
  const raw = one(query, name);
  if (raw === undefined) return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw new DomainError('bad_request', `${name} must be a whole number from 0`);
  const value = Number(raw);
  if (value > max) throw new DomainError('bad_request', `${name} must be at most ${max}`);
  return value;
}

function paging(query: Query, type: ContentType): Paging {
  return { size: wholeNumber(query, 'size', CONTENT_SIZES[type], CONTENT_MAX_SIZES[type]), from: wholeNumber(query, 'from', 0, MAX_FROM) };
}

function postFilter(query: Query): PostFilter {
  const sort = one(query, 'sort')?.toLowerCase();
  if (sort !== undefined && sort !== 'id:desc' && sort !== 'published_at:desc') throw new DomainError('bad_request', 'sort must be ID:desc or published_at:desc');
  const raw = one(query, 'q');
  const q = raw === undefined ? undefined : normalizeSearchTerm(raw);
  if (q !== undefined && q.length < SEARCH_MIN_LENGTH) throw new DomainError('bad_request', SEARCH_TOO_SHORT_MESSAGE);
  const category = one(query, 'category');
  const tag = one(query, 'tag');
  return { sort: sort === 'published_at:desc' ? 'published_at' : 'id', ...(category ? { category } : {}), ...(tag ? { tag } : {}), ...(q ? { q } : {}) };
}

function numericId(value: string, name: string): number {
  if (!/^\d{1,12}$/.test(value)) throw new DomainError('bad_request', `${name} must be a whole number`);
  return Number(value);
}

function identifierOf(value: string): string {
  if (value.length === 0 || value.length > MAX_TEXT) throw new DomainError('bad_request', `The identifier must be 1 to ${MAX_TEXT} characters`);
  return value;
}

function answer<T>(reply: FastifyReply, result: T) {
  reply.header('cache-control', CONTENT_CACHE_CONTROL);
  return { code: 200, result };
}

const storeQuery = { storeCode: { type: 'string', enum: ['nl', 'en'], description: 'store view, default nl' } };
const listSchema = (items: string) =>
  envelopeSchema({
    type: 'object',
    description: `ContentList<${items}>`,
    properties: { items: { type: 'array', items: { type: 'object' } }, total: { type: 'integer' }, start: { type: 'integer' }, size: { type: 'integer' } },
    required: ['items', 'total', 'start', 'size'],
  });
const notFound = { ...errorEnvelopeSchema, description: "`not_found`: 'CMS query returned empty result'" };
const oneOf = (name: string) => ({ 200: envelopeSchema({ type: 'object', description: name }), 400: errorEnvelopeSchema, 404: notFound });

/** The calls `GET /api/ext/cms-data` lists. */
export const CMS_DATA_CALLS = [
  { path: '/api/ext/cms-data/cmsPage/{id}', description: 'one active CMS page by id' },
  { path: '/api/ext/cms-data/cmsBlock/{id}', description: 'one active CMS block by id' },
  { path: '/api/ext/cms-data/cmsPageIdentifier/{identifier}/storeId/{storeCode}', description: 'one active CMS page of a store by identifier' },
  { path: '/api/ext/cms-data/cmsBlockIdentifier/{identifier}/storeId/{storeCode}', description: 'one active CMS block of a store by identifier' },
];

export function contentRoutes(content: ContentService) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get<{ Params: { type: string }; Querystring: Query }>(
      '/api/content/:type',
      {
        schema: {
          tags: ['content'],
          summary: 'A list of content: CMS pages (identifier: like), blocks (identifier: comma-separated list), the page hierarchy (identifier: eq), magazine posts (category, tag, q, sort), categories, tags or testimonials (review)',
          params: { type: 'object', properties: { type: { type: 'string', enum: CONTENT_TYPES } }, required: ['type'] },
          querystring: {
            type: 'object',
            properties: {
              ...storeQuery,
              size: { type: 'integer', minimum: 0, description: `default per type (${CONTENT_TYPES.map((t) => `${t} ${CONTENT_SIZES[t]}`).join(', ')}); at most ${CONTENT_TYPES.map((t) => `${t} ${CONTENT_MAX_SIZES[t]}`).join(', ')}` },
              from: { type: 'integer', minimum: 0 },
              identifier: { type: 'string' },
              category: { type: 'string', description: 'wordpress_posts: a category slug' },
              tag: { type: 'string', description: 'wordpress_posts: a tag slug' },
              q: { type: 'string', minLength: SEARCH_MIN_LENGTH, description: 'wordpress_posts: words in title, excerpt or body' },
              sort: { type: 'string', enum: ['ID:desc', 'published_at:desc'] },
            },
          },
          response: { 200: listSchema('CmsPage | CmsBlock | CmsHierarchyNode | BlogPostSummary | BlogCategory | BlogTag | Testimonial'), 400: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const type = request.params.type as ContentType;
        if (!CONTENT_TYPES.includes(type)) throw new DomainError('bad_request', `Unknown content type; use ${CONTENT_TYPES.join(', ')}`);
        const query = request.query;
        const store = storeOf(one(query, 'storeCode'));
        const page = paging(query, type);
        const identifier = one(query, 'identifier');
        switch (type) {
          case 'cms_page':
            return answer(reply, await content.pages(store, identifier, page));
          case 'cms_block': {
            const identifiers = identifier?.split(',').map((part) => part.trim()).filter(Boolean);
            return answer(reply, await content.blocks(store, identifiers?.length ? identifiers : undefined, page));
          }
          case 'cms_hierarchy':
            return answer(reply, await content.hierarchy(store, identifier, page));
          case 'wordpress_posts':
            return answer(reply, await content.posts(store, postFilter(query), page));
          case 'wordpress_categories':
            return answer(reply, await content.categories(store, page));
          case 'wordpress_tags':
            return answer(reply, await content.tags(store, page));
          case 'review':
            return answer(reply, await content.testimonials(store, page));
        }
      },
    );

    app.get(
      '/api/ext/cms-data',
      { schema: { tags: ['content'], summary: 'The CMS data calls', response: { 200: envelopeSchema({ type: 'object', properties: { calls: { type: 'array', items: { type: 'object' } } } }) } } },
      async (_request, reply) => answer(reply, { calls: CMS_DATA_CALLS }),
    );

    const idParam = { type: 'object', properties: { id: { type: 'string', pattern: '^\\d+$' } }, required: ['id'] };
    app.get<{ Params: { id: string } }>(
      '/api/ext/cms-data/cmsPage/:id',
      { schema: { tags: ['content'], summary: 'One active CMS page by id', params: idParam, response: oneOf('CmsPage') } },
      async (request, reply) => answer(reply, await content.pageById(numericId(request.params.id, 'id'))),
    );
    app.get<{ Params: { id: string } }>(
      '/api/ext/cms-data/cmsBlock/:id',
      { schema: { tags: ['content'], summary: 'One active CMS block by id', params: idParam, response: oneOf('CmsBlock') } },
      async (request, reply) => answer(reply, await content.blockById(numericId(request.params.id, 'id'))),
    );
    const identifierParams = { type: 'object', properties: { identifier: { type: 'string' }, storeCode: { type: 'string', enum: ['nl', 'en'] } }, required: ['identifier', 'storeCode'] };
    app.get<{ Params: { identifier: string; storeCode: string } }>(
      '/api/ext/cms-data/cmsPageIdentifier/:identifier/storeId/:storeCode',
      { schema: { tags: ['content'], summary: 'One active CMS page of a store by identifier', params: identifierParams, response: oneOf('CmsPage') } },
      async (request, reply) => answer(reply, await content.pageByIdentifier(storeOf(request.params.storeCode), identifierOf(request.params.identifier))),
    );
    app.get<{ Params: { identifier: string; storeCode: string } }>(
      '/api/ext/cms-data/cmsBlockIdentifier/:identifier/storeId/:storeCode',
      { schema: { tags: ['content'], summary: 'One active CMS block of a store by identifier', params: identifierParams, response: oneOf('CmsBlock') } },
      async (request, reply) => answer(reply, await content.blockByIdentifier(storeOf(request.params.storeCode), identifierOf(request.params.identifier))),
    );

    app.get<{ Params: { postId: string }; Querystring: Query }>(
      '/api/ext/wordpress/post/:postId',
      {
        schema: {
          tags: ['content'],
          summary: 'One magazine post by numeric id or slug, with its previous and next post and its other stores’ versions',
          params: { type: 'object', properties: { postId: { type: 'string' } }, required: ['postId'] },
          querystring: { type: 'object', properties: storeQuery },
          response: oneOf('BlogPost'),
        },
      },
      async (request, reply) => answer(reply, await content.post(storeOf(one(request.query, 'storeCode')), identifierOf(request.params.postId))),
    );

    app.get<{ Params: { productId: string }; Querystring: Query }>(
      '/api/ext/wordpress/product/:productId',
      {
        schema: {
          tags: ['content'],
          summary: 'The newest magazine posts (at most 8) whose related products name this product or one of its variants',
          params: { type: 'object', properties: { productId: { type: 'string', pattern: '^\\d+$' } }, required: ['productId'] },
          querystring: { type: 'object', properties: storeQuery },
          response: { 200: envelopeSchema({ type: 'array', items: { type: 'object' }, description: 'BlogPostSummary[]' }), 400: errorEnvelopeSchema },
        },
      },
      async (request, reply) => answer(reply, await content.productPosts(storeOf(one(request.query, 'storeCode')), numericId(request.params.productId, 'productId'))),
    );

    app.get<{ Querystring: Query }>(
      '/api/ext/review-ratings',
      {
        schema: {
          tags: ['content'],
          summary: 'The listed testimonials’ average rating (one decimal), count and count per star',
          querystring: { type: 'object', properties: storeQuery },
          response: {
            200: envelopeSchema({
              type: 'object',
              properties: { average: { type: 'number' }, count: { type: 'integer' }, distribution: { type: 'array', items: { type: 'integer' }, minItems: 5, maxItems: 5 } },
              required: ['average', 'count', 'distribution'],
            }),
            400: errorEnvelopeSchema,
          },
        },
      },
      async (request, reply) => answer(reply, await content.ratings(storeOf(one(request.query, 'storeCode')))),
    );
  };
}
