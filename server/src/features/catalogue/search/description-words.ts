/**
 * The products' descriptions as the search index reads them: per product and store, the distinct words of the
 * description (the full-text field only asks whether a word is there). Read a batch of descriptions at a time and
 * kept as word numbers, they cost less than half of the descriptions themselves (415 B per product at 100,000
 * products), held for the whole index build.
 */
import { STORE_CODES, type StoreCode } from '@shop/shared';
import { tokenize } from './text.ts';

const NO_WORDS: readonly string[] = [];
const CHUNK_BITS = 16;
const CHUNK_MASK = (1 << CHUNK_BITS) - 1;

export class DescriptionWords {
  private readonly spelled: string[] = [];
  private readonly idOf = new Map<string, number>();
  /** The products with a description, in the order they were added (ascending id). */
  private productIds = new Int32Array(1024);
  /** Product k's words in store s (STORE_CODES order) are `ids[bounds[k * S + s]]..ids[bounds[k * S + s + 1] - 1]`. */
  private bounds = new Int32Array(1024 * STORE_CODES.length + 1);
  /** The word numbers, in chunks of 2^CHUNK_BITS: an array grown by doubling held up to twice as many. */
  private readonly idChunks: Int32Array[] = [];
  private products = 0;
  private idCount = 0;

  get size(): number {
    return this.products;
  }

  /**
   * Adds one product's descriptions, in ascending product id. A store without its own description reads the one
   * given first (as the index always did: the descriptions object's first value).
   */
  add(productId: number, texts: Partial<Record<StoreCode, string>>): void {
    if (this.products > 0 && productId <= this.productIds[this.products - 1]!) throw new Error(`Descriptions out of order at product ${productId}`);
    const first = Object.values(texts)[0];
    if (first === undefined) return;
    if (this.products === this.productIds.length) {
      this.productIds = grown(this.productIds, this.products * 2);
      this.bounds = grown(this.bounds, this.products * 2 * STORE_CODES.length + 1);
    }
    this.productIds[this.products] = productId;
    STORE_CODES.forEach((store, s) => {
      for (const word of new Set(tokenize(texts[store] ?? first))) {
        let id = this.idOf.get(word);
        if (id === undefined) {
          id = this.spelled.length;
          this.spelled.push(word);
          this.idOf.set(word, id);
        }
        const at = this.idCount & CHUNK_MASK;
        if (at === 0) this.idChunks.push(new Int32Array(1 << CHUNK_BITS));
        this.idChunks[this.idChunks.length - 1]![at] = id;
        this.idCount++;
      }
      this.bounds[this.products * STORE_CODES.length + s + 1] = this.idCount;
    });
    this.products++;
  }

  /** The distinct words of a product's description in a store (none without a description). */
  wordsOf(productId: number, store: StoreCode): readonly string[] {
    let lo = 0;
    let hi = this.products;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.productIds[mid]! < productId) lo = mid + 1;
      else hi = mid;
    }
    if (lo === this.products || this.productIds[lo] !== productId) return NO_WORDS;
    const at = lo * STORE_CODES.length + STORE_CODES.indexOf(store);
    const words: string[] = [];
    for (let k = this.bounds[at]!; k < this.bounds[at + 1]!; k++) words.push(this.spelled[this.idChunks[k >> CHUNK_BITS]![k & CHUNK_MASK]!]!);
    return words;
  }
}

function grown(array: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(length);
  bigger.set(array);
  return bigger;
}
