/**
 * The embedded product search: an in-memory index over one catalogue snapshot, built once and queried many
 * times. Filters are posting lists and numeric columns combined as byte masks; sort orders are precomputed
 * permutations walked until a page is full; facets are counted over the matching documents with each facet's
 * own filter left out, so the other options of a chosen facet stay selectable.
 */
import {
  DEFAULT_TAX_COUNTRY,
  DomainError,
  PRICE_BUCKET_STEP,
  PRICE_FIELDS,
  PRICE_FILTER_FIELD,
  PRODUCT_ATTRIBUTE_CODES,
  SEARCH,
  STORE_CODES,
  STORE_VIEWS,
  bundlePrice,
  groupedPrice,
  priceBuckets,
  shownAmount,
  productPrices,
  taxRateFor,
  type Aggregation,
  type FilterValue,
  type NormalizedSearch,
  type ProductPrices,
  type StoreCode,
} from '@shop/shared';
import { lowerBound, type ProductLookup } from '../catalogue.lookup.ts';
import { productText, timeOf, type CatalogueSnapshot, type IndexSources, type StoredProduct } from '../catalogue.snapshot.ts';
import type { DescriptionWords } from './description-words.ts';
import { allowedEdits, boundedDistance, normalizeText, stemmerFor, tokenize, type Stemmer } from './text.ts';

type Mask = Uint8Array;

const NUMERIC_FIELDS = [
  'id',
  'price',
  'price_incl_tax',
  'special_price',
  'final_price',
  'final_price_incl_tax',
  'original_price',
  'original_price_incl_tax',
  'created_at',
  'updated_at',
  'stock.qty',
  'qty',
  'oculus_diameter',
  'case_height',
  'status',
  'visibility',
] as const;
/** The numeric fields that are price columns (`IndexParts.priceColumns`). */
const PRICE_COLUMNS = ['price', 'price_incl_tax', 'special_price', 'final_price', 'final_price_incl_tax', 'original_price', 'original_price_incl_tax'] as const;
/** Attributes that hold a measure rather than an option id: aggregated as a range (min/max), not as terms. */
const NUMERIC_ATTRIBUTES = new Set(['oculus_diameter', 'case_height']);
const ORDERED_FIELDS = ['id', 'price', 'final_price', 'final_price_incl_tax', 'price_incl_tax', 'created_at', 'updated_at', 'stock.qty'] as const;
const SORTABLE_FIELDS = [...ORDERED_FIELDS, 'name', 'position'] as const;
/** Keyword fields that exist whatever the data holds, so a filter on them is never "unknown" (an empty catalogue). */
const KEYWORD_FIELDS = ['id', 'sku', 'type_id', 'status', 'visibility', 'parentId', 'stock.is_in_stock', 'stock.manage_stock', 'tax_class_id', 'category_ids', ...PRODUCT_ATTRIBUTE_CODES] as const;
const FLAG_FIELDS = ['new', 'sale', 'limited_edition', 'hide_price', 'is_bestseller', 'margin_product'] as const;
const BOOLEAN_FIELDS = new Set<string>([...FLAG_FIELDS, 'stock.is_in_stock', 'stock.manage_stock']);
/**
 * The keyword fields every product has exactly one value of, from a handful of values: held as a byte per product
 * (`KeywordColumn`) instead of a document list per value, 4 bytes per product and field.
 */
const COLUMN_KEYWORDS = ['type_id', 'status', 'visibility', 'stock.is_in_stock', 'stock.manage_stock', 'tax_class_id', ...FLAG_FIELDS] as const;
type ColumnKeyword = (typeof COLUMN_KEYWORDS)[number];

/** A product's value of a keyword field it always has one value of (as its document list's key was made). */
function columnKeyword(p: StoredProduct, field: ColumnKeyword): string {
  switch (field) {
    case 'type_id':
      return p.type_id;
    case 'status':
      return String(p.status);
    case 'visibility':
      return String(p.visibility);
    case 'stock.is_in_stock':
      return String(p.stock.is_in_stock);
    case 'stock.manage_stock':
      return String(p.stock.manage_stock);
    case 'tax_class_id':
      return String(p.tax_class_id);
    default:
      return String(p.flags[field]);
  }
}

/**
 * A single-valued keyword field as a column: `keys[slots[doc]]` is the document's value. A filter on it reads the
 * column once (a byte per product), where a document list per value cost 4 bytes per product.
 */
export interface KeywordColumn {
  keys: string[];
  slots: Uint8Array;
}

/** The most values a keyword column holds (a byte's); a field with more keeps its document lists. */
const KEYWORD_COLUMN_KEYS = 0x100;

/** Other names the API accepts for a field. */
function canonicalField(field: string): string {
  if (field === 'category_id' || field === 'category.category_id') return 'category_ids';
  if (field === 'qty') return 'stock.qty';
  return field;
}

