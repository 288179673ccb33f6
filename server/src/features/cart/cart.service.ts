/**
 * The server quote of spec 1 §7 on the replicated cart (decision 010): the quote's lines ARE the owner's documents of
 * the `cart` collection, and every change made here is an op with the `server` replica written through the
 * replication repository, so the browser's cart and the quote are one record. Item ids are handed out when a line is
 * first stored (by a push or by this service).
 */
import {
  DEFAULT_STORE,
  DomainError,
  marketFor,
  stockResult,
  taxDefaultCountry,
  type Product,
  type StockResult,
  type StoreCode,
} from '@shop/shared';
import {
  addToCart,
  cartItemFor,
  applyCartOp,
  cartProblemToDomainError,
  checkCustomSize,
  checkQuantity,
  createCartLine,
  isCartLineRemoved,
  isCartLineVisible,
  lineMemberSkus,
  NO_VARIANT_MESSAGE,
  normaliseCartQty,
  productLineOptions,
  reconcileLineStock,
  removeCartLine,
  resolveBundleChoice,
  resolveVariantChoice,
  removeOp,
  setQtyOp,
  setCartLineQty,
  stockCheckOutcome,
  validateAddToCart,
  DEFAULT_SHIPPING_METHOD,
  type AddToCartProduct,
  type CartItemOptions,
  type CartLineDoc,
  type CartProblem,
  type LineStockDecision,
  type ShippingMethod,
} from '@shop/shared/cart/index';
import type { WriteStamp } from '@shop/shared/sync/index';
import type { AppConfig } from '../../config.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { RequestOwner } from '../replication/owner.ts';
import { SERVER_REPLICA, serverWriteId, type ReplicationRepository, type Trx } from '../replication/replication.repository.ts';
import type { StockRepository } from '../stock/stock.repository.ts';
import type { Cart, CartRepository } from './cart.repository.ts';
import type { CartItemBody } from './cart.schema.ts';
import { quoteTotals, type QuoteTotals } from './cart.totals.ts';

const CART = 'cart';

/** A cart item as the spec's client reads it (spec 1 §3 "Cart item"). */
export interface QuoteItem {
  item_id: number | null;
  sku: string;
  qty: number;
  name: string;
  price: number;
  price_incl_tax: number;
  product_type: string;
  quote_id: string;
  checksum: string;
  parentSku?: string;
  product_option?: CartLineDoc['product_option'];
  extension_attributes?: { custom_size?: string; custom_size_unit?: string };
}

export interface PaymentMethod {
  code: string;
  title: string;
  cost_incl_tax: number;
  default: boolean;
  offline: boolean;
}

/**
 * The built-in methods: both offline, both free. Card and iDEAL payments come with the payment provider adapters;
 * until then the shop only offers what it can settle by hand.
 */
export const PAYMENT_METHODS: readonly PaymentMethod[] = Object.freeze([
  { code: 'banktransfer', title: 'Bank transfer', cost_incl_tax: 0, default: true, offline: true },
  { code: 'cashondelivery', title: 'Cash on delivery', cost_incl_tax: 0, default: false, offline: true },
]);

export const SHIPPING_METHODS: readonly ShippingMethod[] = Object.freeze([DEFAULT_SHIPPING_METHOD]);

export const INVALID_COUPON_MESSAGE = "You've entered an incorrect coupon code";

export interface CartChange {
  item: QuoteItem;
  /** Warnings to show (volatile stock); the item was written. */
  problems: CartProblem[];
  stock: StockResult | null;
}

function asLine(data: Record<string, unknown>): CartLineDoc {
  return data as unknown as CartLineDoc;
}

function itemIdOf(body: CartItemBody): string | null {
  const value = body.item_id;
  if (value === undefined || value === null || value === '') return null;
  return String(value).trim();
}

