/**
 * The catalogue build on a worker thread (started by catalogue.build.ts): reads the snapshot and the index sources on
 * a connection of its own, builds the index, closes the connection, then hands the catalogue over as asked, one
 * message per `more`: the head, the products a batch at a time, and last the index (its arrays transferred).
 * A failure is sent as `failed` with its message; the thread then ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../storage/database.ts';
import { MORE, PRODUCTS_PER_MESSAGE, type SentProduct, type WorkerInput, type WorkerMessage } from './catalogue.build.ts';
import { loadCatalogueWithSources, type CatalogueSnapshot, type StoredProduct } from './catalogue.snapshot.ts';
import { buildIndexParts, indexTransferables, type IndexParts } from './search/product-index.ts';

const port = parentPort!;
const input = workerData as WorkerInput;
const send = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

async function build(): Promise<{ snapshot: CatalogueSnapshot; parts: IndexParts }> {
  // One connection is all a build reads with; on PostgreSQL the database exists (the serving thread made sure).
  const database = input.database.engine === 'postgres' ? { ...input.database, poolSize: 1, createIfMissing: false } : input.database;
  const db = await openDatabase(database);
  try {
    const { snapshot, sources } = await loadCatalogueWithSources(db, { ownConnection: true });
    // What reading left behind (rows, parsed JSON) is handed back before the index build adds its own.
    collect();
    return { snapshot, parts: buildIndexParts(snapshot, new Date(input.now), sources, input.taxCountry) };
  } finally {
    await db.destroy();
  }
}

/** Batches sent between two full collections of this thread's heap (see `messages`). */
const COLLECT_EVERY_BATCHES = 10;

const collect = () => (globalThis as { gc?: () => void }).gc?.();

/** The messages of a built catalogue, made one at a time as they are asked for. */
function* messages({ snapshot, parts }: { snapshot: CatalogueSnapshot; parts: IndexParts }): Generator<[WorkerMessage, ArrayBuffer[]?]> {
  const { products } = snapshot;
  // What is sent is let go here (see the batches below), so this thread's copy shrinks while the serving thread's grows.
  // Values the snapshot shares between products go once, in the head; products point at them by index.
  const shared: object[] = [];
  const indexOf = new Map<object, number>();
  const share = (value: object) => {
    let index = indexOf.get(value);
    if (index === undefined) {
      index = shared.length;
      shared.push(value);
      indexOf.set(value, index);
    }
    return index;
  };
  const refs = new Int32Array(products.length * 3);
  products.forEach((p, i) => {
    refs[i * 3] = share(p.flags);
    refs[i * 3 + 1] = share(p.stock);
    refs[i * 3 + 2] = share(p.category_ids);
  });
  const { version, attributes, categories, taxRules } = snapshot;
  // With --expose-gc (as `pnpm start` runs), a full collection of this thread's heap now and every few batches
  // hands back what the build left and what was sent, so the two copies do not both stay whole while the serving
  // thread's grows. It pauses this thread only.
  collect();
  const { order } = snapshot.productsBySku;
  yield [{ kind: 'head', version, attributes, categories, taxRules, productCount: products.length, shared, skuOrder: order }, [order.buffer as ArrayBuffer]];
  for (let from = 0, sent = 0; from < products.length; from += PRODUCTS_PER_MESSAGE, sent++) {
    const batch: SentProduct[] = [];
    for (let i = from; i < Math.min(products.length, from + PRODUCTS_PER_MESSAGE); i++) {
      // The product itself becomes what is sent (no copy): this thread has no more use for it.
      const product = products[i]! as unknown as SentProduct;
      product.flags = refs[i * 3]!;
      product.stock = refs[i * 3 + 1]!;
      product.category_ids = refs[i * 3 + 2]!;
      batch.push(product);
      (products as Array<StoredProduct | undefined>)[i] = undefined;
    }
    if (sent % COLLECT_EVERY_BATCHES === COLLECT_EVERY_BATCHES - 1) collect();
    yield [{ kind: 'products', products: batch }];
  }
  yield [{ kind: 'index', parts }, indexTransferables(parts)];
}

try {
  const next = messages(await build());
  const sendNext = () => {
    const { value, done } = next.next();
    if (done) return;
    send(...value);
    // After the index nothing more is asked: the thread ends once the port is closed.
    if (value[0].kind === 'index') port.close();
  };
  port.on('message', (message) => message === MORE && sendNext());
  sendNext();
} catch (error) {
  send({ kind: 'failed', message: error instanceof Error ? error.message : String(error), ...(error instanceof Error && error.stack ? { stack: error.stack } : {}) });
  port.close();
}