/** Boolean fields are matched as "true"/"false", whether a filter says true, 1 or "1". */
function keywordKey(field: string, value: string | number | boolean): string {
  if (BOOLEAN_FIELDS.has(field)) return String(value === true || value === 1 || value === '1' || value === 'true');
  return String(value);
}
const TEXT_FIELDS = ['name', 'sku', 'category.name', 'fulltext'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const FIELD_BIT: Record<TextField, number> = { name: 1, sku: 2, 'category.name': 4, fulltext: 8 };
const FIELD_BOOST: Record<TextField, number> = {
  name: SEARCH.boosts.name,
  sku: SEARCH.boosts.sku,
  'category.name': SEARCH.boosts['category.name'],
  fulltext: SEARCH.boosts.fulltext,
};
const MAX_FIELD_SCORE = Object.values(FIELD_BOOST).reduce((a, b) => a + b, 0);

/**
 * One facet's values as dense slots, so counting is an array increment: `single[doc]` is the slot of a
 * single-valued attribute (-1 for none); multi-valued attributes keep `offsets`/`slots` (CSR layout). Slots are
 * held in the narrowest integer array their count allows (`slotArray`): most facets have under 128 values, and a
 * byte per product instead of four took about 75 B per product off the index.
 */
export interface FacetColumn {
  keys: number[];
  single: SlotArray | null;
  offsets: Int32Array | null;
  slots: SlotArray | null;
}

type SlotArray = Int8Array | Int16Array | Int32Array | Uint8Array | Uint16Array;

/** An array for `length` slots numbered below `count`, the narrowest that holds them (and -1, when `withNone`). */
export function slotArray(length: number, count: number, withNone: boolean): SlotArray {
  if (withNone) return count <= 0x80 ? new Int8Array(length) : count <= 0x8000 ? new Int16Array(length) : new Int32Array(length);
  return count <= 0x100 ? new Uint8Array(length) : count <= 0x10000 ? new Uint16Array(length) : new Int32Array(length);
}

/**
 * One store's inverted index in flat arrays (no object per term, which at 50,000 products cost about 100 MB):
 * term `t` is the stem `terms[t]` and its postings are `postings[offsets[t]]..postings[offsets[t + 1] - 1]`, each a
 * document and the bits of the fields it was found in, packed in one number (see `packPosting`). The words as written are kept beside it (sorted, so prefixes
 * are a binary search away), each pointing at its stem: misspellings, prefixes and "did you mean" work on the
 * words a shopper types, matches count through the stems.
 */
interface TextIndex {
  terms: string[];
  offsets: Int32Array;
  postings: Uint32Array;
  words: string[];
  /** word id -> term id of its stem */
  stemOfWord: Int32Array;
  /** Ids of the non-numeric words grouped by length, for fuzzy candidates. */
  byLength: Map<number, Int32Array>;
}

/**
 * A posting as one number: the document times 16 plus its field bits (FIELD_BIT: 4 bits). A separate byte for the
 * bits cost a fifth more (5 bytes a posting instead of 4), and a posting list is the index's largest part.
 */
const POSTING_FIELD_BITS = 4;
/** The documents a packed posting can name: 2^28, about 268 million. */
export const MAX_TEXT_DOCUMENTS = 2 ** (32 - POSTING_FIELD_BITS);

export function packPosting(doc: number, fields: number): number {
  return doc * (1 << POSTING_FIELD_BITS) + fields;
}

export function postingDoc(posting: number): number {
  return posting >>> POSTING_FIELD_BITS;
}

export function postingFields(posting: number): number {
  return posting & ((1 << POSTING_FIELD_BITS) - 1);
}

/** Each store's stemmer, by the store's language: indexed words and query words are stemmed alike. */
const STEMMERS = Object.fromEntries(STORE_CODES.map((store) => [store, stemmerFor(STORE_VIEWS[store].i18n.language)])) as Record<StoreCode, Stemmer>;

/** The id of a term in a sorted term list, or -1. */
function termId(terms: readonly string[], term: string): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (terms[mid]! < term) lo = mid + 1;
    else hi = mid;
  }
  return lo < terms.length && terms[lo] === term ? lo : -1;
}

export interface ProductSearchHit {
  product: StoredProduct;
  score: number | null;
}

export interface ProductSearchResult {
  hits: ProductSearchHit[];
  total: number;
  aggregations: Record<string, Aggregation>;
  /** A corrected query when the query has a word the catalogue does not know (see `suggestQuery`). */
  didYouMean?: string;
}

/**
 * What building an index produces: maps, strings and typed arrays only, so a build on a worker thread can hand it
 * to the thread that serves (its typed arrays transferred, not copied: see `indexTransferables`).
 */
export interface IndexParts {
  /** category id -> number of visible, enabled products in it */
  productCounts: Map<number, number>;
  numeric: Map<string, NumericColumn>;
  keywords: Map<string, Map<string, Int32Array>>;
  /** The keyword fields held as a column (COLUMN_KEYWORDS, when their values fit one), not in `keywords`. */
  keywordColumns: Map<string, KeywordColumn>;
  facets: Map<string, FacetColumn>;
  positionOrders: Map<number, Int32Array>;
  sortOrders: Map<string, Int32Array>;
  text: Record<StoreCode, TextIndex>;
  /** Per store, the documents in the order of their url_path, for a filter on it (a binary search, no map). */
  urlPathOrders: Record<StoreCode, Int32Array>;
  /** Every price field as a column; `pricesOf` reassembles a product's prices from them. */
  priceColumns: Record<keyof ProductPrices, NumericColumn>;
  /** The price fields whose column holds whole cents (`centsColumn`): read divided by 100 (`divisorOf`). */
  pricesInCents: Set<string>;
}

/** The buffers of an index's typed arrays, each once (columns share some), to transfer them to another thread. */
export function indexTransferables(parts: IndexParts): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const add = (array: { buffer: ArrayBufferLike } | null) => {
    if (array && array.buffer instanceof ArrayBuffer) buffers.add(array.buffer);
  };
  for (const column of parts.numeric.values()) add(column);
  for (const byKey of parts.keywords.values()) for (const docs of byKey.values()) add(docs);
  for (const column of parts.keywordColumns.values()) add(column.slots);
  for (const facet of parts.facets.values()) [facet.single, facet.offsets, facet.slots].forEach(add);
  for (const docs of parts.positionOrders.values()) add(docs);
  for (const order of parts.sortOrders.values()) add(order);
  for (const store of STORE_CODES) {
    const text = parts.text[store];
    [text.offsets, text.postings, ...text.byLength.values()].forEach(add);
    add(parts.urlPathOrders[store]);
  }
  for (const column of Object.values(parts.priceColumns)) add(column);
  return [...buffers];
}

export class ProductIndex {
  readonly size: number;
  readonly products: readonly StoredProduct[];
  /** category id -> number of visible, enabled products in it */
  readonly productCounts: Map<number, number>;
  private readonly numeric: Map<string, NumericColumn>;
  private readonly keywords: Map<string, Map<string, Int32Array>>;
  private readonly keywordColumns: Map<string, KeywordColumn>;
  private readonly facets: Map<string, FacetColumn>;
  private readonly positionOrders: Map<number, Int32Array>;
  private readonly sortOrders: Map<string, Int32Array>;
  private readonly text: Record<StoreCode, TextIndex>;
  private readonly urlPathOrders: Record<StoreCode, Int32Array>;
  /** Document -> product id; documents are in id order (the snapshot's), so a product's document is a binary search. */
  private readonly ids: NumericColumn;
  private readonly productsBySku: ProductLookup<string>;
  private readonly priceColumns: Record<keyof ProductPrices, NumericColumn>;
  private readonly pricesInCents: Set<string>;

  /** Builds the index of a snapshot on this thread (`buildIndexParts`); a worker thread builds it with the same function. */
  static build(snapshot: CatalogueSnapshot, now: Date, sources: IndexSources, taxCountry: string = DEFAULT_TAX_COUNTRY): ProductIndex {
    return new ProductIndex(snapshot, buildIndexParts(snapshot, now, sources, taxCountry));
  }