export class CartService {
  constructor(
    private readonly replication: ReplicationRepository,
    private readonly carts: CartRepository,
    private readonly catalogue: CatalogueService,
    private readonly stock: StockRepository,
    private readonly config: Pick<AppConfig, 'stockSync' | 'taxCountry' | 'allowOutOfStockInCart' | 'currencyRates'>,
    private readonly now: () => number,
  ) {
    // Every line gets its item id the first time the server stores it, whoever wrote it; and every line written
    // (a push or the server's own write) is held to the stock (the stock sync, line-stock.ts).
    replication.onPrepare(CART, async (docs, { trx, owner, deleted }) => {
      const missing = docs.filter((doc) => doc.serverItemId === undefined).length;
      const first = missing > 0 ? await carts.nextItemIds(trx, owner, missing) : null;
      let next = first ?? 0;
      const withIds = first === null ? docs : docs.map((doc) => (doc.serverItemId === undefined ? { ...doc, serverItemId: String(next++) } : doc));
      return this.holdToStock(withIds, deleted, trx, owner);
    });
  }

  /**
   * The stock sync of the lines being written: the owner's other lines of the same skus keep what they hold (oldest
   * first), a written line asking for more than is left is lowered, one out of stock is marked (or removed), and each
   * carries its note. The line keeps telling the shopper what happened (its note), so nothing is lost silently.
   */
  private async holdToStock<D extends { id: string; updatedAt: number }>(docs: D[], deleted: readonly boolean[], trx: Trx, owner: string): Promise<D[]> {
    const written = new Map<string, CartLineDoc>();
    docs.forEach((doc, index) => {
      const line = doc as unknown as CartLineDoc;
      if (!deleted[index] && line.qty > 0) written.set(line.id, line);
    });
    if (written.size === 0 || !this.config.stockSync) return docs;
    const skus = new Set([...written.values()].map((line) => line.sku));
    const stored = (await this.carts.storedLines(trx, owner)).filter((line) => skus.has(line.sku) && !written.has(line.id));
    const levels = new Map((await this.stock.bySkus([...skus], trx)).map((level) => [level.sku, level]));
    const decisions = reconcileLineStock([...stored, ...written.values()], (sku) => levels.get(sku), this.stockRules());
    const byId = new Map(decisions.filter((decision) => written.has(decision.id)).map((decision) => [decision.id, decision]));
    return docs.map((doc, index) => {
      const decision = deleted[index] ? undefined : byId.get(doc.id);
      return decision?.changed ? ({ ...this.withStockDecision(doc as unknown as CartLineDoc, decision, true), updatedAt: doc.updatedAt } as unknown as D) : doc;
    });
  }

  private stockRules() {
    return { allowOutOfStockInCart: this.config.allowOutOfStockInCart, synchronized: this.config.stockSync };
  }

  /**
   * A line as the stock sync leaves it: its quantity lowered (or removed) by a server op, which makes it the server's
   * version (a device's next push merges with it), and its note. A note alone is a server-owned field: inside a push
   * it keeps the pushed write (`sameWrite`), on its own it is a write of the server.
   */
  private withStockDecision(line: CartLineDoc, decision: LineStockDecision, sameWrite: boolean): CartLineDoc {
    const write = this.write();
    const held = decision.qty === line.qty ? { ...line, writeId: sameWrite ? line.writeId : write.id } : applyCartOp(line, decision.qty === 0 ? removeOp(write) : setQtyOp(decision.qty, write));
    return { ...held, stockNote: { ...decision.note, at: write.at } };
  }

  /**
   * The stock sync of the lines already in the cart (spec 2 §8), when the cart syncs (its items, totals and update
   * time are asked): lines whose stock changed are lowered, marked or removed, and the change replicates to the
   * shopper's devices with its note.
   */
  async syncStock(owner: RequestOwner): Promise<void> {
    if (!this.config.stockSync) return;
    const lines = await this.lines(owner);
    if (lines.length === 0) return;
    const levels = new Map((await this.stock.bySkus([...new Set(lines.map((line) => line.sku))])).map((level) => [level.sku, level]));
    for (const decision of reconcileLineStock(lines, (sku) => levels.get(sku), this.stockRules())) {
      if (!decision.changed) continue;
      await this.replication.writeServerSide(CART, owner.owner, decision.id, async (copy) => {
        if (!copy || copy.deleted) return null;
        return { data: { ...this.withStockDecision(asLine(copy.data), decision, false) } };
      });
    }
  }

