/**
 * The catalogue as the API sees it: the current snapshot, its search index and the documents per store.
 * `start()` loads the first catalogue without holding up the start: until it is in, whatever needs it answers a 503
 * `catalogue_loading` (`ready()` resolves once it is in). `refresh()` reloads after a catalogue change (an import or a
 * seed): the new catalogue is built beside the one served (catalogue.build.ts: on a worker thread when it is large),
 * which goes on answering until the new one replaces it in one step; a failed build leaves it in place.
 * `watch()` reloads when the catalogue version in the database moves (an import through another instance or the CLI):
 * it reads the version every WATCH_MS, and on PostgreSQL also when an import notifies `shop_catalogue`.
 */
import {
  CATEGORY_PREFETCH_LEVEL,
  DomainError,
  MISSING_PARENT_SKU_MESSAGE,
  ROOT_CATEGORY_ID,
  CATALOGUE_LOADING_MESSAGE,
  CATALOGUE_LOADING_RETRY_SECONDS,
  SEARCH,
  SEARCH_TIMEOUT_MESSAGE,
  categoryAliasKeys,
  categoryEmptyResultMessage,
  productLoadOutcome,
  taxDefaultCountry,
  type ProductLoadOutcome,
  nextSpecialPriceChange,
  withPriceFields,
  withSyncedPrices,
  withUnsyncedPrices,
  type SyncedPrices,
  type Attribute,
  type ConfigurableChild,
  type Category,
  type NormalizedSearch,
  type Product,
  type SearchResult,
  type StoreCode,
  type TaxRule,
} from '@shop/shared';
import type { DatabaseConfig } from '../../config.ts';
import type { Db } from '../../storage/database.ts';
import type { PostgresNotifications } from '../../storage/notifications.ts';
import { buildCatalogueHere, buildCatalogueInWorker, workerCanRead, WORKER_FROM_PRODUCTS, type BuildPlace, type BuildSettings, type BuiltCatalogue, type WorkerBuild } from './catalogue.build.ts';
import { PRODUCT_DETAIL_FIELDS, attributeDocument, categoryDocument, productDocument, projectFields, withChildren, type DocumentContext } from './catalogue.documents.ts';
import { findUrlRewrite, loadProductDescriptions, productText, type CatalogueSnapshot, type StoredProduct } from './catalogue.snapshot.ts';
import { searchDocuments } from './search/document-search.ts';
import { SearchCache, searchCacheKey } from './search/search-cache.ts';
import { pricesAt, type ProductIndex } from './search/product-index.ts';

/** A search answer as cached: its items without the price marks, and the product of each item (to sync its prices). */
interface CachedSearch {
  result: SearchResult;
  productIds: readonly number[];
}

interface Loaded {
  snapshot: CatalogueSnapshot;
  cache: SearchCache<CachedSearch>;
  index: ProductIndex;
  context: DocumentContext;
  categories: Record<StoreCode, Category[]>;
  attributes: Record<StoreCode, Attribute[]>;
}

const CATEGORY_FIELDS = new Set(['id', 'parent_id', 'parent_ids', 'level', 'name', 'slug', 'path', 'position', 'product_count', 'is_active', 'include_in_menu', 'url_key', 'url_path', 'children_count', 'display_mode']);
const ATTRIBUTE_FIELDS = new Set(['attribute_id', 'attribute_code', 'frontend_label', 'frontend_input', 'is_comparable', 'is_visible_on_front', 'is_filterable', 'is_searchable', 'position']);
const TAXRULE_FIELDS = new Set(['id', 'code', 'priority', 'product_tax_class_ids', 'customer_tax_class_ids', 'rates']);

/** The search cache keeps at most this many bytes of answers (as JSON), whatever their number. */
export const DEFAULT_SEARCH_CACHE_BYTES = 8_000_000;

/** How often `watch` reads the catalogue version. */
export const WATCH_MS = 2000;
/** The notification channel catalogue imports notify on PostgreSQL (with the new version). */
export const CATALOGUE_CHANNEL = 'shop_catalogue';

/** Longest wait between two index rebuilds for price dates: a day. */
const MAX_PRICE_REFRESH_MS = 86_400_000;