  /** The index of `snapshot` from parts built for it (here or on a worker thread). */
  constructor(snapshot: Pick<CatalogueSnapshot, 'products' | 'productsBySku'>, parts: IndexParts) {
    this.products = snapshot.products;
    this.size = snapshot.products.length;
    this.productsBySku = snapshot.productsBySku;
    this.productCounts = parts.productCounts;
    this.numeric = parts.numeric;
    this.keywords = parts.keywords;
    this.keywordColumns = parts.keywordColumns;
    this.facets = parts.facets;
    this.positionOrders = parts.positionOrders;
    this.sortOrders = parts.sortOrders;
    this.text = parts.text;
    this.urlPathOrders = parts.urlPathOrders;
    this.priceColumns = parts.priceColumns;
    this.pricesInCents = parts.pricesInCents;
    this.ids = parts.numeric.get('id')!;
    if (this.ids.length !== this.size) throw new Error(`The index was built for ${this.ids.length} products, the snapshot holds ${this.size}`);
  }

  /** The document of a product id, or undefined. */
  private docOf(productId: number): number | undefined {
    return docOfId(this.ids, productId);
  }

  pricesOf(productId: number): ProductPrices {
    const doc = this.docOf(productId);
    if (doc === undefined) throw new Error(`No prices for product ${productId}`);
    const prices = {} as ProductPrices;
    for (const field of PRICE_FIELDS) prices[field] = this.priceColumns[field][doc]! / this.divisorOf(field);
    return prices;
  }

  /** What a numeric field's stored numbers are divided by when read: 100 for a price held in whole cents, else 1. */
  private divisorOf(field: string): number {
    return this.pricesInCents.has(field) ? CENTS : 1;
  }

  search(request: NormalizedSearch): ProductSearchResult {
    const n = this.size;
    const filterMasks = new Map<string, Mask>();
    for (const [field, value] of Object.entries(request.filters)) {
      filterMasks.set(field, this.filterMask(field, value, request.storeCode));
    }
    let scores: Float32Array | null = null;
    if (request.query) {
      const scored = this.scoreText(request.query, request.storeCode);
      scores = scored;
      const textMask = new Uint8Array(n);
      for (let i = 0; i < n; i++) if (scored[i]! >= SEARCH.minimumScore) textMask[i] = 1;
      filterMasks.set('\u0000query', textMask);
    }

    const all = intersect([...filterMasks.values()], n);
    let total = 0;
    for (let i = 0; i < n; i++) total += all[i]!;

    const aggregations: Record<string, Aggregation> = {};
    if (request.aggregate.length > 0) {
      const matched = docsOf(all, total);
      for (const field of request.aggregate) {
        const filterField = field === 'price' ? PRICE_FILTER_FIELD : field;
        const docs = filterMasks.has(filterField) ? docsOf(intersect([...filterMasks].filter(([f]) => f !== filterField).map(([, m]) => m), n)) : matched;
        const aggregation = this.aggregate(field, docs, request.aggregationSize);
        if (aggregation) aggregations[field] = aggregation;
      }
    }

    const hits = this.page(all, total, request, scores);
    const didYouMean = request.query ? this.suggestQuery(request.query, request.storeCode) : null;
    return didYouMean ? { hits, total, aggregations, didYouMean } : { hits, total, aggregations };
  }

  private page(mask: Mask, total: number, request: NormalizedSearch, scores: Float32Array | null): ProductSearchHit[] {
    const wanted = request.start + request.size;
    const sortField = canonicalField(request.sort?.field ?? 'updated_at');
    const order = request.sort?.field === 'position' ? null : this.sortOrderFor(sortField, request.storeCode);
    if (!order && sortField !== 'position' && (request.sort || !scores)) {
      throw new DomainError('invalid_search_query', `Cannot sort by ${request.sort?.field}; sortable fields: ${SORTABLE_FIELDS.join(', ')}`);
    }
    if (request.start >= total) return [];
    let ordered: number[];
    if (!request.sort && scores) {
      ordered = [];
      for (let i = 0; i < this.size; i++) if (mask[i]) ordered.push(i);
      ordered.sort((a, b) => scores[b]! - scores[a]! || this.products[a]!.id - this.products[b]!.id);
      ordered = ordered.slice(request.start, wanted);
    } else if (request.sort?.field === 'position') {
      ordered = this.byCategoryPosition(mask, request);
    } else {
      ordered = walk(order!, mask, request.start, request.size, request.sort?.order !== 'asc');
    }
    return ordered.map((doc) => ({ product: this.products[doc]!, score: scores ? roundScore(scores[doc]!) : null }));
  }

  /**
   * Position inside the category being listed (the first category filter), then the matching products outside
   * that category (when several categories are filtered) by id, so paging reaches the total.
   */
  private byCategoryPosition(mask: Mask, request: NormalizedSearch): number[] {
    const categoryFilter = request.filters.category_ids ?? request.filters.category_id;
    const categoryId = Number(Array.isArray(categoryFilter) ? categoryFilter[0] : categoryFilter);
    const inCategory = this.positionOrders.get(categoryId) ?? new Int32Array(0);
    const outside = new Uint8Array(mask);
    for (const doc of inCategory) outside[doc] = 0;
    const merged = new Int32Array(inCategory.length + this.size);
    merged.set(inCategory);
    let k = inCategory.length;
    for (const doc of this.sortOrders.get('id')!) if (outside[doc]) merged[k++] = doc;
    return walk(merged.subarray(0, k), mask, request.start, request.size, request.sort?.order === 'desc');
  }

