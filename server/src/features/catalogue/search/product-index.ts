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
import type { CatalogueSnapshot, IndexSources, StoredProduct } from '../catalogue.snapshot.ts';
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
/** Attributes that hold a measure rather than an option id: aggregated as a range (min/max), not as terms. */
const NUMERIC_ATTRIBUTES = new Set(['oculus_diameter', 'case_height']);
const ORDERED_FIELDS = ['id', 'price', 'final_price', 'final_price_incl_tax', 'price_incl_tax', 'created_at', 'updated_at', 'stock.qty'] as const;
const SORTABLE_FIELDS = [...ORDERED_FIELDS, 'name', 'position'] as const;
/** Keyword fields that exist whatever the data holds, so a filter on them is never "unknown" (an empty catalogue). */
const KEYWORD_FIELDS = ['id', 'sku', 'type_id', 'status', 'visibility', 'parentId', 'stock.is_in_stock', 'stock.manage_stock', 'tax_class_id', 'category_ids', ...PRODUCT_ATTRIBUTE_CODES] as const;
const FLAG_FIELDS = ['new', 'sale', 'limited_edition', 'hide_price', 'is_bestseller', 'margin_product'] as const;
const BOOLEAN_FIELDS = new Set<string>([...FLAG_FIELDS, 'stock.is_in_stock', 'stock.manage_stock']);

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
 * single-valued attribute (-1 for none); multi-valued attributes keep `offsets`/`slots` (CSR layout).
 */
interface FacetColumn {
  keys: number[];
  single: Int32Array | null;
  offsets: Int32Array | null;
  slots: Int32Array | null;
}

/**
 * One store's inverted index in flat arrays (no object per term, which at 50,000 products cost about 100 MB):
 * term `t` is the stem `terms[t]` and its postings are the documents `docs[offsets[t]]..docs[offsets[t + 1] - 1]`,
 * each with the bits of the fields it was found in. The words as written are kept beside it (sorted, so prefixes
 * are a binary search away), each pointing at its stem: misspellings, prefixes and "did you mean" work on the
 * words a shopper types, matches count through the stems.
 */
interface TextIndex {
  terms: string[];
  offsets: Int32Array;
  docs: Int32Array;
  fields: Uint8Array;
  words: string[];
  /** word id -> term id of its stem */
  stemOfWord: Int32Array;
  /** Ids of the non-numeric words grouped by length, for fuzzy candidates. */
  byLength: Map<number, Int32Array>;
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
  numeric: Map<string, Float64Array>;
  keywords: Map<string, Map<string, Int32Array>>;
  facets: Map<string, FacetColumn>;
  positionOrders: Map<number, Int32Array>;
  sortOrders: Map<string, Int32Array>;
  text: Record<StoreCode, TextIndex>;
  /** Per store, the documents in the order of their url_path, for a filter on it (a binary search, no map). */
  urlPathOrders: Record<StoreCode, Int32Array>;
  /** Every price field as a column; `pricesOf` reassembles a product's prices from them. */
  priceColumns: Record<keyof ProductPrices, Float64Array>;
}

