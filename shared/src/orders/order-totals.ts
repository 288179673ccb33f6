/**
 * The totals an order is placed with. The server prices every line from the catalogue with the cart's rules and
 * never takes the client's numbers; these helpers compare the client's totals with the recomputed ones (a mismatch is
 * logged, never trusted) and express an amount in minor units for payment providers.
 */
import { roundMoney } from '../money/money.ts';

export interface OrderTotals {
  subtotal: number;
  subtotal_incl_tax: number;
  discount_amount: number;
  shipping_incl_tax: number;
  payment_incl_tax: number;
  tax_amount: number;
  grand_total: number;
  currency: string;
  /** Units of `currency` per catalogue euro the order was converted at (1 for EUR); kept when rates change later. */
  currency_rate?: number;
  /** The country whose VAT the order carries (its shipping country). */
  tax_country?: string;
}

export interface PricedOrderItem {
  sku: string;
  name: string;
  qty: number;
  price: number;
  price_incl_tax: number;
  row_total_incl_tax: number;
  tax_percent: number;
}

/** Cents of an amount (2-decimal currencies: EUR, USD, GBP, SEK, DKK). */
export function toMinorUnits(amount: number): number {
  return Math.round(roundMoney(amount) * 100);
}

/** Whether the client's totals differ from the recomputed ones by more than rounding. */
export function clientTotalsDiffer(client: { subtotal_incl_tax: number; shipping_incl_tax: number; grand_total: number }, server: Pick<OrderTotals, 'subtotal_incl_tax' | 'shipping_incl_tax' | 'grand_total'>): boolean {
  return (
    toMinorUnits(client.subtotal_incl_tax) !== toMinorUnits(server.subtotal_incl_tax) ||
    toMinorUnits(client.shipping_incl_tax) !== toMinorUnits(server.shipping_incl_tax) ||
    toMinorUnits(client.grand_total) !== toMinorUnits(server.grand_total)
  );
}

/** An order needs an online payment when its method is the payment service's and there is something to pay. */
export function paymentRequired(isServerMethod: boolean, grandTotal: number): boolean {
  return isServerMethod && toMinorUnits(grandTotal) > 0;
}

/** The order number: the store's sequence, nine digits (000000001). */
export function formatIncrementId(sequence: number, prefix = ''): string {
  return `${prefix}${String(sequence).padStart(9, '0')}`;
}