  private filterMask(field: string, value: FilterValue, store: StoreCode): Mask {
    const n = this.size;
    const mask = new Uint8Array(n);
    const name = canonicalField(field);

    if (name === 'url_path' || name === 'slug' || name === 'url_key') {
      const values = (Array.isArray(value) ? value : [value]).map(String);
      if (name === 'url_path') {
        const order = this.urlPathOrders[store];
        const pathOf = (doc: number) => productText(this.products[doc]!, store, 'url_path');
        for (const v of values) {
          const doc = order[lowerBound(order.length, (k) => pathOf(order[k]!) < v)];
          if (doc !== undefined && pathOf(doc) === v) mask[doc] = 1;
        }
      } else {
        for (let i = 0; i < n; i++) if (values.includes(productText(this.products[i]!, store, 'url_key'))) mask[i] = 1;
      }
      return mask;
    }

    if (isRange(value)) {
      const column = this.numeric.get(name);
      if (!column) throw new DomainError('invalid_search_query', `Field ${field} cannot be filtered by a range`);
      const divisor = this.divisorOf(name);
      for (let i = 0; i < n; i++) {
        const x = column[i]! / divisor;
        if (Number.isNaN(x)) continue;
        if (value.gte !== undefined && !(x >= value.gte)) continue;
        if (value.gt !== undefined && !(x > value.gt)) continue;
        if (value.lte !== undefined && !(x <= value.lte)) continue;
        if (value.lt !== undefined && !(x < value.lt)) continue;
        mask[i] = 1;
      }
      return mask;
    }

    if (name === 'id' || name === 'sku') {
      const lookup =
        name === 'id'
          ? (v: string | number | boolean) => this.docOf(Number(v))
          : (v: string | number | boolean) => {
              const product = this.productsBySku.get(String(v));
              return product ? this.docOf(product.id) : undefined;
            };
      for (const v of (Array.isArray(value) ? value : [value]) as Array<string | number | boolean>) {
        const doc = lookup(v);
        if (doc !== undefined) mask[doc] = 1;
      }
      return mask;
    }
    const column = this.keywordColumns.get(name);
    if (column) {
      const wanted = new Uint8Array(KEYWORD_COLUMN_KEYS);
      for (const v of (Array.isArray(value) ? value : [value]) as Array<string | number | boolean>) {
        const slot = column.keys.indexOf(keywordKey(name, v));
        if (slot >= 0) wanted[slot] = 1;
      }
      const { slots } = column;
      for (let i = 0; i < n; i++) mask[i] = wanted[slots[i]!]!;
      return mask;
    }
    const postings = this.keywords.get(name);
    if (!postings) throw new DomainError('invalid_search_query', `Unknown filter field ${field}`);
    // Ranges were handled above: what is left is one scalar or a list of them.
    for (const v of (Array.isArray(value) ? value : [value]) as Array<string | number | boolean>) {
      const docs = postings.get(keywordKey(name, v));
      if (docs) for (const doc of docs) mask[doc] = 1;
    }
    return mask;
  }

  private aggregate(field: string, docs: Int32Array, size: number): Aggregation | null {
    if (field === 'price') {
      const column = this.numeric.get(PRICE_FILTER_FIELD)!;
      const divisor = this.divisorOf(PRICE_FILTER_FIELD);
      const buckets = priceBuckets().map((b) => ({ key: b.key, from: b.from, to: b.to, count: 0 }));
      const last = buckets.length - 1;
      for (const doc of docs) {
        // By the whole amount the price shows as, as the storefront lists it (14999.99 shows as 15000).
        const index = Math.floor(shownAmount(column[doc]! / divisor) / PRICE_BUCKET_STEP);
        buckets[index < 0 ? 0 : index > last ? last : index]!.count++;
      }
      return { type: 'range', buckets };
    }
    const facet = NUMERIC_ATTRIBUTES.has(field) ? undefined : this.facets.get(field);
    if (facet) {
      const counts = new Int32Array(facet.keys.length);
      if (facet.single) countSingle(facet.single, docs, counts);
      else countMulti(facet.offsets!, facet.slots!, docs, counts);
      const buckets: Array<{ key: string; count: number }> = [];
      counts.forEach((count, slot) => {
        if (count > 0) buckets.push({ key: String(facet.keys[slot]), count });
      });
      buckets.sort((a, b) => b.count - a.count || Number(a.key) - Number(b.key));
      return { type: 'terms', buckets: buckets.slice(0, size) };
    }
    const column = this.numeric.get(field);
    if (column) {
      const divisor = this.divisorOf(field);
      let min = Infinity;
      let max = -Infinity;
      let count = 0;
      for (const doc of docs) {
        const x = column[doc]! / divisor;
        if (Number.isNaN(x)) continue;
        if (x < min) min = x;
        if (x > max) max = x;
        count++;
      }
      return { type: 'stats', min: count ? min : null, max: count ? max : null, count };
    }
    throw new DomainError('invalid_search_query', `Cannot aggregate ${field}`);
  }

  /**
   * "Did you mean" (issue 19): the query with each word the store's vocabulary does not hold replaced by the closest
   * word it does. Closest: fewest edits, then the same first letter (the one a typist rarely gets wrong), then the word
   * most products carry. A short word may be one edit further off than the search itself tolerates (2 instead of 1,
   * see `allowedEdits`) when the first letters agree, so a miss the search cannot find ("rlx") still gets a suggestion.
   * Words with digits and words under 3 letters stay as typed. Null when every word is known or none is near.
   */
  suggestQuery(query: string, store: StoreCode): string | null {
    const index = this.text[store];
    const row = new Int32Array(64);
    let changed = false;
    const corrected = tokenize(query)
      .slice(0, 12)
      .map((word) => {
        if (word.length < 3 || /\d/.test(word) || termId(index.words, word) >= 0 || termId(index.terms, STEMMERS[store](word)) >= 0) return word;
        const tolerated = allowedEdits(word, SEARCH.fuzziness);
        const max = Math.max(tolerated, Math.min(tolerated + 1, SEARCH.fuzziness));
        let best: { term: string; rank: [number, number, number] } | null = null;
        for (let len = Math.max(3, word.length - max); len <= word.length + max; len++) {
          for (const candidate of index.byLength.get(len) ?? []) {
            const term = index.words[candidate]!;
            const d = boundedDistance(word, term, max, row);
            const otherFirst = term[0] === word[0] ? 0 : 1;
            if (d > max || (d > tolerated && otherFirst)) continue;
            const stem = index.stemOfWord[candidate]!;
            const rank: [number, number, number] = [d, otherFirst, -(index.offsets[stem + 1]! - index.offsets[stem]!)];
            if (!best || compareRanks(rank, best.rank) < 0 || (compareRanks(rank, best.rank) === 0 && term < best.term)) best = { term, rank };
          }
        }
        if (!best) return word;
        changed = true;
        return best.term;
      });
    return changed ? corrected.join(' ') : null;
  }

