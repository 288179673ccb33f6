import { CART_MESSAGES, cartMessage, type CartProblem, type CartProblemCode } from './cart-errors.ts';

/**
 * The quantity and option rules of spec 2 §5, pure, with the problem codes both sides translate: the server's cart
 * calls refuse with them, and the quantity fields (product page, minicart) and the bundle options show them as the
 * shopper types or chooses.
 */

/** The most one line may hold: a quantity field says "Quantity must be below 10000" above it. */
export const MAX_LINE_QTY = 9999;

/** What the shop knows of the stock behind a quantity: managed stock without backorders caps it. */
export interface QtyStock {
  qty: number;
  manage_stock: boolean;
  backorders?: boolean | undefined;
}

export interface QtyLimits {
  /** The product's stock, when known (the product page has it; unknown stock caps nothing). */
  stock?: QtyStock | null | undefined;
  /** How many of the product the cart holds already (a new add comes on top of them). */
  inCart?: number | undefined;
}

export type QtyRuleCheck = { ok: true; qty: number } | { ok: false; problem: CartProblem };

function problem(code: CartProblemCode, message: string, values?: Record<string, number>): { ok: false; problem: CartProblem } {
  return { ok: false, problem: { code, message: cartMessage(message, values), severity: 'error', ...(values ? { values } : {}) } };
}

/** How many more the stock allows; null when the stock does not cap the quantity. */
export function availableQty(stock: QtyStock | null | undefined): number | null {
  if (!stock || !stock.manage_stock || stock.backorders === true) return null;
  return Math.max(0, Math.floor(stock.qty));
}

/**
 * A quantity as typed or sent: a whole number above 0 ("Quantity must be positive integer", "Negative quantity not
 * allowed", "Quantity must be above 0"), below 10000 ("Quantity must be below 10000"), and within the stock when it
 * caps it: more than the stock holds is "Only {maxQuantity} products of this type are available"; within the stock
 * but more than is left beside what the cart holds is "Quantity can't be more than {quantity}".
 */
export function checkQuantity(input: unknown, limits: QtyLimits = {}): QtyRuleCheck {
  const value = typeof input === 'number' ? input : typeof input === 'string' && input.trim() !== '' ? Number(input.trim()) : Number.NaN;
  if (value < 0) return problem('cart_qty_negative', CART_MESSAGES.qtyNegative);
  if (value === 0) return problem('cart_qty_not_above_zero', CART_MESSAGES.qtyNotAboveZero);
  if (!Number.isSafeInteger(value)) return problem('cart_qty_not_integer', CART_MESSAGES.qtyNotInteger);
  if (value > MAX_LINE_QTY) return problem('cart_qty_too_large', CART_MESSAGES.qtyTooLarge, { quantity: MAX_LINE_QTY + 1 });
  const available = availableQty(limits.stock);
  if (available !== null) {
    if (value > available) return problem('cart_qty_only_available', CART_MESSAGES.qtyOnlyAvailable, { maxQuantity: available });
    const left = available - Math.max(0, limits.inCart ?? 0);
    if (value > left) return problem('cart_qty_not_more_than', CART_MESSAGES.qtyNotMoreThan, { quantity: Math.max(0, left) });
  }
  return { ok: true, qty: value };
}

/** A bundle option as the rule reads it: whether it needs a choice. */
export interface BundleOptionRule {
  option_id: number;
  required: boolean;
}

/**
 * Every required bundle option has a piece chosen ("Please configure product bundle options (or custom options) and
 * fix the validation errors"). An option named with no piece counts as not chosen.
 */
export function checkBundleChoice(options: readonly BundleOptionRule[], chosen: ReadonlyArray<{ option_id: number; option_selections: readonly number[] }>): CartProblem | null {
  const missing = options.some((option) => option.required && !chosen.some((c) => c.option_id === option.option_id && c.option_selections.length > 0));
  return missing ? { code: 'cart_bundle_options', message: CART_MESSAGES.bundleOptions, severity: 'error' } : null;
}
