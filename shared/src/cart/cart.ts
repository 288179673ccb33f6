import type { ProductType } from '../catalogue/product-attributes.ts';
import type { StockStatus } from '../stock/stock.schema.ts';
import type { WriteStamp } from '../sync/document.schema.ts';
import { lww, mergeLww } from '../sync/merge.ts';
import { CART_MESSAGES, type CartProblem } from './cart-errors.ts';
import { addToLineOp, applyCartOp, cartLineQty, removeOp, setQtyOp } from './cart-line.ts';
import { checkQuantity } from './quantity.ts';
import type { CartLineDoc, CartLineSnapshot, ProductOption } from './cart.schema.ts';
import type { LineOption } from './line-options.ts';
import { cartItemChecksum, cartLineId, type CartItemOptions } from './checksum.ts';

/** What "add to cart" needs of a product; a catalogue `Product` fits, plus the options the shopper chose. */
export interface AddToCartProduct extends CartItemOptions {
  sku: string;
  type_id: ProductType;
  name: string;
  image: string;
  url_path: string;
  /** The regular price incl. tax: the spec's "price unknown" rule reads it. */
  price_incl_tax?: number | null | undefined;
  /** What the shopper pays (a special price when one applies); the line shows it, else `price_incl_tax`. */
  final_price_incl_tax?: number | null | undefined;
  parentSku?: string | undefined;
  /** Errors the product reports (e.g. `{ variants: 'No available product variants' }`). */
  errors?: Readonly<Record<string, string | null | undefined>> | readonly string[] | null | undefined;
  product_links?: ReadonlyArray<{ link_type?: string; linked_product_sku: string; qty: number }> | undefined;
  /** The chosen options with their labels (line-options.ts), kept in the line's snapshot. */
  option_labels?: readonly LineOption[] | undefined;
}

/** One line to add, validated: the options are fixed, the quantity is a whole number above 0. */
export interface CartItemToAdd extends CartItemOptions {
  id: string;
  sku: string;
  checksum: string;
  type_id: ProductType;
  parentSku?: string;
  snapshot: CartLineSnapshot;
  qty: number;
}

export type QtyCheck = { ok: true; qty: number } | { ok: false; problem: CartProblem };

/**
 * A quantity as typed or sent (spec 1 §5): missing means 1, text is converted to a number, and it must then be a
 * whole number above 0 and below 10000 (the messages of spec 2 §5, quantity.ts).
 */
export function normaliseCartQty(qty: unknown): QtyCheck {
  if (qty === undefined || qty === null || (typeof qty === 'string' && qty.trim() === '')) return { ok: true, qty: 1 };
  return checkQuantity(qty);
}

export interface AddToCartRules {
  /** Zero-price products may be added in this shop (spec 1 §5); a shop that forbids them sets this to false. */
  allowZeroPrice?: boolean;
}

export type AddToCartCheck = { ok: true; qty: number } | { ok: false; problems: CartProblem[] };

/** Spec 1 §5: a price incl. tax below 0 (or 0 where zero-price products are not allowed), or none, is unknown. */
export function isPriceKnown(price: unknown, rules: AddToCartRules = {}): boolean {
  const allowZero = rules.allowZeroPrice ?? true;
  return typeof price === 'number' && Number.isFinite(price) && price >= 0 && (allowZero || price !== 0);
}

/** The add-to-cart rules of spec 1 §5 for one product: price known, no product errors, a valid quantity. */
export function validateAddToCart(product: AddToCartProduct, qty: unknown, rules: AddToCartRules = {}): AddToCartCheck {
  const problems: CartProblem[] = [];
  if (!isPriceKnown(product.price_incl_tax, rules)) {
    problems.push({ code: 'cart_price_unknown', message: CART_MESSAGES.priceUnknown, severity: 'error', sku: product.sku });
  }
  const reported = Array.isArray(product.errors) ? product.errors : Object.values(product.errors ?? {});
  for (const message of reported) {
    if (typeof message === 'string' && message.trim() !== '') problems.push({ code: 'cart_product_error', message, severity: 'error', sku: product.sku });
  }
  const checked = normaliseCartQty(qty);
  if (!checked.ok) problems.push({ ...checked.problem, sku: product.sku });
  return problems.length === 0 && checked.ok ? { ok: true, qty: checked.qty } : { ok: false, problems };
}