  private scoreText(query: string, store: StoreCode): Float32Array {
    const index = this.text[store];
    const scores = new Float32Array(this.size);
    // A whole sku ("W-000123") is also indexed as one term, so a pasted sku finds its product first.
    const whole = query.trim().toLowerCase();
    const terms = [...new Set([...tokenize(query), ...(termId(index.words, whole) >= 0 ? [whole] : [])])].slice(0, 12);
    if (terms.length === 0) return scores;
    const row = new Int32Array(64);
    let maxPossible = 0;
    const best = new Float32Array(this.size);
    terms.forEach((term, position) => {
      /** term (stem) id -> similarity to the query term: the best of the ways it was reached */
      const matches = new Map<number, number>();
      const reach = (word: number, similarity: number) => {
        const stem = index.stemOfWord[word]!;
        if (similarity > (matches.get(stem) ?? 0)) matches.set(stem, similarity);
      };
      const exact = termId(index.terms, STEMMERS[store](term));
      if (exact >= 0) matches.set(exact, 1);
      const edits = allowedEdits(term, SEARCH.fuzziness);
      if (edits > 0) {
        for (let len = term.length - edits; len <= term.length + edits; len++) {
          for (const candidate of index.byLength.get(len) ?? []) {
            const d = boundedDistance(term, index.words[candidate]!, edits, row);
            if (d <= edits) reach(candidate, 1 / (1 + d));
          }
        }
      }
      // The last word may still be being typed: the words it begins count too.
      if (position === terms.length - 1 && term.length >= 3) {
        for (const candidate of prefixed(index.words, term, 200)) reach(candidate, 0.7);
      }
      const idfTop = Math.log(1 + this.size);
      maxPossible += MAX_FIELD_SCORE * idfTop;
      best.fill(0);
      const touched: number[] = [];
      for (const [candidate, similarity] of matches) {
        const from = index.offsets[candidate]!;
        const to = index.offsets[candidate + 1]!;
        const idf = Math.log(1 + this.size / (to - from));
        for (let k = from; k < to; k++) {
          const posting = index.postings[k]!;
          const doc = postingDoc(posting);
          const bits = postingFields(posting);
          let fieldScore = 0;
          for (const field of TEXT_FIELDS) if (bits & FIELD_BIT[field]) fieldScore += FIELD_BOOST[field];
          const value = fieldScore * similarity * idf;
          if (best[doc] === 0) touched.push(doc);
          if (value > best[doc]!) best[doc] = value;
        }
      }
      for (const doc of touched) scores[doc]! += best[doc]!;
    });
    for (let i = 0; i < this.size; i++) scores[i] = scores[i]! / maxPossible;
    return scores;
  }

  sortOrderFor(field: string, store: StoreCode): Int32Array | undefined {
    return this.sortOrders.get(field === 'name' ? `name:${store}` : field);
  }
}

/**
 * Builds the parts of a snapshot's index. Its products must be in id order (as the snapshot loads them): a product's
 * document is then found by a binary search over the id column, with no map from id to document.
 */
export function buildIndexParts(snapshot: CatalogueSnapshot, now: Date, sources: IndexSources, taxCountry: string = DEFAULT_TAX_COUNTRY): IndexParts {
  return new IndexBuilder(snapshot, now, sources, taxCountry).parts;
}

class IndexBuilder {
  readonly size: number;
  readonly products: readonly StoredProduct[];
  readonly parts: IndexParts;
  private readonly numeric = new Map<string, NumericColumn>();
  private readonly keywords = new Map<string, Map<string, Int32Array>>();
  private readonly keywordColumns = new Map<string, KeywordColumn>();
  private readonly facets = new Map<string, FacetColumn>();
  private readonly positionOrders = new Map<number, Int32Array>();
  private readonly sortOrders = new Map<string, Int32Array>();
  private readonly priceColumns: Record<keyof ProductPrices, NumericColumn>;
  private readonly pricesInCents: Set<string>;

  constructor(snapshot: CatalogueSnapshot, now: Date, sources: IndexSources, taxCountry: string) {
    this.products = snapshot.products;
    this.size = snapshot.products.length;
    if (this.size > MAX_TEXT_DOCUMENTS) throw new Error(`The index holds at most ${MAX_TEXT_DOCUMENTS} products, the snapshot ${this.size}`);
    for (let i = 1; i < this.size; i++) {
      if (this.products[i]!.id <= this.products[i - 1]!.id) throw new Error('The snapshot\'s products are not in id order');
    }
    ({ columns: this.priceColumns, inCents: this.pricesInCents } = priceColumns(computePrices(snapshot, now, taxCountry)));
    this.buildColumns();
    const productCounts = this.countPerCategory();
    // A word both stores hold (skus, brands, numbers: most of them) and a word that is its own stem are one string.
    const spellings = new Map<string, string>();
    const text = Object.fromEntries(STORE_CODES.map((store) => [store, this.buildText(snapshot, store, sources.descriptions, spellings)])) as Record<StoreCode, TextIndex>;
    spellings.clear();
    const urlPathOrders = Object.fromEntries(
      STORE_CODES.map((store) => {
        const paths = this.products.map((p) => productText(p, store, 'url_path'));
        return [store, Int32Array.from(paths.keys()).sort((a, b) => (paths[a]! < paths[b]! ? -1 : paths[a]! > paths[b]! ? 1 : a - b))];
      }),
    ) as Record<StoreCode, Int32Array>;
    this.buildSortOrders();
    this.buildPositionOrders(sources.categoryListings);
    this.parts = {
      productCounts,
      numeric: this.numeric,
      keywords: this.keywords,
      keywordColumns: this.keywordColumns,
      facets: this.facets,
      positionOrders: this.positionOrders,
      sortOrders: this.sortOrders,
      text,
      urlPathOrders,
      priceColumns: this.priceColumns,
      pricesInCents: this.pricesInCents,
    };
  }

