/**
 * The chaos run's shoppers: Node clients that speak the browser's replication and order protocol (plan §5.3), not
 * RxDB (a process can hold only a few RxDB collections). Each shopper has two devices; a device keeps, per collection
 * (cart, wishlist, orders), its local documents, the server copy each local write was based on (RxDB's "assumed
 * master state"), which documents have writes not yet pushed, and a pull checkpoint. It behaves as RxDB's replication
 * does in the browser:
 * - push: `[{assumedMasterState, newDocumentState}]`; a conflict is resolved with the browser's own merge
 *   (`REPLICATED_COLLECTIONS[c].merge`, as client/src/app/database.ts `conflictHandlerFor` does) and pushed again;
 * - pull by checkpoint until a page is empty; a pulled copy never overwrites a local write that is not pushed yet
 *   (RxDB's downstream skips it, and the push's conflict answer brings the server's copy instead);
 * - stream (cart, wishlist): a ticket, then server-sent events; "RESYNC" pulls, `{documents, checkpoint}` is applied
 *   like a pull page; a cut stream is opened again. Orders have no stream: a device pulls them while it waits for an
 *   answer (client/src/features/orders/orders-runtime.ts `watch`).
 * Orders are the browser's documents (client/src/features/orders/order-documents.ts): the id is derived from the
 * cart's lines and an attempt number, written confirmed when online and unconfirmed offline; a 500 is written again
 * under the same id, a 400/409 moves the next attempt to a new id.
 *
 * One deliberate difference from the browser: after a placed order the browser clears its cart "without server sync"
 * and a guest device forgets the order; here the placing device removes the ordered lines with ordinary (synced)
 * removals and keeps the order, so that every device's documents can be compared with the server's at the end.
 */
import { createHash } from 'node:crypto';
import { addToLineOp, applyCartOp, isCartLineVisible, removeOp, setQtyOp } from '@shop/shared/cart/cart-line';
import type { CartLineDoc } from '@shop/shared/cart/cart.schema';
import { cartItemChecksum, cartLineId } from '@shop/shared/cart/checksum';
import { cartFingerprint, placementIdOf } from '@shop/shared/orders/placement-id';
import { deepEqual } from '@shop/shared/sync/canonical';
import { REPLICATED_COLLECTIONS, type CollectionDefinition } from '@shop/shared/sync/collections';
import type { OrderDoc } from '@shop/shared/sync/order.schema';
import { addToSkuSet, isInSkuSet, removeFromSkuSet } from '@shop/shared/sync/sku-set';
import type { SkuSetEntryDoc } from '@shop/shared/sync/sku-set.schema';
import type { Random } from './random.ts';
import { EventStreamReader } from '../src/features/replication/event-stream-reader.ts';

export const CHAOS_COLLECTIONS = ['cart', 'wishlist', 'orders'] as const;
export type ChaosCollection = (typeof CHAOS_COLLECTIONS)[number];
const STREAMED: readonly ChaosCollection[] = ['cart', 'wishlist'];

export type Doc = Record<string, unknown> & { id: string; updatedAt: number; writeId: string; _deleted?: boolean };
interface Checkpoint {
  id: string;
  updatedAt: number;
}

export interface ChaosProduct {
  sku: string;
  name: string;
  price: number;
  /** Managed stock of 1 at the start: one-of-a-kind. */
  unique: boolean;
}

/** What every shopper reports to the run (the checks read it at the end). */
export class Ledger {
  /** Order id → the increment id a device saw answered with 200, and the owner. */
  readonly acknowledged = new Map<string, { incrementId: string; owner: string }>();
  /** An order id seen answered with two different increment ids. */
  readonly contradictions: string[] = [];
  /** (owner, cart fingerprint) → the order ids written for it (one per attempt). */
  readonly intents = new Map<string, Set<string>>();
  readonly refused = new Set<string>();
  /** Why orders were refused (the result's error code): one-of-a-kind pieces sold already are expected. */
  readonly refusedReasons: Record<string, number> = {};
  readonly failed500 = new Set<string>();
  readonly pushMs: number[] = [];
  readonly requestErrors: Record<string, number> = {};
  /** Answers the server should never give a correct client (a 400 on a push, a 5xx): kept as evidence. */
  readonly badAnswers: string[] = [];
  pushes = 0;
  /** A customer device answered 401 right after it renewed its token. */
  sessionsLost = 0;
  pulls = 0;
  streamsOpened = 0;
  ordersWritten = 0;

