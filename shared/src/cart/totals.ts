import { roundMoney, shownAmount } from '../money/money.ts';
import type { CartLineDoc } from './cart.schema.ts';

/** A shipping method (spec 1 §3): `amount` excludes tax, `price_incl_tax` includes it. */
export interface ShippingMethod {
  method_title: string;
  method_code: string;
  carrier_code: string;
  amount: number;
  price_incl_tax: number;
  default: boolean;
  offline: boolean;
}

/** The one default method of spec 1 §9: 'DPD Courier', flat rate, amount 4, price incl. tax 5. */
export const DEFAULT_SHIPPING_METHOD: ShippingMethod = Object.freeze({
  method_title: 'DPD Courier',
  method_code: 'flatrate',
  carrier_code: 'flatrate',
  amount: 4,
  price_incl_tax: 5,
  default: true,
  offline: true,
});

export interface CartTotals {
  subtotal_incl_tax: number;
  shipping_incl_tax: number;
  shipping_tax: number;
  payment_incl_tax: number;
  grand_total: number;
  /** Lines shown and the sum of their quantities: the minicart counts one or the other (spec 1 §9). */
  items_count: number;
  items_qty: number;
}

export interface CartTotalsOptions {
  shipping?: ShippingMethod | undefined;
  /** The chosen payment method's `cost_incl_tax` (spec 1 §3), 0 when none. */
  paymentCostInclTax?: number | undefined;
  /** The current price incl. tax of a line, when the catalogue knows a fresher one than the line's snapshot. */
  priceOf?: ((line: CartLineDoc) => number | undefined) | undefined;
}

type TotalsLine = Pick<CartLineDoc, 'qty' | 'snapshot'> & Partial<CartLineDoc>;

/** A line's total as shown and charged: its unit price as shown (a whole amount, `shownAmount`) times the quantity. */
export function shownLineTotal(unitPriceInclTax: number, qty: number): number {
  return roundMoney(shownAmount(unitPriceInclTax) * qty);
}

/**
 * The cart totals (spec 1 §3 "Totals list"): the subtotal of the lines shown (quantity above 0); shipping and payment
 * cost only when the cart holds something. Every amount is taken as it is shown (`shownAmount`: a unit price, the
 * shipping, the payment cost), so each total is the sum of the amounts the shopper sees and the grand total is what
 * the order charges, to the cent.
 */
export function cartTotals(lines: readonly TotalsLine[], options: CartTotalsOptions = {}): CartTotals {
  const shown = lines.filter((line) => line.qty > 0);
  let subtotal = 0;
  let qty = 0;
  for (const line of shown) {
    const price = options.priceOf?.(line as CartLineDoc) ?? line.snapshot.value.price_incl_tax;
    subtotal = roundMoney(subtotal + shownLineTotal(price, line.qty));
    qty += line.qty;
  }
  const shipping = shown.length > 0 ? (options.shipping ?? DEFAULT_SHIPPING_METHOD) : undefined;
  const shippingInclTax = shipping ? shownAmount(shipping.price_incl_tax) : 0;
  const payment = shown.length > 0 ? shownAmount(options.paymentCostInclTax ?? 0) : 0;
  return {
    subtotal_incl_tax: subtotal,
    shipping_incl_tax: shippingInclTax,
    shipping_tax: shipping ? roundMoney(shippingInclTax - shipping.amount) : 0,
    payment_incl_tax: payment,
    grand_total: roundMoney(subtotal + shippingInclTax + payment),
    items_count: shown.length,
    items_qty: qty,
  };
}

/** The minicart number: lines or total quantity, per configuration (spec 1 §9). */
export function cartCount(lines: readonly Pick<CartLineDoc, 'qty'>[], mode: 'items' | 'qty'): number {
  const shown = lines.filter((line) => line.qty > 0);
  return mode === 'items' ? shown.length : shown.reduce((sum, line) => sum + line.qty, 0);
}