  /**
   * Whether the stock gives `qty` of the line's sku beside what the cart's other lines of that sku (and `inLine` of
   * this line) hold (spec 2 §5):
   * more than the stock holds is "Only {maxQuantity} products of this type are available", more than is left beside
   * the other lines "Quantity can't be more than {quantity}". Stock that is not managed, allows backorders or is not
   * trusted (synchronisation off) caps nothing.
   */
  private async assertStockGives(owner: RequestOwner, sku: string, lineId: string, qty: number, inLine = 0): Promise<void> {
    if (!this.config.stockSync) return;
    const level = await this.stock.bySku(sku);
    if (!level) return;
    const others = (await this.lines(owner)).filter((line) => line.sku === sku && line.id !== lineId).reduce((sum, line) => sum + line.qty, 0);
    const check = checkQuantity(qty, { stock: level, inCart: others + inLine });
    if (!check.ok) throw cartProblemToDomainError({ ...check.problem, sku });
  }

  async create(purchaserId: string | null): Promise<Cart> {
    return this.carts.create(purchaserId);
  }

  /** The customer's own cart (`customer:<id>`), made on first use. */
  async customerCart(owner: string): Promise<Cart> {
    return this.carts.forOwner(owner);
  }

  async cart(owner: RequestOwner): Promise<Cart> {
    const cart = owner.cartToken ? await this.carts.byToken(owner.cartToken) : null;
    if (!cart) throw new DomainError('unauthorized', 'A cart token is required: create a cart with POST /api/cart/create', { status: 401 });
    return cart;
  }

  /** The lines shown in the cart (quantity above 0), oldest change first. */
  async lines(owner: RequestOwner): Promise<CartLineDoc[]> {
    const documents = await this.replication.list(CART, owner.owner);
    return documents.map(({ _deleted: _ignored, ...data }) => asLine(data)).filter(isCartLineVisible);
  }

  async items(owner: RequestOwner, store: StoreCode = DEFAULT_STORE): Promise<QuoteItem[]> {
    const cart = await this.cart(owner);
    await this.syncStock(owner);
    const lines = await this.lines(owner);
    const products = await this.products(store, lines.map((line) => line.sku));
    return lines.map((line) => this.quoteItem(line, cart, products.get(line.sku)));
  }

