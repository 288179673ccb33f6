import { addTax, roundMoney } from '../money/money.ts';

export interface PriceSource {
  price: number;
  special_price?: number | null | undefined;
  special_from_date?: string | null | undefined;
  special_to_date?: string | null | undefined;
}

export interface ProductPrices {
  price: number;
  price_incl_tax: number;
  price_tax: number;
  original_price: number;
  original_price_incl_tax: number;
  original_price_tax: number;
  special_price: number;
  special_price_incl_tax: number;
  special_price_tax: number;
  final_price: number;
  final_price_incl_tax: number;
  final_price_tax: number;
}

/**
 * A special price applies only when it is below the original price and `now` lies inside its optional
 * from/to dates (spec 1 §4); otherwise it is zeroed. Dates are ISO strings; a to-date without a time covers
 * that whole day.
 */
export function activeSpecialPrice(source: PriceSource, now: Date): number {
  const special = source.special_price;
  if (special === null || special === undefined || !(special > 0) || !(special < source.price)) return 0;
  const time = now.getTime();
  if (source.special_from_date && time < Date.parse(source.special_from_date)) return 0;
  if (source.special_to_date) {
    if (time >= specialEnd(source.special_to_date)) return 0;
  }
  return special;
}

function specialEnd(toDate: string): number {
  return Date.parse(toDate) + (toDate.length <= 10 ? 86_400_000 : 0);
}

/**
 * The next moment after `now` at which some special price starts or ends, or null when none will: prices
 * computed ahead of time (the search index) must be recomputed then.
 */
export function nextSpecialPriceChange(sources: Iterable<PriceSource>, now: Date): Date | null {
  const time = now.getTime();
  let next = Number.POSITIVE_INFINITY;
  for (const source of sources) {
    if (!source.special_price) continue;
    for (const moment of [source.special_from_date ? Date.parse(source.special_from_date) : Number.NaN, source.special_to_date ? specialEnd(source.special_to_date) : Number.NaN]) {
      if (moment > time && moment < next) next = moment;
    }
  }
  return Number.isFinite(next) ? new Date(next) : null;
}

/** All price fields of a product: prices are stored excluding tax; `taxRate` is a percentage (21 for 21%). */
export function productPrices(source: PriceSource, taxRate: number, now: Date): ProductPrices {
  return pricesFromAmounts(roundMoney(source.price), roundMoney(activeSpecialPrice(source, now)), taxRate);
}

/**
 * The price fields from a price and a special price already decided (0 for none), both excluding tax: the final
 * price is the special price when there is one, and every incl-tax amount is rounded once.
 */
export function pricesFromAmounts(price: number, special: number, taxRate: number): ProductPrices {
  const final = special > 0 ? special : price;
  const withTax = (amount: number) => addTax(amount, taxRate);
  const taxOf = (amount: number) => roundMoney(withTax(amount) - amount);
  return {
    price,
    price_incl_tax: withTax(price),
    price_tax: taxOf(price),
    original_price: price,
    original_price_incl_tax: withTax(price),
    original_price_tax: taxOf(price),
    special_price: special,
    special_price_incl_tax: special > 0 ? withTax(special) : 0,
    special_price_tax: special > 0 ? taxOf(special) : 0,
    final_price: final,
    final_price_incl_tax: withTax(final),
    final_price_tax: taxOf(final),
  };
}

/** Every field of a product's prices. */
export const PRICE_FIELDS = [
  'price',
  'price_incl_tax',
  'price_tax',
  'original_price',
  'original_price_incl_tax',
  'original_price_tax',
  'special_price',
  'special_price_incl_tax',
  'special_price_tax',
  'final_price',
  'final_price_incl_tax',
  'final_price_tax',
] as const satisfies ReadonlyArray<keyof ProductPrices>;

function zeroPrices(): ProductPrices {
  return Object.fromEntries(PRICE_FIELDS.map((field) => [field, 0])) as unknown as ProductPrices;
}

function addPrices(total: ProductPrices, part: ProductPrices, qty: number): ProductPrices {
  const next = { ...total };
  for (const field of PRICE_FIELDS) next[field] = roundMoney(total[field] + part[field] * qty);
  return next;
}

/**
 * A grouped product's price (spec 1 §4): starts at 0 and adds each associated simple product at qty 1.
 * Members that are not simple or not found are left out (the caller logs 'Product not found').
 */
export function groupedPrice(links: ReadonlyArray<{ sku: string }>, member: (sku: string) => { type_id: string; prices: ProductPrices } | undefined): ProductPrices {
  let total = zeroPrices();
  for (const link of links) {
    const found = member(link.sku);
    if (found && found.type_id === 'simple') total = addPrices(total, found.prices, 1);
  }
  return withSpecialFromFinal(total);
}

/**
 * A bundle's price (spec 1 §4): starts at 0 and adds, for each option, its default link (the first link when none
 * is default) times that link's qty.
 */
export function bundlePrice(
  options: ReadonlyArray<{ links: ReadonlyArray<{ sku: string; qty: number; is_default: boolean }> }>,
  member: (sku: string) => { prices: ProductPrices } | undefined,
): ProductPrices {
  let total = zeroPrices();
  for (const option of options) {
    const chosen = option.links.find((link) => link.is_default) ?? option.links[0];
    const found = chosen ? member(chosen.sku) : undefined;
    if (chosen && found) total = addPrices(total, found.prices, chosen.qty);
  }
  return withSpecialFromFinal(total);
}

/**
 * Summing members' special prices would add zeros for members without one; a set is "on special" when its final
 * price is below its regular price, and then its special price is that final price.
 */
function withSpecialFromFinal(total: ProductPrices): ProductPrices {
  const onSpecial = total.final_price < total.price;
  return {
    ...total,
    special_price: onSpecial ? total.final_price : 0,
    special_price_incl_tax: onSpecial ? total.final_price_incl_tax : 0,
    special_price_tax: onSpecial ? total.final_price_tax : 0,
  };
}