  error(kind: string): void {
    this.requestErrors[kind] = (this.requestErrors[kind] ?? 0) + 1;
  }
}

class RequestFailed extends Error {}

interface Answer {
  status: number;
  json: { code?: number; result?: unknown; meta?: Record<string, unknown> } | null;
}

const ADDRESS = { firstName: 'Anna', lastName: 'Jansen', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 NX' };
const CHECKSUM = cartItemChecksum({});

/** The browser's order id for an attempt at placing this cart (shared/src/orders/placement-id.ts), with Node's hash. */
export function placementId(lines: readonly Pick<CartLineDoc, 'id' | 'qty' | 'writeId'>[], attempt: number): string {
  return placementIdOf(createHash('sha256').update(cartFingerprint(lines)).digest('hex'), attempt);
}
function finallyRefused(order: Pick<OrderDoc, 'transmited' | 'resultCode'>): boolean {
  return order.transmited && (order.resultCode === 400 || order.resultCode === 409);
}

function definitionOf(collection: ChaosCollection): CollectionDefinition<Doc> {
  return REPLICATED_COLLECTIONS[collection] as unknown as CollectionDefinition<Doc>;
}

function withoutDeleted(doc: Doc): Doc {
  const { _deleted: _ignored, ...rest } = doc;
  return rest as Doc;
}

export interface ShopperOptions {
  name: string;
  base: string;
  random: Random;
  products: readonly ChaosProduct[];
  ledger: Ledger;
  customer: boolean;
  now?: () => number;
}

type Credentials = { kind: 'guest'; cartId: string } | { kind: 'customer'; email: string; password: string };

export class Device {
  readonly local = new Map<ChaosCollection, Map<string, Doc>>(CHAOS_COLLECTIONS.map((c) => [c, new Map()]));
  readonly base = new Map<ChaosCollection, Map<string, Doc>>(CHAOS_COLLECTIONS.map((c) => [c, new Map()]));
  readonly dirty = new Map<ChaosCollection, Set<string>>(CHAOS_COLLECTIONS.map((c) => [c, new Set()]));
  readonly checkpoint = new Map<ChaosCollection, Checkpoint | null>(CHAOS_COLLECTIONS.map((c) => [c, null]));
  online = true;
  streaming = false;
  private readonly streams = new Map<ChaosCollection, AbortController>();
  private readonly pullNeeded = new Set<ChaosCollection>();
  /** Orders this device placed and waits on: their cart lines, removed once placed. */
  readonly awaiting = new Map<string, string[]>();
  private tokens: { access: string; refresh: string } | null = null;
  private readonly replica: string;
  private busy: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    private readonly shopper: Shopper,
    private readonly random: Random,
  ) {
    this.replica = `r-${random.id().slice(0, 16)}`;
  }

  get ledger(): Ledger {
    return this.shopper.ledger;
  }

  private stamp() {
    return { id: this.random.id(), at: this.shopper.now(), replica: this.replica };
  }

  // ---- HTTP ----

  private async headers(): Promise<Record<string, string>> {
    const credentials = this.shopper.credentials;
    if (credentials.kind === 'guest') return { 'x-cart-id': credentials.cartId };
    if (!this.tokens) await this.login();
    return { authorization: `Bearer ${this.tokens!.access}` };
  }

  async login(): Promise<void> {
    const credentials = this.shopper.credentials;
    if (credentials.kind !== 'customer') return;
    const answer = await this.shopper.request('POST', '/api/user/login', { body: { username: credentials.email, password: credentials.password } });
    if (answer.status !== 200 || typeof answer.json?.result !== 'string') throw new RequestFailed(`login ${answer.status}`);
    this.tokens = { access: answer.json.result, refresh: String(answer.json.meta?.refreshToken ?? '') };
  }

  /** A refresh token is single use: a lost answer spends it, and the device logs in again (as the browser asks to). */
  private async renew(): Promise<void> {
    if (this.shopper.credentials.kind !== 'customer') return;
    const refresh = this.tokens?.refresh;
    this.tokens = null;
    if (refresh) {
      const answer = await this.shopper.request('POST', '/api/user/refresh', { body: { refreshToken: refresh } }).catch(() => null);
      if (answer?.status === 200 && typeof answer.json?.result === 'string') {
        this.tokens = { access: answer.json.result, refresh: String(answer.json.meta?.refreshToken ?? '') };
        return;
      }
    }
    await this.login();
  }

  private async call(method: string, path: string, body?: unknown): Promise<Answer> {
    if (!this.online) throw new RequestFailed('offline');
    let answer = await this.shopper.request(method, path, { body, headers: await this.headers() });
    if (answer.status === 401 && this.shopper.credentials.kind === 'customer') {
      await this.renew();
      answer = await this.shopper.request(method, path, { body, headers: await this.headers() });
      if (answer.status === 401) {
        // Logged out again at once (a duplicated refresh spends the token twice, which ends the session): next time.
        this.ledger.sessionsLost++;
        this.tokens = null;
        throw new RequestFailed('session lost');
      }
    }
    return answer;
  }

  // ---- local writes ----

  private write(collection: ChaosCollection, doc: Doc): void {
    this.local.get(collection)!.set(doc.id, doc);
    this.dirty.get(collection)!.add(doc.id);
  }

  visibleLines(): CartLineDoc[] {
    return [...this.local.get('cart')!.values()].filter((doc) => !doc._deleted && isCartLineVisible(doc as unknown as CartLineDoc)) as unknown as CartLineDoc[];
  }

  private line(product: ChaosProduct): CartLineDoc {
    const id = cartLineId(product.sku, CHECKSUM);
    const known = this.local.get('cart')!.get(id);
    if (known) return withoutDeleted(known) as unknown as CartLineDoc;
    const stamp = this.stamp();
    return {
      id,
      updatedAt: 0,
      writeId: stamp.id,
      sku: product.sku,
      checksum: CHECKSUM,
      type_id: 'simple',
      snapshot: { value: { name: product.name, price_incl_tax: product.price, image: '', url_path: '' }, at: stamp.at, replica: stamp.replica },
      ops: [],
      qty: 0,
    };
  }

  addToCart(product: ChaosProduct, qty: number): CartLineDoc {
    const next = applyCartOp(this.line(product), addToLineOp(qty, this.stamp()));
    this.write('cart', next as unknown as Doc);
    return next;
  }

  setQty(line: CartLineDoc, qty: number): void {
    this.write('cart', applyCartOp(this.line({ sku: line.sku, name: '', price: 0, unique: false }), setQtyOp(qty, this.stamp())) as unknown as Doc);
  }

  remove(line: Pick<CartLineDoc, 'sku'>): void {
    this.write('cart', applyCartOp(this.line({ sku: line.sku, name: '', price: 0, unique: false }), removeOp(this.stamp())) as unknown as Doc);
  }

  toggleWishlist(product: ChaosProduct): void {
    const known = this.local.get('wishlist')!.get(product.sku);
    const entry = known && !known._deleted ? (withoutDeleted(known) as unknown as SkuSetEntryDoc) : undefined;
    const next = isInSkuSet(entry) ? removeFromSkuSet(entry!, this.stamp()) : addToSkuSet(entry, product.sku, { name: product.name, price_incl_tax: product.price, image: '', url_path: '' }, this.stamp());
    this.write('wishlist', next as unknown as Doc);
  }

  /** order-documents.ts `writeOrder`: the order of these lines, or the one this placement wrote already. */
  placeOrder(lines: readonly CartLineDoc[]): string | null {
    if (!lines.some((line) => line.qty > 0)) return null;
    const orders = this.local.get('orders')!;
    const owner = this.shopper.ownerKey;
    const intent = `${owner}|${cartFingerprint(lines)}`;
    for (let attempt = 0; attempt < 100; attempt++) {
      const id = placementId(lines, attempt);
      const existing = orders.get(id) as (OrderDoc & Doc) | undefined;
      if (existing && !existing._deleted && finallyRefused(existing)) continue;
      if (existing && !existing._deleted) {
        const retry = existing.transmited && existing.resultCode === 500;
        if ((!existing.confirmed && this.online) || retry) this.write('orders', { ...existing, ...this.orderRequest(lines, existing.created_at, true), writeId: this.stamp().id });
        this.awaiting.set(id, lines.map((line) => line.sku));
        return id;
      }
      const doc = { id, updatedAt: 0, writeId: this.stamp().id, transmited: false, ...this.orderRequest(lines, this.shopper.now(), this.online) } as unknown as Doc;
      this.write('orders', doc);
      this.ledger.ordersWritten++;
      const ids = this.ledger.intents.get(intent) ?? new Set<string>();
      ids.add(id);
      this.ledger.intents.set(intent, ids);
      this.awaiting.set(id, lines.map((line) => line.sku));
      return id;
    }
    return null;
  }

  private orderRequest(lines: readonly CartLineDoc[], at: number, confirmed: boolean) {
    const shown = lines.filter((line) => line.qty > 0);
    const email = this.shopper.email;
    return {
      created_at: at,
      storeCode: 'nl',
      currency: 'EUR',
      customer_email: email,
      personalDetails: { firstName: 'Anna', lastName: 'Jansen', emailAddress: email },
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      shippingMethod: { carrier_code: 'flatrate', method_code: 'flatrate' },
      paymentMethod: { code: 'banktransfer' },
      items: shown.map((line) => ({ sku: line.sku, type_id: line.type_id, checksum: line.checksum, qty: line.qty, name: line.snapshot.value.name, price_incl_tax: line.snapshot.value.price_incl_tax })),
      totals: { subtotal_incl_tax: 0, shipping_incl_tax: 0, grand_total: 0 },
      confirmed,
    };
  }

  /** Back online: the waiting (unconfirmed) orders are confirmed, or now and then cancelled (spec 2 §4). */
  confirmWaiting(): void {
    for (const doc of this.local.get('orders')!.values()) {
      const order = doc as unknown as OrderDoc & Doc;
      if (order._deleted || order.confirmed) continue;
      if (this.random.chance(0.2)) {
        this.write('orders', { ...order, writeId: this.stamp().id, _deleted: true });
        this.awaiting.delete(order.id);
      } else {
        this.write('orders', { ...order, confirmed: true, writeId: this.stamp().id });
      }
    }
  }

  // ---- replication ----

  /** One push of the collection's unpushed writes; answers false when the request did not get through. */
  async push(collection: ChaosCollection): Promise<boolean> {
    const dirty = this.dirty.get(collection)!;
    if (dirty.size === 0) return true;
    const local = this.local.get(collection)!;
    const base = this.base.get(collection)!;
    const sent = new Map([...dirty].slice(0, 50).map((id) => [id, local.get(id)!] as const));
    const rows = [...sent.values()].map((doc) => ({ assumedMasterState: base.get(doc.id) ?? null, newDocumentState: doc }));
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await this.call('POST', `/api/replication/${collection}/push`, rows);
    } catch {
      return false;
    }
    this.ledger.pushes++;
    if (answer.status !== 200 || !Array.isArray(answer.json?.result)) {
      if (answer.status !== 502) this.ledger.badAnswers.push(`push ${collection} by ${this.name}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
      this.ledger.error(`push ${answer.status}`);
      return false;
    }
    this.ledger.pushMs.push(performance.now() - started);
    const conflicts = new Map((answer.json.result as Doc[]).map((doc) => [doc.id, doc]));
    for (const [id, doc] of sent) {
      if (conflicts.has(id)) continue;
      // Written: the pushed state is now the assumed master state (RxDB's upstream does the same).
      base.set(id, doc);
      if (local.get(id) === doc) dirty.delete(id);
    }
    for (const [id, master] of conflicts) this.resolve(collection, id, master);
    return true;
  }

  /** client/src/app/database.ts `conflictHandlerFor`: merge the server's copy with the local one. */
  private resolve(collection: ChaosCollection, id: string, master: Doc): void {
    const local = this.local.get(collection)!.get(id)!;
    const masterData = withoutDeleted(master);
    const merged = definitionOf(collection).merge(masterData, withoutDeleted(local));
    this.base.get(collection)!.set(id, master);
    if (merged === masterData || deepEqual(merged, masterData)) {
      this.local.get(collection)!.set(id, master);
      this.dirty.get(collection)!.delete(id);
      this.seen(collection, master);
    } else {
      this.local.get(collection)!.set(id, { ...merged, _deleted: local._deleted === true && master._deleted === true });
      this.dirty.get(collection)!.add(id);
    }
  }

  /** A server copy from a pull or the stream, as RxDB's downstream takes it. */
  private apply(collection: ChaosCollection, master: Doc): void {
    const local = this.local.get(collection)!;
    const dirty = this.dirty.get(collection)!;
    const known = local.get(master.id);
    if (dirty.has(master.id) && known) {
      // A local write not pushed yet is never overwritten: the push's conflict answer brings the server's copy.
      if (deepEqual(known, master)) {
        this.base.get(collection)!.set(master.id, master);
        dirty.delete(master.id);
      }
      return;
    }
    local.set(master.id, master);
    this.base.get(collection)!.set(master.id, master);
    this.seen(collection, master);
  }

  /** What a device does when it sees an order's answer. */
  private seen(collection: ChaosCollection, doc: Doc): void {
    if (collection !== 'orders') return;
    const order = doc as unknown as OrderDoc & Doc;
    if (!order.transmited) return;
    if (order.resultCode === 200 && order.increment_id) {
      const known = this.ledger.acknowledged.get(order.id);
      if (known && known.incrementId !== order.increment_id) this.ledger.contradictions.push(`${order.id}: answered ${known.incrementId} and ${order.increment_id}`);
      else this.ledger.acknowledged.set(order.id, { incrementId: order.increment_id, owner: this.shopper.ownerKey });
      const skus = this.awaiting.get(order.id);
      if (skus) {
        this.awaiting.delete(order.id);
        // The ordered lines leave the cart (see the header: synced removals, not the browser's local clear).
        for (const sku of skus) if (this.visibleLines().some((line) => line.sku === sku)) this.remove({ sku });
      }
    } else if (order.resultCode === 400 || order.resultCode === 409) {
      if (!this.ledger.refused.has(order.id)) {
        const reason = (order.result as { key?: string } | undefined)?.key ?? String(order.resultCode);
        this.ledger.refusedReasons[reason] = (this.ledger.refusedReasons[reason] ?? 0) + 1;
      }
      this.ledger.refused.add(order.id);
      this.awaiting.delete(order.id);
    } else if (order.resultCode === 500) {
      this.ledger.failed500.add(order.id);
      // The shop failed: the same order is written again under its id (order-documents.ts `writeOrder`).
      if (this.awaiting.has(order.id) && !this.dirty.get('orders')!.has(order.id)) this.write('orders', { ...order, writeId: this.stamp().id });
    }
  }

  /** Pulls pages until one is empty; answers how many documents came, or -1 when a request did not get through. */
  async pull(collection: ChaosCollection): Promise<number> {
    let total = 0;
    for (let page = 0; page < 1000; page++) {
      const checkpoint = this.checkpoint.get(collection);
      const query = checkpoint ? `?updatedAt=${checkpoint.updatedAt}&id=${encodeURIComponent(checkpoint.id)}&limit=100` : '?limit=100';
      let answer: Answer;
      try {
        answer = await this.call('GET', `/api/replication/${collection}/pull${query}`);
      } catch {
        return -1;
      }
      this.ledger.pulls++;
      const result = answer.json?.result as { documents?: Doc[]; checkpoint?: Checkpoint | null } | undefined;
      if (answer.status !== 200 || !result || !Array.isArray(result.documents)) {
        if (answer.status !== 502) this.ledger.badAnswers.push(`pull ${collection} by ${this.name}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
        this.ledger.error(`pull ${answer.status}`);
        return -1;
      }
      for (const doc of result.documents) this.apply(collection, doc);
      if (result.checkpoint) this.checkpoint.set(collection, result.checkpoint);
      total += result.documents.length;
      if (result.documents.length === 0) return total;
    }
    return total;
  }

  /** Opens the live stream of a collection and keeps it open while the device streams and is online. */
  private async streamLoop(collection: ChaosCollection): Promise<void> {
    while (this.streaming) {
      if (!this.online) {
        await sleep(300);
        continue;
      }
      const controller = new AbortController();
      this.streams.set(collection, controller);
      try {
        const ticket = await this.call('POST', `/api/replication/${collection}/stream-ticket`);
        const value = (ticket.json?.result as { ticket?: string } | undefined)?.ticket;
        if (ticket.status !== 200 || !value) throw new RequestFailed(`ticket ${ticket.status}`);
        const response = await fetch(`${this.shopper.base}/api/replication/${collection}/stream?ticket=${encodeURIComponent(value)}`, { signal: controller.signal });
        if (response.status !== 200 || !response.body) {
          const text = await response.text().catch(() => '');
          // A ticket another instance issued, or one refused for a credential that just ended, differ: only the first is the shop's fault.
          if (response.status !== 502 && (response.status !== 401 || text.includes('ticket'))) this.ledger.badAnswers.push(`stream ${collection} by ${this.name}: ${response.status} ${text.slice(0, 200)}`);
          throw new RequestFailed(`stream ${response.status}`);
        }
        this.ledger.streamsOpened++;
        await this.readEvents(collection, response.body);
      } catch (error) {
        this.ledger.error(error instanceof RequestFailed ? error.message.split(' ')[0]! : 'stream');
      } finally {
        this.streams.delete(collection);
      }
      await sleep(this.random.int(500, 2000));
    }
  }

  private async readEvents(collection: ChaosCollection, body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    const reader = new EventStreamReader();
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      for (const event of reader.take(decoder.decode(chunk, { stream: true }))) {
        const item = event as 'RESYNC' | { documents: Doc[]; checkpoint: Checkpoint };
        // RxDB's downstream handles the stream in order: a RESYNC pulls from the checkpoint until done before any later
        // event moves the checkpoint on (events wait in the stream meanwhile).
        if (item === 'RESYNC') await this.resync(collection);
        else await this.exclusive(async () => {
          for (const doc of item.documents) this.apply(collection, doc);
          this.checkpoint.set(collection, item.checkpoint);
        });
      }
    }
  }

  private async resync(collection: ChaosCollection): Promise<void> {
    while (this.streaming && this.online) {
      if ((await this.exclusive(() => this.pull(collection))) >= 0) return;
      await sleep(1000);
    }
  }

  /** Runs `work` alone on this device (pushes, pulls and stream events never interleave on one device). */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.busy.then(work);
    this.busy = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  startStreams(): void {
    if (this.streaming) return;
    this.streaming = true;
    for (const collection of STREAMED) void this.streamLoop(collection);
  }

  stopStreams(): void {
    this.streaming = false;
    for (const controller of this.streams.values()) controller.abort();
  }

  goOffline(): void {
    this.online = false;
    for (const controller of this.streams.values()) controller.abort();
  }

  /** The timer that brings an offline device back. */
  returnTimer: NodeJS.Timeout | null = null;

  comeBack(): void {
    if (this.returnTimer) clearTimeout(this.returnTimer);
    this.returnTimer = null;
    this.online = true;
    this.confirmWaiting();
  }

  /** One round of the background replication: push what is unpushed, pull what the stream or an order asks for. */
  async syncOnce(): Promise<void> {
    if (!this.online) return;
    await this.exclusive(async () => {
      for (const collection of CHAOS_COLLECTIONS) await this.push(collection);
      if (this.awaiting.size > 0) this.pullNeeded.add('orders');
      for (const collection of [...this.pullNeeded]) if ((await this.pull(collection)) >= 0) this.pullNeeded.delete(collection);
    });
  }

  /** For the end: push everything, pull every collection; answers whether anything moved or failed. */
  async settleRound(): Promise<{ pushed: boolean; pulled: number; failed: boolean }> {
    return this.exclusive(async () => {
      let pushed = false;
      let failed = false;
      for (const collection of CHAOS_COLLECTIONS) {
        if (this.dirty.get(collection)!.size > 0) pushed = true;
        if (!(await this.push(collection))) failed = true;
      }
      let pulled = 0;
      for (const collection of CHAOS_COLLECTIONS) {
        const got = await this.pull(collection);
        if (got < 0) failed = true;
        else pulled += got;
      }
      return { pushed, pulled, failed };
    });
  }

  pending(): number {
    return CHAOS_COLLECTIONS.reduce((sum, collection) => sum + this.dirty.get(collection)!.size, 0);
  }

  /** The documents this device holds and shows (deleted ones left out), per collection. */
  liveDocuments(): Record<ChaosCollection, Doc[]> {
    return Object.fromEntries(CHAOS_COLLECTIONS.map((collection) => [collection, [...this.local.get(collection)!.values()].filter((doc) => !doc._deleted).map(withoutDeleted)])) as Record<ChaosCollection, Doc[]>;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export const ACTION_WEIGHTS = { add: 30, setQty: 15, remove: 10, wishlist: 15, order: 12, offline: 4 } as const;

export class Shopper {
  readonly devices: [Device, Device];
  readonly ledger: Ledger;
  readonly base: string;
  readonly now: () => number;
  credentials!: Credentials;
  /** `guest:<cart token>` or `customer:<id>`: the owner whose documents the devices hold. */
  ownerKey = '';
  email: string;
  private readonly random: Random;
  private stopped = false;
  private readonly unique: ChaosProduct[];
  private readonly regular: ChaosProduct[];

  constructor(private readonly options: ShopperOptions) {
    this.ledger = options.ledger;
    this.base = options.base;
    this.now = options.now ?? Date.now;
    this.random = options.random;
    this.email = `${options.name}@chaos.example.com`;
    this.devices = [new Device(`${options.name}/a`, this, options.random.fork()), new Device(`${options.name}/b`, this, options.random.fork())];
    this.unique = options.products.filter((product) => product.unique);
    this.regular = options.products.filter((product) => !product.unique);
  }

  get customer(): boolean {
    return this.options.customer;
  }

  /** One HTTP request with a 20 s limit; a connection that breaks throws. */
  async request(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    try {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers: { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await response.text();
      let json: Answer['json'] = null;
      try {
        json = text ? (JSON.parse(text) as Answer['json']) : null;
      } catch {
        json = null;
      }
      return { status: response.status, json };
    } catch (error) {
      this.ledger.error('network');
      throw new RequestFailed(error instanceof Error ? error.message : String(error));
    }
  }

  /** Until it works: a guest cart shared by both devices, or a registered customer logged in on both. */
  async setUp(): Promise<void> {
    for (let tries = 0; ; tries++) {
      try {
        if (!this.customer) {
          const answer = await this.request('POST', '/api/cart/create');
          if (answer.status !== 200 || typeof answer.json?.result !== 'string') throw new RequestFailed(`cart ${answer.status}`);
          this.credentials = { kind: 'guest', cartId: answer.json.result };
          this.ownerKey = `guest:${answer.json.result}`;
        } else {
          const password = `Chaos-${this.random.id()}!`;
          const answer = await this.request('POST', '/api/user/create', {
            body: { customer: { email: this.email, firstname: 'Anna', lastname: 'Jansen' }, password },
          });
          if (answer.status !== 200) throw new RequestFailed(`register ${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`);
          this.credentials = { kind: 'customer', email: this.email, password };
          this.ownerKey = `customer:${(answer.json?.result as { id: number }).id}`;
          for (const device of this.devices) await device.login();
        }
        return;
      } catch (error) {
        if (tries >= 20) throw error;
        await sleep(500);
      }
    }
  }

  stop(): void {
    this.stopped = true;
  }

  /** The shopper's actions and both devices' background sync, until `stop`. */
  async run(): Promise<void> {
    for (const device of this.devices) device.startStreams();
    const syncing = this.devices.map(async (device) => {
      while (!this.stopped) {
        await device.syncOnce().catch(() => this.ledger.error('sync'));
        await sleep(this.random.int(400, 1500));
      }
    });
    while (!this.stopped) {
      await sleep(this.random.int(500, 3000));
      if (this.stopped) break;
      this.act(this.random.pick(this.devices));
    }
    await Promise.all(syncing);
  }

  private act(device: Device): void {
    const action = this.random.weighted(ACTION_WEIGHTS);
    const lines = device.visibleLines();
    switch (action) {
      case 'add':
        device.addToCart(this.random.pick(this.regular), this.random.int(1, 2));
        break;
      case 'setQty':
        if (lines.length > 0) device.setQty(this.random.pick(lines), this.random.int(1, 3));
        break;
      case 'remove':
        if (lines.length > 0) device.remove(this.random.pick(lines));
        break;
      case 'wishlist':
        device.toggleWishlist(this.random.pick(this.options.products));
        break;
      case 'order': {
        if (this.unique.length > 0 && this.random.chance(0.3)) {
          // A one-of-a-kind piece, quantity 1, ordered on its own: shoppers compete for the same few pieces.
          const line = device.addToCart(this.random.pick(this.unique), 1);
          device.setQty(line, 1);
          const set = device.visibleLines().filter((known) => known.sku === line.sku);
          device.placeOrder(set);
        } else {
          if (lines.length === 0) device.addToCart(this.random.pick(this.regular), 1);
          device.placeOrder(device.visibleLines().filter((line) => !this.unique.some((product) => product.sku === line.sku)));
        }
        break;
      }
      case 'offline': {
        if (!device.online) break;
        device.goOffline();
        device.returnTimer = setTimeout(() => device.comeBack(), this.random.int(2_000, 20_000));
        break;
      }
    }
  }
}