  /**
   * `cart/update`: with an `item_id` the line's quantity is set (last writer wins); without one the quantity is added
   * to the line of the same sku and options, or a new line (adds from elsewhere add up). The product must exist, its
   * price be known and, when the quantity grows, its stock not be out (spec 1 §4, §5; volatile stock only warns).
   */
  async update(owner: RequestOwner, body: CartItemBody, store: StoreCode = DEFAULT_STORE): Promise<CartChange> {
    const cart = await this.cart(owner);
    const itemId = itemIdOf(body);
    const qtyCheck = normaliseCartQty(body.qty);
    if (!qtyCheck.ok) throw cartProblemToDomainError(qtyCheck.problem);

    const existing = itemId === null ? undefined : await this.lineByItemId(owner, itemId);
    if (itemId !== null && !existing) throw new DomainError('not_found', `The cart has no item ${itemId}`, { status: 404 });
    const sku = body.sku ?? existing?.sku;
    if (!sku) throw new DomainError('bad_request', 'Invalid cart item: cartItem.sku: expected string, but it is missing');

    const product = await this.productFor(sku, body, existing, store);
    const check = validateAddToCart(product as AddToCartProduct, qtyCheck.qty);
    if (!check.ok) throw cartProblemToDomainError(check.problems[0]!);
    const item = cartItemFor(product as AddToCartProduct, check.qty);
    const lineId = existing?.id ?? item.id;

    const current = existing ?? (await this.lineById(owner, lineId));
    const currentQty = current?.qty ?? 0;
    const nextQty = itemId !== null ? check.qty : currentQty + check.qty;
    let problems: CartProblem[] = [];
    let stock: StockResult | null = null;
    if (nextQty > currentQty) {
      const level = await this.stock.bySku(item.sku);
      if (level) {
        stock = stockResult(level, { verified: true, synchronized: this.config.stockSync });
        const outcome = stockCheckOutcome(stock.status);
        if (outcome.blocked) throw cartProblemToDomainError({ ...outcome.problems[0]!, sku: item.sku });
        problems = outcome.problems.map((problem) => ({ ...problem, sku: item.sku }));
        // An add asks for its quantity on top of the line's; a set asks for the line's new quantity.
        await this.assertStockGives(owner, item.sku, lineId, check.qty, itemId !== null ? 0 : currentQty);
      }
    }

    const written = await this.replication.writeServerSide(CART, owner.owner, lineId, async (copy) => {
      const write = this.write();
      const line = copy ? asLine(copy.data) : undefined;
      if (itemId !== null) return { data: { ...setCartLineQty(line ?? createCartLine(item, write), check.qty, write) } };
      // A deleted line is revived from its tombstone: its remove op keeps ordering stale copies, its item id stays.
      return { data: { ...addToCart(line, item, write) } };
    });
    return { item: this.quoteItem(asLine(written!), cart, product), problems, stock };
  }

  /** `cart/delete`: a remove op on the line named by `item_id`, else by sku (and options). */
  async remove(owner: RequestOwner, body: CartItemBody): Promise<void> {
    await this.cart(owner);
    const itemId = itemIdOf(body);
    const lines = await this.lines(owner);
    const line = itemId !== null ? lines.find((l) => l.serverItemId === itemId) : this.lineForSku(lines, body);
    if (!line) throw new DomainError('not_found', `The cart has no item ${itemId ?? body.sku ?? ''}`.trim(), { status: 404 });
    await this.removeLine(owner, line.id);
  }

  /**
   * `updateall` (spec 2 §7): the cart becomes the given items. Listed lines take the given quantity (an `item_id`
   * names the line, else sku and options), lines not listed are removed.
   */
  async replaceAll(owner: RequestOwner, items: readonly CartItemBody[], store: StoreCode = DEFAULT_STORE): Promise<QuoteItem[]> {
    const cart = await this.cart(owner);
    const kept = new Set<string>();
    for (const body of items) {
      const qty = normaliseCartQty(body.qty);
      if (!qty.ok) throw cartProblemToDomainError(qty.problem);
      const itemId = itemIdOf(body);
      const existing = itemId === null ? undefined : await this.lineByItemId(owner, itemId);
      const sku = body.sku ?? existing?.sku;
      if (!sku) throw new DomainError('bad_request', 'Every cart item needs a sku or the item_id of a line in the cart');
      const product = await this.productFor(sku, body, existing, store);
      const item = cartItemFor(product as AddToCartProduct, qty.qty);
      const lineId = existing?.id ?? item.id;
      kept.add(lineId);
      const held = existing ?? (await this.lineById(owner, lineId));
      if (qty.qty > (held?.qty ?? 0)) await this.assertStockGives(owner, item.sku, lineId, qty.qty);
      await this.replication.writeServerSide(CART, owner.owner, lineId, async (copy) => {
        const write = this.write();
        const line = copy ? asLine(copy.data) : undefined;
        if (line && !copy!.deleted && line.qty === qty.qty) return null;
        return { data: { ...(line ? setCartLineQty(line, qty.qty, write) : createCartLine(item, write)) } };
      });
    }
    for (const line of await this.lines(owner)) if (!kept.has(line.id)) await this.removeLine(owner, line.id);
    const lines = await this.lines(owner);
    const products = await this.products(store, lines.map((line) => line.sku));
    return lines.map((line) => this.quoteItem(line, cart, products.get(line.sku)));
  }

