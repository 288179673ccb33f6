import { shownAmount } from '@shop/shared/money/money';

/** A total as checkout's summary showed it. */
export interface SeenTotal {
  total: number;
  currency: string;
}

/**
 * Whether the order's total changed since the shopper last saw it: another currency, or another amount as the shop
 * shows amounts (whole units, spec 1 §9). The summary's first estimate and the shop's answer can differ by a few
 * cents or a float's last digits; a notice saying "from £7,295 to £7,295" would only alarm the shopper.
 */
export function totalChangedSince(seen: SeenTotal, shown: SeenTotal): boolean {
  return shown.currency !== seen.currency || shownAmount(shown.total) !== shownAmount(seen.total);
}