export class CatalogueService {
  private loaded: Loaded | null = null;
  private priceTimer: NodeJS.Timeout | null = null;
  private watchTimer: NodeJS.Timeout | null = null;
  private stopListening: (() => void) | null = null;
  /** The version check running now (one at a time), and whether another was asked for meanwhile. */
  private checking: Promise<void> | null = null;
  private checkAgain = false;
  /** Hear every load of a new catalogue (an import here, on another instance or through the CLI; a special price starting). */
  private readonly loadListeners = new Set<() => void>();
  /** The load running now (`refresh`), and its worker while it builds on one. */
  private refreshing: Promise<void> | null = null;
  private building: WorkerBuild | null = null;
  /** The first load (`start`), which `ready()` waits for. */
  private firstLoad: Promise<void> | null = null;
  private lastLoadInfo: CatalogueLoad | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly options: {
      useUrlKeys: boolean;
      clock: () => Date;
      searchCacheTtlSeconds?: number;
      searchCacheEntries?: number;
      searchCacheBytes?: number;
      preventChildDirectAccess?: boolean;
      taxCountry?: string;
      /** Product answers wait for the price sync (default); false answers with the index's prices (spec 1 §4). */
      priceSyncWait?: boolean;
      /** The database's settings, for a build on a worker thread (which opens its own connection); without it, builds run here. */
      database?: DatabaseConfig;
      /** Where catalogues are built (catalogue.build.ts); `auto` by default. */
      buildPlace?: BuildPlace;
      /** Told when a load fails (the catalogue served, if any, stays). */
      onLoadFailed?: (error: unknown) => void;
      /** Told after each load that went in (for the log). */
      onLoaded?: (load: CatalogueLoad) => void;
    },
  ) {}

  /**
   * Starts loading the first catalogue and returns at once; `ready()` says when it is in. A failed first load is told
   * to `onLoadFailed`, and `watch` tries again (its version check finds no catalogue loaded).
   */
  start(): void {
    this.firstLoad ??= this.refresh();
    this.firstLoad.catch(() => undefined);
  }

  /** Resolves once a catalogue is loaded (starting the first load if nothing did); rejects if the first load failed. */
  async ready(): Promise<void> {
    if (this.loaded) return;
    this.start();
    await this.firstLoad;
  }

  /** Whether a catalogue is loaded (before that, whatever needs it answers a 503 `catalogue_loading`). */
  get isLoaded(): boolean {
    return this.loaded !== null;
  }

  /**
   * Loads the catalogue as it is now. One load at a time: a call during a load waits for it and then loads again (the
   * catalogue may have moved meanwhile), so a late load never replaces a newer one.
   */
  async refresh(): Promise<void> {
    while (this.refreshing) await this.refreshing.catch(() => undefined);
    this.refreshing = this.load().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  private async load(): Promise<void> {
    if (this.closed) return;
    const started = performance.now();
    let built: BuiltCatalogue & { builtOn: CatalogueLoad['builtOn'] };
    try {
      built = await this.build({ now: this.options.clock(), taxCountry: taxDefaultCountry(this.options.taxCountry) });
    } catch (error) {
      if (!this.closed) this.options.onLoadFailed?.(error);
      throw error;
    }
    if (this.closed) return;
    this.swap(built);
    this.lastLoadInfo = { version: built.snapshot.version, products: built.snapshot.products.length, builtOn: built.builtOn, ms: Math.round(performance.now() - started) };
    this.options.onLoaded?.(this.lastLoadInfo);
  }

  /** Builds the catalogue as it is in the database now, here or on a worker thread (see catalogue.build.ts). */
  private async build(settings: BuildSettings): Promise<BuiltCatalogue & { builtOn: CatalogueLoad['builtOn'] }> {
    const { database, buildPlace = 'auto' } = this.options;
    if (!database || buildPlace === 'never' || !workerCanRead(database) || (buildPlace === 'auto' && (await this.productRows()) < WORKER_FROM_PRODUCTS)) {
      return { ...(await buildCatalogueHere(this.db, settings)), builtOn: 'here' };
    }
    const build = buildCatalogueInWorker(database, settings);
    this.building = build;
    try {
      return { ...(await build.result), builtOn: 'worker' };
    } finally {
      this.building = null;
    }
  }

  /** The last load that went in: which version, how many products, where it was built and how long it took. */
  get lastLoad(): CatalogueLoad | null {
    return this.lastLoadInfo;
  }

  private async productRows(): Promise<number> {
    const row = await this.db.selectFrom('products').select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** Serves the built catalogue from now on: one assignment, so a reader sees the old catalogue or the new, whole. */
  private swap({ snapshot, index }: BuiltCatalogue): void {
    const context: DocumentContext = { snapshot, pricesOf: (id) => index.pricesOf(id), productCounts: index.productCounts, useUrlKeys: this.options.useUrlKeys };
    const perStore = <T>(make: (store: StoreCode) => T) => ({ nl: make('nl'), en: make('en') });
    this.schedulePriceRefresh(snapshot);
    this.loaded = {
      snapshot,
      cache: new SearchCache<CachedSearch>(
        (this.options.searchCacheTtlSeconds ?? SEARCH.cacheTtlSeconds) * 1000,
        this.options.searchCacheEntries ?? 1000,
        () => this.options.clock().getTime(),
        // Weighed by the length of the answer's JSON: at most `searchCacheBytes` of answers are kept (about 2.5 times
        // that in memory).
        { maxWeight: this.options.searchCacheBytes ?? DEFAULT_SEARCH_CACHE_BYTES, weigh: (entry) => JSON.stringify(entry.result.items).length },
      ),
      index,
      context,
      categories: perStore((store) => snapshot.categories.map((c) => categoryDocument(c, store, context))),
      attributes: perStore((store) => snapshot.attributes.map((a) => attributeDocument(a, store))),
    };
    for (const listener of this.loadListeners) listener();
    // Loading leaves the rows and the index's build buffers behind, several times the size of what stays. With
    // `--expose-gc` (as `pnpm start` runs) one full collection now hands that memory back to the system at once,
    // instead of whenever the heap next fills up.
    (globalThis as { gc?: () => void }).gc?.();
  }

  /**
   * Prices in the index are computed for one moment; when a special price starts or ends the index is rebuilt,
   * so listings, price filters and sorts follow spec 1 §4 without a restart.
   */
  private schedulePriceRefresh(snapshot: CatalogueSnapshot): void {
    if (this.priceTimer) clearTimeout(this.priceTimer);
    if (this.closed) return;
    const now = this.options.clock();
    const next = nextSpecialPriceChange(snapshot.products, now);
    const delay = Math.min(MAX_PRICE_REFRESH_MS, next ? next.getTime() - now.getTime() + 1000 : MAX_PRICE_REFRESH_MS);
    this.priceTimer = setTimeout(() => void this.refresh().catch(() => this.schedulePriceRefresh(snapshot)), delay);
    this.priceTimer.unref();
  }

  /**
   * Keeps this instance's catalogue at the database's version: reads it every `everyMs` and whenever an import
   * notifies (PostgreSQL), and refreshes when it moved. Stopped by `close`.
   */
  watch(options: { everyMs?: number; notifications?: PostgresNotifications; onError?: (error: unknown) => void } = {}): void {
    if (this.watchTimer || this.closed) return;
    const check = () => void this.checkVersion().catch((error: unknown) => !this.closed && options.onError?.(error));
    this.watchTimer = setInterval(check, options.everyMs ?? WATCH_MS);
    this.watchTimer.unref();
    this.stopListening = options.notifications?.listen(CATALOGUE_CHANNEL, check) ?? null;
  }

  /** Calls `listener` after every load of the catalogue; answers the function that stops it. */
  onLoaded(listener: () => void): () => void {
    this.loadListeners.add(listener);
    return () => this.loadListeners.delete(listener);
  }

  /** Refreshes when the database's catalogue version is not the one loaded (one check at a time). */
  async checkVersion(): Promise<void> {
    if (this.checking) {
      this.checkAgain = true;
      return this.checking;
    }
    this.checking = (async () => {
      do {
        this.checkAgain = false;
        if (this.closed) return;
        const row = await this.db.selectFrom('catalogue_changes').select((eb) => eb.fn.max('id').as('version')).executeTakeFirst();
        // A load under way, or one that started while we read (an import through this instance), is waited for: it
        // may already bring this version, and then there is nothing to load again.
        while (this.refreshing) await this.refreshing.catch(() => undefined);
        // Versions only grow: a read older than the loaded catalogue (taken before a load that finished since) is no news.
        // A failed load was told to `onLoadFailed`; the next check tries again.
        if (!this.closed && Number(row?.version ?? 0) > (this.loaded?.snapshot.version ?? -1)) await this.refresh().catch(() => undefined);
      } while (this.checkAgain);
    })().finally(() => (this.checking = null));
    return this.checking;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.priceTimer) clearTimeout(this.priceTimer);
    this.priceTimer = null;
    if (this.watchTimer) clearInterval(this.watchTimer);
    this.watchTimer = null;
    this.stopListening?.();
    // A build under way is dropped: its worker ends before the database closes.
    await this.building?.cancel();
    await this.refreshing?.catch(() => undefined);
    await this.checking?.catch(() => undefined);
  }

  private get current(): Loaded {
    if (!this.loaded) {
      throw new DomainError('catalogue_loading', CATALOGUE_LOADING_MESSAGE, { status: 503, details: { retryAfter: CATALOGUE_LOADING_RETRY_SECONDS } });
    }
    return this.loaded;
  }

  get version(): number {
    return this.current.snapshot.version;
  }

  get productCount(): number {
    return this.current.snapshot.products.length;
  }

  /** The current catalogue's tax rules (the price render list taxes for the visitor's country with them). */
  get taxRules(): readonly TaxRule[] {
    return this.current.snapshot.taxRules;
  }

  /**
   * The documents of the skus that exist, in the order asked (the price render list of spec 1 §7, the cart, the
   * order). Their prices are always synced, whatever PRICE_SYNC_WAIT says: money is never counted with an index's
   * prices.
   */
  productsBySkus(store: StoreCode, skus: readonly string[], options: { withDescriptions: boolean }): Promise<Product[]> {
    const { snapshot } = this.current;
    return this.documents(
      store,
      skus.flatMap((sku) => snapshot.productsBySku.get(sku) ?? []),
      options.withDescriptions,
      true,
    );
  }

  /** Whether product answers wait for the price sync (PRICE_SYNC_WAIT, spec 1 §4). */
  get waitsForPriceSync(): boolean {
    return this.options.priceSyncWait ?? true;
  }

  /**
   * The price sync (spec 1 §4) for a few skus: each known, enabled product's prices computed now, marked current
   * with the moment. Unknown and disabled skus are left out.
   */
  syncedPrices(skus: readonly string[]): SyncedPrices[] {
    const { snapshot } = this.current;
    const now = this.options.clock();
    const served = pricesAt(snapshot, now, taxDefaultCountry(this.options.taxCountry));
    return skus.flatMap((sku) => {
      const product = snapshot.productsBySku.get(sku);
      if (!product || product.status >= 2) return [];
      return [{ sku, ...served(product), price_is_current: true as const, price_refreshed_at: now.toISOString() }];
    });
  }

  /**
   * The price marks of an answer's items (spec 1 §4). Synced: the prices of each item's product (and of a configurable
   * product's children) are computed now and overwrite the index's, marked current with the moment. Not synced: the
   * index's prices, marked not current, without a refresh time. `wants` keeps a search's field projection.
   */
  private markPrices<T extends object>(items: readonly T[], productIds: readonly number[], sync: boolean, wants: (field: string) => boolean = () => true): T[] {
    const { snapshot } = this.current;
    const keep = (marked: object) => {
      const item = marked as Record<string, unknown>;
      if (!wants('price_is_current')) delete item.price_is_current;
      if (!wants('price_refreshed_at')) delete item.price_refreshed_at;
      return item as T;
    };
    if (!sync) return items.map((item) => keep(withUnsyncedPrices(item)));
    const now = this.options.clock();
    const served = pricesAt(snapshot, now, taxDefaultCountry(this.options.taxCountry));
    return items.map((item, i) => {
      const product = snapshot.productsById.get(productIds[i]!);
      if (!product) return keep(withUnsyncedPrices(item));
      const synced = withSyncedPrices(item, served(product), now.toISOString()) as Record<string, unknown>;
      if (Array.isArray(synced.configurable_children)) {
        synced.configurable_children = (synced.configurable_children as ConfigurableChild[]).map((child) => {
          const stored = snapshot.productsById.get(child.id);
          return stored ? withPriceFields(child, served(stored)) : child;
        });
      }
      return keep(synced);
    });
  }

  /**
   * Product documents with their descriptions, which are read from the database for just these products, and their
   * prices synced or not (`sync`, by default as PRICE_SYNC_WAIT says).
   */
  private async documents(store: StoreCode, products: readonly StoredProduct[], withDescriptions = true, sync = this.waitsForPriceSync, withDetails = true): Promise<Product[]> {
    const { context } = this.current;
    const descriptions = withDescriptions ? await loadProductDescriptions(this.db, store, products.map((p) => p.id)) : undefined;
    const documents = products.map((product) => productDocument(product, store, context, descriptions?.get(product.id), withDetails));
    return this.markPrices(documents, products.map((p) => p.id), sync);
  }

  /**
   * Answers within `SEARCH.serverTimeoutMs` (spec 1 §9) or throws a 503 `search_timeout`. A search that is late goes
   * on and its answer is cached, so trying again soon is answered at once.
   */
  async search(request: NormalizedSearch): Promise<SearchResult> {
    const { cache } = this.current;
    const key = cache.enabled ? searchCacheKey(request) : null;
    const hit = key === null ? undefined : cache.get(key);
    if (hit) return this.withPriceMarks(hit, request);
    const started = performance.now();
    const work = this.searchUncached(request).then((entry) => {
      if (key !== null) cache.set(key, entry);
      return this.withPriceMarks(entry, request);
    });
    return withinDeadline(work, SEARCH.serverTimeoutMs - (performance.now() - started));
  }

  /**
   * A product search's answer is cached with the index's prices; each answer, cached or not, is then synced (or
   * marked not current) at the moment it is given, so a cached answer never claims an old sync as current.
   */
  private withPriceMarks(entry: CachedSearch, request: NormalizedSearch): SearchResult {
    if (request.entity !== 'product') return entry.result;
    const items = this.markPrices(entry.result.items as object[], entry.productIds, this.waitsForPriceSync, (field) => wantsField(request, field));
    return { ...entry.result, items };
  }

  private async searchUncached(request: NormalizedSearch): Promise<CachedSearch> {
    const { index, categories, attributes, snapshot } = this.current;
    const project = <T extends object>(items: T[]) => items.map((item) => projectFields(item, request.includeFields, request.excludeFields));
    switch (request.entity) {
      case 'product': {
        const result = index.search(request);
        const products = result.hits.map((hit) => hit.product);
        // Marked (synced or not) after the cache, in withPriceMarks.
        const items = await this.documents(
          request.storeCode,
          products,
          wantsField(request, 'description') || wantsField(request, 'short_description'),
          false,
          PRODUCT_DETAIL_FIELDS.some((field) => keepsAnyOf(request, field)),
        );
        const codes = Object.keys(result.aggregations).filter((code) => code !== 'price');
        return {
          result: {
            items: project(items),
            total: result.total,
            start: request.start,
            size: request.size,
            aggregations: result.aggregations,
            attributeMetadata: attributes[request.storeCode].filter((a) => codes.includes(a.attribute_code)),
            ...(result.didYouMean ? { didYouMean: result.didYouMean } : {}),
          },
          productIds: products.map((p) => p.id),
        };
      }
      case 'category': {
        const { items, total } = searchDocuments(categories[request.storeCode], request, CATEGORY_FIELDS);
        return { result: { items: project(items), total, start: request.start, size: request.size, aggregations: {}, attributeMetadata: [] }, productIds: [] };
      }
      case 'attribute': {
        const { items, total } = searchDocuments(attributes[request.storeCode], request, ATTRIBUTE_FIELDS);
        return { result: { items: project(items), total, start: request.start, size: request.size, aggregations: {}, attributeMetadata: [] }, productIds: [] };
      }
      case 'taxrule': {
        const { items, total } = searchDocuments<TaxRule>(snapshot.taxRules, request, TAXRULE_FIELDS);
        return { result: { items: project(items), total, start: request.start, size: request.size, aggregations: {}, attributeMetadata: [] }, productIds: [] };
      }
    }
  }

  /**
   * Resolves a store-relative path to the product or category registered for it (spec 1 §2 URL mappings). A path of
   * one segment that is no mapping may name a category by its id, url key or slug (spec 1 §2 route params): that
   * category answers, and its `url_path` (which then differs from the path asked) is where the storefront shows it.
   */
  async mapUrl(store: StoreCode, url: string): Promise<ProductTarget | { _type: 'category'; _source: Category } | null> {
    const path = normalizeUrlPath(url);
    if (!mappablePath(path)) return null;
    const target = await findUrlRewrite(this.db, store, path);
    if (!target) {
      const alias = this.categoryAlias(store, path);
      return alias && alias.id > ROOT_CATEGORY_ID ? { _type: 'category', _source: alias } : null;
    }
    const { snapshot, categories } = this.current;
    if (target.type === 'category') {
      const category = categories[store].find((c) => c.id === target.id);
      if (!category || !category.is_active || category.id <= ROOT_CATEGORY_ID) return null;
      return { _type: 'category', _source: withChildren(category, categories[store], CATEGORY_PREFETCH_LEVEL) };
    }
    const product = snapshot.productsById.get(target.id);
    if (!product) return null;
    const outcome = this.productOutcome(product);
    return outcome.kind === 'rejected' ? null : this.productTarget(product, outcome, store);
  }

  /**
   * One product by a search key (spec 1 §5): sku by default, or id, url_key or url_path. Disabled products and
   * children without a parent are refused with the spec's messages; a child variant answers with its parent and
   * where to redirect (spec 1 §4).
   */
  loadProduct(store: StoreCode, key: ProductKey, value: string): Promise<ProductTarget> {
    const { snapshot } = this.current;
    const found =
      key === 'sku'
        ? snapshot.productsBySku.get(value)
        : key === 'id'
          ? snapshot.productsById.get(Number(value))
          : snapshot.products.find((p) => productText(p, store, key) === normalizeUrlPath(value));
    if (!found) throw new DomainError('not_found', `Product query returned empty result ${key} = ${value}`, { status: 404 });
    const outcome = this.productOutcome(found);
    if (outcome.kind === 'rejected') throw new DomainError(outcome.code, outcome.message, { status: 404 });
    return this.productTarget(found, outcome, store);
  }

  /** The variants of a configurable product (spec 1 §5: needs parentSku). */
  variants(store: StoreCode, parentSku: string): Product['configurable_children'] {
    const parent = this.current.snapshot.productsBySku.get(parentSku);
    if (!parent || parent.status >= 2) throw new DomainError('not_found', `Product query returned empty result sku = ${parentSku}`, { status: 404 });
    if (parent.type_id !== 'configurable') throw new DomainError('bad_request', MISSING_PARENT_SKU_MESSAGE);
    const children = productDocument(parent, store, this.current.context).configurable_children ?? [];
    if (!this.waitsForPriceSync) return children;
    const served = pricesAt(this.current.snapshot, this.options.clock(), taxDefaultCountry(this.options.taxCountry));
    return children.map((child) => {
      const stored = this.current.snapshot.productsById.get(child.id);
      return stored ? withPriceFields(child, served(stored)) : child;
    });
  }

  /**
   * The member products of a grouped product or a bundle, whatever their own visibility (a strap sold only
   * inside a bundle is visibility 1), at most the spec's grouped fetch size. Missing members are left out.
   */
  members(store: StoreCode, sku: string): Promise<Product[]> {
    const { snapshot } = this.current;
    const owner = snapshot.productsBySku.get(sku);
    if (!owner || owner.status >= 2) throw new DomainError('not_found', `Product query returned empty result sku = ${sku}`, { status: 404 });
    const skus =
      owner.type_id === 'grouped'
        ? (owner.links ?? []).map((link) => link.sku)
        : owner.type_id === 'bundle'
          ? (owner.bundle_options ?? []).flatMap((option) => option.links.map((link) => link.sku))
          : [];
    if (skus.length === 0) throw new DomainError('bad_request', `Product ${sku} is neither a grouped product nor a bundle`);
    const members = [...new Set(skus)].slice(0, SEARCH.groupedFetchSize).flatMap((memberSku) => {
      const member = snapshot.productsBySku.get(memberSku);
      return member && member.status < 2 ? [member] : [];
    });
    return this.documents(store, members);
  }

  private productOutcome(product: StoredProduct): ProductLoadOutcome {
    const parent = product.parent_id === null ? undefined : this.current.snapshot.productsById.get(product.parent_id);
    const usableParent = parent && parent.status < 2 ? parent.sku : undefined;
    return productLoadOutcome({ status: product.status, visibility: product.visibility, parentSku: usableParent }, { preventChildDirectAccess: this.options.preventChildDirectAccess ?? true });
  }

  private async productTarget(product: StoredProduct, outcome: ProductLoadOutcome, store: StoreCode): Promise<ProductTarget> {
    const { snapshot } = this.current;
    if (outcome.kind === 'redirect-to-parent') {
      const parent = snapshot.productsBySku.get(outcome.parentSku)!;
      const [document] = await this.documents(store, [parent]);
      return { _type: 'product', _source: document!, redirect: { sku: parent.sku, url_path: productText(parent, store, 'url_path') } };
    }
    const [document] = await this.documents(store, [product]);
    return { _type: 'product', _source: document! };
  }

  /** The category a one-segment address names by id, url key or slug (`categoryAliasKeys`), or null. */
  categoryAlias(store: StoreCode, path: string): Category | null {
    for (const key of categoryAliasKeys(path)) {
      try {
        return this.category(store, key, path);
      } catch {
        // not this key: the next one
      }
    }
    return null;
  }

  /**
   * One active category by id, url_key, slug or url_path (spec 1 §2 route params, §5 single load), with its
   * `children_data` to the prefetch level: an empty result, or an id below the root, is refused. Two categories may
   * share a url key or slug (siblings of different parents): the first in tree order (shallowest, then position) answers.
   */
  category(store: StoreCode, key: CategoryKey, value: string): Category {
    const id = Number(value);
    if (key === 'id' && (!Number.isInteger(id) || id < ROOT_CATEGORY_ID)) {
      throw new DomainError('category_below_root', categoryEmptyResultMessage(key, value), { status: 404 });
    }
    const wanted = key === 'id' ? String(id) : key === 'url_path' ? normalizeUrlPath(value) : value.trim();
    const all = this.current.categories[store];
    const category = all.find((c) => (key === 'id' ? String(c.id) : c[key]) === wanted && c.is_active);
    if (!category) throw new DomainError('category_empty_result', categoryEmptyResultMessage(key, value), { status: 404 });
    return withChildren(category, all, CATEGORY_PREFETCH_LEVEL);
  }
}

