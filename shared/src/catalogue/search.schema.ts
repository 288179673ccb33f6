import { z } from 'zod/mini';
import { STORE_CODES, type StoreCode } from '../stores/stores.ts';
import type { Attribute } from './attribute.schema.ts';
import { requestableAttributeCodes, SEARCHABLE_STATUS, SEARCHABLE_VISIBILITY } from './product-attributes.ts';
import { BASE_ENTITY_TYPES, SEARCH, SEARCH_MAX_AGGREGATION_SIZE, type BaseEntityType } from './search-constants.ts';

const scalar = z.union([z.string(), z.number(), z.boolean()]);
export const RangeFilterSchema = z.object({
  gt: z.optional(z.number()),
  gte: z.optional(z.number()),
  lt: z.optional(z.number()),
  lte: z.optional(z.number()),
});
export type RangeFilter = z.infer<typeof RangeFilterSchema>;
export const FilterValueSchema = z.union([scalar, z.array(scalar), RangeFilterSchema]);
export type FilterValue = z.infer<typeof FilterValueSchema>;

export const SortSchema = z.string().check(z.regex(/^[a-z_][a-z0-9_.]*(:(asc|desc))?$/i, 'sort must look like "field" or "field:asc|desc"'));

/**
 * A catalogue search (spec 1 §7). `type` may name a store (`product-nl`) or take `storeCode`.
 * `aggregate` lists the fields whose buckets the answer should count (attribute codes, plus "price").
 */
export const SearchRequestSchema = z.object({
  type: z.string().check(z.minLength(1, 'type is required')),
  storeCode: z.optional(z.enum(STORE_CODES)),
  query: z.optional(z.string().check(z.maxLength(200, 'query must be at most 200 characters'))),
  filters: z.optional(z.record(z.string(), FilterValueSchema)),
  sort: z.optional(SortSchema),
  size: z.optional(z.int()),
  start: z.optional(z.int()),
  includeFields: z.optional(z.array(z.string())),
  excludeFields: z.optional(z.array(z.string())),
  aggregate: z.optional(z.array(z.string())),
  /** Buckets per terms aggregation; the spec's filter aggregation size 10 when absent. */
  aggregationSize: z.optional(z.int().check(z.minimum(1, 'aggregationSize must be at least 1'), z.maximum(SEARCH_MAX_AGGREGATION_SIZE, `aggregationSize must be at most 200`))),
  groupToken: z.optional(z.string()),
});
export type SearchRequest = z.infer<typeof SearchRequestSchema>;

export interface NormalizedSearch {
  entity: BaseEntityType;
  storeCode: StoreCode;
  query: string;
  filters: Record<string, FilterValue>;
  sort: { field: string; order: 'asc' | 'desc' } | null;
  size: number;
  start: number;
  includeFields: string[];
  excludeFields: string[];
  aggregate: string[];
  aggregationSize: number;
}

export type SearchRequestProblem = { kind: 'unknown_entity_type'; type: string } | { kind: 'invalid'; message: string };

/**
 * The validation rules of spec 1 §5, as one pure step between a parsed request and the search engine:
 * size below 1 becomes the default 50, a negative start becomes 0, product searches are always restricted
 * to visibility 2-4 and status 0-1, and attribute codes with a dot are never requested.
 */
export function normalizeSearchRequest(request: SearchRequest, defaultStore: StoreCode): NormalizedSearch | SearchRequestProblem {
  const [base, suffix] = splitEntityType(request.type);
  if (!base) return { kind: 'unknown_entity_type', type: request.type };
  if (suffix !== undefined && request.storeCode !== undefined && suffix !== request.storeCode) {
    return { kind: 'invalid', message: `type ${request.type} does not match storeCode ${request.storeCode}` };
  }
  const storeCode = suffix ?? request.storeCode ?? defaultStore;

  const defaultSize = base === 'attribute' ? SEARCH.attributeListSize : SEARCH.defaultSize;
  const requestedSize = request.size ?? defaultSize;
  const size = requestedSize < 1 ? defaultSize : Math.min(requestedSize, SEARCH.maxSize);
  const start = Math.max(0, request.start ?? 0);

  const filters: Record<string, FilterValue> = { ...(request.filters ?? {}) };
  if (base === 'product') {
    filters.visibility = [...SEARCHABLE_VISIBILITY];
    filters.status = [...SEARCHABLE_STATUS];
  }
  if (base === 'attribute' && filters.attribute_code !== undefined) {
    const codes = Array.isArray(filters.attribute_code) ? filters.attribute_code.map(String) : typeof filters.attribute_code === 'object' ? [] : [String(filters.attribute_code)];
    filters.attribute_code = requestableAttributeCodes(codes);
  }

  for (const [field, value] of Object.entries(filters)) {
    if (Array.isArray(value) && value.length > SEARCH.maxFilterQuerySize) {
      return { kind: 'invalid', message: `filter ${field} lists more than ${SEARCH.maxFilterQuerySize} values` };
    }
  }

  const sortText = request.sort ?? (base === 'product' && !request.query ? SEARCH.defaultSort : undefined);
  let sort: NormalizedSearch['sort'] = null;
  if (sortText) {
    const [field = '', order] = sortText.split(':');
    sort = { field, order: order?.toLowerCase() === 'desc' ? 'desc' : 'asc' };
  }

  return {
    entity: base,
    storeCode,
    query: (request.query ?? '').trim(),
    filters,
    sort,
    size,
    start,
    includeFields: request.includeFields ?? [],
    excludeFields: request.excludeFields ?? [],
    aggregate: requestableAttributeCodes(request.aggregate ?? []),
    aggregationSize: request.aggregationSize ?? SEARCH.aggregationSize,
  };
}

function splitEntityType(type: string): [BaseEntityType | undefined, StoreCode | undefined] {
  if ((BASE_ENTITY_TYPES as readonly string[]).includes(type)) return [type as BaseEntityType, undefined];
  const match = /^(product|category)-([a-z]+)$/.exec(type);
  if (match && (STORE_CODES as readonly string[]).includes(match[2] ?? '')) {
    return [match[1] as BaseEntityType, match[2] as StoreCode];
  }
  return [undefined, undefined];
}

export interface TermsBucket {
  key: string;
  count: number;
}
export interface RangeBucket {
  key: string;
  from: number | null;
  to: number | null;
  count: number;
}
export type Aggregation =
  | { type: 'terms'; buckets: TermsBucket[] }
  | { type: 'range'; buckets: RangeBucket[] }
  | { type: 'stats'; min: number | null; max: number | null; count: number };

export interface SearchResult<T = unknown> {
  items: T[];
  total: number;
  start: number;
  size: number;
  aggregations: Record<string, Aggregation>;
  attributeMetadata: Attribute[];
  /**
   * A product search with a word the catalogue does not know: the query with that word replaced by the closest one it
   * does ("rolx" -> "rolex"), for "did you mean" (issue 19). Absent otherwise.
   */
  didYouMean?: string;
}
