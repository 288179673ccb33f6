import { CART_PROBLEM_CODES, DomainError } from '../errors.ts';

/**
 * The codes are listed with the shop's other error codes (`shared/src/errors.ts`). The code is what the client
 * translates (`errors.<code>`); the message is the spec's English text, the fallback.
 */
export { CART_PROBLEM_CODES };
export type CartProblemCode = (typeof CART_PROBLEM_CODES)[number];

export const CART_MESSAGES = {
  priceUnknown: 'Product price is unknown, product cannot be added to the cart!',
  qtyNotAboveZero: 'Quantity must be above 0',
  qtyNotInteger: 'Quantity must be positive integer',
  outOfStock: 'The product is out of stock and cannot be added to the cart!',
  volatile: 'The system is not sure about the stock quantity (volatile). Product has been added to the cart for pre-reservation.',
  added: 'Product has been added to the cart!',
  qtyUpdated: 'Product quantity has been updated!',
  productNotFound: 'Product not found',
  // Spec 2 §5 field messages; `{quantity}` and `{maxQuantity}` are filled in (cartMessage).
  qtyNegative: 'Negative quantity not allowed',
  qtyTooLarge: 'Quantity must be below {quantity}',
  qtyNotMoreThan: "Quantity can't be more than {quantity}",
  qtyOnlyAvailable: 'Only {maxQuantity} products of this type are available',
  bundleOptions: 'Please configure product bundle options (or custom options) and fix the validation errors',
  /** Spec 2 §5's wording, beside the product's disabled button (the notification keeps spec 1's `priceUnknown`). */
  priceUnknownField: 'Product price is unknown so it cannot be added to the cart',
  /** Spec 2 §8: the item notes of a stock sync. */
  lineOutOfStock: 'Out of the stock!',
  lineInStock: 'In stock!',
  /** Spec 2 §5; the other size messages are the shop's own (custom-size.ts). */
  sizeMissing: 'Please fill your size',
  sizeUnit: 'Please choose the unit of your size: mm or inch',
  sizeNotNumber: 'Please enter your size as a number',
  sizeDecimals: 'Please give your size with at most {decimals} decimals',
  sizeRangeMm: 'Your size must be between {min} and {max} mm',
  sizeRangeInch: 'Your size must be between {min} and {max} inch',
  sizeNotTaken: 'This product does not take a size',
} as const;

/** A message with its `{name}` placeholders filled in. */
export function cartMessage(message: string, values: Readonly<Record<string, number>> = {}): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
}

export interface CartProblem {
  code: CartProblemCode;
  message: string;
  /** An error skips the item; a warning is shown and the item is added. */
  severity: 'error' | 'warning';
  sku?: string;
  /** The numbers a message names ("Quantity must be below {quantity}"), for its translation. */
  values?: Record<string, number>;
}

/** A blocking problem as the shared `DomainError` the server answers with; its code is the cart problem's code. */
export function cartProblemToDomainError(problem: CartProblem): DomainError {
  return new DomainError(problem.code, problem.message, { status: 400, details: { sku: problem.sku, ...(problem.values ? { values: problem.values } : {}) } });
}
