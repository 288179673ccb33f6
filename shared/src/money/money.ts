/**
 * The one rounding rule for money: two decimals, half up (away from zero for negatives),
 * done on integer cents so that 1.005 rounds to 1.01 and not 1.00.
 */
export function roundMoney(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${amount}`);
  const sign = amount < 0 ? -1 : 1;
  const cents = Math.round(Math.abs(amount) * 100 + 1e-7);
  return (sign * cents) / 100;
}

/** Adds a percentage (e.g. 21 for 21% VAT) to an amount excluding tax. */
export function addTax(amountExclTax: number, ratePercent: number): number {
  return roundMoney(amountExclTax * (1 + ratePercent / 100));
}

export const CURRENCY_SIGNS = { EUR: '€', GBP: '£', USD: '$', SEK: 'kr', DKK: 'kr' } as const;
export type CurrencyCode = keyof typeof CURRENCY_SIGNS;

/**
 * The amount a shopper sees: every currency is shown as a whole number (spec 1 §9), so this is also the amount a
 * line, a total and a payment are made of, and what is shown is what is charged, to the cent. Rounded once to cents
 * by `roundMoney`, then half up to a whole unit (away from zero for negatives): 7250.49 -> 7250, 14999.995 -> 15000.
 */
export function shownAmount(amount: number): number {
  const cents = roundMoney(amount);
  const whole = Math.round(Math.abs(cents));
  return cents < 0 && whole !== 0 ? -whole : whole;
}

/** One number format per locale: making one costs far more than using it, and a listing formats hundreds of prices. */
const WHOLE_NUMBER_FORMATS = new Map<string, Intl.NumberFormat>();
function wholeNumbers(locale: string): Intl.NumberFormat {
  let format = WHOLE_NUMBER_FORMATS.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: true });
    WHOLE_NUMBER_FORMATS.set(locale, format);
  }
  return format;
}

/**
 * Prices are shown as whole numbers with the sign before the amount (spec 1 §9): "€1.250" in Dutch,
 * "€1,250" in English. The grouping separator follows the locale; no decimals are ever shown.
 */
export function formatPrice(amount: number, currency: CurrencyCode, locale: string): string {
  const whole = shownAmount(amount);
  const digits = wholeNumbers(locale).format(Math.abs(whole));
  return `${whole < 0 ? '-' : ''}${CURRENCY_SIGNS[currency]}${digits}`;
}
