/**
 * The server quote's totals: each line at the catalogue's current price, taxed for the shipping country with the
 * shared tax rules, summed by the shared cart totals rule (spec 1 §3, §9), less the coupon's discount. Every amount
 * incl. tax is the amount the shopper is shown (`shownAmount`: whole units), so the grand total charged is the one
 * shown; the tax is the difference to the amounts excl. tax. Pure: the caller brings the lines, the products, the
 * rules and the country.
 */
import { pricesFromAmounts, roundMoney, shownAmount, taxRateFor, type Product, type TaxRule } from '@shop/shared';
import { cartTotals, DEFAULT_SHIPPING_METHOD, type CartLineDoc, type ShippingMethod } from '@shop/shared/cart/index';
import type { Coupon } from './cart.repository.ts';

export const QUOTE_CURRENCY = 'EUR';

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
  quote_currency_code: string;
  items_qty: number;
  items_count: number;
  items: TotalsItem[];
  total_segments: TotalSegment[];
}

export interface TotalsInput {
  lines: readonly CartLineDoc[];
  /** The catalogue product of a line's sku, when it still exists. */
  product: (sku: string) => Product | undefined;
  taxRules: readonly TaxRule[];
  /** The country whose tax applies: the shipping address's, else the shop's tax country. */
  countryId: string;
  coupon: Coupon | null;
  shipping?: ShippingMethod;
  paymentCostInclTax?: number;
}

interface PricedLine {
  line: CartLineDoc;
  item: TotalsItem;
}

/**
 * A bundle line at the shopper's choice (spec 1 §4 prices a bundle at each option's default link, else its first,
 * times its qty): an option the line names is priced at its chosen links and quantity, the others by that rule. Each
 * member is taxed at its own class; the line's rate is the effective one. Null when a member is not in the catalogue.
 */
function bundleChoicePrice(product: Product, line: CartLineDoc, input: TotalsInput): { price: number; priceInclTax: number; rate: number } | null {
  const chosen = line.product_option?.extension_attributes.bundle_options ?? [];
  let price = 0;
  let priceInclTax = 0;
  for (const option of product.bundle_options ?? []) {
    const choice = chosen.find((c) => c.option_id === option.option_id);
    const picked = choice?.option_selections.length
      ? option.product_links.filter((link) => choice.option_selections.includes(link.id))
      : [option.product_links.find((link) => link.is_default) ?? option.product_links[0]].filter((link) => link !== undefined);
    for (const link of picked) {
      const member = input.product(link.sku);
      if (!member) return null;
      const memberRate = taxRateFor(input.taxRules, { productTaxClassId: member.tax_class_id, countryId: input.countryId })?.rate ?? 0;
      const prices = pricesFromAmounts(member.price, member.special_price, memberRate);
      const qty = choice && choice.option_qty > 0 ? choice.option_qty : link.qty;
      price = roundMoney(price + prices.final_price * qty);
      priceInclTax = roundMoney(priceInclTax + prices.final_price_incl_tax * qty);
    }
  }
  if (price === 0 && priceInclTax === 0) return null;
  return { price, priceInclTax, rate: price > 0 ? roundMoney(((priceInclTax - price) / price) * 100) : 0 };
}

function priceLine(line: CartLineDoc, input: TotalsInput): PricedLine {
  const product = input.product(line.sku);
  let price: number;
  let priceInclTax: number;
  let rate = 0;
  const chosenBundle = product?.type_id === 'bundle' ? bundleChoicePrice(product, line, input) : null;
  if (chosenBundle) {
    ({ price, priceInclTax, rate } = chosenBundle);
  } else if (product) {
    rate = taxRateFor(input.taxRules, { productTaxClassId: product.tax_class_id, countryId: input.countryId })?.rate ?? 0;
    const prices = pricesFromAmounts(product.price, product.special_price, rate);
    price = prices.final_price;
    priceInclTax = prices.final_price_incl_tax;
  } else {
    // A product gone from the catalogue keeps the price the shopper saw; its tax is unknown here.
    price = priceInclTax = line.snapshot.value.price_incl_tax;
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
function discountOf(coupon: Coupon | null, subtotal: number, subtotalInclTax: number): { inclTax: number; exclTax: number } {
  if (!coupon || subtotalInclTax <= 0) return { inclTax: 0, exclTax: 0 };
  if (coupon.kind === 'percent') {
    const percent = Math.min(100, Math.max(0, coupon.amount));
    const inclTax = Math.min(subtotalInclTax, shownAmount((subtotalInclTax * percent) / 100));
    return { inclTax, exclTax: roundMoney((inclTax * subtotal) / subtotalInclTax) };
  }
  const inclTax = Math.min(subtotalInclTax, shownAmount(Math.max(0, coupon.amount)));
  return { inclTax, exclTax: roundMoney((inclTax * subtotal) / subtotalInclTax) };
}

export function quoteTotals(input: TotalsInput): QuoteTotals {
  const priced = input.lines.filter((line) => line.qty > 0).map((line) => priceLine(line, input));
  const inclTaxByLine = new Map(priced.map(({ line, item }) => [line, item.price_incl_tax]));
  const shipping = input.shipping ?? DEFAULT_SHIPPING_METHOD;
  const base = cartTotals(
    priced.map(({ line }) => line),
    { shipping, paymentCostInclTax: input.paymentCostInclTax, priceOf: (line) => inclTaxByLine.get(line) },
  );
  const subtotal = priced.reduce((sum, { item }) => roundMoney(sum + item.row_total), 0);
  const itemsTax = priced.reduce((sum, { item }) => roundMoney(sum + item.tax_amount), 0);
  const discount = discountOf(input.coupon, subtotal, base.subtotal_incl_tax);
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
    quote_currency_code: QUOTE_CURRENCY,
    items_qty: base.items_qty,
    items_count: base.items_count,
    items: priced.map(({ item }) => item),
    total_segments: segments,
  };
}