function withOptions(target: CartItemOptions, source: CartItemOptions): void {
  if (source.product_option !== undefined) target.product_option = source.product_option;
  if (source.custom_size !== undefined) {
    target.custom_size = source.custom_size;
    if (source.custom_size_unit !== undefined) target.custom_size_unit = source.custom_size_unit;
  }
}

/** The line a validated product makes: id and checksum from its sku and options, the display snapshot, the qty. */
export function cartItemFor(product: AddToCartProduct, qty: number): CartItemToAdd {
  const checksum = cartItemChecksum(product);
  const price = product.final_price_incl_tax ?? product.price_incl_tax ?? 0;
  const item: CartItemToAdd = {
    id: cartLineId(product.sku, checksum),
    sku: product.sku,
    checksum,
    type_id: product.type_id,
    snapshot: {
      name: product.name,
      price_incl_tax: price,
      image: product.image,
      url_path: product.url_path,
      ...(product.option_labels?.length ? { options: product.option_labels.map((option) => ({ ...option })) } : {}),
    },
    qty,
  };
  if (product.parentSku !== undefined) item.parentSku = product.parentSku;
  withOptions(item, product);
  return item;
}

export interface AddToCartRequest extends AddToCartRules {
  /** A grouped product's members, looked up by sku. */
  member?: (sku: string) => AddToCartProduct | undefined;
  /** For a grouped product: the quantity the shopper chose per member; a member without one takes its link's qty. */
  qtyBySku?: Readonly<Record<string, unknown>>;
}

export interface AddToCartPlan {
  items: CartItemToAdd[];
  /** Errors (the item is skipped) to show as notifications. */
  problems: CartProblem[];
  /** Members of a grouped product that were not found: logged as 'Product not found', not shown. */
  missing: string[];
}

/**
 * Validates what the shopper adds and turns it into lines (spec 1 §4, §5): a grouped product expands into its
 * associated products, each its own line, leaving out those with a quantity of 0; every other product is one line.
 * Invalid items (a negative or broken quantity too) are skipped with their problems.
 */
export function planAddToCart(product: AddToCartProduct, qty: unknown, request: AddToCartRequest = {}): AddToCartPlan {
  const plan: AddToCartPlan = { items: [], problems: [], missing: [] };
  const add = (candidate: AddToCartProduct, candidateQty: unknown) => {
    const check = validateAddToCart(candidate, candidateQty, request);
    if (check.ok) plan.items.push(cartItemFor(candidate, check.qty));
    else plan.problems.push(...check.problems);
  };
  if (product.type_id !== 'grouped') {
    add(product, qty);
    return plan;
  }
  for (const link of product.product_links ?? []) {
    if (link.link_type !== undefined && link.link_type !== 'associated') continue;
    const chosen = request.qtyBySku?.[link.linked_product_sku];
    const memberQty = chosen === undefined || chosen === null || chosen === '' ? link.qty : chosen;
    // 0 leaves a piece out of the set; any other quantity that is not a whole number above 0 is refused with its
    // message (a negative one is never dropped in silence).
    const numeric = typeof memberQty === 'string' ? Number(memberQty.trim()) : memberQty;
    if (numeric === 0) continue;
    const member = request.member?.(link.linked_product_sku);
    if (!member) plan.missing.push(link.linked_product_sku);
    else add(member, memberQty);
  }
  return plan;
}

export interface StockCheckOutcome {
  /** Out of stock: the item is not added. */
  blocked: boolean;
  problems: CartProblem[];
}

/**
 * What a stock check means for adding (spec 1 §4 "Adding an item", §8): out of stock blocks with an error; volatile
 * stock adds for pre-reservation with a warning, reported as "unsafe quantity" when the shop does not allow
 * out-of-stock carts (the spec gives that notice no wording of its own, so it carries the volatile text).
 */
