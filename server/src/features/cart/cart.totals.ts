/**
 * The server quote's totals: each line at the catalogue's current price in the shopper's market (the one price rule
 * of `shared/src/location/market.ts`: the country's currency and VAT, as the storefront shows), summed by the shared
 * cart totals rule (spec 1 §3, §9), less the coupon's discount. Every amount incl. tax is the amount the shopper is
 * shown (`shownAmount`: whole units), so the grand total charged is the one shown; the tax is the difference to the
 * amounts excl. tax. Pure: the caller brings the lines, the products, the rules and the market.
 */
import { marketAmount, marketPrices, roundMoney, shownAmount, type CurrencyCode, type Market, type MarketSettings, type Product } from '@shop/shared';
import {
  cartProblemToDomainError,
  cartTotals,
  DEFAULT_SHIPPING_METHOD,
  NO_VARIANT_MESSAGE,
  resolveLine,
  type BundlePiece,
  type CartLineDoc,
  type LineResolution,
  type ShippingMethod,
} from '@shop/shared/cart/index';
import type { Coupon } from './cart.repository.ts';

export interface TotalsItem {
  item_id: number | null;
  sku: string;
  name: string;
  qty: number;
  price: number;
  price_incl_tax: number;
  row_total: number;
  row_total_incl_tax: number;
  tax_amount: number;
  tax_percent: number;
  discount_amount: number;
  product_option?: CartLineDoc['product_option'];
}

export interface TotalSegment {
  code: 'subtotal' | 'shipping' | 'discount' | 'payment' | 'tax' | 'grand_total';
  title: string;
  value: number;
}

export interface QuoteTotals {
  grand_total: number;
  subtotal: number;
  subtotal_incl_tax: number;
  subtotal_with_discount: number;
  discount_amount: number;
  shipping_amount: number;
  shipping_incl_tax: number;
  shipping_tax_amount: number;
  payment_incl_tax: number;
  tax_amount: number;
  coupon_code: string | null;
  quote_currency_code: CurrencyCode;
  /** Units of the quote's currency per catalogue euro the amounts were converted at. */
  base_to_quote_rate: number;
  /** The country whose VAT the amounts carry. */
  tax_country: string;
  items_qty: number;
  items_count: number;
  items: TotalsItem[];
  total_segments: TotalSegment[];
}

export interface TotalsInput {
  lines: readonly CartLineDoc[];
  /** The catalogue product of a line's sku, when it still exists. */
  product: (sku: string) => Product | undefined;
  /** The shop's tax rules, exchange rates and tax country. */
  settings: MarketSettings;
  /** Where the shopper buys: the shipping address's country, else the visitor's. */
  market: Market;
  coupon: Coupon | null;
  /** In euros, as the shop sets it; converted to the market's currency here. */
  shipping?: ShippingMethod;
  /** In euros, as the shop sets it; converted to the market's currency here. */
  paymentCostInclTax?: number;
}

interface PricedLine {
  line: CartLineDoc;
  item: TotalsItem;
}

/** A product's unit prices excl. and incl. tax in the market, taxed at its own class (what the storefront shows). */
function catalogueUnitPrice(product: Product, input: TotalsInput): { price: number; priceInclTax: number; rate: number } {
  const prices = marketPrices(product, input.market, input.settings);
  return { price: prices.final_price, priceInclTax: prices.final_price_incl_tax, rate: prices.tax_rate };
}

/**
 * A bundle line at its checked pieces (`resolveLine`: each chosen link at the quantity the catalogue fixes for it; no
 * choice is the bundle as listed, spec 1 §4). Each member is taxed at its own class; the line's rate is the effective
 * one. Null when a member is not in the catalogue (placing refuses it as not available).
 */
function bundlePiecesPrice(pieces: readonly BundlePiece[], input: TotalsInput): { price: number; priceInclTax: number; rate: number } | null {
  let price = 0;
  let priceInclTax = 0;
  for (const piece of pieces) {
    const member = input.product(piece.sku);
    if (!member) return null;
    const unit = catalogueUnitPrice(member, input);
    price = roundMoney(price + unit.price * piece.qty);
    priceInclTax = roundMoney(priceInclTax + unit.priceInclTax * piece.qty);
  }
  return { price, priceInclTax, rate: price > 0 ? roundMoney(((priceInclTax - price) / price) * 100) : 0 };
}

/**
 * What a line takes and is priced by, checked against the catalogue (shared `resolveLine`); a choice the catalogue
 * does not offer (a bundle option, link or quantity it does not have, a required option left out, a variant that
 * does not exist) is refused with its message, never priced without it.
 */
export function resolveTotalsLine(line: Pick<CartLineDoc, 'sku' | 'product_option'>, product: Product): LineResolution & { ok: true } {
  const resolution = resolveLine(product, line.product_option);
  if (!resolution.ok) throw cartProblemToDomainError({ ...resolution.problem, sku: line.sku });
  return resolution;
}

/** The shop's shipping method (set in euros) in the market's currency: both its amounts converted at the rate. */
function marketShipping(method: ShippingMethod, market: Market): ShippingMethod {
  if (market.currency === 'EUR') return method;
  return { ...method, amount: marketAmount(method.amount, market), price_incl_tax: marketAmount(method.price_incl_tax, market) };
}