  private buildColumns(): void {
    const n = this.size;
    // Price fields and `qty` share the arrays they repeat (the price columns, `stock.qty`) instead of copying them.
    for (const field of NUMERIC_FIELDS) {
      if (field === 'qty' || (PRICE_COLUMNS as readonly string[]).includes(field)) continue;
      this.numeric.set(field, new Float64Array(n).fill(Number.NaN));
    }
    for (const field of PRICE_COLUMNS) this.numeric.set(field, this.priceColumns[field]);
    this.numeric.set('qty', this.numeric.get('stock.qty')!);
    this.buildKeywordColumns();
    for (const field of [...KEYWORD_FIELDS, ...FLAG_FIELDS]) if (!this.keywordColumns.has(field)) this.keywords.set(field, new Map());
    const keyword = (field: string) => {
      let map = this.keywords.get(field);
      if (!map) this.keywords.set(field, (map = new Map()));
      return map;
    };
    this.products.forEach((p, i) => {
      const set = (field: string, value: number) => (this.numeric.get(field)![i] = value);
      set('id', p.id);
      set('status', p.status);
      set('visibility', p.visibility);
      set('created_at', timeOf(p.created_at));
      set('updated_at', timeOf(p.updated_at));
      set('stock.qty', p.stock.qty);
      for (const code of ['oculus_diameter', 'case_height'] as const) {
        const value = p.attributes[code];
        if (typeof value === 'number') set(code, value);
      }
    });

    // The keyword lists in two passes over the products: one counts each key's documents, the other writes them
    // straight into their place. Lists of numbers grown as they went cost about three times the finished lists.
    // A field's lists share one buffer: a field such as parentId has a list per parent, and a buffer each made tens
    // of thousands of buffers to transfer from a worker thread (Node checks a transfer list in quadratic time).
    const listed = COLUMN_KEYWORDS.filter((field) => !this.keywordColumns.has(field));
    const eachKeyword = (p: StoredProduct, emit: (field: string, key: string | number | boolean) => void) => {
      for (const field of listed) emit(field, columnKeyword(p, field));
      emit('parentId', p.parent_id ?? 0);
      for (const id of p.category_ids) emit('category_ids', id);
      for (const code of PRODUCT_ATTRIBUTE_CODES) {
        const value = p.attributes[code];
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) emit(code, v);
      }
    };
    const counts = new Map<string, Map<string, number>>();
    for (const p of this.products) {
      eachKeyword(p, (field, key) => {
        let byKey = counts.get(field);
        if (!byKey) counts.set(field, (byKey = new Map()));
        const k = String(key);
        byKey.set(k, (byKey.get(k) ?? 0) + 1);
      });
    }
    const cursors = new Map<string, Map<string, { docs: Int32Array; filled: number }>>();
    for (const [field, byKey] of counts) {
      const map = keyword(field);
      let total = 0;
      for (const count of byKey.values()) total += count;
      const all = new Int32Array(total);
      const fieldCursors = new Map<string, { docs: Int32Array; filled: number }>();
      let at = 0;
      for (const [key, count] of byKey) {
        const docs = all.subarray(at, at + count);
        map.set(key, docs);
        fieldCursors.set(key, { docs, filled: 0 });
        at += count;
      }
      cursors.set(field, fieldCursors);
    }
    counts.clear();
    this.products.forEach((p, i) => {
      eachKeyword(p, (field, key) => {
        const cursor = cursors.get(field)!.get(String(key))!;
        cursor.docs[cursor.filled++] = i;
      });
    });
    for (const code of PRODUCT_ATTRIBUTE_CODES) this.facets.set(code, facetColumn(n, (doc) => this.products[doc]!.attributes[code]));
    for (const field of NUMERIC_FIELDS) {
      if (field === 'qty' || (PRICE_COLUMNS as readonly string[]).includes(field)) continue;
      this.numeric.set(field, narrowColumn(this.numeric.get(field) as Float64Array));
    }
    this.numeric.set('qty', this.numeric.get('stock.qty')!);
  }

  /**
   * The single-valued keyword fields as byte columns, all in one buffer (one to transfer from a worker thread). A
   * field with more values than a byte holds is left out, and keeps its document lists.
   */
  private buildKeywordColumns(): void {
    const n = this.size;
    const columns: Array<{ field: ColumnKeyword; keys: string[]; slotOf: Map<string, number> }> = [];
    for (const field of COLUMN_KEYWORDS) {
      const slotOf = new Map<string, number>();
      for (let doc = 0; doc < n && slotOf.size <= KEYWORD_COLUMN_KEYS; doc++) {
        const key = columnKeyword(this.products[doc]!, field);
        if (!slotOf.has(key)) slotOf.set(key, slotOf.size);
      }
      if (slotOf.size <= KEYWORD_COLUMN_KEYS) columns.push({ field, keys: [...slotOf.keys()], slotOf });
    }
    const buffer = new ArrayBuffer(n * columns.length);
    columns.forEach(({ field, keys, slotOf }, c) => {
      const slots = new Uint8Array(buffer, c * n, n);
      for (let doc = 0; doc < n; doc++) slots[doc] = slotOf.get(columnKeyword(this.products[doc]!, field))!;
      this.keywordColumns.set(field, { keys, slots });
    });
  }

  private countPerCategory(): Map<number, number> {
    const counts = new Map<number, number>();
    for (const p of this.products) {
      if (p.visibility < 2 || p.status >= 2) continue;
      for (const id of p.category_ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }

  /**
   * Builds one store's text index in a single pass: every (term, document, fields) posting is appended to flat
   * growable arrays, then the terms are sorted and the postings laid out per term by a counting sort.
   */
  private buildText(
    snapshot: CatalogueSnapshot,
    store: StoreCode,
    descriptions: DescriptionWords,
    spellings: Map<string, string>,
  ): TextIndex {
    const spelling = (word: string) => {
      const known = spellings.get(word);
      if (known !== undefined) return known;
      spellings.set(word, word);
      return word;
    };
    // Category names and option labels repeat across thousands of products: tokenize each once.
    const categoryTokens = new Map<number, string[]>();
    for (const category of snapshot.categories) if (category.level > 1) categoryTokens.set(category.id, tokenize(category.texts[store].name));
    const optionTokens = new Map<string, Map<string, string[]>>();
    for (const attribute of snapshot.attributes) {
      if (attribute.options.length === 0) continue;
      optionTokens.set(attribute.attribute_code, new Map(attribute.options.map((o) => [o.value, tokenize(o.labels[store])])));
    }
    const stem = STEMMERS[store];
    const idOf = new Map<string, number>();
    const termList: string[] = [];
    /** Each word as written -> the id of its stem in `termList`: every word is stemmed once. */
    const wordStem = new Map<string, number>();
    const postings = new PostingBuffer();
    const bits = new Map<number, number>();
    this.products.forEach((p, doc) => {
      bits.clear();
      const markTokens = (field: TextField, tokens: readonly string[]) => {
        for (const token of tokens) {
          let id = wordStem.get(token);
          if (id === undefined) {
            const term = stem(token);
            id = idOf.get(term);
            if (id === undefined) {
              id = termList.length;
              termList.push(term);
              idOf.set(term, id);
            }
            wordStem.set(token, id);
          }
          bits.set(id, (bits.get(id) ?? 0) | FIELD_BIT[field]);
        }
      };
      markTokens('name', tokenize(productText(p, store, 'name')));
      markTokens('sku', tokenize(p.sku));
      markTokens('sku', [p.sku.toLowerCase()]);
      for (const id of p.category_ids) markTokens('category.name', categoryTokens.get(id) ?? []);
      markTokens('fulltext', descriptions.wordsOf(p.id, store));
      for (const [code, options] of optionTokens) {
        const value = p.attributes[code as keyof typeof p.attributes];
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) markTokens('fulltext', options.get(String(v)) ?? []);
      }
      for (const [id, fieldBits] of bits) postings.push(id, doc, fieldBits);
    });
    idOf.clear();

    const order = Int32Array.from(termList.keys()).sort((a, b) => (termList[a]! < termList[b]! ? -1 : termList[a]! > termList[b]! ? 1 : 0));
    const rank = new Int32Array(termList.length);
    order.forEach((oldId, newId) => (rank[oldId] = newId));
    const terms = Array.from(order, (oldId) => spelling(termList[oldId]!));
    const offsets = new Int32Array(terms.length + 1);
    postings.forEach((term) => (offsets[rank[term]! + 1]! += 1));
    for (let t = 0; t < terms.length; t++) offsets[t + 1]! += offsets[t]!;
    const packed = new Uint32Array(postings.length);
    const next = offsets.slice(0, terms.length);
    // Documents were visited in order, so each term's postings come out sorted by document.
    postings.forEach((term, posting) => (packed[next[rank[term]!]!++] = posting), true);

    const words = [...wordStem.keys()].sort().map(spelling);
    const stemOfWord = Int32Array.from(words, (word) => rank[wordStem.get(word)!]!);
    wordStem.clear();
    const lengths = new Map<number, number[]>();
    words.forEach((word, id) => {
      if (/\d/.test(word)) return;
      const group = lengths.get(word.length);
      if (group) group.push(id);
      else lengths.set(word.length, [id]);
    });
    const byLength = new Map([...lengths].map(([length, ids]) => [length, Int32Array.from(ids)]));
    return { terms, offsets, postings: packed, words, stemOfWord, byLength };
  }

  /** Each category's products in merchandising order, as documents. */
  private buildPositionOrders(listings: ReadonlyMap<number, readonly number[]>): void {
    for (const [categoryId, productIds] of listings) {
      const docs: number[] = [];
      for (const id of productIds) {
        const doc = docOfId(this.numeric.get('id')!, id);
        if (doc !== undefined) docs.push(doc);
      }
      this.positionOrders.set(categoryId, Int32Array.from(docs));
    }
  }

  private buildSortOrders(): void {
    const ids = Int32Array.from(this.products.keys());
    for (const field of ORDERED_FIELDS) {
      const column = this.numeric.get(field)!;
      this.sortOrders.set(field, Int32Array.from(ids).sort((a, b) => column[a]! - column[b]! || this.products[a]!.id - this.products[b]!.id));
    }
    for (const store of STORE_CODES) {
      // Accent- and case-blind, with numbers compared by value ("38 mm" before "124 mm").
      const keys = this.products.map((p) => normalizeText(productText(p, store, 'name')).replace(/\d+/g, (d) => d.padStart(10, '0')));
      this.sortOrders.set(`name:${store}`, Int32Array.from(ids).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b)));
    }
  }
}