export function stockCheckOutcome(status: StockStatus, rules: { allowOutOfStockInCart?: boolean } = {}): StockCheckOutcome {
  if (status === 'out_of_stock') {
    return { blocked: true, problems: [{ code: 'cart_out_of_stock', message: CART_MESSAGES.outOfStock, severity: 'error' }] };
  }
  if (status === 'volatile') {
    const code = (rules.allowOutOfStockInCart ?? true) ? 'cart_stock_volatile' : 'cart_unsafe_quantity';
    return { blocked: false, problems: [{ code, message: CART_MESSAGES.volatile, severity: 'warning' }] };
  }
  return { blocked: false, problems: [] };
}

/** A new line holding one `add` of the item. `updatedAt` is 0 until the server stamps it. */
export function createCartLine(item: CartItemToAdd, write: WriteStamp): CartLineDoc {
  const ops = [addToLineOp(item.qty, write)];
  const line: CartLineDoc = {
    id: item.id,
    updatedAt: 0,
    writeId: write.id,
    sku: item.sku,
    checksum: item.checksum,
    type_id: item.type_id,
    snapshot: lww(item.snapshot, write),
    ops,
    qty: cartLineQty(ops),
  };
  if (item.parentSku !== undefined) line.parentSku = item.parentSku;
  withOptions(line, item);
  return line;
}

/**
 * "Add to cart" on the line that matches the item (see `findCartLine`), or a new line: an increment that adds up
 * with adds made elsewhere, and a fresher display snapshot.
 */
export function addToCart(line: CartLineDoc | undefined, item: CartItemToAdd, write: WriteStamp): CartLineDoc {
  if (!line) return createCartLine(item, write);
  return { ...applyCartOp(line, addToLineOp(item.qty, write)), snapshot: mergeLww(line.snapshot, lww(item.snapshot, write)) };
}

/** "Set quantity": the last writer wins; 0 keeps the line but hides it. */
export function setCartLineQty(line: CartLineDoc, qty: number, write: WriteStamp): CartLineDoc {
  return applyCartOp(line, setQtyOp(qty, write));
}

/** Removes the line (a tombstone op); see `isCartLineRemoved` for when it may be deleted. */
export function removeCartLine(line: CartLineDoc, write: WriteStamp): CartLineDoc {
  return applyCartOp(line, removeOp(write));
}

/** What matching looks at: a cart line or an item about to be added. */
export interface CartItemRef extends CartItemOptions {
  sku: string;
  checksum: string;
  id?: string | undefined;
  serverItemId?: string | undefined;
}

function hasOptionList(option: ProductOption | undefined, key: keyof ProductOption['extension_attributes']): boolean {
  return (option?.extension_attributes[key]?.length ?? 0) > 0;
}

/** Bundle options, custom options or a custom size: the lines of one sku differ by them. */
export function hasBundleOrCustomOptions(item: CartItemOptions): boolean {
  return hasOptionList(item.product_option, 'bundle_options') || hasOptionList(item.product_option, 'custom_options') || item.custom_size !== undefined;
}

export function hasConfigurableOptions(item: CartItemOptions): boolean {
  return hasOptionList(item.product_option, 'configurable_item_options');
}

/**
 * Whether two cart items are the same line (spec 1 §4 "Cart item matching"): items with bundle or custom options
 * match by server item id or checksum; items with configurable options by sku; other items by id or sku. A custom
 * size counts as a custom option. The checksum covers only the options, so it is compared within one sku.
 */
export function cartItemsMatch(a: CartItemRef, b: CartItemRef): boolean {
  if (hasBundleOrCustomOptions(a) || hasBundleOrCustomOptions(b)) {
    const sameServerItem = a.serverItemId !== undefined && a.serverItemId === b.serverItemId;
    return sameServerItem || (a.sku === b.sku && a.checksum === b.checksum);
  }
  if (hasConfigurableOptions(a) || hasConfigurableOptions(b)) return a.sku === b.sku;
  return (a.id !== undefined && a.id === b.id) || a.sku === b.sku;
}

/** The line an item belongs to, if the cart has one. */
export function findCartLine<Line extends CartItemRef>(lines: readonly Line[], item: CartItemRef): Line | undefined {
  return lines.find((line) => cartItemsMatch(line, item));
}
