/** The catalogue search of spec 1 §7 (GET for cacheable reads, POST for long queries) and the URL map. */
import {
  CATALOGUE_PRICES_MAX_SKUS,
  CataloguePricesResultSchema,
  DEFAULT_STORE,
  DomainError,
  MISSING_PARENT_SKU_MESSAGE,
  SearchRequestSchema,
  isStoreCode,
  missingSearchKeyMessage,
  normalizeSearchRequest,
  splitSkuList,
  type SearchRequest,
} from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { envelopeSchema, errorEnvelopeSchema, jsonSchema } from '../../plugins/openapi.ts';
import { CATEGORY_KEYS, type CatalogueService, type CategoryKey, type ProductKey } from './catalogue.service.ts';
import { urlMapper, type UrlMapper } from './url-map.ts';

const PRODUCT_KEYS: readonly ProductKey[] = ['sku', 'id', 'url_key', 'url_path'];

export const UrlMapRequestSchema = z.object({
  url: z.string().check(z.minLength(1, 'url is required'), z.maxLength(1000, 'url must be at most 1000 characters')),
  storeCode: z.optional(z.string()),
});

function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length ? issue.path.join('.') : 'request';
      if (issue.code === 'invalid_type') return `${where}: ${issue.expected === 'int' ? 'must be a whole number' : `expected ${issue.expected}`}`;
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

/** A query parameter that names one thing: given twice (an array) it is refused, not passed on as a string. */
function single(value: string | string[] | undefined, name: string): string | undefined {
  if (Array.isArray(value)) throw new DomainError('bad_request', `Give ${name} once`);
  return value;
}