function priceLine(line: CartLineDoc, input: TotalsInput): PricedLine {
  const product = input.product(line.sku);
  let price: number;
  let priceInclTax: number;
  let rate = 0;
  const resolution = product ? resolveTotalsLine(line, product) : null;
  const variant = resolution?.variantSku !== undefined ? input.product(resolution.variantSku) : undefined;
  const chosenBundle = resolution?.bundle ? bundlePiecesPrice(resolution.bundle, input) : null;
  if (resolution?.kind === 'variant' && !variant) throw cartProblemToDomainError({ code: 'cart_product_error', message: NO_VARIANT_MESSAGE, severity: 'error', sku: line.sku });
  if (chosenBundle) {
    ({ price, priceInclTax, rate } = chosenBundle);
  } else if (product) {
    // A configurable parent is priced as the variant chosen (its own price and tax class), never as the parent.
    ({ price, priceInclTax, rate } = catalogueUnitPrice(variant ?? product, input));
  } else {
    // A product gone from the catalogue keeps the catalogue price the line was added at; its tax is unknown here.
    price = priceInclTax = marketAmount(line.snapshot.value.price_incl_tax, input.market);
  }
  // The unit price as the shopper sees it is the one charged.
  priceInclTax = shownAmount(priceInclTax);
  const rowTotal = roundMoney(price * line.qty);
  const rowTotalInclTax = roundMoney(priceInclTax * line.qty);
  const item: TotalsItem = {
    item_id: line.serverItemId === undefined ? null : Number(line.serverItemId),
    sku: line.sku,
    name: product?.name ?? line.snapshot.value.name,
    qty: line.qty,
    price,
    price_incl_tax: priceInclTax,
    row_total: rowTotal,
    row_total_incl_tax: rowTotalInclTax,
    tax_amount: roundMoney(rowTotalInclTax - rowTotal),
    tax_percent: rate,
    discount_amount: 0,
  };
  if (line.product_option) item.product_option = line.product_option;
  return { line, item };
}

/** The coupon's discount incl. tax (a shown, whole amount) and its share excl. tax, at most the items' total. */
function discountOf(coupon: Coupon | null, subtotal: number, subtotalInclTax: number, market: Market): { inclTax: number; exclTax: number } {
  if (!coupon || subtotalInclTax <= 0) return { inclTax: 0, exclTax: 0 };
  if (coupon.kind === 'percent') {
    const percent = Math.min(100, Math.max(0, coupon.amount));
    const inclTax = Math.min(subtotalInclTax, shownAmount((subtotalInclTax * percent) / 100));
    return { inclTax, exclTax: roundMoney((inclTax * subtotal) / subtotalInclTax) };
  }
  // A fixed coupon is worth its euro amount in the market's currency.
  const inclTax = Math.min(subtotalInclTax, shownAmount(marketAmount(Math.max(0, coupon.amount), market)));
  return { inclTax, exclTax: roundMoney((inclTax * subtotal) / subtotalInclTax) };
}

export function quoteTotals(input: TotalsInput): QuoteTotals {
  const priced = input.lines.filter((line) => line.qty > 0).map((line) => priceLine(line, input));
  const inclTaxByLine = new Map(priced.map(({ line, item }) => [line, item.price_incl_tax]));
  const shipping = marketShipping(input.shipping ?? DEFAULT_SHIPPING_METHOD, input.market);
  const base = cartTotals(
    priced.map(({ line }) => line),
    { shipping, paymentCostInclTax: input.paymentCostInclTax === undefined ? undefined : marketAmount(input.paymentCostInclTax, input.market), priceOf: (line) => inclTaxByLine.get(line) },
  );
  const subtotal = priced.reduce((sum, { item }) => roundMoney(sum + item.row_total), 0);
  const itemsTax = priced.reduce((sum, { item }) => roundMoney(sum + item.tax_amount), 0);
  const discount = discountOf(input.coupon, subtotal, base.subtotal_incl_tax, input.market);
  if (discount.inclTax > 0) {
    // Spread over the lines by their share, so each line's discount and the total agree.
    let left = discount.inclTax;
    priced.forEach(({ item }, index) => {
      const share = index === priced.length - 1 ? left : roundMoney((discount.inclTax * item.row_total_incl_tax) / base.subtotal_incl_tax);
      item.discount_amount = share;
      left = roundMoney(left - share);
    });
  }
  const shippingAmount = base.shipping_incl_tax > 0 ? shipping.amount : 0;
  const taxAmount = roundMoney(itemsTax - (discount.inclTax - discount.exclTax) + base.shipping_tax);
  const grandTotal = roundMoney(base.grand_total - discount.inclTax);

  const segments: TotalSegment[] = [{ code: 'subtotal', title: 'Subtotal', value: base.subtotal_incl_tax }];
  if (base.shipping_incl_tax > 0) segments.push({ code: 'shipping', title: `Shipping & Handling (${shipping.method_title})`, value: base.shipping_incl_tax });
  if (discount.inclTax > 0) segments.push({ code: 'discount', title: `Discount (${input.coupon!.code})`, value: -discount.inclTax });
  if (base.payment_incl_tax > 0) segments.push({ code: 'payment', title: 'Payment', value: base.payment_incl_tax });
  segments.push({ code: 'tax', title: 'Tax', value: taxAmount }, { code: 'grand_total', title: 'Grand Total', value: grandTotal });

  return {
    grand_total: grandTotal,
    subtotal,
    subtotal_incl_tax: base.subtotal_incl_tax,
    subtotal_with_discount: roundMoney(subtotal - discount.exclTax),
    discount_amount: discount.inclTax > 0 ? -discount.inclTax : 0,
    shipping_amount: shippingAmount,
    shipping_incl_tax: base.shipping_incl_tax,
    shipping_tax_amount: base.shipping_tax,
    payment_incl_tax: base.payment_incl_tax,
    tax_amount: taxAmount,
    coupon_code: input.coupon?.code ?? null,
    quote_currency_code: input.market.currency,
    base_to_quote_rate: input.market.rate,
    tax_country: input.market.country,
    items_qty: base.items_qty,
    items_count: base.items_count,
    items: priced.map(({ item }) => item),
    total_segments: segments,
  };
}