  /**
   * The quote's totals in the shopper's market: the shipping address's country once the checkout gave one, else
   * `visitorCountry` (the storefront's country: the location answer or the country the shopper chose), else the
   * shop's tax country.
   */
  async totals(owner: RequestOwner, options: { store?: StoreCode; shipping?: ShippingMethod; paymentCostInclTax?: number; visitorCountry?: string } = {}): Promise<QuoteTotals> {
    const cart = await this.cart(owner);
    await this.syncStock(owner);
    const lines = await this.lines(owner);
    const store = options.store ?? DEFAULT_STORE;
    const products = await this.products(store, lines.map((line) => line.sku));
    // A bundle line is priced at its chosen members, a configurable parent at its variant: they are looked up too.
    const members = [...products.values()].flatMap(lineMemberSkus);
    if (members.length > 0) for (const [sku, member] of await this.products(store, members)) products.set(sku, member);
    const coupon = cart.couponCode ? await this.carts.coupon(cart.couponCode) : null;
    const address = cart.shippingAddress;
    const country = typeof address?.countryId === 'string' ? address.countryId : typeof address?.country_id === 'string' ? address.country_id : null;
    const shipping = options.shipping ?? this.chosenShipping(cart);
    return quoteTotals({
      lines,
      product: (sku) => products.get(sku),
      settings: { taxRules: this.catalogue.taxRules, rates: this.config.currencyRates, shopCountry: taxDefaultCountry(this.config.taxCountry) },
      market: marketFor(country?.trim() || options.visitorCountry || taxDefaultCountry(this.config.taxCountry), this.config.currencyRates),
      coupon,
      ...(shipping ? { shipping } : {}),
      ...(options.paymentCostInclTax !== undefined ? { paymentCostInclTax: options.paymentCostInclTax } : {}),
    });
  }

  shippingMethod(carrierCode: string, methodCode: string): ShippingMethod {
    const method = SHIPPING_METHODS.find((m) => m.carrier_code === carrierCode && m.method_code === methodCode);
    if (!method) {
      const known = SHIPPING_METHODS.map((m) => `${m.carrier_code}/${m.method_code} (${m.method_title})`).join(', ');
      throw new DomainError('bad_request', `Unknown shipping method ${carrierCode}/${methodCode}; choose ${known}`);
    }
    return method;
  }

  paymentMethod(code: string): PaymentMethod {
    const method = PAYMENT_METHODS.find((m) => m.code === code);
    if (!method) throw new DomainError('bad_request', `Unknown payment method ${code}; choose ${PAYMENT_METHODS.map((m) => m.code).join(' or ')}`);
    return method;
  }

  async setShipping(owner: RequestOwner, address: Record<string, unknown>, method: ShippingMethod): Promise<void> {
    const cart = await this.cart(owner);
    await this.carts.setShipping(cart.token, address, method);
  }

  async applyCoupon(owner: RequestOwner, code: string): Promise<void> {
    const cart = await this.cart(owner);
    const coupon = code.trim() ? await this.carts.coupon(code) : null;
    if (!coupon) throw new DomainError('bad_request', INVALID_COUPON_MESSAGE);
    await this.carts.setCoupon(cart.token, coupon.code);
  }

  async deleteCoupon(owner: RequestOwner): Promise<void> {
    const cart = await this.cart(owner);
    await this.carts.setCoupon(cart.token, null);
  }

  /**
   * isCartUpdated (spec 2 §7): when the cart last changed (a line, or the cart's coupon and shipping), or 'empty'
   * when it never held a line; with `since`, whether that is later than the time the client last saw.
   */
  async lastUpdate(owner: RequestOwner, since: number | null): Promise<{ body: number | 'empty'; updated?: boolean }> {
    const cart = await this.cart(owner);
    await this.syncStock(owner);
    const lineChange = await this.replication.lastChange(CART, owner.owner);
    const body = lineChange === null ? 'empty' : Math.max(lineChange, cart.updatedAt);
    return since === null ? { body } : { body, updated: body !== 'empty' && body > since };
  }

