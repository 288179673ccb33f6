/**
 * What the shop promises every buyer, as the product page's "before you buy" panel states it. The numbers are the
 * shop's own rules, written once: the service pages (customer service, return policy) say the same.
 * - Returns: 14 days to change one's mind after receiving the piece (the EU withdrawal period; return policy page).
 * - Warranty: new watches carry the manufacturer's; pre-owned and vintage pieces the workshop's own two years.
 * - Delivery: DEFAULT_SHIPPING_METHOD (DPD courier, flat rate), insured and discreetly packed, usually 1-2 working
 *   days within the Netherlands; above €2,500 handed over only against a signature; free collection in a boutique.
 */
import { DEFAULT_SHIPPING_METHOD } from '../cart/totals.ts';

export const RETURN_PERIOD_DAYS = 14;
export const PRE_OWNED_WARRANTY_YEARS = 2;
export const SIGNATURE_ABOVE_EUR = 2500;
export const DELIVERY_WORKING_DAYS = { min: 1, max: 2 } as const;
/** The courier's flat rate including tax, in the store's currency (EUR). */
export const DELIVERY_PRICE_INCL_TAX = DEFAULT_SHIPPING_METHOD.price_incl_tax;