/**
 * `work`'s answer if it comes within `remainingMs`, else the 503 `search_timeout`. The index search is synchronous,
 * so a search can also be late before there is anything to wait for (`remainingMs` already spent).
 */
function withinDeadline<T>(work: Promise<T>, remainingMs: number): Promise<T> {
  const late = () => new DomainError('search_timeout', SEARCH_TIMEOUT_MESSAGE, { status: 503 });
  if (remainingMs <= 0) {
    work.catch(() => undefined);
    return Promise.reject(late());
  }
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      work.catch(() => undefined);
      reject(late());
    }, remainingMs);
    work.then(
      (result) => {
        clearTimeout(timer);
        resolve(result);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Whether a search's field projection keeps a top-level field. */
function wantsField(request: NormalizedSearch, field: string): boolean {
  if (request.excludeFields.includes(field)) return false;
  return request.includeFields.length === 0 || request.includeFields.includes(field);
}

/**
 * Whether a search's field projection may keep any part of a top-level field (the field itself or one of its dotted
 * sub-fields): only a field this answers false for may be left out of the documents before projecting.
 */
function keepsAnyOf(request: NormalizedSearch, field: string): boolean {
  if (request.excludeFields.includes(field)) return false;
  return request.includeFields.length === 0 || request.includeFields.some((included) => included === field || included.startsWith(`${field}.`));
}

/** One catalogue load: the version and product count it brought, where it was built, and its time from start to swap. */
export interface CatalogueLoad {
  version: number;
  products: number;
  builtOn: 'here' | 'worker';
  ms: number;
}

export type ProductKey = 'sku' | 'id' | 'url_key' | 'url_path';

/** What a category is opened by (spec 1 §2: the route params url-key, slug and id, and the path). */
export type CategoryKey = 'id' | 'url_key' | 'slug' | 'url_path';
export const CATEGORY_KEYS: readonly CategoryKey[] = ['id', 'url_key', 'slug', 'url_path'];

/** A product page's data; for a child variant, its parent and the parent's address to redirect to. */
export interface ProductTarget {
  _type: 'product';
  _source: Product;
  redirect?: { sku: string; url_path: string };
}

/** No path the shop registers holds a control character, and PostgreSQL refuses a NUL in text: such a path maps to nothing. */
export function mappablePath(path: string): boolean {
  return ![...path].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f');
}

/** Leading and trailing slashes and the query string are removed before dispatch (spec 2 §2); the store comes separately. */
export function normalizeUrlPath(url: string): string {
  const withoutQuery = url.split(/[?#]/, 1)[0] ?? '';
  let path = withoutQuery.replace(/\/+$/, '').replace(/^\/+/, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape is simply not a known path
  }
  return path;
}