/** The buffers of an index's typed arrays, each once (columns share some), to transfer them to another thread. */
export function indexTransferables(parts: IndexParts): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const add = (array: { buffer: ArrayBufferLike } | null) => {
    if (array && array.buffer instanceof ArrayBuffer) buffers.add(array.buffer);
  };
  for (const column of parts.numeric.values()) add(column);
  for (const byKey of parts.keywords.values()) for (const docs of byKey.values()) add(docs);
  for (const facet of parts.facets.values()) [facet.single, facet.offsets, facet.slots].forEach(add);
  for (const docs of parts.positionOrders.values()) add(docs);
  for (const order of parts.sortOrders.values()) add(order);
  for (const store of STORE_CODES) {
    const text = parts.text[store];
    [text.offsets, text.docs, text.fields, ...text.byLength.values()].forEach(add);
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
  private readonly numeric: Map<string, Float64Array>;
  private readonly keywords: Map<string, Map<string, Int32Array>>;
  private readonly facets: Map<string, FacetColumn>;
  private readonly positionOrders: Map<number, Int32Array>;
  private readonly sortOrders: Map<string, Int32Array>;
  private readonly text: Record<StoreCode, TextIndex>;
  private readonly urlPathOrders: Record<StoreCode, Int32Array>;
  /** Document -> product id; documents are in id order (the snapshot's), so a product's document is a binary search. */
  private readonly ids: Float64Array;
  private readonly productsBySku: ReadonlyMap<string, StoredProduct>;
  private readonly priceColumns: Record<keyof ProductPrices, Float64Array>;

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
    this.facets = parts.facets;
    this.positionOrders = parts.positionOrders;
    this.sortOrders = parts.sortOrders;
    this.text = parts.text;
    this.urlPathOrders = parts.urlPathOrders;
    this.priceColumns = parts.priceColumns;
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
    for (const field of PRICE_FIELDS) prices[field] = this.priceColumns[field][doc]!;
    return prices;
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
        const pathOf = (doc: number) => this.products[doc]!.texts[store].url_path;
        for (const v of values) {
          const doc = order[lowerBound(order.length, (k) => pathOf(order[k]!) < v)];
          if (doc !== undefined && pathOf(doc) === v) mask[doc] = 1;
        }
      } else {
        for (let i = 0; i < n; i++) if (values.includes(this.products[i]!.texts[store].url_key)) mask[i] = 1;
      }
      return mask;
    }

    if (isRange(value)) {
      const column = this.numeric.get(name);
      if (!column) throw new DomainError('invalid_search_query', `Field ${field} cannot be filtered by a range`);
      for (let i = 0; i < n; i++) {
        const x = column[i]!;
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
      const buckets = priceBuckets().map((b) => ({ key: b.key, from: b.from, to: b.to, count: 0 }));
      const last = buckets.length - 1;
      for (const doc of docs) {
        // By the whole amount the price shows as, as the storefront lists it (14999.99 shows as 15000).
        const index = Math.floor(shownAmount(column[doc]!) / PRICE_BUCKET_STEP);
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
      let min = Infinity;
      let max = -Infinity;
      let count = 0;
      for (const doc of docs) {
        const x = column[doc]!;
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
          const doc = index.docs[k]!;
          const bits = index.fields[k]!;
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
  private readonly numeric = new Map<string, Float64Array>();
  private readonly keywords = new Map<string, Map<string, Int32Array>>();
  private readonly facets = new Map<string, FacetColumn>();
  private readonly positionOrders = new Map<number, Int32Array>();
  private readonly sortOrders = new Map<string, Int32Array>();
  private readonly priceColumns: Record<keyof ProductPrices, Float64Array>;

  constructor(snapshot: CatalogueSnapshot, now: Date, sources: IndexSources, taxCountry: string) {
    this.products = snapshot.products;
    this.size = snapshot.products.length;
    for (let i = 1; i < this.size; i++) {
      if (this.products[i]!.id <= this.products[i - 1]!.id) throw new Error('The snapshot\'s products are not in id order');
    }
    this.priceColumns = priceColumns(computePrices(snapshot, now, taxCountry));
    this.buildColumns();
    const productCounts = this.countPerCategory();
    const text = Object.fromEntries(STORE_CODES.map((store) => [store, this.buildText(snapshot, store, sources.searchTexts)])) as Record<StoreCode, TextIndex>;
    const urlPathOrders = Object.fromEntries(
      STORE_CODES.map((store) => {
        const paths = this.products.map((p) => p.texts[store].url_path);
        return [store, Int32Array.from(paths.keys()).sort((a, b) => (paths[a]! < paths[b]! ? -1 : paths[a]! > paths[b]! ? 1 : a - b))];
      }),
    ) as Record<StoreCode, Int32Array>;
    this.buildSortOrders();
    this.buildPositionOrders(sources.categoryListings);
    this.parts = {
      productCounts,
      numeric: this.numeric,
      keywords: this.keywords,
      facets: this.facets,
      positionOrders: this.positionOrders,
      sortOrders: this.sortOrders,
      text,
      urlPathOrders,
      priceColumns: this.priceColumns,
    };
  }

  private buildColumns(): void {
    const n = this.size;
    // Price fields and `qty` share the arrays they repeat (the price columns, `stock.qty`) instead of copying them.
    const PRICE_COLUMNS = ['price', 'price_incl_tax', 'special_price', 'final_price', 'final_price_incl_tax', 'original_price', 'original_price_incl_tax'] as const;
    for (const field of NUMERIC_FIELDS) {
      if (field === 'qty' || (PRICE_COLUMNS as readonly string[]).includes(field)) continue;
      this.numeric.set(field, new Float64Array(n).fill(Number.NaN));
    }
    for (const field of PRICE_COLUMNS) this.numeric.set(field, this.priceColumns[field]);
    this.numeric.set('qty', this.numeric.get('stock.qty')!);
    for (const field of [...KEYWORD_FIELDS, ...FLAG_FIELDS]) this.keywords.set(field, new Map());
    const keyword = (field: string) => {
      let map = this.keywords.get(field);
      if (!map) this.keywords.set(field, (map = new Map()));
      return map;
    };
    const lists = new Map<string, Map<string, number[]>>();
    const add = (field: string, key: string | number | boolean, doc: number) => {
      let byKey = lists.get(field);
      if (!byKey) lists.set(field, (byKey = new Map()));
      const k = String(key);
      const list = byKey.get(k);
      if (list) list.push(doc);
      else byKey.set(k, [doc]);
    };
    const rawFacets = new Map<string, Array<number | number[] | undefined>>(PRODUCT_ATTRIBUTE_CODES.map((code) => [code, new Array(n)]));

    this.products.forEach((p, i) => {
      const set = (field: string, value: number) => (this.numeric.get(field)![i] = value);
      set('id', p.id);
      set('status', p.status);
      set('visibility', p.visibility);
      set('created_at', Date.parse(p.created_at));
      set('updated_at', Date.parse(p.updated_at));
      set('stock.qty', p.stock.qty);
      for (const code of ['oculus_diameter', 'case_height'] as const) {
        const value = p.attributes[code];
        if (typeof value === 'number') set(code, value);
      }

      add('type_id', p.type_id, i);
      add('status', p.status, i);
      add('visibility', p.visibility, i);
      add('parentId', p.parent_id ?? 0, i);
      add('stock.is_in_stock', p.stock.is_in_stock, i);
      add('stock.manage_stock', p.stock.manage_stock, i);
      add('tax_class_id', p.tax_class_id, i);
      for (const flag of FLAG_FIELDS) add(flag, p.flags[flag], i);
      for (const id of p.category_ids) add('category_ids', id, i);
      for (const code of PRODUCT_ATTRIBUTE_CODES) {
        const value = p.attributes[code];
        if (value === undefined) continue;
        rawFacets.get(code)![i] = value;
        for (const v of Array.isArray(value) ? value : [value]) add(code, v, i);
      }
    });
    // A field's lists share one buffer: a field such as parentId has a list per parent, and a buffer each made tens
    // of thousands of buffers to transfer from a worker thread (Node checks a transfer list in quadratic time).
    for (const [field, byKey] of lists) {
      const map = keyword(field);
      let total = 0;
      for (const docs of byKey.values()) total += docs.length;
      const all = new Int32Array(total);
      let at = 0;
      for (const [key, docs] of byKey) {
        all.set(docs, at);
        map.set(key, all.subarray(at, at + docs.length));
        at += docs.length;
      }
    }
    for (const [code, values] of rawFacets) this.facets.set(code, facetColumn(values));
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
  private buildText(snapshot: CatalogueSnapshot, store: StoreCode, searchTexts: ReadonlyMap<number, Partial<Record<StoreCode, string>>>): TextIndex {
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
      const texts = p.texts[store];
      markTokens('name', tokenize(texts.name));
      markTokens('sku', tokenize(p.sku));
      markTokens('sku', [p.sku.toLowerCase()]);
      for (const id of p.category_ids) markTokens('category.name', categoryTokens.get(id) ?? []);
      const text = searchTexts.get(p.id);
      markTokens('fulltext', tokenize(text?.[store] ?? Object.values(text ?? {})[0] ?? ''));
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
    const terms = Array.from(order, (oldId) => termList[oldId]!);
    const offsets = new Int32Array(terms.length + 1);
    for (let k = 0; k < postings.length; k++) offsets[rank[postings.terms[k]!]! + 1]! += 1;
    for (let t = 0; t < terms.length; t++) offsets[t + 1]! += offsets[t]!;
    const docs = new Int32Array(postings.length);
    const fields = new Uint8Array(postings.length);
    const next = offsets.slice(0, terms.length);
    // Documents were visited in order, so each term's postings come out sorted by document.
    for (let k = 0; k < postings.length; k++) {
      const at = next[rank[postings.terms[k]!]!]!++;
      docs[at] = postings.docs[k]!;
      fields[at] = postings.fields[k]!;
    }

    const words = [...wordStem.keys()].sort();
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
    return { terms, offsets, docs, fields, words, stemOfWord, byLength };
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
      const keys = this.products.map((p) => normalizeText(p.texts[store].name).replace(/\d+/g, (d) => d.padStart(10, '0')));
      this.sortOrders.set(`name:${store}`, Int32Array.from(ids).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b)));
    }
  }
}

/** The first k in [0, length) for which `before(k)` is false (`before` holds for a prefix of the range). */
function lowerBound(length: number, before: (k: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The document of a product id in an ascending id column, or undefined. */
function docOfId(ids: Float64Array, productId: number): number | undefined {
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

function countSingle(single: Int32Array, docs: Int32Array, counts: Int32Array): void {
  for (let i = 0; i < docs.length; i++) {
    const slot = single[docs[i]!]!;
    if (slot >= 0) counts[slot]! += 1;
  }
}

function countMulti(offsets: Int32Array, slots: Int32Array, docs: Int32Array, counts: Int32Array): void {
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

function facetColumn(values: ReadonlyArray<number | number[] | undefined>): FacetColumn {
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
  if (!values.some(Array.isArray)) {
    const single = new Int32Array(values.length).fill(-1);
    values.forEach((v, doc) => {
      if (typeof v === 'number') single[doc] = slot(v);
    });
    return { keys, single, offsets: null, slots: null };
  }
  const offsets = new Int32Array(values.length + 1);
  const slots: number[] = [];
  // A plain loop: the values array is sparse, and forEach would skip the holes and leave their offsets at 0.
  for (let doc = 0; doc < values.length; doc++) {
    offsets[doc] = slots.length;
    const v = values[doc];
    if (v !== undefined) for (const x of Array.isArray(v) ? v : [v]) slots.push(slot(x));
  }
  offsets[values.length] = slots.length;
  return { keys, single: null, offsets, slots: Int32Array.from(slots) };
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

/** Postings as three parallel growable typed arrays, so building the index allocates no object per posting. */
class PostingBuffer {
  length = 0;
  terms = new Int32Array(1 << 16);
  docs = new Int32Array(1 << 16);
  fields = new Uint8Array(1 << 16);

  push(term: number, doc: number, fields: number): void {
    if (this.length === this.terms.length) {
      const grow = <T extends Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
        const bigger = make(a.length * 2);
        bigger.set(a);
        return bigger;
      };
      this.terms = grow(this.terms, (n) => new Int32Array(n));
      this.docs = grow(this.docs, (n) => new Int32Array(n));
      this.fields = grow(this.fields, (n) => new Uint8Array(n));
    }
    this.terms[this.length] = term;
    this.docs[this.length] = doc;
    this.fields[this.length] = fields;
    this.length++;
  }
}

function priceColumns(prices: readonly ProductPrices[]): Record<keyof ProductPrices, Float64Array> {
  const columns = {} as Record<keyof ProductPrices, Float64Array>;
  for (const field of PRICE_FIELDS) columns[field] = Float64Array.from(prices, (p) => p[field]);
  return columns;
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