  /**
   * isCartAlreadyOrdered (spec 2 §4, §7): whether an order placed from this cart reached the shop. Orders are the
   * owner's `orders` documents; the server alone sets `transmited`, so a client cannot claim one.
   */
  async alreadyOrdered(owner: RequestOwner): Promise<{ body: boolean; order_id?: string }> {
    await this.cart(owner);
    const orders = await this.replication.list('orders', owner.owner);
    // A refused order (result code 400/409/500) was transmitted too, but nothing was ordered.
    const placed = orders.find((order) => order.transmited === true && order.resultCode === 200);
    return placed ? { body: true, order_id: placed.id } : { body: false };
  }

  private write(): WriteStamp {
    return { id: serverWriteId(), at: this.now(), replica: SERVER_REPLICA };
  }

  private async removeLine(owner: RequestOwner, lineId: string): Promise<void> {
    await this.replication.writeServerSide(CART, owner.owner, lineId, async (copy) => {
      if (!copy || copy.deleted) return null;
      const removed = removeCartLine(asLine(copy.data), this.write());
      return { data: { ...removed }, deleted: isCartLineRemoved(removed) };
    });
  }

  private chosenShipping(cart: Cart): ShippingMethod | undefined {
    return cart.shippingMethod ? SHIPPING_METHODS.find((m) => m.carrier_code === cart.shippingMethod!.carrier_code && m.method_code === cart.shippingMethod!.method_code) : undefined;
  }

  private async lineByItemId(owner: RequestOwner, itemId: string): Promise<CartLineDoc | undefined> {
    return (await this.lines(owner)).find((line) => line.serverItemId === itemId);
  }

  private async lineById(owner: RequestOwner, id: string): Promise<CartLineDoc | undefined> {
    return (await this.lines(owner)).find((line) => line.id === id);
  }

  private lineForSku(lines: readonly CartLineDoc[], body: CartItemBody): CartLineDoc | undefined {
    if (!body.sku) return undefined;
    const sameSku = lines.filter((line) => line.sku === body.sku || line.parentSku === body.sku);
    if (sameSku.length <= 1 || !body.product_option) return sameSku[0];
    const wanted = cartItemFor({ ...this.optionsOf(body), sku: body.sku, type_id: 'simple', name: '', image: '', url_path: '' }, 1).checksum;
    return sameSku.find((line) => line.checksum === wanted) ?? sameSku[0];
  }

  private optionsOf(body: CartItemBody): Pick<AddToCartProduct, 'product_option' | 'custom_size' | 'custom_size_unit'> {
    const options: Pick<AddToCartProduct, 'product_option' | 'custom_size' | 'custom_size_unit'> = {};
    if (body.product_option) options.product_option = body.product_option;
    const size = body.extension_attributes?.custom_size;
    if (size !== undefined && size !== '') {
      options.custom_size = size;
      if (body.extension_attributes?.custom_size_unit) options.custom_size_unit = body.extension_attributes.custom_size_unit;
    }
    return options;
  }

  private async products(store: StoreCode, skus: readonly string[]): Promise<Map<string, Product>> {
    const found = await this.catalogue.productsBySkus(store, [...new Set(skus)], { withDescriptions: false });
    return new Map(found.map((product) => [product.sku, product]));
  }

  private async product(store: StoreCode, sku: string): Promise<Product | undefined> {
    return (await this.catalogue.productsBySkus(store, [sku], { withDescriptions: false }))[0];
  }

