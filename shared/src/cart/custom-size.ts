import { CART_MESSAGES, cartMessage, type CartProblem, type CartProblemCode } from './cart-errors.ts';

/**
 * The shopper's own size for a piece made or resized to measure (spec 2 §9 units: inch and millimetre), carried on
 * the cart line as `custom_size` and `custom_size_unit`, and on to the order and its mails. The catalogue marks the
 * products that need one with `custom_size_kind` (a ring size or a bracelet length); every other product takes none.
 *
 * - A ring size is the inside circumference of the ring (the European ring size the catalogue's sized rings use:
 *   size 54 is 54 mm around), 38–76 mm or 1.5–3 inch.
 * - A bracelet length is the bracelet's length end to end, 140–250 mm or 5.5–10 inch.
 *
 * A size is a number (a decimal comma is read as a point) with at most one decimal in millimetres and two in inches,
 * within its range; it is kept normalised ("54,50" → "54.5"), so one size always makes one cart line.
 */
export const CUSTOM_SIZE_KINDS = ['ring', 'bracelet'] as const;
export type CustomSizeKind = (typeof CUSTOM_SIZE_KINDS)[number];
export const CUSTOM_SIZE_UNITS = ['mm', 'inch'] as const;
export type CustomSizeUnit = (typeof CUSTOM_SIZE_UNITS)[number];

export interface SizeRange {
  min: number;
  max: number;
  /** Digits allowed after the decimal point. */
  decimals: number;
  /** The step a number field offers. */
  step: number;
}

export const CUSTOM_SIZE_RANGES: Readonly<Record<CustomSizeKind, Readonly<Record<CustomSizeUnit, SizeRange>>>> = {
  ring: { mm: { min: 38, max: 76, decimals: 1, step: 0.5 }, inch: { min: 1.5, max: 3, decimals: 2, step: 0.01 } },
  bracelet: { mm: { min: 140, max: 250, decimals: 1, step: 1 }, inch: { min: 5.5, max: 10, decimals: 2, step: 0.05 } },
};

/** The unit a size field starts with. */
export const DEFAULT_SIZE_UNIT: CustomSizeUnit = 'mm';

export function isCustomSizeKind(value: unknown): value is CustomSizeKind {
  return typeof value === 'string' && (CUSTOM_SIZE_KINDS as readonly string[]).includes(value);
}

export function isCustomSizeUnit(value: unknown): value is CustomSizeUnit {
  return typeof value === 'string' && (CUSTOM_SIZE_UNITS as readonly string[]).includes(value);
}

export interface CustomSize {
  custom_size: string;
  custom_size_unit: CustomSizeUnit;
}

/** ok with the normalised size (none for a product that takes none), or the problem to show. */
export type CustomSizeCheck = { ok: true; size: CustomSize | null } | { ok: false; problem: CartProblem };

function problem(code: CartProblemCode, message: string, values?: Record<string, number>): { ok: false; problem: CartProblem } {
  return { ok: false, problem: { code, message: cartMessage(message, values), severity: 'error', ...(values ? { values } : {}) } };
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The size rule, the same on the product page and in the server's cart and order placing: a product that needs a
 * size must have one ('Please fill your size'), in mm or inch, a number within the kind's range; a product that
 * takes no size must not carry one.
 */
export function checkCustomSize(kind: CustomSizeKind | null | undefined, size: unknown, unit: unknown): CustomSizeCheck {
  if (!kind) {
    if (isBlank(size)) return { ok: true, size: null };
    return problem('cart_size_not_taken', CART_MESSAGES.sizeNotTaken);
  }
  if (isBlank(size)) return problem('cart_size_missing', CART_MESSAGES.sizeMissing);
  if (!isCustomSizeUnit(unit)) return problem('cart_size_unit', CART_MESSAGES.sizeUnit);
  const text = typeof size === 'number' ? String(size) : typeof size === 'string' ? size.trim().replace(',', '.') : '';
  if (!/^\d{1,4}(\.\d+)?$/.test(text)) return problem('cart_size_not_number', CART_MESSAGES.sizeNotNumber);
  const range = CUSTOM_SIZE_RANGES[kind][unit];
  const decimals = text.split('.')[1]?.replace(/0+$/, '').length ?? 0;
  if (decimals > range.decimals) return problem('cart_size_decimals', CART_MESSAGES.sizeDecimals, { decimals: range.decimals });
  const value = Number(text);
  if (value < range.min || value > range.max) {
    return problem(unit === 'mm' ? 'cart_size_range_mm' : 'cart_size_range_inch', unit === 'mm' ? CART_MESSAGES.sizeRangeMm : CART_MESSAGES.sizeRangeInch, { min: range.min, max: range.max });
  }
  return { ok: true, size: { custom_size: String(value), custom_size_unit: unit } };
}