function parseSearch(input: unknown): SearchRequest {
  const parsed = SearchRequestSchema.safeParse(input);
  if (!parsed.success) throw new DomainError('invalid_search_query', `Invalid search query: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/** `mapUrl`: the URL map with the resolvers of other features (url-map.ts); the catalogue's own by default. */
export function catalogueRoutes(catalogue: CatalogueService, options: { mapUrl?: UrlMapper } = {}) {
  const mapUrl = options.mapUrl ?? urlMapper(catalogue);
  return async function routes(app: FastifyInstance): Promise<void> {
    const searchDoc = {
      tags: ['catalogue'],
      response: {
        200: envelopeSchema({ type: 'object', description: 'SearchResult: items, total, start, size, aggregations, attributeMetadata' }),
        400: errorEnvelopeSchema,
        503: {
          ...errorEnvelopeSchema,
          description:
            '`search_timeout`: the search took longer than 1000 ms (spec 1 §9); the same search may be tried again. `catalogue_loading`: the server is loading its catalogue (at start); ask again after `details.retryAfter` seconds (also the Retry-After header)',
        },
      },
    };

    const run = async (request: SearchRequest) => {
      const normalized = normalizeSearchRequest(request, DEFAULT_STORE);
      if ('kind' in normalized) {
        if (normalized.kind === 'unknown_entity_type') {
          throw new DomainError('unknown_entity_type', `Unknown entity type ${normalized.type}; use product, category, attribute, taxrule, product-{store} or category-{store}`);
        }
        throw new DomainError('invalid_search_query', `Invalid search query: ${normalized.message}`);
      }
      return { code: 200, result: await catalogue.search(normalized) };
    };

    app.post('/api/catalog/search', { schema: { ...searchDoc, summary: 'Search the catalogue', body: jsonSchema(SearchRequestSchema) } }, async (request) =>
      run(parseSearch(request.body)),
    );

    app.get<{ Querystring: { request?: string } }>(
      '/api/catalog/search',
      {
        schema: {
          ...searchDoc,
          summary: 'Search the catalogue (the query as JSON in `request`)',
          querystring: { type: 'object', properties: { request: { type: 'string', description: 'JSON of the search request' } }, required: ['request'] },
        },
      },
      async (request, reply) => {
        const raw = request.query.request;
        if (!raw) throw new DomainError('invalid_search_query', 'Invalid search query: the request parameter is required');
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          throw new DomainError('invalid_search_query', 'Invalid search query: the request parameter is not valid JSON');
        }
        const answer = await run(parseSearch(body));
        // Only an answer is kept by browsers: a search that was too slow is asked again.
        reply.header('cache-control', 'public, max-age=60');
        return answer;
      },
    );

    const storeOf = (value: unknown) => {
      const storeCode = typeof value === 'string' && value !== '' ? value : DEFAULT_STORE;
      if (!isStoreCode(storeCode)) throw new DomainError('bad_request', `Unknown store ${storeCode}`);
      return storeCode;
    };
    const storeQuery = { storeCode: { type: 'string', enum: ['nl', 'en'], description: 'store view, default nl' } };

    app.get<{ Querystring: Partial<Record<ProductKey | 'storeCode', string>> }>(
      '/api/catalog/product',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'One product by sku (or id, url_key, url_path); a child variant answers with its parent and `redirect`',
          querystring: { type: 'object', properties: { ...storeQuery, sku: { type: 'string' }, id: { type: 'string' }, url_key: { type: 'string' }, url_path: { type: 'string' } } },
          response: { 200: envelopeSchema({ type: 'object' }), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
        },
      },
      async (request) => {
        const store = storeOf(request.query.storeCode);
        const key = PRODUCT_KEYS.find((k) => typeof request.query[k] === 'string' && request.query[k] !== '');
        if (!key) throw new DomainError('product_search_key_missing', missingSearchKeyMessage('sku'));
        return { code: 200, result: await catalogue.loadProduct(store, key, request.query[key]!) };
      },
    );

    app.get<{ Querystring: { storeCode?: string; parentSku?: string | string[] } }>(
      '/api/catalog/product/variants',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'The variants (configurable children) of a configurable product',
          querystring: { type: 'object', properties: { ...storeQuery, parentSku: { type: 'string' } } },
          response: { 200: envelopeSchema({ type: 'array' }), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
        },
      },
      async (request) => {
        const store = storeOf(request.query.storeCode);
        const parentSku = single(request.query.parentSku, 'parentSku');
        if (!parentSku) throw new DomainError('bad_request', MISSING_PARENT_SKU_MESSAGE);
        return { code: 200, result: catalogue.variants(store, parentSku) };
      },
    );

    app.get<{ Querystring: { storeCode?: string; sku?: string | string[] } }>(
      '/api/catalog/product/members',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'The products inside a grouped product or a bundle (whatever their own visibility)',
          querystring: { type: 'object', properties: { ...storeQuery, sku: { type: 'string' } } },
          response: { 200: envelopeSchema({ type: 'array' }), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
        },
      },
      async (request) => {
        const store = storeOf(request.query.storeCode);
        const sku = single(request.query.sku, 'sku');
        if (!sku) throw new DomainError('product_search_key_missing', missingSearchKeyMessage('sku'));
        return { code: 200, result: await catalogue.members(store, sku) };
      },
    );

    app.get<{ Querystring: { skus?: string | string[] } }>(
      '/api/catalog/prices',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'The price sync of spec 1 §4: current prices of a few skus (the store’s currency and VAT), marked price_is_current with their refresh time',
          querystring: { type: 'object', properties: { skus: { type: 'string', description: `comma list of at most ${CATALOGUE_PRICES_MAX_SKUS} skus` } }, required: ['skus'] },
          response: { 200: envelopeSchema(jsonSchema(CataloguePricesResultSchema)), 400: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const skus = splitSkuList(request.query.skus);
        if (skus.length === 0) throw new DomainError('bad_request', 'Give the skus to price as a comma list, e.g. /api/catalog/prices?skus=W-1,W-2');
        if (skus.length > CATALOGUE_PRICES_MAX_SKUS) throw new DomainError('bad_request', `At most ${CATALOGUE_PRICES_MAX_SKUS} skus are priced at once; this request has ${skus.length}`);
        // Prices of the moment: kept by nobody.
        reply.header('cache-control', 'no-store');
        return { code: 200, result: { items: catalogue.syncedPrices(skus) } };
      },
    );

    app.get<{ Querystring: { storeCode?: string } & Partial<Record<CategoryKey, string | string[]>> }>(
      '/api/catalog/category',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'One active category by id, url_key, slug or url_path (the first given, in that order), with its children_data two levels down',
          querystring: {
            type: 'object',
            properties: { ...storeQuery, id: { type: 'string' }, url_key: { type: 'string' }, slug: { type: 'string' }, url_path: { type: 'string' } },
          },
          response: { 200: envelopeSchema({ type: 'object' }), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
        },
      },
      async (request) => {
        const store = storeOf(request.query.storeCode);
        for (const key of CATEGORY_KEYS) {
          const value = single(request.query[key], key);
          if (value) return { code: 200, result: catalogue.category(store, key, value) };
        }
        throw new DomainError('bad_request', 'Please provide the category id, url_key, slug or url_path');
      },
    );

    app.post(
      '/api/url/map',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Map a store-relative URL (trailing slashes and query ignored) to the product or category registered for it, else to a CMS page (`i/{identifier}` or a landing page’s url_path)',
          body: jsonSchema(UrlMapRequestSchema),
          response: { 200: envelopeSchema({ type: 'object', properties: { _type: { enum: ['product', 'category', 'cms_page'] }, _source: { type: 'object' } } }), 404: errorEnvelopeSchema },
        },
      },
      async (request) => {
        const parsed = UrlMapRequestSchema.safeParse(request.body);
        if (!parsed.success) throw new DomainError('bad_request', `Invalid URL map request: ${describeIssues(parsed.error)}`);
        const found = await mapUrl(storeOf(parsed.data.storeCode), parsed.data.url);
        if (!found) throw new DomainError('not_found', `No mapping found for ${parsed.data.url}`, { status: 404 });
        return { code: 200, result: found };
      },
    );
  };
}