/** The document of a product id in an ascending id column, or undefined. */
function docOfId(ids: NumericColumn, productId: number): number | undefined {
  const doc = lowerBound(ids.length, (k) => ids[k]! < productId);
  return doc < ids.length && ids[doc] === productId ? doc : undefined;
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** The documents of a precomputed order that are in the mask, from `start`, at most `size`. */
function walk(order: Int32Array, mask: Mask, start: number, size: number, descending: boolean): number[] {
  const page: number[] = [];
  let seen = 0;
  for (let k = 0; k < order.length && page.length < size; k++) {
    const doc = order[descending ? order.length - 1 - k : k]!;
    if (!mask[doc]) continue;
    if (seen >= start) page.push(doc);
    seen++;
  }
  return page;
}

function countSingle(single: SlotArray, docs: Int32Array, counts: Int32Array): void {
  for (let i = 0; i < docs.length; i++) {
    const slot = single[docs[i]!]!;
    if (slot >= 0) counts[slot]! += 1;
  }
}

function countMulti(offsets: Int32Array, slots: SlotArray, docs: Int32Array, counts: Int32Array): void {
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    const end = offsets[doc + 1]!;
    for (let k = offsets[doc]!; k < end; k++) counts[slots[k]!]! += 1;
  }
}

function docsOf(mask: Mask, count?: number): Int32Array {
  let total = count;
  if (total === undefined) {
    total = 0;
    for (let i = 0; i < mask.length; i++) total += mask[i]!;
  }
  const docs = new Int32Array(total);
  let k = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]) docs[k++] = i;
  return docs;
}

/** The facet column of the values `valueAt` gives for documents 0..length-1. */
function facetColumn(length: number, valueAt: (doc: number) => number | readonly number[] | undefined): FacetColumn {
  const slotOf = new Map<number, number>();
  const keys: number[] = [];
  const slot = (value: number) => {
    let s = slotOf.get(value);
    if (s === undefined) {
      s = keys.length;
      keys.push(value);
      slotOf.set(value, s);
    }
    return s;
  };
  let multi = false;
  for (let doc = 0; doc < length && !multi; doc++) multi = Array.isArray(valueAt(doc));
  if (!multi) {
    const slotOfDoc = new Int32Array(length).fill(-1);
    for (let doc = 0; doc < length; doc++) {
      const v = valueAt(doc);
      if (typeof v === 'number') slotOfDoc[doc] = slot(v);
    }
    const single = slotArray(length, keys.length, true);
    single.set(slotOfDoc);
    return { keys, single, offsets: null, slots: null };
  }
  const offsets = new Int32Array(length + 1);
  const slots: number[] = [];
  for (let doc = 0; doc < length; doc++) {
    offsets[doc] = slots.length;
    const v = valueAt(doc);
    if (v !== undefined) for (const x of Array.isArray(v) ? v : [v as number]) slots.push(slot(x));
  }
  offsets[length] = slots.length;
  const narrow = slotArray(slots.length, keys.length, false);
  narrow.set(slots);
  return { keys, single: null, offsets, slots: narrow };
}

function isRange(value: FilterValue): value is { gt?: number; gte?: number; lt?: number; lte?: number } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function intersect(masks: Mask[], n: number): Mask {
  const result = new Uint8Array(n).fill(1);
  for (const mask of masks) for (let i = 0; i < n; i++) result[i]! &= mask[i]!;
  return result;
}

/** Ids of the terms that start with `prefix`, at most `limit`. */
function prefixed(sorted: readonly string[], prefix: string, limit: number): number[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  const found: number[] = [];
  for (let i = lo; i < sorted.length && found.length < limit && sorted[i]!.startsWith(prefix); i++) found.push(i);
  return found;
}

/**
 * Postings as two parallel typed arrays (term, packed posting), so building allocates no object per posting. They
 * grow a chunk at a time: an array grown by doubling would hold up to twice the postings, and three times as many
 * while it is copied, at the build's peak.
 */
export class PostingBuffer {
  length = 0;
  private readonly termChunks: Int32Array[] = [];
  private readonly postingChunks: Uint32Array[] = [];

  /** `chunkBits`: each chunk holds 2^chunkBits postings (2^16: half a megabyte). */
  constructor(private readonly chunkBits = 16) {}