  /**
   * The product a cart item is for, with the options it was chosen with. A configurable product with its chosen
   * options becomes the matching child (the line is the child's, as the client makes it); a grouped product is added
   * as its members, one line each, so it cannot be a line itself.
   */
  private async productFor(sku: string, body: CartItemBody, existing: CartLineDoc | undefined, store: StoreCode): Promise<AddToCartProduct> {
    const product = await this.product(store, sku);
    if (!product || product.status >= 2) throw new DomainError('not_found', `There is no product with sku ${sku}`, { status: 404 });
    if (product.type_id === 'grouped') throw new DomainError('bad_request', `${sku} is a grouped product: add its products one by one`);
    let options: CartItemOptions = existing ? { ...(existing.product_option ? { product_option: existing.product_option } : {}), ...(existing.custom_size !== undefined ? { custom_size: existing.custom_size } : {}), ...(existing.custom_size_unit !== undefined ? { custom_size_unit: existing.custom_size_unit } : {}) } : this.optionsOf(body);
    if (product.type_id === 'configurable') {
      const variant = resolveVariantChoice(product, options.product_option?.extension_attributes.configurable_item_options);
      const childProduct = variant.ok ? await this.product(store, variant.child.sku) : undefined;
      if (!childProduct || childProduct.status >= 2) throw cartProblemToDomainError({ code: 'cart_product_error', message: NO_VARIANT_MESSAGE, severity: 'error', sku });
      if (!existing) options = sized(childProduct, options, sku);
      // The line shows the options it was chosen with, as a line added on the product page does.
      const labels = productLineOptions(product, options.product_option);
      return { ...childProduct, ...options, ...(labels.length ? { option_labels: labels } : {}) } as AddToCartProduct;
    }
    // A new line's size follows the product's (shared `checkCustomSize`): a ring without one, or a size on a product
    // that takes none, is refused with the message the product page shows; an existing line keeps the size it has.
    if (!existing) options = sized(product, options, sku);
    if (product.type_id === 'bundle') {
      // Every choice is checked against the catalogue's options (shared `resolveBundleChoice`), as the product page checks it.
      const choice = resolveBundleChoice(product.bundle_options ?? [], options.product_option?.extension_attributes.bundle_options);
      if (!choice.ok) throw cartProblemToDomainError({ ...choice.problem, sku });
      if (!options.product_option) return { ...product, ...options } as AddToCartProduct;
      const members = new Map((await this.catalogue.productsBySkus(store, lineMemberSkus(product), { withDescriptions: false })).map((member) => [member.sku, member.name]));
      const labels = productLineOptions(product, options.product_option, (memberSku) => members.get(memberSku));
      return { ...product, ...options, ...(labels.length ? { option_labels: labels } : {}) } as AddToCartProduct;
    }
    return { ...product, ...options } as AddToCartProduct;
  }

  private quoteItem(line: CartLineDoc, cart: Cart, product: Product | AddToCartProduct | undefined): QuoteItem {
    const full = product && 'price' in product ? (product as Product) : undefined;
    const item: QuoteItem = {
      item_id: line.serverItemId === undefined ? null : Number(line.serverItemId),
      sku: line.sku,
      qty: line.qty,
      name: product?.name ?? line.snapshot.value.name,
      price: full?.final_price ?? line.snapshot.value.price_incl_tax,
      price_incl_tax: full?.final_price_incl_tax ?? line.snapshot.value.price_incl_tax,
      product_type: line.type_id,
      quote_id: cart.token,
      checksum: line.checksum,
    };
    if (line.parentSku !== undefined) item.parentSku = line.parentSku;
    if (line.product_option) item.product_option = line.product_option;
    if (line.custom_size !== undefined) {
      item.extension_attributes = { custom_size: line.custom_size, ...(line.custom_size_unit !== undefined ? { custom_size_unit: line.custom_size_unit } : {}) };
    }
    return item;
  }
}

/** The line's options with its size checked and normalised, or the size problem as the cart's refusal. */
function sized(product: Pick<Product, 'custom_size_kind'>, options: CartItemOptions, sku: string): CartItemOptions {
  const check = checkCustomSize(product.custom_size_kind, options.custom_size, options.custom_size_unit);
  if (!check.ok) throw cartProblemToDomainError({ ...check.problem, sku });
  const { custom_size: _size, custom_size_unit: _unit, ...rest } = options;
  return check.size ? { ...rest, ...check.size } : rest;
}
