/**
 * Builds a catalogue (its snapshot and search index) beside the one being served. A small catalogue is read and
 * indexed on this thread: it takes less time than starting a worker. A large one is built on a worker thread
 * (catalogue.worker.ts) with a database connection of its own, so this thread goes on answering; the finished
 * catalogue then comes over in small steps (a batch of products per turn of the event loop, the index's arrays
 * transferred, not copied), never in one long pause.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DatabaseConfig } from '../../config.ts';
import type { Db } from '../../storage/database.ts';
import { Interner, loadCatalogueWithSources, sharedLists, sharedStrings, type CatalogueSnapshot, type StoredAttribute, type StoredCategory, type StoredProduct } from './catalogue.snapshot.ts';
import { ProductsById, ProductsBySku } from './catalogue.lookup.ts';
import { ProductIndex, type IndexParts } from './search/product-index.ts';
import type { TaxRule } from '@shop/shared';

export interface BuiltCatalogue {
  snapshot: CatalogueSnapshot;
  index: ProductIndex;
}

export interface BuildSettings {
  /** The moment the index's prices are computed for. */
  now: Date;
  taxCountry: string;
}

/** Where a catalogue is built: `auto` on a worker thread from WORKER_FROM_PRODUCTS products on, `always`, or `never`. */
export type BuildPlace = 'auto' | 'always' | 'never';

/**
 * From this many products on, `auto` builds on a worker thread. Below it, reading and indexing take under about
 * 150 ms on this thread; a worker takes longer than that to start (about 0.1 s bundled, 1-2 s from the sources).
 */
export const WORKER_FROM_PRODUCTS = 5000;

/** Products per message from the worker: each batch costs this thread a few milliseconds to take in. */
export const PRODUCTS_PER_MESSAGE = 2000;

/** Reads and builds on this thread: the index build holds the event loop for its whole length. */
export async function buildCatalogueHere(db: Db, settings: BuildSettings): Promise<BuiltCatalogue> {
  const { snapshot, sources } = await loadCatalogueWithSources(db, { ownConnection: false });
  return { snapshot, index: ProductIndex.build(snapshot, settings.now, sources, settings.taxCountry) };
}

/** A database a worker can open on its own connection (SQLite in memory cannot be shared). */
export function workerCanRead(database: DatabaseConfig): boolean {
  return database.engine === 'postgres' || database.file !== ':memory:';
}

/** What the worker gets (workerData). */
export interface WorkerInput {
  database: DatabaseConfig;
  /** ISO time the prices are computed for. */
  now: string;
  taxCountry: string;
}

/** A product as sent by the worker: its shared values (see `Interner` in catalogue.snapshot.ts) as indexes into `shared`. */
export type SentProduct = Omit<StoredProduct, 'flags' | 'stock' | 'category_ids'> & { flags: number; stock: number; category_ids: number };

/** The worker's messages, in this order: `head`, `products` (one per `more` asked), `index`; or `failed` at any point. */
export type WorkerMessage =
  | {
      kind: 'head';
      version: number;
      attributes: StoredAttribute[];
      categories: StoredCategory[];
      taxRules: TaxRule[];
      productCount: number;
      shared: object[];
      /** The products' positions in sku order (`skuOrder`), made there so this thread need not sort. */
      skuOrder: Int32Array;
    }
  | { kind: 'products'; products: SentProduct[] }
  | { kind: 'index'; parts: IndexParts }
  | { kind: 'failed'; message: string; stack?: string };

/** This thread asks for the next message with it: the worker sends one batch at a time, when asked. */
export const MORE = 'more';

export interface WorkerBuild {
  /** The built catalogue; rejects with the cause when the build fails or is cancelled. */
  result: Promise<BuiltCatalogue>;
  /** Stops the worker (a build under way is dropped); resolves when it has ended. */
  cancel(): Promise<void>;
}

/** Builds on a worker thread; the worker keeps the process alive until it is done or cancelled. */
export function buildCatalogueInWorker(database: DatabaseConfig, settings: BuildSettings): WorkerBuild {
  const input: WorkerInput = { database, now: settings.now.toISOString(), taxCountry: settings.taxCountry };
  const worker = startWorker(input);
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const result = new Promise<BuiltCatalogue>((resolve, reject) => {
    let head: Extract<WorkerMessage, { kind: 'head' }> | null = null;
    const products: StoredProduct[] = [];
    // A copy from another thread holds each list and picture folder anew: what products share is shared again here.
    const interner = new Interner();
    const fail = (error: unknown) => {
      reject(error instanceof Error ? error : new Error(String(error)));
      void worker.terminate();
    };
    worker.on('message', (message: WorkerMessage) => {
      try {
        switch (message.kind) {
          case 'head':
            head = message;
            worker.postMessage(MORE);
            return;
          case 'products': {
            const shared = head!.shared;
            for (const sent of message.products) {
              const product = sent as unknown as StoredProduct;
              product.flags = shared[sent.flags] as StoredProduct['flags'];
              product.stock = shared[sent.stock] as StoredProduct['stock'];
              product.category_ids = shared[sent.category_ids] as number[];
              sharedStrings(product.texts);
              sharedLists(product.attributes, interner);
              if (typeof product.image !== 'string') product.image = interner.of(product.image);
              products.push(product);
            }
            // The next batch comes on a later turn: requests that arrived meanwhile are answered first.
            setImmediate(() => worker.postMessage(MORE));
            return;
          }
          case 'index': {
            const { version, attributes, categories, taxRules, productCount, skuOrder } = head!;
            if (products.length !== productCount) throw new Error(`The catalogue build sent ${products.length} of ${productCount} products`);
            const snapshot: CatalogueSnapshot = {
              version,
              attributes,
              attributesByCode: new Map(attributes.map((a) => [a.attribute_code, a])),
              categories,
              categoriesById: new Map(categories.map((c) => [c.id, c])),
              products,
              productsById: new ProductsById(products),
              productsBySku: new ProductsBySku(products, skuOrder),
              taxRules,
            };
            resolve({ snapshot, index: new ProductIndex(snapshot, message.parts) });
            return;
          }
          case 'failed': {
            const error = new Error(message.message);
            if (message.stack) error.stack = message.stack;
            fail(error);
            return;
          }
        }
      } catch (error) {
        fail(error);
      }
    });
    worker.on('error', fail);
    // Once the build has resolved, an exit is the worker's normal end and this changes nothing.
    worker.on('exit', (code) => reject(new Error(`The catalogue build ended (exit code ${code}) before it was done`)));
  });
  return {
    result,
    async cancel() {
      await worker.terminate();
      await ended;
    },
  };
}

/**
 * The bundle (dist/server.mjs) has the worker bundled beside it (scripts/build.mjs). From the sources (tests, `pnpm
 * dev`, the benches) the worker loads them through tsx, as this thread does; the tsx API is resolved from here, so
 * it is the same tsx whoever started the process.
 */
function startWorker(input: WorkerInput): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./catalogue-worker.mjs', here), { workerData: input });
  const tsx = pathToFileURL(createRequire(here).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./catalogue.worker.ts', here).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData: input });
}