  push(term: number, doc: number, fields: number): void {
    const at = this.length & ((1 << this.chunkBits) - 1);
    if (at === 0) {
      this.termChunks.push(new Int32Array(1 << this.chunkBits));
      this.postingChunks.push(new Uint32Array(1 << this.chunkBits));
    }
    this.termChunks[this.termChunks.length - 1]![at] = term;
    this.postingChunks[this.postingChunks.length - 1]![at] = packPosting(doc, fields);
    this.length++;
  }

  /**
   * Calls `each` with every posting's term and packed posting, in the order they were pushed. `release`: the last
   * pass, each chunk is let go once read (the buffer is then empty).
   */
  forEach(each: (term: number, posting: number) => void, release = false): void {
    const size = 1 << this.chunkBits;
    for (let c = 0; c < this.termChunks.length; c++) {
      const terms = this.termChunks[c]!;
      const postings = this.postingChunks[c]!;
      const end = Math.min(size, this.length - c * size);
      for (let k = 0; k < end; k++) each(terms[k]!, postings[k]!);
      if (release) {
        this.termChunks[c] = new Int32Array(0);
        this.postingChunks[c] = new Uint32Array(0);
      }
    }
    if (release) {
      this.termChunks.length = this.postingChunks.length = this.length = 0;
    }
  }
}

/**
 * The price fields as columns. A column equal to one before it, value for value, is that column (the original
 * price is the price for nearly every product): the fields stay apart, the values are held once. A column that
 * would be 8 bytes a price is held in whole cents when that gives back every price exactly (`centsColumn`): `inCents`
 * names those fields.
 */
function priceColumns(prices: readonly ProductPrices[]): { columns: Record<keyof ProductPrices, NumericColumn>; inCents: Set<string> } {
  const columns = {} as Record<keyof ProductPrices, NumericColumn>;
  const inCents = new Set<string>();
  // Compared as read, before narrowing: equal stored numbers read back alike only with the same divisor.
  const distinct: Array<{ values: Float64Array; column: NumericColumn; cents: boolean }> = [];
  for (const field of PRICE_FIELDS) {
    const values = Float64Array.from(prices, (p) => p[field]);
    let known = distinct.find((d) => sameValues(d.values, values));
    if (!known) {
      const narrow = narrowColumn(values);
      const cents = narrow instanceof Float64Array ? centsColumn(values) : null;
      known = { values, column: cents ?? narrow, cents: cents !== null };
      distinct.push(known);
    }
    columns[field] = known.column;
    if (known.cents) inCents.add(field);
  }
  return { columns, inCents };
}

/** The divisor of a column held in whole cents. */
const CENTS = 100;

/**
 * The amounts as whole cents, when each reads back exactly as `cents / 100` (4 bytes an amount instead of 8), else
 * null. Money is rounded to the cent (`roundMoney`), so nearly every price column qualifies; one amount that does not
 * (a fraction of a cent, NaN, -0, or past 2^31 cents) keeps the column's amounts as they are.
 */
export function centsColumn(values: Float64Array): Int32Array | null {
  const cents = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    cents[i] = Math.round(values[i]! * CENTS);
    if (!Object.is(cents[i]! / CENTS, values[i])) return null;
  }
  return cents;
}

/**
 * A numeric column: NaN where a product has no value. Held in the narrowest array that gives back every value
 * exactly (`narrowColumn`): a status is a byte, a diameter in whole millimetres fits 4 bytes. A price with cents
 * would stay 8 (a float32 turns 6735.54 into 6735.5400390625): a price column is held in whole cents instead
 * (`centsColumn`).
 */
export type NumericColumn = Float64Array | Float32Array | Int32Array | Uint16Array | Uint8Array;

const NARROWER_COLUMNS = [Uint8Array, Uint16Array, Int32Array, Float32Array] as const;

/** The values in the narrowest of NARROWER_COLUMNS that holds each of them exactly (NaN and -0 included), or as they are. */
export function narrowColumn(values: Float64Array): NumericColumn {
  for (const Column of NARROWER_COLUMNS) {
    const narrow = new Column(values.length);
    let exact = true;
    for (let i = 0; i < values.length && exact; i++) {
      narrow[i] = values[i]!;
      exact = Object.is(narrow[i], values[i]);
    }
    if (exact) return narrow;
  }
  return values;
}

function sameValues(a: NumericColumn, b: NumericColumn): boolean {
  if (a.constructor !== b.constructor || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

function roundScore(score: number): number {
  return Math.round(score * 10000) / 10000;
}

/**
 * Prices as served: excluding tax as stored, with the default country's rate for the product's class (tax by
 * visitor country arrives with the location service). A configurable parent shows its cheapest available child;
 * grouped and bundle products the sums of spec 1 §4.
 */
function computePrices(snapshot: CatalogueSnapshot, now: Date, taxCountry: string): ProductPrices[] {
  const served = pricesAt(snapshot, now, taxCountry);
  return snapshot.products.map(served);
}

/**
 * A product's prices as served at `now` (see computePrices), for one product or all: each product's own prices are
 * computed once, when first needed. The index prices every product this way when it is built; the price sync
 * (spec 1 §4) prices the few products of an answer this way at the request.
 */
export function pricesAt(snapshot: CatalogueSnapshot, now: Date, taxCountry: string): (product: StoredProduct) => ProductPrices {
  const own = new Map<number, ProductPrices>();
  const ownOf = (p: StoredProduct) => {
    let prices = own.get(p.id);
    if (!prices) {
      const rate = taxRateFor(snapshot.taxRules, { productTaxClassId: p.tax_class_id, countryId: taxCountry })?.rate ?? 0;
      prices = productPrices(p, rate, now);
      own.set(p.id, prices);
    }
    return prices;
  };
  const member = (sku: string) => {
    const product = snapshot.productsBySku.get(sku);
    return product ? { type_id: product.type_id, prices: ownOf(product) } : undefined;
  };
  return (p) => {
    const base = ownOf(p);
    if (p.type_id === 'grouped' && p.links?.length) return groupedPrice(p.links, member);
    if (p.type_id === 'bundle' && p.bundle_options?.length) return bundlePrice(p.bundle_options, member);
    if (p.type_id !== 'configurable' || !p.child_ids?.length) return base;
    let cheapest: ProductPrices | undefined;
    for (const id of p.child_ids) {
      const child = snapshot.productsById.get(id);
      if (!child || child.status >= 2 || !child.stock.is_in_stock) continue;
      const prices = ownOf(child);
      if (!cheapest || prices.final_price < cheapest.final_price) cheapest = prices;
    }
    return cheapest ?? base;
  };
}
