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
  const price = roundMoney(source.price);
  const special = roundMoney(activeSpecialPrice(source, now));
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
